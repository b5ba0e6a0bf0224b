/// <reference types="vite/client" />
import { signedInUserId, useSession } from '../client/session.ts';

/**
 * Loads the visitor tracker (`tracker.ts`) as a chunk of its own once the app has started, so it never blocks the
 * page's render and is not part of the app's bundle. Not in the development server (§9) — and the caller leaves the
 * studio's preview (builder mode, §6) out. A chunk that fails to load is only logged (§8).
 */
/** What the tracker needs of the app's router: to hear where each navigation ends. */
interface NavigatingRouter {
  subscribe(listener: (state: { location: { pathname: string; search: string } }) => void): () => void;
}

export function loadTracker(router: NavigatingRouter, webId: number): void {
  if (import.meta.env.DEV) return;
  import('./tracker.ts')
    .then(({ startTracker }) =>
      startTracker({
        webId,
        customerId: () => signedInUserId(useSession.getState().tokens),
        onRouteChange: (listener) => router.subscribe((state) => listener(`${state.location.pathname}${state.location.search}`)),
      }),
    )
    .catch((error: unknown) => console.warn('[tracking]', error));
}
