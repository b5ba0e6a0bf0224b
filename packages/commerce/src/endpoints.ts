import { z } from 'zod';
import { addressContent, getAddressQuery } from './address.ts';
import {
  addressesAnswer,
  changePasswordAnswer,
  changePasswordRequest,
  checkMaintenancePasswordAnswer,
  checkMaintenancePasswordRequest,
  forgotPasswordAnswer,
  forgotPasswordRequest,
  maintenanceSettings,
  profileAnswer,
  removeAddressRequest,
  resetPasswordRequest,
  saveAddressRequest,
  signInAnswer,
  signInRequest,
  signOutAnswer,
  signOutRequest,
  signUpAnswer,
  signUpRequest,
  updateProfileRequest,
} from './account.ts';
import { addCartItemRequest, cartAnswer, cartCodesQuery, removeCartAddonRequest, removeCartItemRequest, syncCartRequest } from './cart.ts';
import { saveOptionsAnswer, saveOptionsRequest } from './line-options.ts';
import {
  confirmPaymentAnswer,
  confirmPaymentRequest,
  deliveryOptionsAnswer,
  orderAnswer,
  orderCartQuery,
  orderCodeQuery,
  ordersAnswer,
  placeOrderRequest,
  startPaymentAnswer,
  startPaymentRequest,
} from './orders.ts';
import { syncWishlistRequest, wishlistAnswer, wishlistItemRequest } from './wishlist.ts';
import { designsAnswer, getWebInfoAnswer, getWebInfoQuery, refreshBody, tokenPair } from './api.ts';
import { contactRequest, formSubmitRequest, subscribeRequest } from './forms.ts';
import { getListingQuery, listing, suggestAnswer, suggestQuery } from './listing.ts';
import { publishedPage, sectionDataAnswer, sectionDataRequest } from './page.ts';
import {
  compareAnswer,
  compareQuery,
  addReviewRequest,
  getProductQuery,
  getReviewsQuery,
  productDetail,
  reviewsAnswer,
  voteReviewAnswer,
  voteReviewRequest,
} from './product.ts';

/**
 * Every endpoint of the JSON API in one table (`endpoints`, all-endpoints.ts): its method and path, the schemas of its
 * query, body and answer, and who may call it. The server registers its routes from this table (validating requests
 * and answers with these schemas) and the clients of the storefront and the studio call through it, so a request or
 * answer type is never written by hand and a route cannot forget its guard. The shopper's groups are declared here,
 * the studio's in studio-endpoints.ts and the beacons in tracking-endpoints.ts: a shopper's page builds the schemas of
 * the calls it makes, not the studio's.
 */

/**
 * Who may call an endpoint:
 * - `anyone`: no store needed (the health check, the web config by domain);
 * - `visitor`: anyone on a store's domain, which must name a store;
 * - `token`: a holder of the store's bearer token, guest or customer (§7 secure calls);
 * - `customer`: a signed-in, active customer of the store;
 * - `studio-session`: an owner signed in to the studio, whichever store;
 * - `owner`: an owner of the store, signed in to the studio.
 */
export type Caller = 'anyone' | 'visitor' | 'token' | 'customer' | 'studio-session' | 'owner';

/** How a refused request body is answered: the first field at fault (`field`), or every field's message (`fields`, forms). */
export type RefusalStyle = 'field' | 'fields';

export interface Endpoint {
  method: 'GET' | 'POST';
  path: `/api/${string}`;
  caller: Caller;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answer of a success; null for a stream (server-sent events), whose events are declared beside it. */
  answer: z.ZodType | null;
  /** The success status, 200 unless it creates something (201) or only accepts it, to be done shortly (202). */
  status?: 200 | 201 | 202;
  /** The largest body accepted, in bytes (the server's default of 1 MiB when absent); larger is a 413. */
  bodyLimit?: number;
  /** A field's name in messages (§5: the maintenance password is "labelled Password"): "Password is a required field". */
  labels?: Readonly<Record<string, string>>;
  refusal?: RefusalStyle;
}

/** An endpoint as declared: its type kept exact (the groups of the table are built with it). */
export const endpoint = <const E extends Endpoint>(definition: E): E => definition;

/** A success without data of its own. */
const done = z.object({ data: z.object({ ok: z.literal(true) }) });

/** `GET /api/Page/GetPage` query: the page's slug, '' for home. */
export const getPageQuery = z.object({
  Slug: z
    .string()
    .max(200)
    .regex(/^[a-z0-9-/]*$/, 'must be lower-case letters, digits, - and /')
    .default(''),
});

/** `GET /api/Page/GetTemplate` query: the product (3) or listing (4) template a catalogue page is drawn with. */
export const templateQuery = z.object({ PageTypeID: z.coerce.number().int().min(3).max(4) });

/** `GET /api/Page/GetThemeSections` query: the theme being previewed (`wtid`), 0 for the store's own. */
export const themeSectionsQuery = z.object({ WebThemeID: z.coerce.number().int().min(0).default(0) });

/** A dynamic form may carry files (each at most 2 MB, sent as base64), so its body may be larger than others. */
export const FORM_BODY_LIMIT_BYTES = 12 * 1024 * 1024;

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

/** Tokens and customer accounts (§3.4, §5, §7). */
export const authEndpoints = {
  refresh: endpoint({
    method: 'POST',
    path: '/api/Auth/refresh',
    caller: 'visitor',
    body: refreshBody,
    answer: z.object({ tokens: tokenPair }),
  }),
  session: endpoint({
    method: 'GET',
    path: '/api/Auth/Session',
    caller: 'token',
    answer: z.object({
      data: z.object({ userId: z.string(), webId: z.number().int(), isGuest: z.boolean(), expiresAt: z.number().int() }),
    }),
  }),
  signUp: endpoint({ method: 'POST', path: '/api/Auth/SignUp', caller: 'visitor', body: signUpRequest, answer: signUpAnswer, status: 201 }),
  signIn: endpoint({ method: 'POST', path: '/api/Auth/SignIn', caller: 'visitor', body: signInRequest, answer: signInAnswer }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/api/Auth/ForgotPassword',
    caller: 'visitor',
    body: forgotPasswordRequest,
    answer: forgotPasswordAnswer,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/Auth/ResetPassword',
    caller: 'visitor',
    body: resetPasswordRequest,
    answer: z.object({ data: z.object({ reset: z.literal(true) }) }),
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/Auth/ChangePassword',
    caller: 'customer',
    body: changePasswordRequest,
    answer: changePasswordAnswer,
  }),
  signOut: endpoint({ method: 'POST', path: '/api/Auth/SignOut', caller: 'token', body: signOutRequest, answer: signOutAnswer }),
};

/** A signed-in customer's own account (§2.1, §3.4). */
export const accountEndpoints = {
  getProfile: endpoint({ method: 'GET', path: '/api/Account/GetProfile', caller: 'customer', answer: profileAnswer }),
  updateProfile: endpoint({
    method: 'POST',
    path: '/api/Account/UpdateProfile',
    caller: 'customer',
    body: updateProfileRequest,
    answer: profileAnswer,
  }),
  saveAddress: endpoint({
    method: 'POST',
    path: '/api/Account/SaveAddress',
    caller: 'customer',
    body: saveAddressRequest,
    answer: addressesAnswer,
  }),
  removeAddress: endpoint({
    method: 'POST',
    path: '/api/Account/RemoveAddress',
    caller: 'customer',
    body: removeAddressRequest,
    answer: addressesAnswer,
  }),
};

/** Published pages and what their sections load (§3.9, §7). */
export const pageEndpoints = {
  getAddress: endpoint({
    method: 'GET',
    path: '/api/Page/GetAddress',
    caller: 'visitor',
    query: getAddressQuery,
    answer: z.object({ data: addressContent }),
  }),
  getPage: endpoint({
    method: 'GET',
    path: '/api/Page/GetPage',
    caller: 'visitor',
    query: getPageQuery,
    answer: z.object({ data: publishedPage }),
  }),
  getSectionData: endpoint({
    method: 'POST',
    path: '/api/Page/GetSectionData',
    caller: 'visitor',
    body: sectionDataRequest,
    answer: sectionDataAnswer,
  }),
  getThemeSections: endpoint({
    method: 'GET',
    path: '/api/Page/GetThemeSections',
    caller: 'visitor',
    query: themeSectionsQuery,
    answer: sectionDataAnswer,
  }),
  /** A catalogue page's template, with its sections' data (the listing area's is the listing, loaded apart). */
  getTemplate: endpoint({
    method: 'GET',
    path: '/api/Page/GetTemplate',
    caller: 'visitor',
    query: templateQuery,
    answer: z.object({ data: publishedPage }),
  }),
};

/** The catalogue a shopper browses: listings with their facets, and the header search's suggestions (§2.3). */
export const catalogueEndpoints = {
  getProducts: endpoint({
    method: 'GET',
    path: '/api/Product/GetProducts',
    caller: 'visitor',
    query: getListingQuery,
    answer: z.object({ data: listing }),
  }),
  suggest: endpoint({ method: 'GET', path: '/api/Product/Suggest', caller: 'visitor', query: suggestQuery, answer: suggestAnswer }),
  compare: endpoint({ method: 'GET', path: '/api/Product/Compare', caller: 'visitor', query: compareQuery, answer: compareAnswer }),
  getProduct: endpoint({
    method: 'GET',
    path: '/api/Product/GetProduct',
    caller: 'visitor',
    query: getProductQuery,
    answer: z.object({ data: productDetail }),
  }),
};

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

/**
 * Checkout and orders (§2.1, §4). PlaceOrder prices the lines again, takes their stock and writes the order in one
 * transaction, once per checkout (its idempotency key). An order is read by its unguessable code (the confirmation page,
 * `/status`); a customer lists their own. A card is paid on the payment provider's page: StartPayment sends the shopper
 * there, ConfirmPayment records what the provider says became of it when they are back.
 */
export const orderEndpoints = {
  getCheckoutOptions: endpoint({ method: 'GET', path: '/api/Order/GetCheckoutOptions', caller: 'visitor', answer: deliveryOptionsAnswer }),
  placeOrder: endpoint({ method: 'POST', path: '/api/Order/PlaceOrder', caller: 'token', body: placeOrderRequest, answer: orderAnswer }),
  getOrder: endpoint({ method: 'GET', path: '/api/Order/GetOrder', caller: 'visitor', query: orderCodeQuery, answer: orderAnswer }),
  getOrders: endpoint({ method: 'GET', path: '/api/Order/GetOrders', caller: 'customer', answer: ordersAnswer }),
  startPayment: endpoint({
    method: 'POST',
    path: '/api/Order/StartPayment',
    caller: 'token',
    body: startPaymentRequest,
    answer: startPaymentAnswer,
  }),
  confirmPayment: endpoint({
    method: 'POST',
    path: '/api/Order/ConfirmPayment',
    caller: 'token',
    body: confirmPaymentRequest,
    answer: confirmPaymentAnswer,
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

/** Reviews (§3.15): anyone reads them; a signed-in customer writes one per product and finds others helpful once. */
export const reviewEndpoints = {
  getReviews: endpoint({ method: 'GET', path: '/api/Product/GetReviews', caller: 'token', query: getReviewsQuery, answer: reviewsAnswer }),
  addReview: endpoint({
    method: 'POST',
    path: '/api/Product/AddReview',
    caller: 'customer',
    body: addReviewRequest,
    answer: reviewsAnswer,
    status: 201,
  }),
  voteReview: endpoint({
    method: 'POST',
    path: '/api/Product/VoteReview',
    caller: 'customer',
    body: voteReviewRequest,
    answer: voteReviewAnswer,
  }),
};

/** What the sections' forms send (§3.9, §5); a refusal names every field at fault. */
export const formEndpoints = {
  submitForm: endpoint({
    method: 'POST',
    path: '/api/Form/Submit',
    caller: 'visitor',
    body: formSubmitRequest,
    answer: done,
    bodyLimit: FORM_BODY_LIMIT_BYTES,
    refusal: 'fields',
  }),
  sendContact: endpoint({
    method: 'POST',
    path: '/api/Contact/Send',
    caller: 'visitor',
    body: contactRequest,
    answer: done,
    refusal: 'fields',
  }),
  subscribe: endpoint({
    method: 'POST',
    path: '/api/Form/Subscribe',
    caller: 'visitor',
    body: subscribeRequest,
    answer: done,
    refusal: 'fields',
  }),
};

/** The groups of the API, each a map of endpoint name to endpoint. */
export type EndpointGroup = Readonly<Record<string, Endpoint>>;

/** What a caller sends: the query's and the body's input types (absent parts are never sent). */
export type EndpointInput<E extends Endpoint> = (E['query'] extends z.ZodType ? { query: z.input<E['query']> } : { query?: never }) &
  (E['body'] extends z.ZodType ? { body: z.input<E['body']> } : { body?: never });

/** What a success answers. */
export type EndpointAnswer<E extends Endpoint> = E['answer'] extends z.ZodType ? z.output<E['answer']> : never;
