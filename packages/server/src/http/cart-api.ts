import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cartEndpoints, type AccessTokenPayload } from '@vitrine/commerce';
import { addCartItem, customerCart, priceCodes, removeCartAddon, removeCartItem, syncCart } from '../shop/cart.ts';
import { saveOptions } from '../shop/line-options.ts';
import { orderCart } from '../shop/payments.ts';
import type { ApiDeps } from './api-deps.ts';
import { registerEndpoints } from './endpoint-routes.ts';
import { customerIdOf } from './principals.ts';

/**
 * The /Cart calls of §7. GetCart and AddCartItem take any token: a guest's prices the codes the browser holds, a
 * customer's (checked as every customer call is) reads and changes the cart saved on the server.
 */
export function registerCartApi(app: FastifyInstance, deps: ApiDeps): void {
  const customerOf = (claims: AccessTokenPayload, request: FastifyRequest) =>
    customerIdOf({ db: deps.everyStore, tokens: deps.tokens }, claims, request);

  registerEndpoints(app, deps, cartEndpoints, {
    getCart: async ({ query, caller, request, store }) => {
      const customerId = await customerOf(caller.claims, request);
      return customerId === null ? priceCodes(store, query.CartCodes) : customerCart(store, customerId);
    },
    getBuyCart: ({ query, store }) => priceCodes(store, query.CartCodes.slice(0, 1)),
    getOrderCart: ({ query, store }) => orderCart(store, query.CartCodes),
    saveOptions: async ({ body, caller, store }) => ({ data: await saveOptions(store, caller.webId, body.ProductID, body.Options) }),
    syncCart: ({ body, caller, store }) => syncCart(store, caller.webId, caller.customerId, body.CartCodes),
    addCartItem: async ({ body, caller, request, store }) => {
      const customerId = await customerOf(caller.claims, request);
      return customerId === null
        ? priceCodes(store, body.CartCodes, body.CartCode)
        : addCartItem(store, caller.webId, customerId, body.CartCode, body.CartItemID);
    },
    removeCartItem: ({ body, caller, store }) => removeCartItem(store, caller.webId, caller.customerId, body.CartItemID),
    removeCartAddon: ({ body, caller, store }) =>
      removeCartAddon(store, caller.webId, caller.customerId, body.CartItemID, body.CartAddonID),
  });
}
