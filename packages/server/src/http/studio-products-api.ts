import type { FastifyInstance } from 'fastify';
import { studioProductEndpoints } from '@vitrine/commerce';
import { ownerActor } from '../shop/stock-ledger.ts';
import { bulkChangeProducts, listProducts, loadStudioProduct, saveProduct } from '../studio/products.ts';
import type { ApiDeps } from './api-deps.ts';
import { registerEndpoints } from './endpoint-routes.ts';

/** The back office's products: `Studio/GetProducts`, `Studio/GetProduct`, `Studio/SaveProduct`, `Studio/BulkProducts`. */
export function registerStudioProductsApi(app: FastifyInstance, deps: ApiDeps): void {
  registerEndpoints(app, deps, studioProductEndpoints, {
    getProducts: async ({ query, store }) => ({
      data: { ...(await listProducts(store, query)), page: query.page, pageSize: query.pageSize },
    }),
    getProduct: async ({ query, store }) => ({ data: { product: await loadStudioProduct(store, query.productId) } }),
    saveProduct: async ({ body, caller: { webId, ownerId }, store }) => ({
      data: { product: await loadStudioProduct(store, await saveProduct(store, webId, body, await ownerActor(store, ownerId))) },
    }),
    bulkProducts: async ({ body, store }) => ({ data: { changed: await bulkChangeProducts(store, body) } }),
  });
}
