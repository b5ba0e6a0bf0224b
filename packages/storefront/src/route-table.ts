import { parseCartCode } from '@vitrine/commerce';

/**
 * The route table of §2.1: every path the shopper app answers, with its layout, entry check, internal name, title
 * and robots rule (§2.7). The React routes are built from this table, and the tests walk it.
 */

export type Layout = 'checkout' | 'default' | 'dynamic' | 'editor' | 'preview' | 'public';

/** Entry checks by name; a route naming any other raises an error when the routes are built (§8). */
export type MiddlewareName = 'signed-in' | 'checkout';

export interface RouteSpec {
  /** The path below `/`, in React Router syntax ('' is home, '*' the catch-all slug). */
  path: string;
  layout: Layout;
  /** The internal route name (§2.1), where the specification gives one; titles derive from it. */
  name: string;
  middleware?: readonly string[];
  /** Checks the URL's parameters; when it fails the answer is 404 "Page Not Found: {path}". */
  validate?: (params: Record<string, string | undefined>) => boolean;
  /** Rendered only in the browser: the server sends the empty layout. */
  clientOnly?: boolean;
}

const orderCode = /^[A-Za-z0-9-]{4,40}$/;

export const routeTable: readonly RouteSpec[] = [
  { path: '', layout: 'dynamic', name: 'home' },
  { path: 'cart', layout: 'default', name: 'cart' },
  { path: 'editor', layout: 'editor', name: 'editor' },
  { path: 'signin', layout: 'default', name: 'signin' },
  { path: 'signup', layout: 'default', name: 'signup' },
  { path: 'status', layout: 'default', name: 'status' },
  { path: 'account', layout: 'default', name: 'account', middleware: ['signed-in'] },
  { path: 'compare', layout: 'default', name: 'compare' },
  { path: 'contact', layout: 'default', name: 'contact' },
  { path: 'designs', layout: 'default', name: 'designs' },
  { path: 'notfound', layout: 'default', name: 'notfound' },
  { path: 'wishlist', layout: 'default', name: 'wishlist', middleware: ['signed-in'] },
  { path: 'orderlist', layout: 'default', name: 'orderlist', middleware: ['signed-in'] },
  { path: 'order/:id', layout: 'default', name: 'order', validate: (p) => orderCode.test(p['id'] ?? '') },
  { path: 'maintenance', layout: 'public', name: 'maintenance' },
  { path: 'resetpassword', layout: 'default', name: 'resetpassword' },
  { path: 'changepassword', layout: 'default', name: 'changepassword', middleware: ['signed-in'] },
  { path: 'checkout', layout: 'checkout', name: 'checkout', middleware: ['checkout'] },
  { path: 'forgotpassword', layout: 'default', name: 'forgotpassword' },
  { path: 'preview', layout: 'preview', name: 'preview', clientOnly: true },
  {
    path: 'orderdetail/:id',
    layout: 'default',
    name: 'orderdetail',
    middleware: ['signed-in'],
    // Orders are named by their codes (16 letters and digits), as /order/{id} names them.
    validate: (p) => orderCode.test(p['id'] ?? ''),
  },
  {
    path: 'checkout/bn/:cartcode',
    layout: 'checkout',
    name: 'checkout-id',
    middleware: ['checkout'],
    // Any code GetBuyCart reads: four parts, or five when the line carries its chosen options (the options' id).
    validate: (p) => parseCartCode(p['cartcode'] ?? '') !== null,
  },
  {
    path: 'checkout/oc/:ordercode',
    layout: 'checkout',
    name: 'checkout-id',
    middleware: ['checkout'],
    validate: (p) => orderCode.test(p['ordercode'] ?? ''),
  },
  { path: '*', layout: 'dynamic', name: 'slug' },
];

/** Titles the specification fixes (§2.7); every other route's title is its name, capitalised, hyphens as spaces. */
const fixedTitles: Record<string, string> = {
  forgotpassword: 'Forgot Password',
  resetpassword: 'Reset Password',
  changepassword: 'Change Password',
  orderlist: 'Order List',
  orderdetail: 'Order Detail',
};

/** The title of a route by its name (§2.7), before the store title is added. */
export function routeTitle(name: string): string {
  return (
    fixedTitles[name] ??
    name
      .split('-')
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ')
  );
}

/**
 * Routes kept out of search indexes by their robots meta only: robots.txt disallows by prefix, and `/order` or
 * `/status` there would also keep out a catalogue page whose address starts so.
 */
const metaOnlyNoIndex: readonly string[] = ['order', 'status'];

/** The routes marked noindex, nofollow (§2.7); every other route may be indexed. */
export const noIndexRoutes: ReadonlySet<string> = new Set([
  'maintenance',
  // Not in §2.7's list, but a page that says "not found" is no page for a search index.
  'notfound',
  'cart',
  'wishlist',
  'checkout',
  'checkout-id',
  'account',
  'editor',
  'preview',
  'changepassword',
  'orderlist',
  'orderdetail',
  // Not in §2.7's list either: an order's page and its status show a shopper's address and contact to whoever holds
  // the code, and nothing in them is for a search index.
  ...metaOnlyNoIndex,
]);

/**
 * What a store's robots.txt keeps crawlers out of: every noindex route (§2.7) by the start of its path, search
 * results, and the API.
 */
export function crawlerDisallowedPaths(): string[] {
  const paths = routeTable
    .filter((spec) => noIndexRoutes.has(spec.name) && !metaOnlyNoIndex.includes(spec.name))
    .map((spec) => `/${spec.path.split('/:')[0]!.replace(/\/\*$/, '')}`);
  return [...new Set([...paths, '/search', '/api/'])].sort();
}

/**
 * The paths the route table itself answers, from the root in React Router's syntax (`/`, `/cart`, `/order/:id`):
 * every route but the catch-all slug, and the sources of its own rules below. An owner's redirect rule may not take one
 * over (§2.1), since it would apply before the route.
 */
export function ownRoutePaths(): string[] {
  return [
    ...routeTable.filter((spec) => spec.path !== '*').map((spec) => `/${spec.path}`),
    ...redirectRules.map((rule) => `/${rule.from}`),
  ];
}

/** Route rules that send a path elsewhere: inside the app, or to an external address. */
export const redirectRules: readonly { from: string; to: string }[] = [
  { from: 'home', to: '/' },
  { from: 'index.html', to: '/' },
  { from: 'login', to: '/signin' },
  { from: 'register', to: '/signup' },
];
