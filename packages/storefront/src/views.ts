import type { ComponentType } from 'react';
import { lazyComponent, type LazyComponent } from '@vitrine/renderer';
import { preloadSections, sectionSources } from '@vitrine/sections';
import { sectionTypesIn } from './section-types.ts';

/** Each page's module, by its path under `packages/`, as the build names the files a module needs (`scripts/page-code.ts`). */
const sources = new Map<LazyComponent<object>, string>();

/** A page whose code is fetched when first drawn, from `source` (its path in this package, which `load` imports). */
function view<P extends object>(source: string, load: () => Promise<ComponentType<P>>, name: string): LazyComponent<P> {
  const component = lazyComponent(load, name);
  sources.set(component as LazyComponent<object>, `storefront/src/${source}`);
  return component;
}

// Each page's code is its own chunk: a shopper's first page fetches what it shows, not the whole shop (issue 18).
export const PageView = view('pages/page-view.tsx', () => import('./pages/page-view.tsx').then((m) => m.PageView), 'PageView');
export const ListingView = view(
  'pages/listing-view.tsx',
  () => import('./pages/listing-view.tsx').then((m) => m.ListingView),
  'ListingView',
);
export const ProductView = view(
  'product/product-view.tsx',
  () => import('./product/product-view.tsx').then((m) => m.ProductView),
  'ProductView',
);
export const NotFoundPage = view('pages/notfound.tsx', () => import('./pages/notfound.tsx').then((m) => m.NotFoundPage), 'NotFoundPage');

/** What the catch-all (or home) draws for its data: one of the owner's pages, a listing or a product. */
const viewOf = (data: object): LazyComponent<object> => ('listing' in data ? ListingView : 'product' in data ? ProductView : PageView);

const accountPages = () => import('./pages/account-pages.tsx');
const orderPages = () => import('./pages/order-pages.tsx');

/** Each route's page by the route table's names, its code fetched when a route first shows it. */
export const pages: Record<string, LazyComponent<object>> = {
  cart: view('pages/cart-page.tsx', () => import('./pages/cart-page.tsx').then((m) => m.CartPage), 'CartPage'),
  signin: view('pages/account-pages.tsx', () => accountPages().then((m) => m.SignInPage), 'SignInPage'),
  signup: view('pages/account-pages.tsx', () => accountPages().then((m) => m.SignUpPage), 'SignUpPage'),
  status: view('pages/order-pages.tsx', () => orderPages().then((m) => m.StatusPage), 'StatusPage'),
  account: view('pages/account-pages.tsx', () => accountPages().then((m) => m.AccountPage), 'AccountPage'),
  compare: view('pages/compare.tsx', () => import('./pages/compare.tsx').then((m) => m.ComparePage), 'ComparePage'),
  contact: view('pages/contact.tsx', () => import('./pages/contact.tsx').then((m) => m.ContactPage), 'ContactPage'),
  designs: view('pages/designs.tsx', () => import('./pages/designs.tsx').then((m) => m.DesignsPage), 'DesignsPage'),
  notfound: NotFoundPage,
  wishlist: view('pages/wishlist-page.tsx', () => import('./pages/wishlist-page.tsx').then((m) => m.WishlistPage), 'WishlistPage'),
  orderlist: view('pages/order-pages.tsx', () => orderPages().then((m) => m.OrderListPage), 'OrderListPage'),
  order: view('pages/order-pages.tsx', () => orderPages().then((m) => m.OrderPage), 'OrderPage'),
  maintenance: view('pages/maintenance.tsx', () => import('./pages/maintenance.tsx').then((m) => m.MaintenancePage), 'MaintenancePage'),
  resetpassword: view('pages/account-pages.tsx', () => accountPages().then((m) => m.ResetPasswordPage), 'ResetPasswordPage'),
  changepassword: view('pages/account-pages.tsx', () => accountPages().then((m) => m.ChangePasswordPage), 'ChangePasswordPage'),
  checkout: view('pages/checkout-page.tsx', () => import('./pages/checkout-page.tsx').then((m) => m.CheckoutPage), 'CheckoutPage'),
  forgotpassword: view('pages/account-pages.tsx', () => accountPages().then((m) => m.ForgotPasswordPage), 'ForgotPasswordPage'),
  preview: view('pages/preview.tsx', () => import('./pages/preview.tsx').then((m) => m.PreviewPage), 'PreviewPage'),
  orderdetail: view('pages/order-pages.tsx', () => orderPages().then((m) => m.OrderDetailPage), 'OrderDetailPage'),
};
pages['checkout-id'] = pages['checkout']!;

/** The page a route draws for its data. */
const pageOf = (routeName: string, data: unknown): LazyComponent<object> | undefined =>
  routeName === 'home' || routeName === 'slug' ? viewOf((data ?? {}) as object) : pages[routeName];

/**
 * Fetches the code a route's data will draw: its page and the sections in it. Run by every loader, so neither the
 * server's render nor a shopper's next page waits for code mid-render; the browser runs it before hydrating too.
 */
export function preloadView(routeName: string, data: unknown): Promise<unknown> {
  return Promise.all([pageOf(routeName, data)?.preload(), preloadSections(sectionTypesIn(data))]);
}

/**
 * The modules the app loads to take over a page the server drew with this loader data (by route id): the app, and
 * each route's page and sections, named as the build names them (`scripts/page-code.ts`). The page fetches their
 * files ahead of the shopper's first tap.
 */
export function appSourcesOf(loaderData: Readonly<Record<string, unknown>>): string[] {
  const modules = new Set(['storefront/src/app.tsx']);
  for (const [routeId, data] of Object.entries(loaderData)) {
    const page = pageOf(routeId.split(':')[0]!, data);
    const source = page && sources.get(page);
    if (source) modules.add(source);
    for (const section of sectionSources(sectionTypesIn(data))) modules.add(section);
  }
  return [...modules];
}
