import type { FastifyInstance } from 'fastify';
import { CONSENT_COOKIE, TRACKING_COOKIES, orderEndpoints } from '@vitrine/commerce';
import { checkoutOptions, customerOrders, orderShownTo, placeOrder } from '../shop/orders.ts';
import { confirmPayment, startPayment } from '../shop/payments.ts';
import type { ApiDeps } from './api-deps.ts';
import { registerEndpoints } from './endpoint-routes.ts';
import { customerIdOf, requireCustomer } from './principals.ts';
import { sessionCookieCustomer } from './session-cookie.ts';

/** Checkout and orders (§2.1, §4): the store's checkout options, placing an order, paying it by card, and reading orders. */
export function registerOrderApi(app: FastifyInstance, deps: ApiDeps): void {
  registerEndpoints(app, deps, orderEndpoints, {
    getCheckoutOptions: async ({ store }) => ({ data: await checkoutOptions(store) }),
    placeOrder: async ({ body, caller, request, store }) => {
      const customerId = await customerIdOf({ db: deps.everyStore, tokens: deps.tokens }, caller.claims, request);
      const order = await placeOrder(
        store,
        caller.webId,
        customerId,
        body,
        deps.mailer,
        (details, message) => request.log.warn(details, message),
        {
          outbox: deps.conversions,
          customer: {
            ip: request.ip,
            userAgent: request.headers['user-agent'],
            fbp: request.cookies['_fbp'],
            fbc: request.cookies['_fbc'],
            externalId: request.cookies['vt_vid'],
          },
          consent: request.cookies[CONSENT_COOKIE],
          pageUrl: `${request.protocol}://${request.host}/checkout`,
          trackingSession: request.cookies[TRACKING_COOKIES.session.name],
        },
      );
      return { data: { order } };
    },
    getOrder: async ({ caller, query, request, store }) => {
      // The signed-in customer, when the request has one (a guest's token, or none, proves nothing). The shopper's
      // app calls this without a token (anyone may ask an order's status), so its session cookie counts too.
      const customerId = async () => {
        if (!request.headers.authorization) return sessionCookieCustomer(deps.tokens, request, caller.webId);
        try {
          return (await requireCustomer({ db: deps.everyStore, tokens: deps.tokens }, request)).customerId;
        } catch {
          return null;
        }
      };
      return { data: { order: await orderShownTo(store, query.OrderCode, { email: query.Email, customerId }) } };
    },
    getOrders: async ({ caller, store }) => ({ data: { orders: await customerOrders(store, caller.customerId) } }),
    startPayment: async ({ body, caller, request, store }) => {
      // The provider sends the shopper back to the order's page on this store, which confirms the payment.
      const returnUrl = `${request.protocol}://${request.host}/order/${body.orderCode}`;
      return { data: await startPayment(store, caller.webId, deps.payments, body.orderCode, returnUrl) };
    },
    confirmPayment: async ({ body, caller, store }) => ({
      data: await confirmPayment(store, caller.webId, deps.payments, body.orderCode, body.paymentId),
    }),
  });
}
