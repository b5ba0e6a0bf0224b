import type { FastifyInstance } from 'fastify';
import { wishlistEndpoints } from '@vitrine/commerce';
import { addToWishlist, removeFromWishlist, wishlistOf } from '../shop/wishlist.ts';
import type { ApiDeps } from './api-deps.ts';
import { registerEndpoints } from './endpoint-routes.ts';

/** The wishlist calls (§3.4): a signed-in customer's hearts. */
export function registerWishlistApi(app: FastifyInstance, deps: ApiDeps): void {
  registerEndpoints(app, deps, wishlistEndpoints, {
    getWishlist: ({ caller, store }) => wishlistOf(store, caller.customerId),
    addItem: ({ body, caller, store }) => addToWishlist(store, caller.webId, caller.customerId, [body.ProductID]),
    removeItem: ({ body, caller, store }) => removeFromWishlist(store, caller.customerId, body.ProductID),
    sync: ({ body, caller, store }) => addToWishlist(store, caller.webId, caller.customerId, body.ProductIDs),
  });
}
