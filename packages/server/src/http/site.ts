import type { FastifyRequest } from 'fastify';
import { domainName } from '@vitrine/commerce';
import type { Db } from '../db/connect.ts';
import { findSite, type SiteLookup } from '../tenants.ts';
import { HttpError } from './errors.ts';

/** The domain a request is for: the `store` query parameter (§2.8) when given, else the Host without its port. */
export function requestDomain(request: FastifyRequest): string | null {
  const store = (request.query as Record<string, unknown> | undefined)?.['store'];
  const raw = typeof store === 'string' && store ? store : (request.headers.host ?? '').replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  const parsed = domainName.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

const lookups = new WeakMap<FastifyRequest, Promise<SiteLookup>>();

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
  if (!site.ok) throw new HttpError(404, site.code, site.code === 'CODE_0001' ? 'No store is configured for this domain' : 'This domain is not linked to a store');
  return site.webId;
}
