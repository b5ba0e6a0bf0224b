import { lazyComponent, type LazyComponent } from '@vitrine/renderer';
import { preloadSections } from '@vitrine/sections';
import { sectionTypesIn } from './section-types.ts';

// Each page's code is its own chunk: a shopper's first page fetches what it shows, not the whole shop (issue 18).
export const PageView = lazyComponent(() => import('./pages/page-view.tsx').then((m) => m.PageView), 'PageView');
export const ListingView = lazyComponent(() => import('./pages/listing-view.tsx').then((m) => m.ListingView), 'ListingView');
export const ProductView = lazyComponent(() => import('./product/product-view.tsx').then((m) => m.ProductView), 'ProductView');
export const NotFoundPage = lazyComponent(() => import('./pages/notfound.tsx').then((m) => m.NotFoundPage), 'NotFoundPage');

/** What the catch-all (or home) draws for its data: one of the owner's pages, a listing or a product. */
const viewOf = (data: object): LazyComponent<object> => ('listing' in data ? ListingView : 'product' in data ? ProductView : PageView);

const accountPages = () => import('./pages/account-pages.tsx');
const orderPages = () => import('./pages/order-pages.tsx');

/** Each route's page by the route table's names, its code fetched when a route first shows it. */
export const pages: Record<string, LazyComponent<object>> = {
  cart: lazyComponent(() => import('./pages/cart-page.tsx').then((m) => m.CartPage), 'CartPage'),
  signin: lazyComponent(() => accountPages().then((m) => m.SignInPage), 'SignInPage'),
  signup: lazyComponent(() => accountPages().then((m) => m.SignUpPage), 'SignUpPage'),
  status: lazyComponent(() => orderPages().then((m) => m.StatusPage), 'StatusPage'),
  account: lazyComponent(() => accountPages().then((m) => m.AccountPage), 'AccountPage'),
  compare: lazyComponent(() => import('./pages/compare.tsx').then((m) => m.ComparePage), 'ComparePage'),
  contact: lazyComponent(() => import('./pages/contact.tsx').then((m) => m.ContactPage), 'ContactPage'),
  designs: lazyComponent(() => import('./pages/designs.tsx').then((m) => m.DesignsPage), 'DesignsPage'),
  notfound: NotFoundPage,
  wishlist: lazyComponent(() => import('./pages/wishlist-page.tsx').then((m) => m.WishlistPage), 'WishlistPage'),
  orderlist: lazyComponent(() => orderPages().then((m) => m.OrderListPage), 'OrderListPage'),
  order: lazyComponent(() => orderPages().then((m) => m.OrderPage), 'OrderPage'),
  maintenance: lazyComponent(() => import('./pages/maintenance.tsx').then((m) => m.MaintenancePage), 'MaintenancePage'),
  resetpassword: lazyComponent(() => accountPages().then((m) => m.ResetPasswordPage), 'ResetPasswordPage'),
  changepassword: lazyComponent(() => accountPages().then((m) => m.ChangePasswordPage), 'ChangePasswordPage'),
  checkout: lazyComponent(() => import('./pages/checkout-page.tsx').then((m) => m.CheckoutPage), 'CheckoutPage'),
  forgotpassword: lazyComponent(() => accountPages().then((m) => m.ForgotPasswordPage), 'ForgotPasswordPage'),
  preview: lazyComponent(() => import('./pages/preview.tsx').then((m) => m.PreviewPage), 'PreviewPage'),
  orderdetail: lazyComponent(() => orderPages().then((m) => m.OrderDetailPage), 'OrderDetailPage'),
};
pages['checkout-id'] = pages['checkout']!;

/**
 * Fetches the code a route's data will draw: its page and the sections in it. Run by every loader, so neither the
 * server's render nor a shopper's next page waits for code mid-render; the browser runs it before hydrating too.
 */
export function preloadView(routeName: string, data: unknown): Promise<unknown> {
  const page = routeName === 'home' || routeName === 'slug' ? viewOf((data ?? {}) as object) : pages[routeName];
  return Promise.all([page?.preload(), preloadSections(sectionTypesIn(data))]);
}
