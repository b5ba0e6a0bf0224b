import type { FastifyInstance, FastifyRequest } from 'fastify';
import { domainName } from '@vitrine/commerce';
import type { Db } from '../db/connect.ts';
import { findSite, type SiteLookup } from '../shop/tenants.ts';
import { HttpError } from './errors.ts';

/** The cookie that keeps a `store` override (§2.8) for the rest of the visit: a session cookie, on platform addresses only. */
export const STORE_COOKIE = 'vt_store';

/**
 * The addresses of the platform itself (and their subdomains), where `store` may choose the store; never a store's own.
 * Not `localhost`: the demo stores live on `localhost` and `second.localhost`, and a platform address that is also a
 * store's domain (or whose subdomains are) would let `?store=` show one store under another's address.
 */
export const DEFAULT_PLATFORM_HOSTS: readonly string[] = ['127.0.0.1'];

/** The domain each request is for, decided once by `registerStoreOverride`. */
const domains = new WeakMap<FastifyRequest, string | null>();
/** Each request's site look-up, made once. */
const lookups = new WeakMap<FastifyRequest, Promise<SiteLookup>>();

/** The Host header's name, without port or IPv6 brackets, lower-cased. */
function hostName(request: FastifyRequest): string {
  return (request.headers.host ?? '')
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
}

/**
 * Whether `host` is one of `platformHosts` or a subdomain of one, by name alone. A name that is also a store's domain is
 * still not a platform address: `registerStoreOverride` checks that against the database.
 */
export function isPlatformHost(host: string, platformHosts: readonly string[]): boolean {
  return platformHosts.some((platform) => host === platform || host.endsWith(`.${platform}`));
}

/**
 * Whether `host` is the platform's own address: named by `platformHosts` (or a subdomain of one) and not a domain any
 * store has, linked or not. A store's own domain decides its store, whatever `PLATFORM_HOSTS` says. The look-up of a
 * store's domain is the request's own site look-up, so it costs no extra query.
 */
async function isPlatformAddress(db: Db, request: FastifyRequest, host: string, platformHosts: readonly string[]): Promise<boolean> {
  if (!isPlatformHost(host, platformHosts)) return false;
  const parsed = domainName.safeParse(host);
  if (!parsed.success) return true;
  const own = findSite(db, parsed.data);
  lookups.set(request, own);
  const site = await own;
  if (site.ok || site.code === 'CODE_0002') return false;
  lookups.delete(request);
  return true;
}

/**
 * Decides once per request which store it is for (§2.8). On a store's own domain that is always the domain: a link
 * `https://store-a.example/?store=store-b` shows store A, also when the domain is a subdomain of a platform address
 * (`second.localhost` under `localhost`). On the platform's own addresses, `store` overrides it and a session cookie
 * keeps the override for the visit, so redirects, reloads and server renders stay on that store; `store=` (empty)
 * ends it.
 */
export function registerStoreOverride(app: FastifyInstance, db: Db, platformHosts: readonly string[] = DEFAULT_PLATFORM_HOSTS): void {
  app.addHook('onRequest', async (request, reply) => {
    const host = hostName(request);
    let chosen = host;
    if (await isPlatformAddress(db, request, host, platformHosts)) {
      const asked = (request.query as Record<string, unknown> | undefined)?.['store'];
      const kept = request.cookies[STORE_COOKIE];
      if (typeof asked === 'string') {
        chosen = asked || host;
        if (asked !== (kept ?? '') && (asked === '' || domainName.safeParse(asked).success)) {
          if (asked) reply.setCookie(STORE_COOKIE, asked, { path: '/', sameSite: 'lax', httpOnly: true });
          else reply.clearCookie(STORE_COOKIE, { path: '/', sameSite: 'lax', httpOnly: true });
        }
      } else if (kept) chosen = kept;
    }
    const parsed = domainName.safeParse(chosen);
    domains.set(request, parsed.success ? parsed.data : null);
  });
}

/** The domain a request is for, as `registerStoreOverride` decided: the Host, or on the platform's addresses `store`. */
export function requestDomain(request: FastifyRequest): string | null {
  if (domains.has(request)) return domains.get(request)!;
  const parsed = domainName.safeParse(hostName(request));
  return parsed.success ? parsed.data : null;
}

/** The store a platform address was told to show (`store`, or its cookie), or null when the Host decides. */
export function storeOverride(request: FastifyRequest): string | null {
  const domain = requestDomain(request);
  return domain !== null && domain !== hostName(request) ? domain : null;
}

/** Which site a request belongs to, looked up once per request. */
export function lookupSite(db: Db, request: FastifyRequest): Promise<SiteLookup> {
  let lookup = lookups.get(request);
  if (!lookup) {
    const domain = requestDomain(request);
    lookup = domain ? findSite(db, domain) : Promise.resolve({ ok: false, code: 'CODE_0001' } as const);
    lookups.set(request, lookup);
  }
  return lookup;
}

/** The site's id, or a 404 with the site-config failure code (§8). */
export async function requireSite(db: Db, request: FastifyRequest): Promise<number> {
  const site = await lookupSite(db, request);
  if (!site.ok)
    throw new HttpError(
      404,
      site.code,
      site.code === 'CODE_0001' ? 'No store is configured for this domain' : 'This domain is not linked to a store',
    );
  return site.webId;
}
