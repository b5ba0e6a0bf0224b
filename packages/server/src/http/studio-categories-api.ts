import type { FastifyInstance } from 'fastify';
import { studioCategoryEndpoints } from '@vitrine/commerce';
import { deleteCategory, listCategories, moveCategory, reorderCategories, saveCategory } from '../studio/categories.ts';
import type { ApiDeps } from './api-deps.ts';
import { registerEndpoints } from './endpoint-routes.ts';

/** The back office's categories: `Studio/GetCategories`, `SaveCategory`, `MoveCategory`, `ReorderCategories`, `DeleteCategory`. */
export function registerStudioCategoriesApi(app: FastifyInstance, deps: ApiDeps): void {
  registerEndpoints(app, deps, studioCategoryEndpoints, {
    getCategories: async ({ store }) => ({ data: { categories: await listCategories(store) } }),
    saveCategory: async ({ body, caller: { webId }, store }) => {
      const id = await saveCategory(store, webId, body);
      return { data: { category: (await listCategories(store)).find((category) => category.id === id)! } };
    },
    moveCategory: async ({ body, caller: { webId }, store }) => {
      await moveCategory(store, webId, body);
      return { data: { categories: await listCategories(store) } };
    },
    reorderCategories: async ({ body, caller: { webId }, store }) => {
      await reorderCategories(store, webId, body);
      return { data: { categories: await listCategories(store) } };
    },
    deleteCategory: async ({ body, caller: { webId }, store }) => {
      await deleteCategory(store, webId, body);
      return { data: { categories: await listCategories(store) } };
    },
  });
}
