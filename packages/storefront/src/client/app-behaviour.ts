import { breakpointFor } from '@vitrine/theme-engine';

/** A failed page-part load reloads the page at most once per path within this window (§4, §9). */
export const RELOAD_GUARD_MS = 10_000;
/** Tracking code cookie lifetime (§9). */
const TRACKING_CODE_SECONDS = 86_400;
/** Viewport cookie lifetime (§9). */
const VIEWPORT_COOKIE_SECONDS = 365 * 86_400;

/**
 * Reloads (or replaces) the page, at most once per path within 10 s: when a part of it fails to load (a new deploy
 * removed old chunks), or a navigation to the maintenance page failed (§2.5). A part that is really broken cannot
 * loop (§4).
 */
export function reloadOnce(
  path: string,
  { storage = sessionStorage, now = Date.now(), reload = () => window.location.reload() } = {},
): boolean {
  const key = `vt.reloaded:${path}`;
  const last = Number(storage.getItem(key) ?? 0);
  if (now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(key, String(now));
  reload();
  return true;
}

/** Stores the viewport's breakpoint (§9) in the `viewport` cookie: 365 days, path /, SameSite Strict, secure. */
export function rememberViewport(width: number = window.innerWidth): string {
  const name = breakpointFor(width);
  document.cookie = `viewport=${name}; Max-Age=${VIEWPORT_COOKIE_SECONDS}; Path=/; SameSite=Strict; Secure`;
  return name;
}

/** Keeps `tec` (§2.8) for a day in a cookie, then takes it out of the address bar. */
export function keepTrackingCode(location: Location = window.location, history: History = window.history): string | null {
  const url = new URL(location.href);
  const code = url.searchParams.get('tec');
  if (!code) return null;
  document.cookie = `tec=${encodeURIComponent(code)}; Max-Age=${TRACKING_CODE_SECONDS}; Path=/; SameSite=Lax`;
  url.searchParams.delete('tec');
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return code;
}

/** Runs at most `limit` preloads at once (§9: 4 concurrent route preloads); the rest wait their turn. */
export function preloadQueue(limit = 4) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    if (running >= limit) return;
    const start = waiting.shift();
    if (start) start();
  };
  return function preload<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      waiting.push(() => {
        running++;
        task()
          .then(resolve, reject)
          .finally(() => {
            running--;
            next();
          });
      });
      next();
    });
  };
}
