import type { FastifyInstance } from 'fastify';
import { studioPublishEndpoints } from '@vitrine/commerce';
import { publishDrafts } from '../studio/publish.ts';
import type { ApiDeps } from './api-deps.ts';
import { registerEndpoints } from './endpoint-routes.ts';

/** `Studio/Publish`: a page's draft and the theme's draft made live together, or neither. */
export function registerStudioPublishApi(app: FastifyInstance, deps: ApiDeps): void {
  registerEndpoints(app, deps, studioPublishEndpoints, {
    publish: ({ body, caller: { webId }, store }) => publishDrafts(store, webId, body),
  });
}
