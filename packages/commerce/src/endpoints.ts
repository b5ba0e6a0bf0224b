import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { checkMaintenancePasswordAnswer, checkMaintenancePasswordRequest, maintenanceSettings } from './maintenance.ts';
import {
  addCartItemRequest,
  cartAnswer,
  cartCodesQuery,
  orderCartQuery,
  removeCartAddonRequest,
  removeCartItemRequest,
  syncCartRequest,
} from './cart.ts';
import { saveOptionsAnswer, saveOptionsRequest } from './line-options.ts';
import { syncWishlistRequest, wishlistAnswer, wishlistItemRequest } from './wishlist.ts';
import { designsAnswer, getWebInfoAnswer, getWebInfoQuery, refreshBody, tokenPair } from './api.ts';

/**
 * Every endpoint of the JSON API in one table (`endpoints`, all-endpoints.ts): its method and path, the schemas of its
 * query, body and answer, and who may call it. The server registers its routes from this table (validating requests
 * and answers with these schemas) and the clients of the storefront and the studio call through it, so a request or
 * answer type is never written by hand and a route cannot forget its guard.
 *
 * The groups are split by when a shopper's page calls them. Here, what any page may call at once: the store, its
 * maintenance flag, tokens, the cart and the wishlist. The pages and the catalogue are in catalogue-endpoints.ts and the
 * forms in form-endpoints.ts, which the shopper app imports when it first calls them (the first page's data is in the
 * page); a customer's own calls (accounts, orders) in customer-endpoints.ts, reviews in review-endpoints.ts, marketing's in
 * marketing-endpoints.ts, the studio's in studio-endpoints.ts and the beacons in tracking-endpoints.ts. The package has no side effects, so a
 * module no page imports is left out of its chunks, and a shopper's first page builds only the schemas of the calls it
 * can make.
 */

/**
 * §7's latest-build file: `{ "buildId": … }`, the build the server runs now, never kept by a cache. A page's build
 * check reads it (1 s after the app starts, §9's manifest fetch delay, then every hour, §4); `getBuild` answers the
 * same id as the API's build metadata.
 */
export const LATEST_BUILD_FILE = '/_build/latest.json';

/** The store itself: its config and the build its pages run (§3.2, §4, §7). */
export const webEndpoints = {
  health: endpoint({ method: 'GET', path: '/api/health', caller: 'anyone', answer: z.object({ status: z.literal('ok') }) }),
  getWebInfo: endpoint({ method: 'GET', path: '/api/Web/GetWebInfo', caller: 'anyone', query: getWebInfoQuery, answer: getWebInfoAnswer }),
  getDesigns: endpoint({ method: 'GET', path: '/api/Web/GetDesigns', caller: 'visitor', answer: designsAnswer }),
  getBuild: endpoint({
    method: 'GET',
    path: '/api/Web/Build',
    caller: 'anyone',
    answer: z.object({ data: z.object({ buildId: z.string() }) }),
  }),
};

/** The maintenance page and its live flag (§2.4, §3.11, §4). */
export const maintenanceEndpoints = {
  getMaintenanceModeSettings: endpoint({
    method: 'GET',
    path: '/api/Web/GetMaintenanceModeSettings',
    caller: 'visitor',
    answer: z.object({ data: maintenanceSettings }),
  }),
  checkMaintenanceModePassword: endpoint({
    method: 'POST',
    path: '/api/Web/CheckMaintenanceModePassword',
    caller: 'visitor',
    body: checkMaintenancePasswordRequest,
    answer: checkMaintenancePasswordAnswer,
    labels: { password: 'Password' },
  }),
  /** Server-sent events named `MAINTENANCE_EVENT`, each carrying a `maintenanceEvent`. */
  maintenanceStream: endpoint({ method: 'GET', path: '/api/Web/MaintenanceStream', caller: 'visitor', answer: null }),
};

/** Renews a visitor's tokens (§7): every page's API client may need it, so it is declared apart from the accounts. */
export const refreshEndpoint = endpoint({
  method: 'POST',
  path: '/api/Auth/refresh',
  caller: 'visitor',
  body: refreshBody,
  answer: z.object({ tokens: tokenPair }),
});

/**
 * The cart (§3.5–§3.7, §7). A guest's cart lives in the browser: GetCart and AddCartItem price the codes it sends and
 * say what changed. A customer's lives on the server: GetCart reads it, SyncCart adds the lines not yet saved (and so
 * merges a guest's cart at sign-in), AddCartItem adds one or sets a saved line's quantity, and the removals answer the
 * cart that is left. GetBuyCart prices one buy-now code without touching either cart; SaveOptions keeps the product
 * options chosen for a line and answers the id its code carries; GetOrderCart answers an unpaid order's lines, as they
 * were ordered, for paying it.
 */
export const cartEndpoints = {
  getCart: endpoint({ method: 'GET', path: '/api/Cart/GetCart', caller: 'token', query: cartCodesQuery, answer: cartAnswer }),
  getBuyCart: endpoint({ method: 'GET', path: '/api/Cart/GetBuyCart', caller: 'token', query: cartCodesQuery, answer: cartAnswer }),
  getOrderCart: endpoint({ method: 'GET', path: '/api/Cart/GetOrderCart', caller: 'token', query: orderCartQuery, answer: cartAnswer }),
  syncCart: endpoint({ method: 'POST', path: '/api/Cart/SyncCart', caller: 'customer', body: syncCartRequest, answer: cartAnswer }),
  addCartItem: endpoint({ method: 'POST', path: '/api/Cart/AddCartItem', caller: 'token', body: addCartItemRequest, answer: cartAnswer }),
  removeCartItem: endpoint({
    method: 'POST',
    path: '/api/Cart/RemoveCartItem',
    caller: 'customer',
    body: removeCartItemRequest,
    answer: cartAnswer,
  }),
  removeCartAddon: endpoint({
    method: 'POST',
    path: '/api/Cart/RemoveCartAddon',
    caller: 'customer',
    body: removeCartAddonRequest,
    answer: cartAnswer,
  }),
  saveOptions: endpoint({
    method: 'POST',
    path: '/api/Cart/SaveOptions',
    caller: 'token',
    body: saveOptionsRequest,
    answer: saveOptionsAnswer,
  }),
};

/** The wishlist (§3.4, §4): a signed-in customer's hearts; a guest's stay in the browser and join at sign-in (Sync). */
export const wishlistEndpoints = {
  getWishlist: endpoint({ method: 'GET', path: '/api/Wishlist/GetWishlist', caller: 'customer', answer: wishlistAnswer }),
  addItem: endpoint({
    method: 'POST',
    path: '/api/Wishlist/AddItem',
    caller: 'customer',
    body: wishlistItemRequest,
    answer: wishlistAnswer,
  }),
  removeItem: endpoint({
    method: 'POST',
    path: '/api/Wishlist/RemoveItem',
    caller: 'customer',
    body: wishlistItemRequest,
    answer: wishlistAnswer,
  }),
  sync: endpoint({ method: 'POST', path: '/api/Wishlist/Sync', caller: 'customer', body: syncWishlistRequest, answer: wishlistAnswer }),
};
