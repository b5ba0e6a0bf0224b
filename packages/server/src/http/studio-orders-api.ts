import type { FastifyInstance } from 'fastify';
import { studioOrderEndpoints } from '@vitrine/commerce';
import { orderByCode } from '../shop/orders.ts';
import { listStoreOrders, setOrderStatus } from '../studio/orders.ts';
import type { ApiDeps } from './api-deps.ts';
import { registerEndpoints } from './endpoint-routes.ts';

/** The store's orders in the studio, for its owner. */
export function registerStudioOrdersApi(app: FastifyInstance, deps: ApiDeps): void {
  registerEndpoints(app, deps, studioOrderEndpoints, {
    getOrders: async ({ query, store }) => ({ data: await listStoreOrders(store, query) }),
    getOrder: async ({ query, store }) => ({ data: { order: await orderByCode(store, query.OrderCode) } }),
    setOrderStatus: async ({ body, caller, store }) => ({ data: { order: await setOrderStatus(store, caller, body) } }),
  });
}
