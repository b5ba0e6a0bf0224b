import type { FastifyInstance } from 'fastify';
import { studioRedirectEndpoints } from '@vitrine/commerce';
import { ownRoutePaths } from '@vitrine/storefront/server';
import { deleteRedirectRule, loadRedirectSettings, saveRedirectRule, saveRedirectUrl } from '../studio/redirects.ts';
import { routeMatches, serverRouteOf } from './server-routes.ts';
import type { ApiDeps } from './api-deps.ts';
import { registerEndpoints } from './endpoint-routes.ts';

/**
 * The owner's redirect rules and the store's moved address in the studio. The paths no rule may take over are the
 * route table's (the storefront's routes and rules) and the server's own routes (`/api/*`, `/media/*`, `/editor/*`…).
 */
export function registerStudioRedirectsApi(app: FastifyInstance, deps: ApiDeps): void {
  const pageRoutes = ownRoutePaths();
  const reservedRoute = (path: string) => pageRoutes.find((pattern) => routeMatches(pattern, path)) ?? serverRouteOf(app, path);
  registerEndpoints(app, deps, studioRedirectEndpoints, {
    getRedirects: async ({ store }) => ({ data: await loadRedirectSettings(store) }),
    saveRedirect: async ({ body, caller: { webId }, store }) => ({ data: await saveRedirectRule(store, webId, body, reservedRoute) }),
    deleteRedirect: async ({ body, store }) => ({ data: await deleteRedirectRule(store, body.ruleId) }),
    saveRedirectUrl: async ({ body, store }) => ({ data: await saveRedirectUrl(store, body.redirectURL) }),
  });
}
