import { LATEST_BUILD_FILE } from '@vitrine/commerce';

/** Build poll every hour (§4, §9): a new build id means the page reloads to pick up the new code. */
export const BUILD_POLL_MS = 60 * 60 * 1000;
/**
 * §9's manifest fetch delay: the first look at the latest-build file waits a second after the app starts, out of the
 * way of the page's own work, and catches a page drawn by an older build (a tab restored, a page kept by a cache).
 */
export const MANIFEST_FETCH_DELAY_MS = 1000;

/**
 * Reads the latest-build file 1 s after the app starts, then every hour, and reloads when the server runs another build
 * than this page's. Answers the function that stops it.
 */
export function watchForNewBuild(
  currentBuildId: string,
  {
    fetchBuildId = latestBuildId,
    reload = () => window.location.reload(),
    every = BUILD_POLL_MS,
    firstAfter = MANIFEST_FETCH_DELAY_MS,
  } = {},
) {
  let reloaded = false;
  const check = () => {
    fetchBuildId()
      .then((id) => {
        if (id && id !== currentBuildId && !reloaded) {
          reloaded = true;
          reload();
        }
      })
      .catch(() => {
        // Offline or restarting: try again at the next poll.
      });
  };
  const first = setTimeout(check, firstAfter);
  const timer = setInterval(check, every);
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

/** The build id the latest-build file names, or null when it cannot be read. */
export async function latestBuildId(): Promise<string | null> {
  const response = await fetch(LATEST_BUILD_FILE, { cache: 'no-store' });
  if (!response.ok) return null;
  const body = (await response.json()) as { buildId?: unknown };
  return typeof body.buildId === 'string' ? body.buildId : null;
}
