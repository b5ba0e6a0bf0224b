import type { FastifyInstance } from 'fastify';
import { studioPageEndpoints } from '@vitrine/commerce';
import {
  createPage,
  deletePage,
  listPages,
  openPage,
  pageVersions,
  publishPage,
  rollbackPage,
  savePageDraft,
  updatePage,
} from '../studio/pages.ts';
import type { ApiDeps } from './api-deps.ts';
import { registerEndpoints } from './endpoint-routes.ts';

/** The studio's page calls: list, open, save, publish, versions, rollback, create, update and delete. */
export function registerStudioPagesApi(app: FastifyInstance, deps: ApiDeps): void {
  registerEndpoints(app, deps, studioPageEndpoints, {
    getPages: ({ caller: { webId }, store }) => listPages(store, webId),
    getPage: ({ query, caller: { webId }, request, store }) => openPage(store, webId, query, (message) => request.log.warn(message)),
    savePage: ({ body, caller: { webId }, store }) => savePageDraft(store, webId, body),
    publishPage: ({ body, caller: { webId }, store }) => publishPage(store, webId, body),
    getVersions: ({ query, caller: { webId }, store }) => pageVersions(store, webId, query),
    rollback: ({ body, caller: { webId }, store }) => rollbackPage(store, webId, body),
    createPage: ({ body, caller: { webId }, store }) => createPage(store, webId, body),
    updatePage: ({ body, caller: { webId }, store }) => updatePage(store, webId, body),
    deletePage: ({ body, caller: { webId }, store }) => deletePage(store, webId, body),
  });
}
