import type { FastifyInstance } from 'fastify';
import { studioBrandEndpoints } from '@vitrine/commerce';
import { deleteBrand, listBrands, saveBrand } from '../studio/brands.ts';
import type { ApiDeps } from './api-deps.ts';
import { registerEndpoints } from './endpoint-routes.ts';

/** The back office's brands: `Studio/GetBrands`, `Studio/SaveBrand`, `Studio/DeleteBrand`. */
export function registerStudioBrandsApi(app: FastifyInstance, deps: ApiDeps): void {
  registerEndpoints(app, deps, studioBrandEndpoints, {
    getBrands: async ({ store }) => ({ data: { brands: await listBrands(store) } }),
    saveBrand: async ({ body, caller: { webId }, store }) => {
      const id = await saveBrand(store, webId, body);
      return { data: { brand: (await listBrands(store)).find((brand) => brand.id === id)! } };
    },
    deleteBrand: async ({ body, store }) => {
      await deleteBrand(store, body);
      return { data: { brands: await listBrands(store) } };
    },
  });
}
