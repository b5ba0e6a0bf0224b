import { startTransition, useEffect, type ReactNode } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { SectionHydrated } from '@vitrine/renderer';
import { hydrate } from '@vitrine/renderer/client';
import { webEndpoints } from '@vitrine/commerce';
import { AppContext } from './app-context.tsx';
import { ApiCallError, ApiClient } from './client/api-client.ts';
import { watchForNewBuild } from './client/build-check.ts';
import { useCart } from './client/cart.ts';
import { readClaims, signedInUserId, useSession } from './client/session.ts';
import { useSiteState } from './client/site-state.ts';
import { httpData } from './http-data.ts';
import { routeTable } from './route-table.ts';
import { createRoutes } from './routes.tsx';
import { APP_ROOT_ID, loaderDataOf, type ServerData } from './server-data.ts';
import type { Tracker } from './tracking/tracker.ts';
import { preloadView } from './views.ts';

declare global {
  interface Window {
    __staticRouterHydrationData?: unknown;
  }
}

/** What the page's entry hands the app (client/first-page.ts). */
export interface AppStartInput {
  serverData: ServerData | null;
  /** The studio's preview frame: builder mode (§3.1 is_builder, §6). */
  builder: boolean;
  /** The visitor tracker the entry started (null where nothing is tracked). */
  tracker: Promise<Tracker | null>;
  /** Called once the app answers events on the page, before its sections have all hydrated. */
  answering?: () => void;
}

/** The started app, as the entry sees it. */
export interface StartedApp {
  /** The signed-in customer's id, or null for a guest (§6). */
  customerId: () => string | number | null;
}

/**
 * Links one of the whole stylesheets the page carries a cut of, and resolves once it has loaded (or failed: the page
 * keeps its own rules). The app's go before the theme's CSS, as the page's cut of them is; the theme's whole
 * stylesheet right after the page's cut of it, so that its rules still come last.
 */
function linkStylesheet(href: string, place: 'before theme' | 'after theme' = 'before theme'): Promise<void> {
  if (document.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`)) return Promise.resolve();
  const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
  const loaded = new Promise<void>((resolve) => {
    link.addEventListener('load', () => resolve());
    link.addEventListener('error', () => (console.warn(`Could not load the stylesheet ${href}`), resolve()));
  });
  const theme = document.getElementById('vt-theme');
  if (!theme) document.head.append(link);
  else if (place === 'after theme') theme.after(link);
  else theme.before(link);
  return loaded;
}

/** Calls `done` once the frame of the page it wraps has hydrated (its effects run after every child's outside a section). */
function Hydrated({ done, children }: { done: () => void; children: ReactNode }) {
  useEffect(done, [done]);
  return children;
}

/** How long after its frame a page waits for its sections to hydrate before it is taken as whole all the same. */
const WHOLE_PAGE_WAIT_MS = 10_000;

/** The sections the server drew in `root`: each live section is a Suspense boundary, marked by a `<!--$…-->` comment. */
function drawnSections(root: Element): number {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_COMMENT);
  let sections = 0;
  while (walker.nextNode()) if ((walker.currentNode as Comment).data.startsWith('$')) sections++;
  return sections;
}

/**
 * Starts the shopper app on the page the server drew: the visit's session, its API client and router, and hydration,
 * once the code the page draws (its page and its sections) is here, so hydrating never waits mid-way. Resolves once the
 * page has hydrated and answers the shopper.
 */
export async function startApp({ serverData, builder, tracker, answering }: AppStartInput): Promise<StartedApp> {
  const boot = serverData?.boot ?? { buildId: 'unknown', themeId: 0, webId: 0 };
  // §2.8: `store` overrides the domain for the visit. The server decides (only on the platform's own addresses, and
  // kept in a cookie across redirects and reloads) and says which store it rendered; the browser calls the same one.
  const store = boot.store ?? null;
  if (store) sessionStorage.setItem('vt.store', store);
  else sessionStorage.removeItem('vt.store');
  const api = new ApiClient({ store });
  const data = httpData(api, { domain: store ?? window.location.hostname, themeId: boot.themeId });

  // Builder mode keeps no visitor state, so previewing at 320px does not set this browser's viewport cookie, and
  // nothing is tracked, redirected or reloaded under the owner's hands. Every document sets the flag at start, so a
  // store tab never inherits the frame's.
  useSiteState.getState().setSiteKey('is_builder', builder);
  if (!builder) watchForNewBuild(boot.buildId);

  // Pages a shopper points at (or tabs to) are fetched ahead, so the click finds them ready.
  const appRoots = new Set(routeTable.map((route) => route.path.split('/')[0]).filter(Boolean));
  const prefetchLinkTarget = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.('a[href^="/"]');
    const path = link?.getAttribute('href')?.split(/[?#]/)[0] ?? '';
    const slug = path.replace(/^\/+|\/+$/g, '');
    if (!/^[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(slug) || appRoots.has(slug.split('/')[0]!)) return;
    data.prefetchPage(slug);
  };
  if (!builder) {
    document.addEventListener('pointerover', prefetchLinkTarget, { passive: true });
    document.addEventListener('focusin', prefetchLinkTarget);
  }

  /**
   * Start-up (§4): tokens belong to this site, a stored user without a signed-in token is cleared with the cart
   * (the sign-in consistency rule), and a guest without tokens gets them from the site config. A site config that
   * fails clears the tokens and leaves for the external not-found page with the failure code.
   */
  const startSession = async () => {
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
  };
  if (!builder) void startSession();

  // The server rendered this page and left its loader data in the page's data block; createBrowserRouter picks it up
  // where React Router's own server rendering would leave it (and revives route errors from it), so nothing is
  // fetched twice.
  if (serverData) window.__staticRouterHydrationData = serverData.hydration;
  const router = createBrowserRouter(createRoutes(data));
  // Each navigation in the app is a page view for the tracker the entry started; one made before it started (it
  // starts when the browser is first idle) is told as it starts.
  void tracker.then((started) => {
    if (!started) return;
    const tell = ({ pathname, search }: { pathname: string; search: string }) => started.routeChanged(`${pathname}${search}`);
    tell(router.state.location);
    router.subscribe((state) => tell(state.location));
  });

  // The code the page draws, fetched before hydrating, so hydration never suspends mid-way; and the whole stylesheets,
  // the app's and the theme's, since the page carries only the rules its HTML uses and the app draws more (a drawer,
  // the next page). The studio's preview frame draws the draft theme's CSS instead of the published one.
  const loaderData = loaderDataOf(serverData) ?? {};
  // The stylesheets load while the page hydrates (it has the rules it draws): only what the app draws next needs them,
  // so the app answers (and does a held tap) once both are done.
  const stylesheets = Promise.all([
    ...(boot.stylesheets ?? []).map((href) => linkStylesheet(href)),
    ...(boot.themeStylesheet && !builder ? [linkStylesheet(boot.themeStylesheet, 'after theme')] : []),
  ]);
  await Promise.all(Object.entries(loaderData).map(([routeId, value]) => preloadView(routeId.split(':')[0]!, value))).catch(
    (error: unknown) => console.warn('Could not fetch part of the page ahead of hydrating', error),
  );
  const root = document.getElementById(APP_ROOT_ID);
  if (root) {
    // Hydrating as a transition lets the browser answer input between pieces of it. The page hydrates a section at a
    // time after its frame (`PageRenderer`): it is whole once each section the server drew has told `SectionHydrated`.
    let sectionsLeft = drawnSections(root);
    let frameHydrated = false;
    let whole = () => {};
    const wholePage = new Promise<void>((resolve) => (whole = resolve));
    const hydratedOne = () => {
      sectionsLeft--;
      if (frameHydrated && sectionsLeft <= 0) whole();
    };
    const frame = () => {
      frameHydrated = true;
      if (sectionsLeft <= 0) whole();
      // A boundary that is not a section's would leave the page never whole, and what the shopper did before never done.
      setTimeout(() => {
        if (sectionsLeft > 0) console.warn(`Vitrine: ${sectionsLeft} drawn sections never hydrated`);
        whole();
      }, WHOLE_PAGE_WAIT_MS);
    };
    startTransition(() => {
      hydrate(
        root,
        <Hydrated done={frame}>
          <SectionHydrated value={hydratedOne}>
            <AppContext value={{ api }}>
              <RouterProvider router={router} />
            </AppContext>
          </SectionHydrated>
        </Hydrated>,
      );
    });
    // The app answers from here: a tap held until now is done once the whole stylesheets are here (what it opens is
    // styled by them; the page fetched them ahead), outside the transition (what it changes is urgent), and React
    // hydrates the section it falls in first.
    await stylesheets;
    answering?.();
    await wholePage;
  }
  await stylesheets;
  return { customerId: () => signedInUserId(useSession.getState().tokens) };
}
