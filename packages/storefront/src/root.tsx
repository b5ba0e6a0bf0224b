import { useEffect, useMemo, type ReactNode } from 'react';
import { Outlet, useLocation, useMatches, useNavigate, useRouteError, useRouteLoaderData } from 'react-router-dom';
import {
  MAX_COMPARE,
  MEDIA_PLACEHOLDER,
  WIDE_MEDIA_PLACEHOLDER,
  imageSize,
  imageUrl,
  mediaUrl,
  type Currency,
  type ProductCard,
  type WebConfig,
} from '@vitrine/commerce';
import { ImageProvider, NavigationProvider, type ImageSettings } from '@vitrine/renderer';
import { FormSubmitProvider, ShopProvider } from '@vitrine/sections';
import { useApi } from './app-context.tsx';
import { cardLine, useAddToCart } from './cart/add-to-cart-action.ts';
import { CartDrawer } from './cart/cart-drawer.tsx';
import { CartStatus } from './cart/cart-status.tsx';
import { CartSync } from './cart/cart-sync.tsx';
import { reloadOnce } from './client/app-behaviour.ts';
import { useCart } from './client/cart.ts';
import { cartItemCount } from './client/cart-rules.ts';
import { watchMaintenanceFlag } from './client/live-flag.ts';
import { pageStateOf, useSiteState } from './client/site-state.ts';
import { signedInUserId, useSession } from './client/session.ts';
import { useWishlist } from './client/wishlist.ts';
import { formSubmitter } from './form-submitter.ts';
import { imageBreakpoints, imageDensities } from '@vitrine/theme-engine';
import { StoreChrome } from './layouts.tsx';
import { ROOT_ROUTE_ID, type RootData } from './root-data.ts';
import { maintenanceAddress, maintenanceReturn } from './maintenance-return.ts';
import { documentTitle, errorStatus, metaOf } from './meta.ts';
import { useHydrated } from './ui/hydrated.ts';
import { marketingEvent } from './marketing/emitter.ts';
import { loadsScripts } from './marketing/configured.ts';
import { MarketingPageEvents } from './marketing/marketing.tsx';
import { LoadingBar } from './ui/loading-bar.tsx';
import { GENERIC_ERROR, ToastProvider } from './ui/toasts.tsx';
import { WishlistSync } from './wishlist/wishlist-sync.tsx';
import { readOncePerText } from './read-once.ts';

/**
 * Images load through the image route as webp at the image breakpoints of §9, at densities 1 and 2; a picture without
 * its file shows §9's placeholder, 4000×300 across the page (a hero) and 400×300 elsewhere. One settings object per
 * CDN base, kept across renders: `Image` keeps each source's `srcset` per settings object.
 */
const imageSettings = readOncePerText(
  (staticCDN: string): ImageSettings => ({
    resolve: (src) => mediaUrl(src, staticCDN),
    buildUrl: (src, width, density) => (src.startsWith('/media/') ? imageUrl(src, { w: imageSize(width * density) }) : null),
    widths: Object.values(imageBreakpoints),
    densities: imageDensities,
    placeholder: imageUrl('/placeholder', { w: MEDIA_PLACEHOLDER.width, h: MEDIA_PLACEHOLDER.height }),
    widePlaceholder: imageUrl('/placeholder', { w: WIDE_MEDIA_PLACEHOLDER.width, h: WIDE_MEDIA_PLACEHOLDER.height }),
  }),
  8,
);

/** Keeps the tab title in step with the route after client-side navigation; the server writes the first one. */
function DocumentTitle({ storeTitle }: { storeTitle: string }) {
  const matches = useMatches();
  const error = useRouteError();
  const meta = metaOf(
    matches.map((m) => m.loaderData),
    error,
  );
  const title = meta ? documentTitle(meta.title, storeTitle) : null;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  return null;
}

/** Writes the §3.1 site state of the page on screen as the visit goes: whether it is home, and which page it is. */
function SiteStateOfVisit() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const state = pageStateOf(
    pathname,
    matches.map((m) => m.loaderData),
  );
  // After each render (a navigation); `setSiteKey` leaves a value that did not change alone.
  useEffect(() => {
    const site = useSiteState.getState();
    // The studio's frame shows pages to their owner, not a visit. (Read from the store itself: while hydrating, a
    // hook gives the server's state, which never is the builder's.)
    if (site.is_builder) return;
    site.setSiteKey('is_home_page', state.is_home_page);
    site.setSiteKey('page', state.page);
  });
  return null;
}

/** The id of the published page on screen, for the forms on it. */
function usePageId(): number | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i]?.loaderData as { page?: { pageId?: number } } | undefined;
    if (data?.page?.pageId) return data.page.pageId;
  }
  return null;
}

/** The currency prices show in where the root has not loaded (an error page). */
const fallbackCurrency: Currency = { currencyAbbreviation: 'USD', currencySymbol: '$', currencyRate: 1 };
const noCurrencies: readonly Currency[] = [];
/** No products: one array, so a list empty before and after hydrating is the same value to the sections. */
const noIds: readonly number[] = [];

/** Whether the page is the studio's preview frame, where cards' buttons draw but change nothing of the owner's. */
const inBuilder = () => useSiteState.getState().is_builder;

/**
 * Providers every page shares: the router's navigation for sections' links, the shop for sections (currency,
 * counts, hearts, the cart for cards' Add to cart), form sending, images and toasts.
 */
function Providers({
  site,
  addToCartAction,
  shopSettings,
  cartCodes,
  children,
}: {
  site: WebConfig | undefined;
  addToCartAction: RootData['addToCartAction'];
  /** The theme's settings for the shop context; the defaults where the root has not loaded (an error page). */
  shopSettings: RootData['shopSettings'] | undefined;
  /** The codes of the cart the server drew, counted in the header until the page has hydrated. */
  cartCodes: RootData['cartCodes'];
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const api = useApi();
  const pageId = usePageId();
  const chosen = useSession((s) => s.currency);
  const tokens = useSession((s) => s.tokens);
  const wishlistCount = useSession((s) => s.user?.wishlistCount ?? 0);
  const setCurrency = useSession((s) => s.setCurrency);
  // Items, not lines: the sum of the lines' quantities, as the server counted the codes it drew.
  const cartCount = useCart((s) => cartItemCount(s.lines.map((line) => line.cartCode)));
  const compareIds = useSiteState((s) => s.compare);
  const guestHearts = useWishlist((s) => s.guestIds);
  const savedHearts = useWishlist((s) => s.savedIds);
  const addToCart = useAddToCart(addToCartAction);
  const { pathname, search } = useLocation();
  // The results page's words stay in the header's search box, drawn alike by the server and the app.
  const searchKeywords = pathname === '/search' ? (new URLSearchParams(search).get('kw') ?? '') : '';
  // Whether signed in, not the tokens: a refreshed token changes nothing the sections draw.
  const signedIn = hydrated && signedInUserId(tokens) !== null;
  // Sections select what they draw from the shop (useShop(select)), and re-render only when that changes; the values
  // here keep their identity while their content does (the site's currencies, one empty list).
  const shop = useMemo(() => {
    const offered = site?.currencies ?? noCurrencies;
    const own = site?.currency ?? fallbackCurrency;
    const pick = hydrated && chosen ? offered.find((c) => c.currencyAbbreviation === chosen.currencyAbbreviation) : undefined;
    return {
      currency: pick ?? own,
      // §9: the currency code beside prices, as the theme says; drawn alike by the server and the app.
      showCurrency: shopSettings?.showCurrency ?? false,
      // The theme's product-card toggles (show brand, show rating); the default theme's where the root has not loaded.
      ...(shopSettings ? { productCard: shopSettings.productCard } : {}),
      storeTitle: site?.webTitle ?? '',
      // The footer's "Cookie settings" where the store asks consent: where the server draws the banner (issue 33).
      asksConsent: Boolean(site?.consentBanner && loadsScripts(site.scripts)),
      currencies: offered,
      onCurrencyChange: (code: string) => setCurrency(offered.find((c) => c.currencyAbbreviation === code) ?? null),
      cartCount: hydrated ? cartCount : cartItemCount(cartCodes ?? []),
      // A guest's hearts are counted too: the header's link leads them to sign in and find them saved.
      wishlistCount: !hydrated ? 0 : signedIn ? wishlistCount : guestHearts.length,
      isSignedIn: signedIn,
      searchKeywords,
      suggest: async (kw: string) => {
        // Imported with the first suggestion asked for: the first page does not build the catalogue's schemas.
        const { catalogueEndpoints } = await import('@vitrine/commerce/catalogue-endpoints');
        return (await api.request(catalogueEndpoints.suggest, { query: { kw } })).data;
      },
      // What the shopper compares lives in their browser (§3.1), so the server's page shows none chosen.
      compare: {
        ids: hydrated ? compareIds : noIds,
        toggle: (productId: number) => {
          const state = useSiteState.getState();
          const at = state.compare.indexOf(productId);
          if (at >= 0) state.removeFromCompare(at);
          else if (state.compare.length < MAX_COMPARE) state.addToCompare(productId);
        },
      },
      wishlist: {
        ids: !hydrated ? noIds : signedIn ? savedHearts : guestHearts,
        toggle: (productId: number) => {
          if (inBuilder()) return;
          if (!(signedIn ? savedHearts : guestHearts).includes(productId))
            marketingEvent('AddToWishlist', { content_ids: [String(productId)] });
          useWishlist.getState().toggle(productId);
        },
      },
      cart: {
        add: (product: ProductCard) => {
          if (inBuilder()) return;
          const { code, preview } = cardLine(product);
          addToCart(code, preview, { brand: product.brandName });
        },
      },
    };
  }, [
    site,
    shopSettings,
    hydrated,
    chosen,
    cartCount,
    cartCodes,
    wishlistCount,
    signedIn,
    setCurrency,
    api,
    compareIds,
    guestHearts,
    savedHearts,
    addToCart,
    searchKeywords,
  ]);
  const images = imageSettings(site?.staticCDN ?? '');
  const submitter = useMemo(() => formSubmitter(api, pageId), [api, pageId]);
  return (
    <NavigationProvider navigate={navigate}>
      <ShopProvider value={shop}>
        <FormSubmitProvider value={submitter}>
          <ImageProvider value={images}>
            <ToastProvider>{children}</ToastProvider>
          </ImageProvider>
        </FormSubmitProvider>
      </ShopProvider>
    </NavigationProvider>
  );
}

/** Paths that never leave for the maintenance page (§2.5). */
const maintenanceExempt = ['/editor', '/preview'];

/**
 * Follows the live maintenance flag (§2.5): when the store closes, visitors without the bypass go to /maintenance;
 * when it opens again, visitors on /maintenance go home. Builder mode (the studio's frame) never redirects. If the
 * in-app navigation fails, the page is replaced instead.
 */
function MaintenanceRedirects({ site, bypass }: { site: WebConfig; bypass: boolean }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    // Read from the store itself: while hydrating, a hook gives the server's state, which never is the builder's.
    if (useSiteState.getState().is_builder || maintenanceExempt.some((path) => pathname.startsWith(path))) return;
    const store = sessionStorage.getItem('vt.store');
    return watchMaintenanceFlag(
      site,
      (on) => {
        // The page the shopper was on rides along, and they are taken back to it when the store opens (issue 33). The
        // query is read when the flag flips: the stream is not opened again for every filter chosen.
        const { search } = window.location;
        const target =
          on && !bypass && pathname !== '/maintenance'
            ? maintenanceAddress(pathname + search)
            : !on && pathname === '/maintenance'
              ? maintenanceReturn(search)
              : null;
        if (!target) return;
        Promise.resolve(navigate(target, { replace: true })).catch(() => window.location.replace(target));
      },
      store,
    );
  }, [site, bypass, pathname, navigate]);
  return null;
}

/** The shopper app's outermost route. */
export function Root() {
  const { site, maintenanceBypass, addToCartAction, shopSettings, cartCodes } = useRouteLoaderData(ROOT_ROUTE_ID) as RootData;
  return (
    <Providers site={site} addToCartAction={addToCartAction} shopSettings={shopSettings} cartCodes={cartCodes}>
      <MaintenanceRedirects site={site} bypass={maintenanceBypass} />
      <SiteStateOfVisit />
      <LoadingBar />
      <DocumentTitle storeTitle={site.webTitle} />
      <CartSync />
      <WishlistSync />
      <Outlet />
      <CartDrawer />
      <CartStatus />
      <MarketingPageEvents />
    </Providers>
  );
}

/** A path as the shopper typed it ("/café", not "/caf%C3%A9"); left as it is when it does not decode. */
function readablePath(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

/** The error page (§2.6): Page Not Found with the path for a 404, Internal Server Error (500 by default) otherwise. */
export function ErrorPage() {
  const error = useRouteError();
  const root = useRouteLoaderData(ROOT_ROUTE_ID) as RootData | undefined;
  const { pathname } = useLocation();
  const status = errorStatus(error);
  const notFound = status === 404;
  const path = readablePath(pathname);
  useEffect(() => {
    // The non-fatal message of §8: the page answers 404, and the console says which path.
    if (notFound) console.warn(`Page not found: ${path}`);
    // An in-app navigation to the maintenance page that failed falls back to a replace navigation (§2.5), once per
    // reload guard (§9: 10 s), rather than leaving the visitor on an error page.
    else if (pathname === '/maintenance')
      reloadOnce('/maintenance', { reload: () => window.location.replace(`/maintenance${window.location.search}`) });
  }, [notFound, path, pathname]);
  return (
    <Providers
      site={root?.site}
      addToCartAction={root?.addToCartAction ?? 'OPEN_DRAWER'}
      shopSettings={root?.shopSettings}
      cartCodes={root?.cartCodes}
    >
      <DocumentTitle storeTitle={root?.site.webTitle ?? ''} />
      <StoreChrome>
        <section className="vt-section vt-error-page">
          <div className="vt-container">
            <p className="vt-error-code">{status}</p>
            <h1 className="vt-h1">{notFound ? 'Page Not Found' : 'Internal Server Error'}</h1>
            <p className="vt-subheading">{notFound ? `Page Not Found: ${path}` : GENERIC_ERROR}</p>
            <a className="vt-btn vt-btn-primary vt-btn-md" href="/">
              Return to home
            </a>
          </div>
        </section>
      </StoreChrome>
    </Providers>
  );
}
