import type { FastifyInstance } from 'fastify';
import { studioAttributeEndpoints } from '@vitrine/commerce';
import { deleteAttribute, listAttributes, saveAttribute } from '../studio/attributes.ts';
import type { ApiDeps } from './api-deps.ts';
import { registerEndpoints } from './endpoint-routes.ts';

/** The back office's attributes: `Studio/GetAttributes`, `Studio/SaveAttribute`, `Studio/DeleteAttribute`. */
export function registerStudioAttributesApi(app: FastifyInstance, deps: ApiDeps): void {
  registerEndpoints(app, deps, studioAttributeEndpoints, {
    getAttributes: async ({ store }) => ({ data: { attributes: await listAttributes(store) } }),
    saveAttribute: async ({ body, caller: { webId }, store }) => {
      const id = await saveAttribute(store, webId, body);
      return { data: { attribute: (await listAttributes(store)).find((attribute) => attribute.id === id)! } };
    },
    deleteAttribute: async ({ body, store }) => {
      await deleteAttribute(store, body);
      return { data: { attributes: await listAttributes(store) } };
    },
  });
}
