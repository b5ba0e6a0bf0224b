/**
 * The tracker's rules that the browser needs too (§9), without zod, so the tracker stays tiny: it imports this file
 * (`@vitrine/commerce/tracking-rules`), never the package's index.
 */

/** The longest time on one page the store keeps (a tab left open for days is not a visit of days). */
export const MAX_PAGE_DURATION_MS = 24 * 60 * 60 * 1000;

/** The tracker's cookies (§9): name and lifetime in seconds. All are Path=/ and SameSite=Lax. */
export const TRACKING_COOKIES = {
  /** The tracking code of a campaign link (`?tec=`, §2.8). */
  trackingCode: { name: 'tec', maxAge: 86_400 },
  /** The session: renewed on each activity, so it ends 180 s after the last. */
  session: { name: 'vt_sid', maxAge: 180 },
  /** The visitor: a year. */
  visitor: { name: 'vt_vid', maxAge: 365 * 86_400 },
  /** The host of the last external referrer: a new one starts a new session. */
  referrerHost: { name: 'vt_ref', maxAge: 7 * 86_400 },
  /** The visitor's address and location as the server resolved them, set by the server's add-session answer. */
  ip: { name: 'vt_ip', maxAge: 3_600 },
  geo: { name: 'vt_geo', maxAge: 3_600 },
} as const;

/** Routes never tracked (§9): the studio, and the account pages. */
export const UNTRACKED_ROUTE_PREFIXES = [
  '/editor',
  '/account',
  '/changepassword',
  '/orderlist',
  '/wishlist',
  '/orderdetail',
  '/forgotpassword',
] as const;

/** Whether a page's path (and query) is one tracking leaves out (§9): `/account`, `/account/…`, not `/accountants`. */
export function isUntrackedPath(path: string): boolean {
  const bare = path.split(/[?#]/)[0]!.toLowerCase();
  return UNTRACKED_ROUTE_PREFIXES.some((prefix) => bare === prefix || bare.startsWith(`${prefix}/`));
}

/** The same for a whole address, as a beacon names it (`https://store.example/account`), or a path. */
export function isUntrackedRoute(pathOrUrl: string): boolean {
  if (!/^[a-z]+:\/\//i.test(pathOrUrl)) return isUntrackedPath(pathOrUrl);
  try {
    return isUntrackedPath(new URL(pathOrUrl).pathname);
  } catch {
    return false;
  }
}
