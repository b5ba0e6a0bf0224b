import type { FastifyInstance } from 'fastify';
import { studioPublishEndpoints } from '@vitrine/commerce';
import type { ApiDeps } from './api-deps.ts';
import { registerEndpoints } from './endpoint-routes.ts';
import { publishPageDraft } from './studio-pages-api.ts';
import { activeThemeId, publishThemeDraft } from './studio-theme-api.ts';

/**
 * `Studio/Publish`: a page's draft and the theme's draft made live in one transaction, so shoppers never see the
 * new page with the old theme and a refusal of either leaves both as they were.
 */
export function registerStudioPublishApi(app: FastifyInstance, deps: ApiDeps): void {
  registerEndpoints(app, deps, studioPublishEndpoints, {
    publish: async ({ body, caller: { webId }, store }) => {
      // Outside the transaction: a store without a theme is given one in a transaction of its own.
      const themeId = body.theme ? await activeThemeId(store, webId) : null;
      return store.transaction().execute(async (trx) => {
        // One instant for both, and always the page before the theme, so two publishes at once queue rather than deadlock.
        const publishedAt = new Date();
        const page = body.page ? await publishPageDraft(trx, webId, body.page, publishedAt, 'page.') : undefined;
        const theme =
          body.theme && themeId !== null ? await publishThemeDraft(trx, webId, themeId, body.theme, publishedAt, 'theme.') : undefined;
        return { data: { ...(page && { page }), ...(theme && { theme }) } };
      });
    },
  });
}
