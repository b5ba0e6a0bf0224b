import type { FastifyInstance } from 'fastify';
import { studioThemeEndpoints } from '@vitrine/commerce';
import { openTheme, saveThemeDraft, publishTheme, themeVersions, rollbackTheme } from '../studio/theme.ts';
import type { ApiDeps } from './api-deps.ts';
import { registerEndpoints } from './endpoint-routes.ts';

/** The studio's theme calls: open, save, publish, versions and rollback of the store's active theme. */
export function registerStudioThemeApi(app: FastifyInstance, deps: ApiDeps): void {
  registerEndpoints(app, deps, studioThemeEndpoints, {
    getTheme: ({ caller: { webId }, store }) => openTheme(store, webId),
    saveTheme: ({ body, caller: { webId }, store }) => saveThemeDraft(store, webId, body),
    publishTheme: ({ body, caller: { webId }, store }) => publishTheme(store, webId, body),
    getThemeVersions: ({ caller: { webId }, store }) => themeVersions(store, webId),
    rollbackTheme: ({ body, caller: { webId }, store }) => rollbackTheme(store, webId, body),
  });
}
