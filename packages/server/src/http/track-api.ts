import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { TRACKING_COOKIES, USER_AGENT_MAX_LENGTH, isUntrackedRoute, trackingEndpoints } from '@vitrine/commerce';
import { GeoipLocator, deviceOf, geoLocationOf, visitorPlace, type VisitorLocator, type VisitorPlace } from '../infra/geo.ts';
import type { Db } from '../db/connect.ts';
import { rateLimited } from '../infra/rate-limit.ts';
import { TrackingIntake, type TrackingOptions } from '../shop/tracking.ts';
import { TRACK_TOKEN_COOKIE, TRACK_TOKEN_SECONDS } from '../shop/tracking-token.ts';
import { sessionCookieCustomer } from './session-cookie.ts';
import type { ApiDeps } from './api-deps.ts';
import { registerEndpoints } from './endpoint-routes.ts';
import { HttpError } from './errors.ts';

const ACCEPTED = { data: { accepted: true as const } };
const WINDOW_MS = 10_000;

/**
 * The beacons (§7): validated by the endpoint table's schemas at the edge (a 400 naming the field), then accepted at
 * once (202) and handed to the batched intake. Bots (isbot on the capped user-agent) and the untracked routes (§9)
 * are answered the same 202 and dropped: a bot learns nothing from the answer. The per-client limit is counted in
 * memory, not in the database as the other limits are, so that beacons cost no database round trip each; it only
 * holds per process, which is enough to stop one client flooding the queue.
 *
 * A new session is recorded only with the token a page of the store handed out (`shop/tracking-token.ts`), and each
 * store records at most `sessionsPerStorePerMinute` new sessions, each token at most `sessionsPerToken`, counted in
 * the database so every process shares them (issue 33: 4,000 made-up sessions from 40 addresses raised a store's
 * visitors from 1 to 4,112). Sessions without a valid token or over a limit get the same 202 and are dropped, and so
 * are the page views of a session not recorded (the intake writes views only into recorded sessions). The
 * session's customer is the one the request's session cookie signs in, never what the browser says.
 */
export function registerTrackApi(app: FastifyInstance, deps: ApiDeps, options: TrackingOptions = {}): void {
  const intake = new TrackingIntake(deps.everyStore, deps.storeTables, {
    log: (message, error) => app.log.error({ err: error }, `[tracking] ${message}`),
    ...options.intake,
  });
  options.onIntake?.(intake);
  // Before the database closes (server.ts closes the app first): what was acknowledged is written.
  app.addHook('onClose', () => intake.close());
  const locator = options.locator ?? new GeoipLocator();
  const limit = clientLimit(options.perClientPer10s ?? 300);
  const perStore = options.sessionsPerStorePerMinute ?? 600;
  const perToken = options.sessionsPerToken ?? 20;

  /** Whether a new session may be recorded: a valid page token, and room under the store's and the token's limits. */
  const sessionAllowed = async (request: FastifyRequest, webId: number): Promise<boolean> => {
    const token = deps.trackTokens.read(webId, request.cookies[TRACK_TOKEN_COOKIE]);
    if (!token) return false;
    // The token's count first: one token replayed spends only its own few sessions of the store's minute.
    const ofToken = await deps.limiter.slide(`track-token:${webId}:${token.id}`, perToken, TRACK_TOKEN_SECONDS);
    if (ofToken.count > perToken) return false;
    return (await deps.limiter.slide(`track-sessions:${webId}`, perStore, 60)).count <= perStore;
  };

  /** The customer the request's session cookie signs in to this store (as a page reads it), or null for a guest. */
  const customerOf = (request: FastifyRequest, webId: number) => sessionCookieCustomer(deps.tokens, request, webId);

  // A visitor sends many beacons with one user-agent: isbot's long pattern and the parser run once per agent.
  const agents = remembered((userAgent) => ({ bot: isbot(userAgent), device: deviceOf(userAgent) }));
  const agentOf = (request: FastifyRequest) => agents((request.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX_LENGTH));

  /** Whether the beacon is one to keep: not from a bot, not over the client's limit. */
  const admit = (request: FastifyRequest, webId: number): boolean => {
    if (!limit(`${webId}:${request.ip}`)) throw rateLimited(Math.ceil(WINDOW_MS / 1000));
    return !agentOf(request).bot;
  };

  registerEndpoints(app, deps, trackingEndpoints, {
    addSession: async ({ body, caller, request, reply, store }) => {
      if (!admit(request, caller.webId) || isUntrackedRoute(body.LandingUrl)) return ACCEPTED;
      // Another store's customer is refused as every call naming another store's row is; a customer of this store
      // named by the browser is only its word, and is not what is recorded.
      if (body.CustomerID && !(await isCustomerOf(store, body.CustomerID)))
        throw new HttpError(404, 'NOT_FOUND', `CustomerID: no customer ${body.CustomerID} in this store`, 'CustomerID');
      if (!(await sessionAllowed(request, caller.webId))) return ACCEPTED;
      // The customer is the one the session cookie signs in (a signed-in shopper's first beacon, sent before the app
      // starts, says null).
      const [customerId, { ip, place }] = await Promise.all([customerOf(request, caller.webId), placeOf(request, reply, locator)]);
      intake.addSession(caller.webId, {
        sessionId: body.SessionID,
        visitorId: body.VisitorID,
        customerId,
        landingUrl: pathOf(body.LandingUrl),
        referrer: body.Referrer,
        referrerHost: externalHost(body.Referrer, request.host),
        ip,
        geo: place && geoLocationOf(place),
        device: agentOf(request).device,
        utm: body.utm && Object.keys(body.utm).length > 0 ? body.utm : null,
        at: new Date(),
      });
      return ACCEPTED;
    },
    event: async ({ body, caller, request }) => {
      if (!admit(request, caller.webId) || isUntrackedRoute(body.Url)) return ACCEPTED;
      intake.addEvent(caller.webId, {
        eventId: body.EventID,
        sessionId: body.SessionID,
        eventType: body.EventType,
        url: pathOf(body.Url),
        at: new Date(),
      });
      return ACCEPTED;
    },
    updateDuration: async ({ body, caller, request }) => {
      if (!admit(request, caller.webId)) return ACCEPTED;
      intake.updateDuration(caller.webId, body.SessionID, body.EventID, Number(body.Duration));
      return ACCEPTED;
    },
  });
}

/**
 * The visitor's address and place: §7's IP lookup and reverse-geocode results, from the local GeoIP data. They are
 * kept an hour in cookies (§9: `vt_ip` holds the address, `vt_geo` the place under §7's names as JSON; set here,
 * HttpOnly: the page has no use for them) and reused while the request comes from the same address, so the lookup
 * runs once an hour per visitor. A place the data does not have sets no `vt_geo`.
 */
async function placeOf(
  request: FastifyRequest,
  reply: FastifyReply,
  locator: VisitorLocator,
): Promise<{ ip: string; place: VisitorPlace | null }> {
  const cachedIp = request.cookies[TRACKING_COOKIES.ip.name];
  const cachedGeo = request.cookies[TRACKING_COOKIES.geo.name];
  if (cachedIp && cachedIp === request.ip && cachedGeo) {
    try {
      const parsed = visitorPlace.safeParse(JSON.parse(cachedGeo));
      if (parsed.success) return { ip: cachedIp, place: parsed.data };
    } catch {
      // A cookie that is not ours any more (or of the shape before §7's names): look the address up again.
    }
  }
  const found = await locator.locate(request.ip);
  const cookie = { path: '/', sameSite: 'lax' as const, httpOnly: true, secure: request.protocol === 'https' };
  reply.setCookie(TRACKING_COOKIES.ip.name, found.ip, { ...cookie, maxAge: TRACKING_COOKIES.ip.maxAge });
  if (found.place)
    reply.setCookie(TRACKING_COOKIES.geo.name, JSON.stringify(found.place), { ...cookie, maxAge: TRACKING_COOKIES.geo.maxAge });
  return found;
}

async function isCustomerOf(store: Db, customerId: number): Promise<boolean> {
  const found = await store.selectFrom('customers').select('customer_id').where('customer_id', '=', customerId).executeTakeFirst();
  return found !== undefined;
}

/** A page address as stored: its path and query, without the origin (which is the store's). */
function pathOf(address: string): string {
  try {
    const url = new URL(address, 'http://store.invalid');
    return `${url.pathname}${url.search}`.slice(0, 2000);
  } catch {
    return address.slice(0, 2000);
  }
}

/** The referrer's host when it is another site; '' for none or the store itself. */
function externalHost(referrer: string, storeHost: string): string {
  if (!referrer) return '';
  try {
    const host = new URL(referrer).hostname.toLowerCase();
    return host === storeHost.split(':')[0]!.toLowerCase() ? '' : host;
  } catch {
    return '';
  }
}

/** `compute` remembered for the last 1,000 distinct keys (older ones are forgotten all at once). */
function remembered<T>(compute: (key: string) => T): (key: string) => T {
  let kept = new Map<string, T>();
  return (key) => {
    let value = kept.get(key);
    if (value === undefined) {
      if (kept.size >= 1_000) kept = new Map();
      kept.set(key, (value = compute(key)));
    }
    return value;
  };
}

/** A fixed-window counter per key, in memory; old windows are swept as it grows. */
function clientLimit(perWindow: number): (key: string) => boolean {
  let windowStart = Date.now();
  let counts = new Map<string, number>();
  return (key) => {
    const now = Date.now();
    if (now - windowStart >= WINDOW_MS) {
      windowStart = now;
      counts = new Map();
    }
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    return count <= perWindow;
  };
}
