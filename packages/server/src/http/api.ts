import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ACTIVE_CUSTOMER, getWebInfoQuery, refreshBody, sectionDataRequest, type AccessTokenPayload } from '@vitrine/commerce';
import { inactiveAccountRefusal } from '../accounts.ts';
import type { Db } from '../db/connect.ts';
import type { LiveFlags } from '../live-flags.ts';
import type { MaintenanceBypass } from '../maintenance.ts';
import type { Mailer } from '../mailer.ts';
import { loadDraftSectionData, loadPublishedPage, loadThemeSectionData } from '../pages.ts';
import type { RateLimiter } from '../rate-limit.ts';
import { findSite, loadWebConfig } from '../tenants.ts';
import type { TokenService } from '../tokens.ts';
import { registerAccountApi } from './account-api.ts';
import { registerFormsApi } from './forms-api.ts';
import { HttpError, parseRequest } from './errors.ts';
import { registerMaintenanceApi } from './maintenance-api.ts';
import { requireSite } from './site.ts';
import { registerStudioApi } from './studio-api.ts';
import { registerStudioCatalogueApi } from './studio-catalogue-api.ts';
import { registerStudioMediaApi } from './studio-media-api.ts';
import { registerStudioPagesApi } from './studio-pages-api.ts';
import { registerStudioPublishApi } from './studio-publish-api.ts';
import { registerStudioThemeApi } from './studio-theme-api.ts';

export interface ApiDeps {
  db: Db;
  tokens: TokenService;
  limiter: RateLimiter;
  mailer: Mailer;
  liveFlags: LiveFlags;
  bypass: MaintenanceBypass;
  /** How often an open maintenance stream sends a comment, so proxies keep it open (25 s). */
  heartbeatMs: number;
  /** Where media files live (served at /media); the studio's uploads go to `{webId}/uploads/` in it. */
  mediaDir: string;
}

const refreshFailures = {
  invalid: ['TOKEN_INVALID', 'The tokens are not valid'],
  expired: ['TOKEN_EXPIRED', 'The refresh token has expired'],
  reused: ['TOKEN_REUSED', 'The refresh token was already used; sign in again'],
  revoked: ['TOKEN_REVOKED', 'The session has ended; sign in again'],
  'other-site': ['TOKEN_OTHER_SITE', 'The tokens were issued for another store'],
} as const;

const getPageQuery = z.object({
  Slug: z.string().max(200).regex(/^[a-z0-9-/]*$/, 'must be lower-case letters, digits, - and /').default(''),
  store: z.string().optional(),
});

/**
 * The bearer token's claims, checked against the request's own site: a token issued for one store is refused by
 * every other (401), as is a missing, forged or expired one.
 */
export async function requireToken(deps: Pick<ApiDeps, 'db' | 'tokens'>, request: FastifyRequest): Promise<AccessTokenPayload> {
  const webId = await requireSite(deps.db, request);
  const header = request.headers.authorization ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!token) throw new HttpError(401, 'TOKEN_MISSING', 'Sign-in token missing');
  const claims = await deps.tokens.access.verify(token);
  if (!claims) throw new HttpError(401, 'TOKEN_INVALID', 'Sign-in token invalid or expired');
  if (claims.WebID !== webId) throw new HttpError(401, 'TOKEN_OTHER_SITE', 'The token was issued for another store');
  return claims;
}

/** A signed-in customer of the request's store. */
export interface SignedInCustomer {
  webId: number;
  customerId: number;
  claims: AccessTokenPayload;
}

/**
 * `requireToken`, and the token must be a customer's (a guest's is refused with 401 SIGN_IN_REQUIRED) who is still
 * Active (else 403 with their status's message) and has not changed their password since it was issued (401).
 */
export async function requireCustomer(deps: Pick<ApiDeps, 'db' | 'tokens'>, request: FastifyRequest): Promise<SignedInCustomer> {
  const claims = await requireToken(deps, request);
  if (claims.UserID === '0') throw new HttpError(401, 'SIGN_IN_REQUIRED', 'Sign in to continue');
  const customerId = Number(claims.UserID);
  if (!Number.isSafeInteger(customerId) || customerId <= 0) throw new HttpError(401, 'TOKEN_INVALID', 'Sign-in token invalid or expired');
  // Both reads at once: this runs on every secured call.
  const [customer, sessionOpen] = await Promise.all([
    deps.db.selectFrom('customers').select(['status_id', 'password_changed_at']).where('web_id', '=', claims.WebID).where('customer_id', '=', customerId).executeTakeFirst(),
    deps.tokens.isSessionOpen(claims.WebID, claims.sid),
  ]);
  if (!customer) throw new HttpError(401, 'SIGN_IN_REQUIRED', 'Sign in to continue');
  // Signed out, revoked for a reused refresh token, or ended by a password reset: the access token ends with it.
  if (!sessionOpen) throw new HttpError(401, 'TOKEN_REVOKED', 'The session has ended; sign in again');
  // iat is in whole seconds: a token issued in the second of the change (the one ChangePassword answers) still counts.
  if (customer.password_changed_at && claims.iat < Math.floor(customer.password_changed_at.getTime() / 1000)) {
    throw new HttpError(401, 'TOKEN_REVOKED', 'The password was changed; sign in again');
  }
  if (customer.status_id !== ACTIVE_CUSTOMER) {
    const refusal = inactiveAccountRefusal(customer.status_id);
    throw new HttpError(403, refusal.code, refusal.message);
  }
  return { webId: claims.WebID, customerId, claims };
}

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
    if (!site.ok) throw new HttpError(404, site.code, site.code === 'CODE_0001' ? 'No store is configured for this domain' : 'This domain is not linked to a store');
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
    const page = await loadPublishedPage(db, webId, query.Slug.replace(/\/+$/, ''), (message, error) => request.log.error({ err: error }, message));
    if (!page) throw new HttpError(404, 'PAGE_NOT_FOUND', `Page Not Found: /${query.Slug}`);
    return { data: page };
  });

  app.post('/api/Page/GetSectionData', async (request) => {
    const body = parseRequest(sectionDataRequest, request.body, 'body');
    const webId = await requireSite(db, request);
    const sectionData = await loadDraftSectionData(db, webId, body.sections, (message, error) => request.log.error({ err: error }, message));
    return { data: { sectionData } };
  });

  app.get('/api/Page/GetThemeSections', async (request) => {
    const webId = await requireSite(db, request);
    const themeId = parseRequest(z.object({ WebThemeID: z.coerce.number().int().min(0).default(0) }).passthrough(), request.query, 'query').WebThemeID;
    const site = await loadWebConfig(db, webId, themeId);
    if (!site) throw new HttpError(404, 'CODE_0002', 'This domain is not linked to a store');
    const sectionData = await loadThemeSectionData(db, webId, site.themeSettings.themeData, (message, error) => request.log.error({ err: error }, message));
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
