import { redirectPathKey, type RedirectStatus } from '@vitrine/commerce';
import type { Db } from '../db/connect.ts';

/**
 * Applying the owner's redirect rules (§2.1) and the store's `redirectURL` (§3.2) to a page request, before the route
 * table. A store's rules are read once into `StoreRedirects` and kept with its page data (shop/store-data-cache.ts),
 * which the database's word of a change to them drops in every process; answering one is then a look-up in memory.
 */

/** A store's rules by source path (as `redirectPathKey` compares paths), and where the whole store has moved. */
export interface StoreRedirects {
  rules: Readonly<Record<string, { to: string; status: RedirectStatus }>>;
  redirectURL: string;
}

/** Reads a store's rules and `redirectURL` through its scoped database. */
export async function loadStoreRedirects(store: Db): Promise<StoreRedirects> {
  const [rules, site] = await Promise.all([
    store.selectFrom('redirect_rules').select(['from_path', 'target', 'status']).execute(),
    store.selectFrom('sites').select('redirect_url').executeTakeFirst(),
  ]);
  const byPath: Record<string, { to: string; status: RedirectStatus }> = Object.create(null) as Record<string, never>;
  for (const rule of rules) byPath[rule.from_path] = { to: rule.target, status: rule.status as RedirectStatus };
  return { rules: byPath, redirectURL: site?.redirect_url ?? '' };
}

/** The studio and its preview are never sent away (§2.5: the editor and preview routes never redirect). */
const neverRedirected = /^\/(editor|preview)(\/|$)/i;

/**
 * Where a page request for `url` (path and query, as asked) goes instead, or null to draw it: its rule's target, or,
 * when the store has moved (`redirectURL`), the same path there. The shopper's query goes along: a target's own
 * parameters stay and the request's are added after them, so `/old?utm_source=mail` → `/new?utm_source=mail`.
 */
export function redirectOf(redirects: StoreRedirects, url: string): { location: string; status: RedirectStatus } | null {
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  const query = queryAt < 0 ? '' : url.slice(queryAt + 1);
  if (neverRedirected.test(path)) return null;
  const key = redirectPathKey(path);
  const rule = key === null ? undefined : redirects.rules[key];
  if (rule) return { location: headerSafe(withQuery(rule.to, query)), status: rule.status };
  if (!redirects.redirectURL) return null;
  // The whole store moved to another address: to the same page there, or to the one page it names. The studio saves
  // only http(s) addresses; one written another way is no address to send anyone to.
  let moved: URL;
  try {
    moved = new URL(redirects.redirectURL);
  } catch {
    return null;
  }
  if (moved.protocol !== 'https:' && moved.protocol !== 'http:') return null;
  const location =
    moved.pathname === '/' && !moved.search && !moved.hash ? `${moved.origin}${url}` : withQuery(redirects.redirectURL, query);
  return { location: headerSafe(location), status: 302 };
}

/**
 * An address as a Location header carries it: what is not ASCII percent-encoded (`/café` → `/caf%C3%A9`), escapes
 * already there kept. A header of other characters would be refused by Node, or read wrongly by the browser.
 */
function headerSafe(location: string): string {
  if (!location.startsWith('/')) return new URL(location).href;
  const url = new URL(location, 'http://store.invalid');
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `target` with the parameters of `query` it does not set itself added to its own, before its `#fragment`. */
function withQuery(target: string, query: string): string {
  if (!query) return target;
  const hashAt = target.indexOf('#');
  const base = hashAt < 0 ? target : target.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : target.slice(hashAt);
  const searchAt = base.indexOf('?');
  const params = new URLSearchParams(searchAt < 0 ? '' : base.slice(searchAt + 1));
  const own = new Set(params.keys());
  for (const [name, value] of new URLSearchParams(query)) if (!own.has(name)) params.append(name, value);
  const search = params.toString();
  return `${searchAt < 0 ? base : base.slice(0, searchAt)}${search ? `?${search}` : ''}${hash}`;
}
