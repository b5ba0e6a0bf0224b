import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { getWebInfoQuery, refreshBody, sectionDataRequest } from '@vitrine/commerce';
import { sectionRegistry } from '@vitrine/sections';
import { loadDraftSectionData, loadPublishedPage, loadThemeSectionData } from '../shop/pages.ts';
import { findSite, loadWebConfig } from '../shop/tenants.ts';
import type { ApiDeps } from './api-deps.ts';
import { registerAccountApi } from './account-api.ts';
import { registerFormsApi } from './forms-api.ts';
import { HttpError, parseRequest } from './errors.ts';
import { registerMaintenanceApi } from './maintenance-api.ts';
import { requireToken } from './principals.ts';
import { requireSite } from './site.ts';
import { registerStudioApi } from './studio-api.ts';
import { registerStudioCatalogueApi } from './studio-catalogue-api.ts';
import { registerStudioMediaApi } from './studio-media-api.ts';
import { registerStudioPagesApi } from './studio-pages-api.ts';
import { registerStudioPublishApi } from './studio-publish-api.ts';
import { registerStudioThemeApi } from './studio-theme-api.ts';

const refreshFailures = {
  invalid: ['TOKEN_INVALID', 'The tokens are not valid'],
  expired: ['TOKEN_EXPIRED', 'The refresh token has expired'],
  reused: ['TOKEN_REUSED', 'The refresh token was already used; sign in again'],
  revoked: ['TOKEN_REVOKED', 'The session has ended; sign in again'],
  'other-site': ['TOKEN_OTHER_SITE', 'The tokens were issued for another store'],
} as const;

const getPageQuery = z.object({
  Slug: z
    .string()
    .max(200)
    .regex(/^[a-z0-9-/]*$/, 'must be lower-case letters, digits, - and /')
    .default(''),
  store: z.string().optional(),
});

/** The JSON API under /api (§7 and product.md). */
export async function registerApi(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const { db, tokens } = deps;

  app.get('/api/health', async () => {
    await db.selectFrom('sites').select('web_id').limit(1).execute();
    return { status: 'ok' };
  });

  app.get('/api/Web/GetWebInfo', async (request) => {
    const query = parseRequest(getWebInfoQuery, request.query, 'query');
    const site = await findSite(db, query.Domain);
    if (!site.ok)
      throw new HttpError(
        404,
        site.code,
        site.code === 'CODE_0001' ? 'No store is configured for this domain' : 'This domain is not linked to a store',
      );
    const data = await loadWebConfig(db, site.webId, Number(query.WebThemeID));
    if (!data) throw new HttpError(404, 'CODE_0002', 'This domain is not linked to a store');
    return { data, tokens: await tokens.issue(site.webId, null) };
  });

  app.post('/api/Auth/refresh', async (request, reply) => {
    const body = parseRequest(refreshBody, request.body, 'body');
    const webId = await requireSite(db, request);
    const outcome = await tokens.refresh(webId, body);
    if (!outcome.ok) {
      const [code, message] = refreshFailures[outcome.reason];
      return reply.code(401).send({ error: { code, message } });
    }
    return { tokens: outcome.tokens };
  });

  app.get('/api/Auth/Session', async (request) => {
    const claims = await requireToken(deps, request);
    return { data: { userId: claims.UserID, webId: claims.WebID, isGuest: claims.UserID === '0', expiresAt: claims.exp } };
  });

  app.get('/api/Page/GetPage', async (request) => {
    const query = parseRequest(getPageQuery, request.query, 'query');
    const webId = await requireSite(db, request);
    const page = await loadPublishedPage(db, webId, query.Slug.replace(/\/+$/, ''), (message, error) =>
      request.log.error({ err: error }, message),
    );
    if (!page) throw new HttpError(404, 'PAGE_NOT_FOUND', `Page Not Found: /${query.Slug}`);
    return { data: page };
  });

  app.post('/api/Page/GetSectionData', async (request) => {
    const body = parseRequest(sectionDataRequest, request.body, 'body');
    // The page document allows any type id; this store's registry decides which exist.
    const unknown = body.sections.findIndex((section) => !sectionRegistry[section.type as keyof typeof sectionRegistry]);
    if (unknown >= 0)
      throw new HttpError(400, 'BAD_REQUEST', `sections.${unknown}.type: is not a section type of this store`, `sections.${unknown}.type`);
    const webId = await requireSite(db, request);
    const sectionData = await loadDraftSectionData(db, webId, body.sections, (message, error) =>
      request.log.error({ err: error }, message),
    );
    return { data: { sectionData } };
  });

  app.get('/api/Page/GetThemeSections', async (request) => {
    const webId = await requireSite(db, request);
    const themeId = parseRequest(
      z.object({ WebThemeID: z.coerce.number().int().min(0).default(0) }).passthrough(),
      request.query,
      'query',
    ).WebThemeID;
    const site = await loadWebConfig(db, webId, themeId);
    if (!site) throw new HttpError(404, 'CODE_0002', 'This domain is not linked to a store');
    const sectionData = await loadThemeSectionData(db, webId, site.themeSettings.themeData, (message, error) =>
      request.log.error({ err: error }, message),
    );
    return { data: { sectionData } };
  });

  registerAccountApi(app, deps);
  registerMaintenanceApi(app, deps);
  registerStudioApi(app, deps);
  registerStudioPagesApi(app, deps);
  registerStudioThemeApi(app, deps);
  registerStudioPublishApi(app, deps);
  registerStudioMediaApi(app, deps);
  registerStudioCatalogueApi(app, deps);
  registerFormsApi(app, deps);
}
