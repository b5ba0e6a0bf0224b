import type { ComponentType } from 'react';
import { preloadSections } from '@vitrine/sections';
import { readListingUrl, staysInCart, type Listing, type PageRedirect, type ProductDetail, type PublishedPage } from '@vitrine/commerce';
import { data as routeData, redirect, redirectDocument, useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import type { StorefrontData } from './data.ts';
import { CheckoutLayout, ChromeLayout, PlainLayout } from './layouts.tsx';
import type { RouteMeta } from './meta.ts';
import type { CartPageData } from './pages/cart-page.tsx';
import type { CheckoutPageData } from './pages/checkout-page.tsx';
import type { KeptCartData } from './server-data.ts';
import type { DesignsData } from './pages/designs.tsx';
import type { MaintenanceData } from './pages/maintenance.tsx';
import type { PageData } from './pages/page-view.tsx';
import type { ListingData } from './pages/listing-view.tsx';
import type { ProductData } from './product/product-view.tsx';
import { sectionTypesIn } from './section-types.ts';
import { ListingView, NotFoundPage, PageView, pages, preloadView, ProductView } from './views.ts';
import { ErrorPage, Root } from './root.tsx';
import { ROOT_ROUTE_ID, type RootData } from './root-data.ts';
import { maintenanceAddress, maintenanceReturn } from './maintenance-return.ts';
import type * as ThemeSettingsModule from './theme-settings.ts';
import { noIndexRoutes, redirectRules, routeTable, routeTitle, type Layout, type RouteSpec } from './route-table.ts';

const notFound = () => routeData(null, { status: 404, statusText: 'Not Found' });

/** Routes that never send a visitor to the maintenance page (§2.5). */
const maintenanceExempt = new Set(['/editor', '/preview', '/maintenance']);

type Guard = (args: LoaderFunctionArgs, data: StorefrontData) => Promise<void>;

const signInFirst = (request: Request) => {
  const url = new URL(request.url);
  return redirect(`/signin?redirect=${encodeURIComponent(url.pathname + url.search)}`);
};

/** The entry checks routes may name (§2.1, §6). */
const middleware: Record<string, Guard> = {
  'signed-in': async ({ request }, data) => {
    if (!(await data.getSession()).signedIn) throw signInFirst(request);
  },
  checkout: async ({ request }, data) => {
    const [site, session] = await Promise.all([data.getSite(), data.getSession()]);
    // Account mode 1: checking out needs an account (§3.15).
    if (site.accountMode === 1 && !session.signedIn) throw signInFirst(request);
    // The plain checkout needs a cart; buy-now and order codes carry their own (§2.1). A guest's cart is counted from
    // the codes their browser keeps, when it told them.
    if (new URL(request.url).pathname !== '/checkout') return;
    const count = (await data.getCartCount()) ?? (await data.getKeptCartCodes())?.length;
    if (count === 0) throw redirect('/cart');
  },
};

/** The guard functions a route names; an unknown name is a programming error and raises at once (§8). */
export function resolveMiddleware(names: readonly string[] = []): Guard[] {
  return names.map((name) => {
    const guard = middleware[name];
    if (!guard) throw new Error(`Unknown route middleware "${name}"`);
    return guard;
  });
}

/** The catch-all's page: one of the owner's pages, or a catalogue page. */
function SlugView() {
  const data = useLoaderData() as object;
  if ('listing' in data) return <ListingView />;
  // A product's choices are its own: another product's page starts afresh.
  if ('product' in data) return <ProductView key={(data as ProductData).product.productID} />;
  return <PageView />;
}

/**
 * Route data made once for each kept object and the rest of what it is made from: the server keeps a store's pages,
 * products, listings and templates until they change, so a page's data is then the same object request after request,
 * and is written into the page as JSON once (`serverDataJson` in entry-server.tsx). In the browser, where every
 * answer is new, it only makes the data.
 */
function madeOnce<K extends object, V>(): (key: K, from: readonly unknown[], make: () => V) => V {
  const made = new WeakMap<K, { from: readonly unknown[]; value: V }>();
  return (key, from, make) => {
    const kept = made.get(key);
    if (kept && kept.from.length === from.length && kept.from.every((part, i) => part === from[i])) return kept.value;
    const value = make();
    made.set(key, { from, value });
    return value;
  };
}
const productDataOnce = madeOnce<ProductDetail, ProductData>();
const listingDataOnce = madeOnce<Listing, ListingData>();
const pageDataOnce = madeOnce<PublishedPage, PageData>();

/** A product's page, drawn above the product template's sections. */
async function productData(data: StorefrontData, product: ProductDetail, url: URL): Promise<ProductData> {
  const template = await data.getTemplate(3);
  const variantId = Number(url.searchParams.get('variant')) || null;
  return productDataOnce(product, [template, url.origin, variantId], () => ({
    product,
    template,
    origin: url.origin,
    variantId,
    // The head from §3.12's fields: the SEO title and description, the first picture to share.
    meta: {
      title: product.productMeta.title,
      description: product.productMeta.description,
      canonical: product.productURL,
      ...(product.productImages[0] ? { image: product.productImages[0].imageFile } : {}),
    },
  }));
}

function metaFor(spec: RouteSpec): RouteMeta {
  return { title: routeTitle(spec.name), ...(noIndexRoutes.has(spec.name) ? { robots: 'noindex, nofollow' as const } : {}) };
}

/**
 * What the root loader reads of the theme: its Add to cart behaviour and the settings the shop context carries
 * (show_currency). The settings' reader (and the schema of every theme setting) is imported only when a loader runs,
 * and the browser never runs this one on the page the server drew, so a shopper's first page does not build that
 * schema to read a few settings.
 */
async function themeReadsOf(themeData: string): Promise<Pick<RootData, 'addToCartAction' | 'shopSettings'>> {
  const { publishedSettingsOf, shopSettingsOf } = await (settingsReader ??= import('./theme-settings.ts'));
  return { addToCartAction: publishedSettingsOf(themeData || '{}').add_to_card_action, shopSettings: shopSettingsOf(themeData || '{}') };
}
/** Imported once: each `import()` asks the module loader again, on the server through its hooks (a quarter ms). */
let settingsReader: Promise<typeof ThemeSettingsModule> | undefined;

/**
 * What the catch-all (or home, at '') draws for an address: the owner's page, a product or a listing (§2.3), or where
 * the store's redirect rules send it instead (§2.1, §3.2).
 */
async function loadAddress(data: StorefrontData, path: string, url: URL): Promise<object> {
  const content = (await data.getAddress(path, readListingUrl(url.searchParams), url.pathname + url.search)) ?? throwNotFound();
  switch (content.kind) {
    case 'page':
      return pageData(content.page);
    case 'product':
      return productData(data, content.product, url);
    case 'listing':
      return listingData(data, content.listing, url);
    case 'redirect':
      throw redirectTo(content.redirect);
  }
}

/**
 * A store rule's redirect as the loader's answer: the app draws a page of its own in place of the old address, as the
 * browser does after a redirect (the old address never enters the history); an address elsewhere, or a path the
 * server answers itself, is loaded by the browser.
 */
const redirectTo = ({ location, status, document }: PageRedirect): Response =>
  document ? redirectDocument(location, status) : redirect(location, status);

const throwNotFound = (): never => {
  throw notFound();
};

function pageData(page: PublishedPage): PageData {
  // The tab title stays the page's own (§2.7); the owner's SEO fields (Studio page settings) describe it to search
  // engines and link previews.
  const { title, seo } = page.document;
  return pageDataOnce(page, [], () => ({
    page,
    meta: { title, shareTitle: seo.title, description: seo.description, keywords: seo.keywords, image: seo.image },
  }));
}

/** A catalogue page (a category, a brand or search results), drawn with the listing template. */
async function listingData(data: StorefrontData, listing: Listing, url: URL): Promise<ListingData> {
  const filtered = url.search !== '' && url.search !== '?';
  const template = await data.getTemplate(4);
  return listingDataOnce(listing, [template, filtered], () => ({
    listing,
    template,
    meta: {
      // The scope's SEO fields (a category's owner may set them), as a product's page takes its own.
      title: listing.scope.meta.title,
      ...(listing.scope.meta.description ? { description: listing.scope.meta.description } : {}),
      canonical: listing.scope.url,
      // Search results and filtered or re-sorted listings are not pages of their own for search engines.
      ...(listing.scope.kind === 'search' || filtered ? { robots: 'noindex, nofollow' as const } : {}),
    },
  }));
}

/**
 * The cart the browser keeps, priced now, when its cookie told it: the server draws it (issue 18), the lines that
 * stay (§4). When a line left or changed, the app tells the shopper at once.
 */
async function keptCartData(data: StorefrontData): Promise<KeptCartData> {
  const priced = await data.getKeptCart();
  return {
    cart: priced?.filter((item) => staysInCart(item.status)) ?? null,
    changed: priced?.some((item) => item.status !== 'ok') ?? false,
  };
}

/** What each route loads besides its meta. */
function contentLoader(spec: RouteSpec): (args: LoaderFunctionArgs, data: StorefrontData) => Promise<object> {
  switch (spec.name) {
    case 'home':
      return async ({ request }, data) => {
        const content = await loadAddress(data, '', new URL(request.url));
        return 'page' in content ? content : throwNotFound();
      };
    case 'slug':
      return async ({ params, request }, data) => {
        const slug = (params['*'] ?? '').replace(/\/+$/, '').toLowerCase();
        const url = new URL(request.url);
        if (/^[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(slug)) return loadAddress(data, slug, url);
        // No address of the catalogue, but perhaps an old one the owner's rules send on (`/old_page.html`).
        const moved = await data.getRedirect?.(url.pathname + url.search);
        throw moved ? redirectTo(moved) : notFound();
      };
    case 'designs':
      return async (_args, data): Promise<DesignsData> => ({ designs: await data.getDesigns(), meta: metaFor(spec) });
    case 'cart':
      return async (_args, data): Promise<CartPageData> => ({ ...(await keptCartData(data)), meta: metaFor(spec) });
    case 'checkout':
      // The checkout of the cart the server draws, with the store's delivery options and ways to pay; the app asks
      // for them where the server did not draw the cart.
      return async (_args, data): Promise<CheckoutPageData> => {
        const { cart, changed } = await keptCartData(data);
        const drawn = cart?.length ? cart : null;
        return { cart: drawn, changed, options: drawn && (await data.getCheckoutOptions()), meta: metaFor(spec) };
      };
    case 'maintenance':
      return async (_args, data): Promise<MaintenanceData> => ({ maintenance: await data.getMaintenance(), meta: metaFor(spec) });
    case 'editor':
      // The studio is its own app: the server answers /editor, so an in-app link must load the whole document.
      return async () => {
        throw redirectDocument('/editor');
      };
    default:
      return async () => ({ meta: metaFor(spec) });
  }
}

const layouts: Record<Layout, ComponentType> = {
  default: ChromeLayout,
  dynamic: ChromeLayout,
  checkout: CheckoutLayout,
  public: PlainLayout,
  preview: PlainLayout,
  editor: PlainLayout,
};

function routeFor(spec: RouteSpec, dataOf: DataSource): RouteObject {
  const guards = resolveMiddleware(spec.middleware);
  const load = contentLoader(spec);
  const route = {
    id: `${spec.name}:${spec.path}`,
    Component: spec.name === 'home' || spec.name === 'slug' ? SlugView : (pages[spec.name] ?? NotFoundPage),
    handle: { routeName: spec.name },
    async loader(args: LoaderFunctionArgs) {
      const data = dataOf(args);
      // The entry checks first: a guest is sent to sign in before the address is looked at, so a guarded page answers
      // every guest alike (never a 404 that tells which ids read), and comes back to it after signing in.
      for (const guard of guards) await guard(args, data);
      if (spec.validate && !spec.validate(args.params)) throw notFound();
      const result = await load(args, data);
      await preloadView(spec.name, result);
      return result;
    },
  };
  return spec.path === '' ? { ...route, index: true } : { ...route, path: spec.path };
}

/**
 * The root's data for each site config, made once: the server keeps a store's config until it changes, so the root's
 * data is then the same object page after page, and is written into the page as JSON once (`serverDataJson`).
 */
const rootDataOf = new WeakMap<object, RootData>();

/** Where a loader reads the store from: the browser's one `StorefrontData`, or the server's for the request being answered. */
export type DataSource = (args: LoaderFunctionArgs) => StorefrontData;

/**
 * The shopper app's routes, built from the route table, reading through `data` (in-process on the server, HTTP in the
 * browser). The server builds them once and hands each request's data as the loaders' context.
 */
export function createRoutes(data: StorefrontData | DataSource): RouteObject[] {
  const dataOf: DataSource = typeof data === 'function' ? data : () => data;
  const byLayout = new Map<Layout, RouteObject[]>();
  for (const spec of routeTable) {
    const list = byLayout.get(spec.layout) ?? [];
    list.push(routeFor(spec, dataOf));
    byLayout.set(spec.layout, list);
  }
  const rules: RouteObject[] = redirectRules.map((rule) => ({
    path: rule.from,
    loader: () => (/^https?:\/\//.test(rule.to) ? redirectDocument(rule.to) : redirect(rule.to)),
  }));
  return [
    {
      id: ROOT_ROUTE_ID,
      path: '/',
      Component: Root,
      ErrorBoundary: ErrorPage,
      // The site does not change while the app runs; its config is loaded once.
      shouldRevalidate: () => false,
      async loader(args): Promise<RootData> {
        const { request } = args;
        const data = dataOf(args);
        const [site, bypass, themeSectionData, cartCodes] = await Promise.all([
          data.getSite(),
          data.hasMaintenanceBypass(),
          data.getThemeSectionData(),
          data.getKeptCartCodes(),
        ]);
        const path = new URL(request.url).pathname.replace(/\/+$/, '') || '/';
        // §2.5: maintenance on and no bypass → /maintenance, carrying the page asked for; off (or bypassed) while on
        // the maintenance page → that page, or home.
        const asked = new URL(request.url);
        if (site.isMaintenance && !bypass && !maintenanceExempt.has(path))
          throw redirect(maintenanceAddress(asked.pathname + asked.search));
        if (path === '/maintenance' && (!site.isMaintenance || bypass)) throw redirect(maintenanceReturn(asked.search));
        // The theme's header and footer are drawn on every page: their code is fetched with the page's.
        await preloadSections(sectionTypesIn(site.themeSettings));
        const { addToCartAction, shopSettings } = await themeReadsOf(site.themeSettings.themeData);
        const kept = rootDataOf.get(site);
        const rootData =
          kept?.maintenanceBypass === bypass &&
          kept.themeSectionData === themeSectionData &&
          kept.addToCartAction === addToCartAction &&
          kept.shopSettings === shopSettings
            ? kept
            : {
                site: { ...site, themeSettings: { ...site.themeSettings, themeCSS: '' } },
                maintenanceBypass: bypass,
                themeSectionData,
                addToCartAction,
                shopSettings,
              };
        rootDataOf.set(site, rootData);
        // A shopper's cart is theirs alone: their root data is made for them, and everyone else's stays the kept one.
        return cartCodes?.length ? { ...rootData, cartCodes } : rootData;
      },
      children: [
        ...rules,
        ...[...byLayout].map(([layout, children]) => ({ id: `layout:${layout}`, Component: layouts[layout], children })),
      ],
    },
  ];
}
