/**
 * Where the maintenance page sends a shopper back to (issue 33): the page they asked for rides along as `?return=`,
 * so that after the password, or when the store opens again, they land where they meant to go.
 */
export const MAINTENANCE_RETURN_PARAM = 'return';

/** The maintenance page's address for a shopper who asked for `asked` (a path with its query); home needs none. */
export function maintenanceAddress(asked: string): string {
  const back = ownPath(asked);
  return back === '/' ? '/maintenance' : `/maintenance?${MAINTENANCE_RETURN_PARAM}=${encodeURIComponent(back)}`;
}

/** Where to go from the maintenance page whose query is `search`: the page asked for when it is this store's, else home. */
export function maintenanceReturn(search: string | URLSearchParams): string {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return ownPath(params.get(MAINTENANCE_RETURN_PARAM) ?? '/');
}

/**
 * `value` when it is a path of this store (its path, query and fragment), else "/". Never another origin (`//host`,
 * `/\host`, `https:`, `javascript:`, or a tab or line break a URL parser would drop), and never the maintenance page.
 */
function ownPath(value: string): string {
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || /[^\x20-\x7e\u00a0-\uffff]/.test(value)) return '/';
  const base = 'http://store.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return '/';
  }
  if (url.origin !== base) return '/';
  if (url.pathname.replace(/\/+$/, '') === '/maintenance') return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
