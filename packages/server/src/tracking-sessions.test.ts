import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TrackingIntake } from './shop/tracking.ts';
import { TRACK_TOKEN_SECONDS, TrackTokens } from './shop/tracking-token.ts';
import { backends, jwtClaims, signInCustomer, startOnBackend, type BackendServer } from './test-support.ts';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
/** New sessions one store records per minute in these tests. */
const PER_STORE = 6;
/** New sessions one page token starts in these tests. */
const PER_TOKEN = 2;

let counter = 0;
const id = (kind: string) => `${kind}-${(counter += 1).toString().padStart(6, '0')}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * Who may make a session (issue 33): beacons need no sign-in and were limited per address only, so 4,000 made-up
 * sessions from 40 addresses raised a store's visitors from 1 to 4,112; and a signed-in customer landing on a page
 * was recorded as a guest. Now a session needs the token a page of the store handed out, each store records a bounded
 * number of new sessions a minute, and the customer is the one the session cookie signs in.
 */
describe.each(backends)('tracked sessions on $name', ({ create }) => {
  let started: BackendServer;
  let intake: TrackingIntake;
  let nextIp = 1;
  const freshIp = () => `10.88.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

  beforeAll(async () => {
    started = await startOnBackend(create, {
      app: {
        tracking: {
          intake: { flushEveryMs: 3_600_000, batchSize: 100_000 },
          sessionsPerStorePerMinute: PER_STORE,
          sessionsPerToken: PER_TOKEN,
          onIntake: (i) => (intake = i),
        },
      },
    });
  });
  afterAll(() => started?.stop());

  /** The `vt_tt=…` cookie a page of `host` hands out. */
  const pageToken = async (host = 'localhost', cookie?: string) => {
    const page = await started.server.call('/', { host, ...(cookie ? { headers: { cookie } } : {}) });
    expect(page.status).toBe(200);
    const set = page.headers.getSetCookie().find((c) => c.startsWith('vt_tt='));
    expect(set, 'the page hands out a tracking token').toBeDefined();
    expect(set).toMatch(new RegExp(`Max-Age=${TRACK_TOKEN_SECONDS}; Path=/; HttpOnly; SameSite=Lax`));
    return set!.split(';')[0]!;
  };
  const addSession = (
    cookie: string | null,
    init: { host?: string; webId?: number; customerId?: number | null; sessionId?: string } = {},
  ) => {
    const host = init.host ?? 'localhost';
    const body = {
      SessionID: init.sessionId ?? id('s'),
      VisitorID: id('v'),
      WebID: init.webId ?? started.harborId,
      CustomerID: init.customerId ?? null,
      LandingUrl: `http://${host}/`,
      Referrer: '',
      Timestamp: new Date().toISOString(),
    };
    return started.server
      .call('/api/track/add-session', {
        method: 'POST',
        host,
        ip: freshIp(),
        body,
        headers: { 'user-agent': CHROME, origin: `http://${host}`, ...(cookie ? { cookie } : {}) },
      })
      .then((answer) => ({ answer, sessionId: body.SessionID }));
  };
  /** A page view of session `sessionId`, as the tracker sends it with the page's cookie. */
  const viewPage = (cookie: string | null, sessionId: string) => {
    const body = {
      SessionID: sessionId,
      EventID: id('e'),
      EventType: 'page_view',
      Url: 'http://localhost/kitchen',
      WebID: started.harborId,
      Timestamp: new Date().toISOString(),
    };
    return started.server
      .call('/api/track/event', {
        method: 'POST',
        host: 'localhost',
        ip: freshIp(),
        body,
        headers: { 'user-agent': CHROME, origin: 'http://localhost', ...(cookie ? { cookie } : {}) },
      })
      .then((answer) => ({ answer, eventId: body.EventID }));
  };
  const viewed = async (eventId: string) =>
    started.server.db.selectFrom('tracking_events').selectAll().where('event_id', '=', eventId).executeTakeFirst();
  const recorded = async (sessionId: string) =>
    started.server.db.selectFrom('tracking_sessions').selectAll().where('session_id', '=', sessionId).executeTakeFirst();
  const sessionsOfStore = async (webId: number) =>
    Number(
      (
        await started.server.db
          .selectFrom('tracking_sessions')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('web_id', '=', webId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('records a session only with the token a page of the store handed out; others get the same 202 and are dropped', async () => {
    const token = await pageToken();
    const forged = `${token.slice(0, -4)}AAAA`;
    const nordToken = await pageToken('second.localhost');
    const without = await addSession(null);
    const withForged = await addSession(forged);
    const withOtherStores = await addSession(nordToken);
    const withOld = await addSession(`vt_tt=${new TrackTokens('not the server secret').issue(started.harborId)}`);
    const withToken = await addSession(token);
    for (const { answer } of [without, withForged, withOtherStores, withOld, withToken]) expect(answer.status).toBe(202);
    await intake.flush();
    expect(await recorded(without.sessionId)).toBeUndefined();
    expect(await recorded(withForged.sessionId)).toBeUndefined();
    expect(await recorded(withOtherStores.sessionId)).toBeUndefined();
    expect(await recorded(withOld.sessionId)).toBeUndefined();
    expect(await recorded(withToken.sessionId)).toMatchObject({ web_id: started.harborId, customer_id: null });
  });

  it('writes page views only into a session a page’s token started: views of sessions made up or refused are dropped', async () => {
    await started.server.db.deleteFrom('rate_limit_hits').where('key', '=', `track-sessions:${started.harborId}`).execute();
    const token = await pageToken();
    const kept = await addSession(token);
    const refused = await addSession(null);
    const ofKept = await viewPage(token, kept.sessionId);
    const ofRefused = await viewPage(token, refused.sessionId);
    const ofMadeUp = await viewPage(token, id('s'));
    const ofMadeUpWithout = await viewPage(null, id('s'));
    for (const { answer } of [ofKept, ofRefused, ofMadeUp, ofMadeUpWithout]) expect(answer.status).toBe(202);
    // A view waits one batch for its session: two flushes, and what has none is gone.
    await intake.flush();
    await intake.flush();
    expect(await viewed(ofKept.eventId)).toMatchObject({ session_id: kept.sessionId, url: '/kitchen' });
    expect(await viewed(ofRefused.eventId)).toBeUndefined();
    expect(await viewed(ofMadeUp.eventId)).toBeUndefined();
    expect(await viewed(ofMadeUpWithout.eventId)).toBeUndefined();
  });

  it('keeps a page view that comes before its session’s beacon is written, for one batch', async () => {
    await started.server.db.deleteFrom('rate_limit_hits').where('key', '=', `track-sessions:${started.harborId}`).execute();
    const token = await pageToken();
    const sessionId = id('s');
    const early = await viewPage(token, sessionId);
    await intake.flush();
    expect(await viewed(early.eventId)).toBeUndefined();
    // The session's beacon, slower to admit, lands in the next batch with its id.
    const { answer: session } = await addSession(token, { sessionId });
    expect(session.status).toBe(202);
    await intake.flush();
    expect(await viewed(early.eventId)).toMatchObject({ session_id: sessionId });
  });

  it('hands every serve of a kept guest page a token of its own, valid for minutes, not past its life', async () => {
    const [a, b] = [await pageToken(), await pageToken()];
    expect(a).not.toBe(b);
    const tokens = new TrackTokens('a secret');
    const issued = tokens.issue(7, Date.now() - 10 * 60_000);
    expect(tokens.read(7, issued)).not.toBeNull();
    expect(tokens.read(8, issued)).toBeNull();
    expect(tokens.read(7, tokens.issue(7, Date.now() - (TRACK_TOKEN_SECONDS + 5) * 1000))).toBeNull();
  });

  it('lets one token start only a few sessions, so a replayed token makes no crowd', async () => {
    const token = await pageToken();
    const sent = [];
    for (let n = 0; n < PER_TOKEN + 3; n++) sent.push(await addSession(token));
    await intake.flush();
    const kept = await Promise.all(sent.map(({ sessionId }) => recorded(sessionId)));
    expect(kept.filter(Boolean)).toHaveLength(PER_TOKEN);
  });

  it('records at most its limit of new sessions per store per minute, however many addresses send them', async () => {
    const before = await sessionsOfStore(started.harborId);
    // Fake visitors each load a page first (a token each), from an address each: 3× the store's limit.
    const sent = [];
    for (let n = 0; n < PER_STORE * 3; n++) sent.push(await addSession(await pageToken('localhost')));
    expect(sent.every(({ answer }) => answer.status === 202)).toBe(true);
    await intake.flush();
    const added = (await sessionsOfStore(started.harborId)) - before;
    expect(added).toBeLessThanOrEqual(PER_STORE);
    // Another store is not held back by this one's flood.
    const nord = await addSession(await pageToken('second.localhost'), { host: 'second.localhost', webId: started.atelierId });
    await intake.flush();
    expect(await recorded(nord.sessionId)).toMatchObject({ web_id: started.atelierId });
  });

  it('credits the session to the customer its session cookie signs in, from the first beacon, whatever the body says', async () => {
    const accessToken = await signInCustomer(started.server, 'shopper@harbor.test', 'harbor-shopper-demo', freshIp());
    const customerId = Number(jwtClaims(accessToken)['UserID']);
    const signedIn = await pageToken('localhost', `vt_at=${accessToken}`);
    // The flood above used this minute's room: start it again.
    await started.server.db.deleteFrom('rate_limit_hits').where('key', '=', `track-sessions:${started.harborId}`).execute();
    // The tracker's first beacon goes before the app starts, so it says null; the cookie says who it is.
    const first = await addSession(`${signedIn}; vt_at=${accessToken}`, { customerId: null });
    // A guest claiming the customer's id is still a guest.
    const claim = await addSession(await pageToken(), { customerId });
    await intake.flush();
    expect(await recorded(first.sessionId)).toMatchObject({ customer_id: customerId });
    expect(await recorded(claim.sessionId)).toMatchObject({ customer_id: null });
  });
});
