import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { createReadStream } from 'node:fs';
import { constants as zlib } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { LATEST_BUILD_FILE, isBot } from '@vitrine/commerce';
import type { ClientAssets } from '@vitrine/storefront/server';
import { fontFile } from '@vitrine/theme-engine';
import type { Db } from '../db/connect.ts';
import { fontFilePath } from '../infra/font-parts.ts';
import { FIXED_BACKGROUNDS, ImageQueueFull, ImageService, parseModifiers, themeBackgrounds } from '../infra/images.ts';
import { readThemeSettings } from '@vitrine/theme-engine';
import type { LiveFlags } from '../infra/live-flags.ts';
import type { Mailer } from '../infra/mailer.ts';
import type { PaymentProvider } from '../infra/payments.ts';
import { MetaConversionsApi, type ConversionsApi } from '../infra/conversions-api.ts';
import { ConversionOutbox } from '../shop/conversions.ts';
import { TestPaymentProvider } from '../infra/test-payment-provider.ts';
import type { TrustProxy } from '../infra/config.ts';
import { MaintenanceBypass, encodeHtmlEntities } from '../shop/maintenance.ts';
import { RateLimiter } from '../infra/rate-limit.ts';
import { siteTitle } from '../shop/tenants.ts';
import type { TokenService } from '../auth/tokens.ts';
import { storeTablesOf } from '../db/site-scope.ts';
import { registerApi } from './api.ts';
import { hasZodFastifySchemaValidationErrors, refuseInvalidRequest } from './endpoint-routes.ts';
import { badAddressPage, internalErrorPage } from './error-pages.ts';
import { HttpError, refusalAnswer } from './errors.ts';
import { findInputFault, isServableHost } from './input-guard.ts';
import { PageCache } from './page-cache.ts';
import { registerRateLimits } from './rate-limits.ts';
import { registerSameOriginWrites } from './same-origin.ts';
import { registerSecurityHeaders, type SecurityHeadersOf } from './security-headers.ts';
import { lookupSite, registerStoreOverride } from './site.ts';
import { registerStorefront, type RenderStorefront } from './storefront.ts';
import { recordServerRoutes } from './server-routes.ts';
import type { TrackingOptions } from '../shop/tracking.ts';
import { TrackTokens } from '../shop/tracking-token.ts';
import { FacetIndex } from '../shop/facet-index.ts';

/** Request bodies above this are refused with 413 before they are read. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface AppOptions {
  db: Db;
  tokens: TokenService;
  /** The server secret; maintenance bypass cookies are signed with a key derived from it. */
  secret: Buffer;
  /** Where password-reset (and later order) mail goes. */
  mailer: Mailer;
  /**
   * Where card payments are made: a real provider behind `PaymentProvider`, or by default the test provider, whose
   * pages this server then serves at /_pay/test.
   */
  payments?: PaymentProvider;
  /** Where the Conversions API events go: Meta's Graph API unless another address speaking it is given (tests). */
  conversionsApi?: ConversionsApi;
  /** The live maintenance flag per store. */
  liveFlags: LiveFlags;
  /** How often an open maintenance stream sends a heartbeat comment; 25 s unless a test wants it sooner. */
  maintenanceHeartbeatMs?: number;
  /** Where uploaded and generated media live; served at /media. */
  mediaDir: string;
  /** Where resized images are kept between requests. */
  cacheDir: string;
  /** How many images are made at once and how many may wait (tests); `IMAGE_WORKERS` and `MAX_WAITING_IMAGES` unless given. */
  images?: { workers?: number; maxWaiting?: number };
  /** How shopper pages are rendered and which client files they link. */
  storefront: { render: RenderStorefront; assets: ClientAssets | (() => Promise<ClientAssets>); staticDir?: string | undefined };
  /** The built studio (index.html and its assets), served at /editor. */
  studioDir?: string | undefined;
  logger?: boolean | AppLogger;
  /** The platform's own addresses, where `?store=` may choose a store (`PLATFORM_HOSTS`); `127.0.0.1` unless given. */
  platformHosts?: readonly string[];
  /** Whether guests' pages are micro-cached (on unless switched off, e.g. for development). */
  pageCache?: boolean;
  /** Whose X-Forwarded-For gives the client's address (`TRUST_PROXY`); nobody's unless given. */
  trustProxy?: TrustProxy;
  /** Whether answers carry a Content-Security-Policy (on unless switched off, for the dev server's hot reload). */
  contentSecurityPolicy?: boolean;
  /** How the visitor-tracking intake batches, limits and locates (tests and the bench); production defaults unless given. */
  tracking?: TrackingOptions;
  /** Runs before the catch-all routes, e.g. the dev server's middleware. */
  beforeRoutes?: (app: FastifyInstance) => Promise<void>;
}

/** Structured (JSON) logging with a request id on every line: a level, and where the lines go (standard output). */
export interface AppLogger {
  level?: 'error' | 'warn' | 'info' | 'debug';
  stream?: { write(line: string): void };
}

/** Whether a request is for a page (a browser's navigation) rather than the API or a file. */
function wantsPage(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0]!;
  if (/^\/(api|_img|_build|media|assets|fonts|editor\/assets)\//.test(path)) return false;
  return request.method === 'GET' || request.method === 'HEAD';
}

/** A page's address that the router could read but no page may have (a NUL byte, half a character): a Bad Request page. */
class BadAddress extends HttpError {
  constructor(message: string, field: string) {
    super(400, 'BAD_URL', message, field);
  }
}

/** What the router's own refusals are called and say, by Fastify's code. */
const routerRefusals: Readonly<Record<string, { status: number; code: string; message: string }>> = {
  FST_ERR_BAD_URL: { status: 400, code: 'BAD_URL', message: 'The address is not valid' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'URI_TOO_LONG', message: 'The address is too long' },
};

/**
 * Answers what the router refused before any hook ran, so without the security headers the hooks set: those headers,
 * and for a page a browser asked for the Bad Request page, for anything else the JSON error envelope. Anything else
 * the router fails with is a bug: logged, and answered as one.
 */
function answerRouterRefusal(error: FastifyError, request: FastifyRequest, reply: FastifyReply, securityHeadersOf: SecurityHeadersOf) {
  reply.headers(securityHeadersOf(request.url)).header('cache-control', 'no-store');
  const refusal = routerRefusals[error.code];
  if (!refusal) {
    request.log.error({ err: error, method: request.method }, 'Unhandled router error');
    reply.code(500);
    if (!wantsPage(request)) return reply.send({ error: { code: 'INTERNAL', message: 'Something went wrong', requestId: request.id } });
    if (isBot(request.headers['user-agent'])) return reply.type('text/plain; charset=utf-8').send('');
    return reply.type('text/html; charset=utf-8').send(internalErrorPage(request.id));
  }
  reply.code(refusal.status);
  if (!wantsPage(request)) return reply.send({ error: { code: refusal.code, message: refusal.message } });
  // Bots get no error page (§2.6): the status alone says it.
  if (isBot(request.headers['user-agent'])) return reply.type('text/plain; charset=utf-8').send('');
  return reply.type('text/html; charset=utf-8').send(badAddressPage());
}

/** The one HTTP server: API, media, studio, and server-rendered shopper pages for every store it hosts. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  // Known once the security headers are registered below; an address refused before that has none to give.
  let securityHeadersOf: SecurityHeadersOf = () => ({});
  const app = Fastify({
    logger:
      options.logger === true
        ? { level: 'info' }
        : options.logger
          ? { level: options.logger.level ?? 'info', ...(options.logger.stream ? { stream: options.logger.stream } : {}) }
          : false,
    bodyLimit: BODY_LIMIT_BYTES,
    // Believing any client's X-Forwarded-For would let it pick a new address per request and walk past per-IP limits.
    trustProxy: options.trustProxy ?? false,
    routerOptions: { maxParamLength: 500 },
    // What the router refuses before any route or hook runs (an address that does not decode, a parameter too long):
    // answered as every other refusal is, not with the framework's own JSON.
    frameworkErrors: (error, request, reply) => answerRouterRefusal(error, request, reply, securityHeadersOf),
  });

  // Every route from here on is heard, so redirect rules know the paths the server answers itself.
  recordServerRoutes(app);
  securityHeadersOf = await registerSecurityHeaders(app, { contentSecurityPolicy: options.contentSecurityPolicy ?? true });
  registerSameOriginWrites(app);
  // Pages and API answers compressed as they go (the built assets were compressed at build time, below). Brotli at
  // quality 5 makes a rendered page about 8% smaller than quality 4 for 0.3 ms more: the demo home page then fits in
  // the 14.6 KB a new connection's first round trip carries, where it took a second one. 11 is for build time. Event
  // streams are never held back.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: /^(?:text\/(?:html|css|plain|javascript|xml)|application\/(?:json|javascript|xml|manifest\+json)|image\/svg\+xml)\b/,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
    zlibOptions: { level: 6 },
  });

  // The API speaks JSON only; any other body is refused with 415 before a handler sees it.
  app.removeContentTypeParser('text/plain');

  // Refused before anything reads them: a Host with an impossible port, and text or nesting no store can keep.
  app.addHook('onRequest', async (request) => {
    if (!isServableHost(request.headers.host))
      throw new HttpError(400, 'BAD_REQUEST', 'Host: must be a domain name, with a port from 1 to 65535', 'Host');
  });
  // Cookies parsed and written by @fastify/cookie: the store override, the maintenance bypass, the session's access token.
  await app.register(fastifyCookie);
  registerStoreOverride(app, options.db, options.platformHosts);
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['body', request.body],
      ['query', request.query],
      ['params', request.params],
    ] as const) {
      const fault = findInputFault(value, part);
      if (!fault) continue;
      // A page's address with a NUL byte or a broken character in it: the browser gets the Bad Request page.
      if (part !== 'body' && wantsPage(request)) throw new BadAddress(`${fault.field}: ${fault.message}`, fault.field);
      throw new HttpError(400, 'BAD_REQUEST', `${fault.field}: ${fault.message}`, fault.field);
    }
  });

  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) return refuseInvalidRequest(error, request, reply);
    if (error instanceof BadAddress) {
      reply.code(400).header('cache-control', 'no-store');
      if (isBot(request.headers['user-agent'])) return reply.type('text/plain; charset=utf-8').send('');
      return reply.type('text/html; charset=utf-8').send(badAddressPage());
    }
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.statusCode).send(refusalAnswer(error));
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own refusals: malformed JSON, body too large, unsupported content type…
      return reply
        .code(status)
        .send({ error: { code: (error as { code?: string }).code ?? 'BAD_REQUEST', message: (error as Error).message } });
    }
    // A bug: logged with the request id (never the body, which may hold a password), answered without details.
    request.log.error({ err: error, method: request.method, url: request.url.split('?')[0] }, 'Unhandled error');
    reply.code(500);
    if (wantsPage(request)) {
      // A page a browser asked for gets the Internal Server Error page (§2.6), never JSON; bots get no page at all.
      if (isBot(request.headers['user-agent'])) return reply.type('text/plain; charset=utf-8').send('');
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(internalErrorPage(request.id));
    }
    return reply.send({ error: { code: 'INTERNAL', message: 'Something went wrong', requestId: request.id } });
  });

  const limiter = new RateLimiter(options.db);
  await registerRateLimits(app, limiter);
  const storeTables = await storeTablesOf(options.db);
  const facets = new FacetIndex();
  const payments = options.payments ?? new TestPaymentProvider();
  if (payments instanceof TestPaymentProvider) payments.register(app);
  const conversions = new ConversionOutbox(options.db, options.conversionsApi ?? new MetaConversionsApi(), (error, message) =>
    app.log.warn({ err: error }, message),
  );
  conversions.start();
  app.addHook('onClose', () => conversions.stop());
  const trackTokens = new TrackTokens(options.secret);
  const buildId = async () =>
    (typeof options.storefront.assets === 'function' ? await options.storefront.assets() : options.storefront.assets).buildId;
  await registerApi(app, {
    trackTokens,
    everyStore: options.db,
    storeTables,
    facets,
    tokens: options.tokens,
    limiter,
    mailer: options.mailer,
    payments,
    conversions,
    liveFlags: options.liveFlags,
    bypass: new MaintenanceBypass(options.secret),
    heartbeatMs: options.maintenanceHeartbeatMs ?? 25_000,
    mediaDir: options.mediaDir,
    tracking: options.tracking,
    buildId,
  });
  // §7's latest-build file: the build this server runs, read by every page's build check, so never kept by a cache.
  app.get(LATEST_BUILD_FILE, async (_request, reply) => reply.header('cache-control', 'no-store').send({ buildId: await buildId() }));
  app.all('/_build/*', async (request: FastifyRequest) => {
    throw new HttpError(404, 'NOT_FOUND', `No build file ${request.url.split('?')[0]}`);
  });
  app.all('/api/*', async (request: FastifyRequest) => {
    throw new HttpError(404, 'NOT_FOUND', `No API call ${request.method} ${request.url.split('?')[0]}`);
  });

  await app.register(fastifyStatic, {
    root: options.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    maxAge: '1d',
    index: false,
  });
  // The image route (§7, §2.12): resized and converted media, cached on disk, bounded in size.
  const images = new ImageService(options.mediaDir, join(options.cacheDir, 'images'), undefined, options.images);
  // A background is white, black, or a colour of one of the store's published themes: kept per store for a short
  // while, so a publish's new colours are served within `BACKGROUNDS_KEPT_MS`.
  const BACKGROUNDS_KEPT_MS = 30_000;
  const backgrounds = new Map<number, { colours: Promise<ReadonlySet<string>>; until: number }>();
  const storeBackgrounds = (webId: number): Promise<ReadonlySet<string>> => {
    const kept = backgrounds.get(webId);
    if (kept && kept.until > Date.now()) return kept.colours;
    const colours = options.db
      .selectFrom('themes')
      .select('published')
      .where('web_id', '=', webId)
      .where('published', 'is not', null)
      .execute()
      .then((rows) => {
        const set = new Set<string>();
        for (const row of rows) {
          const { settings } = readThemeSettings((row.published as { settings?: unknown } | null)?.settings ?? {});
          for (const colour of themeBackgrounds(settings.colors)) set.add(colour);
        }
        return set;
      });
    colours.catch(() => backgrounds.delete(webId));
    if (backgrounds.size >= 10_000) backgrounds.clear();
    backgrounds.set(webId, { colours, until: Date.now() + BACKGROUNDS_KEPT_MS });
    return colours;
  };
  app.get<{ Params: { modifiers: string; '*': string } }>('/_img/:modifiers/*', async (request, reply) => {
    const parsed = parseModifiers(request.params.modifiers);
    if (!parsed.ok) throw new HttpError(400, 'BAD_IMAGE_MODIFIER', `${parsed.field}: ${parsed.message}`, parsed.field);
    const { b } = parsed.modifiers;
    if (b !== undefined && !FIXED_BACKGROUNDS.has(b)) {
      const site = await lookupSite(options.db, request);
      if (!site.ok || !(await storeBackgrounds(site.webId)).has(b))
        throw new HttpError(400, 'BAD_IMAGE_MODIFIER', "b: must be white, black or one of the store's theme colours", 'b');
    }
    const image = await images.render(`/${request.params['*']}`, parsed.modifiers).catch((error: unknown) => {
      if (error instanceof ImageQueueFull) {
        // Logged with the request's id (every line carries it), so a shopper's report of a missing picture can be found.
        request.log.warn({ url: request.url, code: 'IMAGES_BUSY' }, 'Image route busy: answered 503');
        throw new HttpError(503, 'IMAGES_BUSY', error.message, undefined, { 'retry-after': '2' }, { requestId: request.id });
      }
      throw error;
    });
    return reply
      .type(image.contentType)
      .header('cache-control', image.found ? 'public, max-age=31536000, immutable' : 'public, max-age=60')
      .send(createReadStream(image.file));
  });

  if (options.storefront.staticDir) {
    await app.register(fastifyStatic, {
      root: join(options.storefront.staticDir, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      // The `.br` and `.gz` copies the build wrote, chosen by the request's Accept-Encoding.
      preCompressed: true,
      immutable: true,
      maxAge: '365d',
      index: false,
    });
  }
  if (options.studioDir) {
    await app.register(fastifyStatic, {
      root: join(options.studioDir, 'assets'),
      prefix: '/editor/assets/',
      decorateReply: false,
      preCompressed: true,
      immutable: true,
      maxAge: '365d',
      index: false,
    });
    const studioPage = join(options.studioDir, 'index.html');
    // Titled "Editor | {store title}" like every route of the store (§2.7), so an owner's tabs say which store is open.
    const serveStudio = async (request: FastifyRequest, reply: FastifyReply) => {
      const site = await lookupSite(options.db, request);
      const title = site.ok ? await siteTitle(options.db, site.webId) : null;
      const html = (await readFile(studioPage, 'utf8')).replace(
        /<title>[^<]*<\/title>/,
        `<title>${encodeHtmlEntities(title ? `Editor | ${title}` : 'Editor')}</title>`,
      );
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    };
    app.get('/editor', serveStudio);
    app.get('/editor/*', serveStudio);
  }

  // Self-hosted fonts (theme-engine names them): only the 21 theme fonts' files, whole or in the parts the build cut
  // them into, cached for a year.
  app.get<{ Params: { slug: string; file: string } }>('/fonts/:slug/:file', async (request, reply) => {
    const file = fontFile(request.params.slug, request.params.file);
    if (!file) throw new HttpError(404, 'NOT_FOUND', 'No such font file');
    return reply
      .type('font/woff2')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(createReadStream(fontFilePath(file)));
  });

  // Browsers ask for /favicon.ico on every store; answer with a small neutral icon rather than a 404 page.
  const favicon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1f2933"/><path d="M7 13h18l-2 12H9zM11 13l2-6h6l2 6" fill="none" stroke="#fff" stroke-width="2" stroke-linejoin="round"/></svg>`;
  for (const path of ['/favicon.ico', '/favicon.svg']) {
    app.get(path, (_request, reply) => reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(favicon));
  }

  if (options.beforeRoutes) await options.beforeRoutes(app);
  // Guests' pages are micro-cached for a second; any change an owner makes in the studio clears them at once.
  const pages = options.pageCache === false ? null : new PageCache();
  if (pages) {
    app.addHook('onResponse', async (request, reply) => {
      if (request.method === 'POST' && request.url.startsWith('/api/Studio/') && reply.statusCode < 400) pages.clear();
    });
  }
  registerStorefront(app, options.db, storeTables, facets, options.tokens, options.storefront.render, options.storefront.assets, pages, {
    contentSecurityPolicy: options.contentSecurityPolicy ?? true,
    trackTokens,
  });
  return app;
}
