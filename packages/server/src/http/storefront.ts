import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  APP_CODE_BASE,
  CSP_NONCE_HEADER,
  STORE_OVERRIDE_HEADER,
  THEME_STYLESHEET_BASE,
  crawlerDisallowedPaths,
  themeStylesheet,
  type ClientAssets,
  type StorefrontResponse,
} from '@vitrine/storefront/server';
import { CART_COOKIE, CART_UNTOLD, type StorefrontData } from '@vitrine/storefront';
import type { Db } from '../db/connect.ts';
import { loadMaintenanceSettings, MAINTENANCE_RETRY_AFTER_SECONDS, maintenancePasswordHash } from '../shop/maintenance.ts';
import { MAX_CART_LINES, PageType, marketingSources, parseCartCode, type CartCodeParts } from '@vitrine/commerce';
import { randomFillSync } from 'node:crypto';
import { isFramable, pagePolicy, realtimeDatabaseSources } from './security-headers.ts';
import { scopedToStore } from '../db/site-scope.ts';
import { listDesigns } from '../shop/designs.ts';
import { loadAddress } from '../shop/address.ts';
import { sitemapPart } from '../shop/sitemap.ts';
import { loadTemplatePage, loadThemeSectionData } from '../shop/pages.ts';
import { loadWebConfig } from '../shop/tenants.ts';
import { loadStoreRedirects, redirectOf } from '../shop/redirects.ts';
import { cartLineCount } from '../shop/catalog.ts';
import { priceCodes } from '../shop/cart.ts';
import { checkoutOptions } from '../shop/orders.ts';
import type { TokenService } from '../auth/tokens.ts';
import { sessionCookieCustomer } from './session-cookie.ts';
import { hasMaintenanceBypass } from './maintenance-api.ts';
import { guestPageKey, type PageCache } from './page-cache.ts';
import { storeNotFoundPage } from './error-pages.ts';
import { lookupSite, storeOverride } from './site.ts';
import type { FacetIndex } from '../shop/facet-index.ts';
import { StoreDataCache } from '../shop/store-data-cache.ts';
import { TRACK_TOKEN_COOKIE, TRACK_TOKEN_SECONDS, type TrackTokens } from '../shop/tracking-token.ts';
import { watchStoreChanges, type StoreChangeFeed } from '../db/store-changes.ts';

export type RenderStorefront = (request: Request, data: StorefrontData, assets: ClientAssets) => Promise<StorefrontResponse>;

/** Server-renders every path that no other route claims, for the store the request's domain picks. */
export function registerStorefront(
  app: FastifyInstance,
  db: Db,
  storeTables: ReadonlySet<string>,
  facets: FacetIndex,
  tokens: TokenService,
  render: RenderStorefront,
  assets: ClientAssets | (() => Promise<ClientAssets>),
  cache: PageCache | null = null,
  { contentSecurityPolicy = true, trackTokens }: { contentSecurityPolicy?: boolean; trackTokens?: TrackTokens } = {},
): void {
  /**
   * Hands the visitor tracker its token (`shop/tracking-token.ts`) as a page is served, a kept guest page included,
   * so no two shoppers share one: a new one when the browser holds none for this store, or one past half its life.
   */
  const handTrackToken = (request: FastifyRequest, reply: FastifyReply, webId: number) => {
    if (!trackTokens) return;
    const held = trackTokens.read(webId, request.cookies[TRACK_TOKEN_COOKIE]);
    if (held && held.age < TRACK_TOKEN_SECONDS / 2) return;
    reply.setCookie(TRACK_TOKEN_COOKIE, trackTokens.issue(webId), {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: TRACK_TOKEN_SECONDS,
    });
  };
  // Each store's page data, kept while the database's word of store changes is heard (shop/store-data-cache.ts). A
  // change also clears the guests' page cache, so another process's publish shows at once rather than within its second.
  const storeData = new StoreDataCache();
  let feed: StoreChangeFeed | undefined;
  app.addHook('onReady', async () => {
    feed = await watchStoreChanges(
      db,
      {
        changed(webId) {
          storeData.changed(webId);
          cache?.clear();
        },
        hearing(on) {
          storeData.hearing(on);
          cache?.clear();
        },
      },
      // One line: a dropped connection is routine and recovers on its own.
      { onError: (error) => app.log.warn(`Store changes: ${error instanceof Error ? error.message : String(error)}`) },
    );
  });
  app.addHook('onClose', async () => feed?.close());

  // The external not-found page (§2.6, §8): where the browser goes when the site config fails, with its code.
  app.get('/store-not-found', async (request, reply) => {
    const ec = String((request.query as Record<string, unknown>)['ec'] ?? '');
    return reply
      .code(404)
      .type('text/html; charset=utf-8')
      .send(storeNotFoundPage(/^CODE_\d{4}$/.test(ec) ? ec : 'CODE_0001'));
  });

  // Each store's own crawler rules and sitemap, by the domain asked (§2.7: noindex routes are kept out).
  app.get('/robots.txt', async (request, reply) => {
    const site = await lookupSite(db, request);
    if (!site.ok) return reply.code(404).type('text/plain; charset=utf-8').send('No store here\n');
    const origin = `${request.protocol}://${request.headers.host ?? 'localhost'}`;
    const lines = [
      'User-agent: *',
      ...crawlerDisallowedPaths().map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ];
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(lines.join('\n'));
  });

  app.get('/sitemap.xml', async (request, reply) => {
    const site = await lookupSite(db, request);
    if (!site.ok) return reply.code(404).type('text/plain; charset=utf-8').send('No store here\n');
    const origin = xmlText(`${request.protocol}://${request.headers.host ?? 'localhost'}`);
    const asked = Number((request.query as Record<string, unknown>)['part']);
    const part = Number.isInteger(asked) && asked >= 1 ? asked - 1 : null;
    const store = scopedToStore(db, site.webId, storeTables);
    const { entries, parts } = await sitemapPart(store, part ?? 0);
    const xml = (body: string) => reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
    if (part === null && parts > 1) {
      const files = Array.from({ length: parts }, (_, n) => `<sitemap><loc>${origin}/sitemap.xml?part=${n + 1}</loc></sitemap>`);
      return xml(
        `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${files.join('')}</sitemapindex>\n`,
      );
    }
    if (part !== null && part >= parts) return reply.code(404).type('text/plain; charset=utf-8').send('No such sitemap part\n');
    const urls = entries.map(
      (entry) =>
        `<url><loc>${origin}${xmlText(entry.path)}</loc>${entry.lastmod ? `<lastmod>${new Date(entry.lastmod).toISOString().slice(0, 10)}</lastmod>` : ''}</url>`,
    );
    return xml(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`,
    );
  });

  // A store's whole theme stylesheet, which the app links when it starts (a page carries only the theme rules its HTML
  // uses). Named by a hash of its text: the current one is kept by the browser for good; an older name (a page drawn
  // before a publish) is answered with the current text, not kept.
  app.get(`${THEME_STYLESHEET_BASE}:name`, async (request, reply) => {
    const site = await lookupSite(db, request);
    if (!site.ok) return reply.code(404).type('text/plain; charset=utf-8').send('No store here\n');
    const themeId = parseThemeId((request.query as Record<string, string | undefined>)['wtid']);
    const config = await storeData.get(site.webId, `site ${themeId}`, () => loadWebConfig(db, site.webId, themeId));
    const stylesheet = themeStylesheet(config?.themeSettings.themeCSS ?? '');
    const current = stylesheet.path === `${THEME_STYLESHEET_BASE}${(request.params as { name: string }).name}`;
    return reply
      .type('text/css; charset=utf-8')
      .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'no-cache')
      .send(stylesheet.text);
  });

  // The files a page's app needs to take it over, by the name the page was given (`boot.appCode`): the page fetches
  // them ahead of the shopper's first tap. Kept for good by the browser under this build's id; another build's is 404.
  app.get(`${APP_CODE_BASE}:build/:name`, async (request, reply) => {
    const { build, name } = request.params as { build: string; name: string };
    const current = typeof assets === 'function' ? await assets() : assets;
    const files = build === current.buildId ? current.appCode?.filesOf(name) : null;
    if (!files) return reply.code(404).type('text/plain; charset=utf-8').send('No such code\n');
    return reply.header('cache-control', 'public, max-age=31536000, immutable').send(files);
  });

  app.get('/*', async (request, reply) => {
    // The owner's redirect rules and a moved store's address (§2.1, §3.2) come before the route table and the kept pages.
    const asked = await lookupSite(db, request);
    if (asked.ok) {
      const redirects = await storeData.get(asked.webId, 'redirects', () =>
        loadStoreRedirects(scopedToStore(db, asked.webId, storeTables)),
      );
      const redirect = redirectOf(redirects, request.url);
      if (redirect) return reply.redirect(redirect.location, redirect.status);
    }
    const cacheKey = cache ? guestPageKey(request.headers.host, request.url, request.headers.cookie) : null;
    const cached = cacheKey ? cache!.get(cacheKey) : null;
    if (cached) {
      const site = await lookupSite(db, request);
      if (site.ok) handTrackToken(request, reply, site.webId);
      // A nonce is never answered twice: the kept page gets a new one wherever it carries its own.
      const { headers, body } = withNewNonce(cached.headers, cached.body);
      return reply
        .code(cached.status)
        .headers({ ...headers, 'x-page-cache': 'hit' })
        .send(body);
    }
    const site = await lookupSite(db, request);
    if (!site.ok) return reply.code(404).type('text/html; charset=utf-8').send(storeNotFoundPage(site.code));
    const { webId } = site;
    handTrackToken(request, reply, webId);
    const store = scopedToStore(db, webId, storeTables);
    const log = (message: string, error: unknown) => request.log.error({ err: error }, message);
    const query = request.query as Record<string, string | undefined>;
    const themeId = parseThemeId(query['wtid']);
    // What every shopper of the store is shown alike comes from the store's kept data; what is this shopper's own (the
    // session, the cart, the maintenance bypass cookie) is read for each request.
    const kept = <T>(key: string, load: () => Promise<T>) => storeData.get(webId, key, load);
    let config: ReturnType<typeof loadWebConfig> | undefined;
    const data: StorefrontData = {
      async getSite() {
        config ??= kept(`site ${themeId}`, () => loadWebConfig(db, webId, themeId));
        const loaded = await config;
        if (!loaded) throw new Error(`Site ${webId} has no config`);
        return loaded;
      },
      getAddress: (path, state) =>
        kept(`address ${path}\n${JSON.stringify(state)}`, () => loadAddress(store, facets.of(webId), webId, path, state, log)),
      getTemplate: (pageTypeId) =>
        kept(`template ${pageTypeId}`, () => loadTemplatePage(store, webId, pageTypeId === 3 ? PageType.Product : PageType.Listing, log)),
      getDesigns: () => kept('designs', () => listDesigns(store)),
      // Loaded with the theme read afresh, never with a config kept before a change the load would then outlive.
      getThemeSectionData: () =>
        kept(`theme sections ${themeId}`, async () => {
          const site = await loadWebConfig(db, webId, themeId);
          if (!site) throw new Error(`Site ${webId} has no config`);
          return loadThemeSectionData(db, webId, site.themeSettings.themeData, log);
        }),
      async getSession() {
        const userId = await signedInCustomer();
        return { signedIn: userId !== null, userId };
      },
      getMaintenance: () => kept('maintenance', () => loadMaintenanceSettings(db, webId)),
      hasMaintenanceBypass: async () =>
        hasMaintenanceBypass(request, webId, await kept('maintenance password', () => maintenancePasswordHash(db, webId))),
      async getCartCount() {
        const userId = await signedInCustomer();
        // A guest's cart lives in their browser only.
        if (userId === null) return null;
        return cartLineCount(db, webId, Number(userId));
      },
      getKeptCartCodes: async () => keptCart?.codes ?? null,
      async getKeptCart() {
        if (!keptCart) return null;
        // Priced against this store's catalogue only: a code naming another store's product is not sold here.
        return keptCart.parts.length ? (await priceCodes(store, keptCart.parts)).data.data : [];
      },
      getCheckoutOptions: () => checkoutOptions(store),
    };
    /**
     * The customer whose access token, signed by this server for this store, the request's HttpOnly cookie carries
     * (`SESSION_COOKIE`), while the session it names is open; else null. An expired token still counts here: the page
     * renders for them and the browser renews the token before any call. Read once per page.
     */
    let customer: Promise<string | null> | undefined;
    const signedInCustomer = (): Promise<string | null> =>
      // Signed out, revoked or reset since: a copy of the cookie left in another tab draws a guest's page.
      (customer ??= sessionCookieCustomer(tokens, request, webId).then((id) => (id === null ? null : String(id))));
    const keptCart = readCartCookie(request.cookies[CART_COOKIE]);
    const url = new URL(request.url, `${request.protocol}://${request.headers.host ?? 'localhost'}`);
    const override = storeOverride(request);
    const nonce = newNonce();
    const fetchRequest = new Request(url, {
      method: 'GET',
      headers: {
        accept: request.headers.accept ?? 'text/html',
        ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
        // The store a platform address was told to show, for the browser to keep calling (§2.8).
        ...(override ? { [STORE_OVERRIDE_HEADER]: override } : {}),
        ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
        [CSP_NONCE_HEADER]: nonce,
      },
    });
    const result = await render(fetchRequest, data, typeof assets === 'function' ? await assets() : assets);
    if (result.kind === 'redirect') return reply.redirect(result.location, result.status);
    if (result.status === 200 && url.pathname.replace(/\/+$/, '') === '/maintenance') {
      // The page drawn means the store is closed to this visitor: 503 with when to come back, so crawlers keep the
      // store's pages rather than this one, and nothing keeps it once the store opens (§2.5).
      result.status = 503;
      result.headers['retry-after'] = String(MAINTENANCE_RETRY_AFTER_SECONDS);
      result.headers['cache-control'] = 'no-store';
      // Meant, not a fault: told at info level (every 5xx is in the log), not at warn, which production keeps.
      request.log.info({ webId }, 'Store in maintenance: answered 503');
    }
    if (contentSecurityPolicy) {
      // The render read the store's config (it is remembered for the request); builder mode loads no marketing script.
      const framable = isFramable(request.url);
      const siteConfig = framable || !config ? null : await config.catch(() => null);
      result.headers['content-security-policy'] = pagePolicy(
        nonce,
        marketingSources(siteConfig?.scripts ?? null),
        framable,
        realtimeDatabaseSources(siteConfig?.realtimeDatabase?.databaseURL),
      );
    }
    // Kept whole for the next guests; this one gets the same bytes.
    if (cacheKey && result.status === 200) cache!.set(cacheKey, result.status, result.headers, result.body);
    return reply.code(result.status).headers(result.headers).send(result.body);
  });
}

/**
 * The cart a browser keeps, as its cookie mirrors it (`CART_COOKIE`): the codes that read as cart codes, at most a
 * cart's worth, and their parts; none without the cookie (a browser that has kept no cart here); null for a cart too
 * long to tell (`CART_UNTOLD`). The browser wrote it, but anyone can: what does not read is left out, and the lines
 * are priced as any guest's codes are.
 */
export function readCartCookie(value: string | undefined): { codes: string[]; parts: CartCodeParts[] } | null {
  if (value === CART_UNTOLD) return null;
  if (value === undefined) return { codes: [], parts: [] };
  const codes: string[] = [];
  const parts: CartCodeParts[] = [];
  for (const code of value.split('|').slice(0, MAX_CART_LINES)) {
    const read = parseCartCode(code);
    if (!read) continue;
    codes.push(code);
    parts.push(read);
  }
  return { codes, parts };
}

/** Random bytes for 256 nonces, filled again once used up: one call into the system's generator, not one per page. */
const noncePool = Buffer.alloc(16 * 256);
let noncePoolAt = noncePool.length;

/** A fresh script nonce: 128 random bits (CSP asks for at least that much guessing), never the same bytes twice. */
function newNonce(): string {
  if (noncePoolAt === noncePool.length) {
    randomFillSync(noncePool);
    noncePoolAt = 0;
  }
  return noncePool.toString('base64', noncePoolAt, (noncePoolAt += 16));
}

/** A kept page with its script nonce replaced, in its policy and in its body, by a new one. */
function withNewNonce(headers: Record<string, string>, body: Buffer): { headers: Record<string, string>; body: Buffer } {
  const policy = headers['content-security-policy'];
  const old = policy ? /'nonce-([^']+)'/.exec(policy)?.[1] : undefined;
  if (!policy || !old) return { headers, body };
  const nonce = newNonce();
  return {
    headers: { ...headers, 'content-security-policy': policy.replace(`'nonce-${old}'`, `'nonce-${nonce}'`) },
    // Most stores' pages carry no nonce'd tag: searched as bytes, such a page is served as kept, never decoded.
    body: body.includes(old) ? Buffer.from(body.toString('utf8').replaceAll(old, nonce), 'utf8') : body,
  };
}

/** `wtid` is a base64-encoded theme id (§2.8); anything else means the live theme. */
export function parseThemeId(wtid: string | undefined): number {
  if (!wtid) return 0;
  try {
    const decoded = Buffer.from(wtid, 'base64').toString('utf8');
    return /^\d{1,9}$/.test(decoded) ? Number(decoded) : 0;
  } catch {
    return 0;
  }
}

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
