import type { FastifyInstance } from 'fastify';
import { studioCatalogueEndpoints } from '@vitrine/commerce';
import { findProducts, loadCatalogueChoices } from '../studio/catalogue-choices.ts';
import type { ApiDeps } from './api-deps.ts';
import { registerEndpoints } from './endpoint-routes.ts';

/** `Studio/GetCatalogueChoices` and `Studio/FindProducts`: what the section settings' category, brand and product pickers offer. */
export function registerStudioCatalogueApi(app: FastifyInstance, deps: ApiDeps): void {
  registerEndpoints(app, deps, studioCatalogueEndpoints, {
    getCatalogueChoices: async ({ caller: { webId }, store }) => ({ data: await loadCatalogueChoices(store, webId) }),
    findProducts: async ({ caller: { webId }, store, query }) => ({ data: { products: await findProducts(store, webId, query) } }),
  });
}
