import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { refreshEndpoint } from './endpoints.ts';
import {
  addressesAnswer,
  changePasswordAnswer,
  changePasswordRequest,
  forgotPasswordAnswer,
  forgotPasswordRequest,
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
import {
  confirmPaymentAnswer,
  confirmPaymentRequest,
  deliveryOptionsAnswer,
  orderAnswer,
  orderQuery,
  ordersAnswer,
  placeOrderRequest,
  startPaymentAnswer,
  startPaymentRequest,
} from './orders.ts';

/**
 * A customer's own calls (§2.1, §3.4, §4): signing in and out, the account, checkout and orders. Apart from
 * endpoints.ts so that a page builds these schemas only once it opens a page that makes them.
 */

/** Tokens and customer accounts (§3.4, §5, §7). */
export const authEndpoints = {
  refresh: refreshEndpoint,
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

/**
 * Checkout and orders (§2.1, §4). PlaceOrder prices the lines again, takes their stock and writes the order in one
 * transaction, once per checkout (its idempotency key). An order is read by its unguessable code (the confirmation page,
 * `/status`); a customer lists their own. A card is paid on the payment provider's page: StartPayment sends the shopper
 * there, ConfirmPayment records what the provider says became of it when they are back.
 */
export const orderEndpoints = {
  getCheckoutOptions: endpoint({ method: 'GET', path: '/api/Order/GetCheckoutOptions', caller: 'visitor', answer: deliveryOptionsAnswer }),
  placeOrder: endpoint({ method: 'POST', path: '/api/Order/PlaceOrder', caller: 'token', body: placeOrderRequest, answer: orderAnswer }),
  getOrder: endpoint({ method: 'GET', path: '/api/Order/GetOrder', caller: 'visitor', query: orderQuery, answer: orderAnswer }),
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
