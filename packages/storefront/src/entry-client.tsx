// First: it starts fetching the code of the page the server drew while the modules below run.
import { firstPageCode, serverData } from './client/first-page.ts';
import { startTransition } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { hydrate } from '@vitrine/renderer/client';
import { webEndpoints } from '@vitrine/commerce';
import { AppContext } from './app-context.tsx';
import { ApiCallError, ApiClient } from './client/api-client.ts';
import { keepTrackingCode, reloadOnce, rememberViewport, watchForNewBuild } from './client/app-behaviour.ts';
import { useCart } from './client/cart.ts';
import { readClaims, signedInUserId, useSession } from './client/session.ts';
import { useSiteState } from './client/site-state.ts';
import { httpData } from './http-data.ts';
import { routeTable } from './route-table.ts';
import { createRoutes } from './routes.tsx';
import { installRipple } from './ui/ripple.ts';
import { loadTracker } from './tracking/load-tracker.ts';
import './app.css';
// A theme's own section styles, after the store's (none unless the build names a theme).
import '@vitrine/sections/theme.css';

declare global {
  interface Window {
    __staticRouterHydrationData?: unknown;
  }
}

const boot = serverData?.boot ?? { buildId: 'unknown', themeId: 0, webId: 0 };
// §2.8: `store` overrides the domain for the visit. The server decides (only on the platform's own addresses, and
// kept in a cookie across redirects and reloads) and says which store it rendered; the browser calls the same one.
const store = boot.store ?? null;
if (store) sessionStorage.setItem('vt.store', store);
else sessionStorage.removeItem('vt.store');
const api = new ApiClient({ store });
const data = httpData(api, { domain: store ?? window.location.hostname, themeId: boot.themeId });

// The studio's preview frame runs the site in builder mode (§3.1 is_builder, §6): it keeps no visitor state, so
// previewing at 320px does not set this browser's viewport cookie, and nothing is tracked, redirected or reloaded
// under the owner's hands. Every document sets the flag at start, so a store tab never inherits the frame's.
useSiteState.getState().setSiteKey('is_builder', window.location.pathname.startsWith('/preview'));
const builder = useSiteState.getState().is_builder;

if (!builder) {
  keepTrackingCode();
  rememberViewport();
  window.addEventListener('resize', () => rememberViewport(), { passive: true });
}
window.addEventListener('vite:preloadError', (event) => {
  event.preventDefault();
  reloadOnce(window.location.pathname);
});
if (!builder) watchForNewBuild(boot.buildId);

// Pages a shopper points at (or tabs to) are fetched ahead, so the click finds them ready.
const appRoots = new Set(routeTable.map((route) => route.path.split('/')[0]).filter(Boolean));
function prefetchLinkTarget(event: Event) {
  const link = (event.target as Element | null)?.closest?.('a[href^="/"]');
  const path = link?.getAttribute('href')?.split(/[?#]/)[0] ?? '';
  const slug = path.replace(/^\/+|\/+$/g, '');
  if (!/^[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(slug) || appRoots.has(slug.split('/')[0]!)) return;
  data.prefetchPage(slug);
}
if (!builder) {
  document.addEventListener('pointerover', prefetchLinkTarget, { passive: true });
  document.addEventListener('focusin', prefetchLinkTarget);
}

/**
 * Start-up (§4): tokens belong to this site, a stored user without a signed-in token is cleared with the cart
 * (the sign-in consistency rule), and a guest without tokens gets them from the site config. A site config that
 * fails clears the tokens and leaves for the external not-found page with the failure code.
 */
async function startSession() {
  const session = useSession.getState();
  if (session.tokens && readClaims(session.tokens.accessToken)?.WebID !== boot.webId) session.clear();
  if (!signedInUserId(useSession.getState().tokens) && useSession.getState().user) {
    useSession.getState().clear();
    useCart.getState().clear();
  }
  if (useSession.getState().tokens) return;
  try {
    const answer = await api.request(webEndpoints.getWebInfo, {
      query: { Domain: store ?? window.location.hostname, WebThemeID: String(boot.themeId) },
    });
    // A shopper who signed in while this was on its way keeps the tokens they signed in with.
    if (!useSession.getState().tokens) useSession.getState().setTokens(answer.tokens);
  } catch (error) {
    useSession.getState().clear();
    if (error instanceof ApiCallError && /^CODE_\d{4}$/.test(error.code)) window.location.assign(`/store-not-found?ec=${error.code}`);
  }
}
if (!builder) void startSession();

// The server rendered this page and left its loader data in the page's data block; createBrowserRouter picks it up
// where React Router's own server rendering would leave it (and revives route errors from it), so nothing is
// fetched twice.
if (serverData) window.__staticRouterHydrationData = serverData.hydration;
const router = createBrowserRouter(createRoutes(data));
// Visitor tracking (§4): its own chunk, after start-up; builder mode tracks nothing (§6).
if (!builder) loadTracker(router, boot.webId);
installRipple();
const root = document.getElementById('root');
if (root) {
  // The code this page draws is on its way (client/first-page.ts): hydrating once it is here never waits mid-way.
  // Hydrating as a transition lets the browser answer input between pieces of it.
  void firstPageCode.then(() =>
    startTransition(() => {
      hydrate(
        root,
        <AppContext value={{ api }}>
          <RouterProvider router={router} />
        </AppContext>,
      );
    }),
  );
}
