import type { FastifyInstance } from 'fastify';
import { studioInventoryEndpoints } from '@vitrine/commerce';
import { listInventory, listStockMovements, saveStockSettings, setStock } from '../studio/inventory.ts';
import { lowStockThreshold } from '../studio/products.ts';
import type { ApiDeps } from './api-deps.ts';
import { registerEndpoints } from './endpoint-routes.ts';

/**
 * The back office's stock: `Studio/GetInventory`, `Studio/SetStock`, `Studio/GetStockMovements`,
 * `Studio/GetStockSettings`, `Studio/SaveStockSettings`.
 */
export function registerStudioInventoryApi(app: FastifyInstance, deps: ApiDeps): void {
  registerEndpoints(app, deps, studioInventoryEndpoints, {
    getInventory: async ({ query, store }) => ({
      data: { ...(await listInventory(store, query)), page: query.page, pageSize: query.pageSize },
    }),
    setStock: async ({ body, caller, store }) => ({ data: { items: await setStock(store, caller, body) } }),
    getStockMovements: async ({ query, store }) => ({
      data: { ...(await listStockMovements(store, query)), page: query.page, pageSize: query.pageSize },
    }),
    getStockSettings: async ({ store }) => ({ data: { lowStockThreshold: await lowStockThreshold(store) } }),
    saveStockSettings: async ({ body, store }) => ({ data: { lowStockThreshold: await saveStockSettings(store, body) } }),
  });
}
