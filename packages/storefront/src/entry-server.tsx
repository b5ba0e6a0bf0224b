import { createHash } from 'node:crypto';
import { isRouteErrorResponse } from 'react-router-dom';
import { isBot, mediaUrl } from '@vitrine/commerce';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { compileTheme, escapeStyleText } from '@vitrine/theme-engine';
import { renderWhenReady, serializeForScript } from '@vitrine/renderer/server';
import type { AppCode } from './app-code.server.ts';
import type { StorefrontData } from './data.ts';
import { marketingHead } from './marketing/head.server.ts';
import { pageClasses, pageStylesheet, withoutFontFaces } from './page-css.server.ts';
import { documentTitle, metaOf } from './meta.ts';
import { readOncePerText } from './read-once.ts';
import { createRoutes } from './routes.tsx';
import { appSourcesOf } from './views.ts';
export { crawlerDisallowedPaths, ownRoutePaths } from './route-table.ts';
export { appCodeOf, type AppCode } from './app-code.server.ts';
export { APP_CODE_BASE } from './server-data.ts';
import { APP_ROOT_ID, SERVER_DATA_ID, routeNotDrawn, type ServerData } from './server-data.ts';

/** The built client's files a page links: module scripts and stylesheets, in order. */
export interface ClientAssets {
  /** Changes with every build; the page checks it hourly to reload into a new one (§4). */
  buildId: string;
  scripts: readonly string[];
  /** Modules the scripts import, fetched alongside them rather than after them. */
  modulePreloads?: readonly string[];
  /** Stylesheets the page links (the dev server's, which change as you edit). */
  styles: readonly string[];
  /**
   * Stylesheets written into the page itself: the built app's CSS, so no request stands between the HTML and the
   * first paint (issue 18). Compressed with the page, it costs less than a blocking round trip on a phone. Each is cut
   * to the rules the page's HTML uses (`page-css.server.ts`).
   */
  inlineStyles?: readonly string[];
  /** The same stylesheets as files, which the app links when it starts: what it draws later needs the rest. */
  appStylesheets?: readonly string[];
  /** Inline module scripts to run first (the dev server's refresh preamble). */
  inlineScripts?: readonly string[];
  /** The files the app needs to take over each page, for the page to fetch ahead (a build's; none in development). */
  appCode?: AppCode;
}

export type StorefrontResponse =
  { kind: 'redirect'; status: number; location: string } | { kind: 'page'; status: number; headers: Record<string, string>; body: Buffer };

/** The font files worth preloading for a theme (its body font), computed once per theme document. */
const fontPreloads = readOncePerText((themeData) => {
  let settings: unknown = {};
  try {
    settings = (JSON.parse(themeData) as { settings?: unknown }).settings ?? {};
  } catch {
    // A theme that does not parse compiles from defaults.
  }
  return compileTheme(settings).preload;
});

/** Each inline stylesheet's cutter, by its text: the app's (one per build) and each store's published theme's. */
const cutters = new Map<string, ReturnType<typeof pageStylesheet>>();
const KEPT_CUTTERS = 256;
/** `css` cut to the rules a page whose HTML uses `classes` needs. */
function cutFor(css: string, classes: ReadonlySet<string>): string {
  let cut = cutters.get(css);
  if (!cut) {
    if (cutters.size >= KEPT_CUTTERS) cutters.delete(cutters.keys().next().value!);
    cutters.set(css, (cut = pageStylesheet(css)));
  }
  return cut(classes);
}

/** Where a theme's whole stylesheet is served: `GET /_theme/<name>.css` on the store's domain. */
export const THEME_STYLESHEET_BASE = '/_theme/';
/** A theme's whole stylesheet as a page's app links it. */
export interface ThemeStylesheet {
  /** Its address, `/_theme/<hash>.css`, named by a hash of what it answers. */
  path: string;
  /** What that address answers. */
  text: string;
}

/** Theme stylesheets, by the theme's CSS. */
const themeStylesheets = new Map<string, ThemeStylesheet>();

/**
 * A theme's whole stylesheet, at an address named by a hash of its text, so that a browser may keep it until the theme
 * changes. A page carries only the theme's rules its HTML uses; the app links this when it starts, since what it draws
 * later (a drawer, the next page) may need the rest. It leaves out the font faces, which every page carries already
 * (a cut keeps them all).
 */
export function themeStylesheet(css: string): ThemeStylesheet {
  let stylesheet = themeStylesheets.get(css);
  if (stylesheet === undefined) {
    if (themeStylesheets.size >= KEPT_CUTTERS) themeStylesheets.delete(themeStylesheets.keys().next().value!);
    const text = withoutFontFaces(css);
    const path = `${THEME_STYLESHEET_BASE}${createHash('sha256').update(text).digest('base64url').slice(0, 16)}.css`;
    themeStylesheets.set(css, (stylesheet = { path, text }));
  }
  return stylesheet;
}

/** `<style>` elements by their id, then by their text. */
const styleElements = new Map<string, Map<string, Buffer>>();

/**
 * A `<style>` element holding `css`, made safe inside it and encoded, once per stylesheet: the app's own is the same
 * for every page, a store's theme until it is published again. Joining and encoding the app's 60 KB stylesheet for
 * each page cost more than a millisecond, a fifth of the page's render.
 */
function styleElement(css: string, id = ''): Buffer {
  let byText = styleElements.get(id);
  if (!byText) styleElements.set(id, (byText = new Map()));
  let element = byText.get(css);
  if (element === undefined) {
    if (byText.size > 256) byText.clear();
    element = Buffer.from(`<style${id ? ` id="${id}"` : ''}>${escapeStyleText(css)}</style>`);
    byText.set(css, element);
  }
  return element;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A share image's address as other sites fetch it: absolute, on the store's own origin unless the CDN holds it. */
function shareImageUrl(address: string, staticCDN: string, pageUrl: string): string {
  try {
    return new URL(mediaUrl(address, staticCDN), pageUrl).href;
  } catch {
    return '';
  }
}

/** The request header by which the server tells the render which store `?store=` chose on a platform address (§2.8). */
export const STORE_OVERRIDE_HEADER = 'x-vitrine-store';

/**
 * The request header by which the server hands the render this response's Content-Security-Policy nonce: every inline
 * or third-party script the page writes (marketing scripts, §3.2) carries it, and the policy allows nothing else.
 */
export const CSP_NONCE_HEADER = 'x-vitrine-nonce';

/** The routes and their handler, built once: each request's data reaches the loaders as their context. */
const handler = createStaticHandler(createRoutes(({ context }) => context as StorefrontData));

/**
 * Renders a shopper page on the server: runs the matched routes' loaders through `data`, then writes the document
 * with the part of the app's stylesheet the page uses and the site's theme CSS inlined in its head, and the loader
 * data for hydration at the end of its body.
 */

export async function renderStorefront(request: Request, data: StorefrontData, assets: ClientAssets): Promise<StorefrontResponse> {
  const context = await handler.query(request, { requestContext: data });
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }

  const site = await data.getSite();
  const error = context.errors ? Object.values(context.errors)[0] : undefined;
  const meta = metaOf(
    context.matches.map((m) => context.loaderData[m.route.id]),
    error,
  );
  const title = documentTitle(meta?.title ?? '', site.webTitle);
  // A page's own SEO fields first, then the store's defaults.
  const description = meta?.description || site.webMeta.metaDesc;
  const keywords = meta?.keywords || site.webMeta.metaKeywords;
  const image = meta?.image || site.webMeta.metaImage;
  const shareImage = image ? shareImageUrl(image, site.staticCDN, request.url) : '';
  const marketing = marketingHead({
    scripts: site.scripts,
    consentBanner: site.consentBanner,
    cookieHeader: request.headers.get('cookie'),
    nonce: request.headers.get(CSP_NONCE_HEADER) ?? '',
    builder: new URL(request.url).pathname.startsWith('/preview'),
  });
  // Where the server drew all the page shows (the store's pages, listings and products, a cart its cookie told), the
  // app's code comes after the page's images and fonts; the app's own pages draw their content and need it first.
  const drawnWhole = routeNotDrawn(context.loaderData) === undefined;
  const scriptPriority = drawnWhole ? ' fetchpriority="low"' : '';
  const head = [
    [
      '<!doctype html><html lang="en"><head><meta charset="utf-8">',
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      `<title>${escapeHtml(title)}</title>`,
      '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
      description ? `<meta name="description" content="${escapeHtml(description)}">` : '',
      keywords ? `<meta name="keywords" content="${escapeHtml(keywords)}">` : '',
      `<meta property="og:title" content="${escapeHtml(meta?.shareTitle || meta?.title || site.webTitle)}">`,
      `<meta property="og:site_name" content="${escapeHtml(site.webTitle)}">`,
      description ? `<meta property="og:description" content="${escapeHtml(description)}">` : '',
      shareImage ? `<meta property="og:image" content="${escapeHtml(shareImage)}">` : '',
      meta?.robots ? `<meta name="robots" content="${meta.robots}">` : '',
      meta?.canonical ? `<link rel="canonical" href="${escapeHtml(new URL(meta.canonical, request.url).href)}">` : '',
      ...fontPreloads(site.themeSettings.themeData).map(
        (href) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${href}">`,
      ),
      ...assets.styles.map((href) => `<link rel="stylesheet" href="${href}">`),
    ].join(''),
  ];
  const headEnd = [
    [
      marketing.head,
      ...(assets.inlineScripts ?? []).map((code) => `<script type="module">${code}</script>`),
      // A page the server drew reads before its code arrives: the code, which makes it interactive, is fetched after
      // the images and fonts the shopper sees first (first paint 2.8 s → 1.2 s in the lab).
      ...(assets.modulePreloads ?? []).map((href) => `<link rel="modulepreload"${scriptPriority} href="${href}">`),
      ...assets.scripts.map((src) => `<script type="module"${scriptPriority} src="${src}"></script>`),
      `</head><body>${marketing.bodyStart}<div id="${APP_ROOT_ID}">`,
    ].join(''),
  ];

  // Bots get no error page (§2.6): the status alone says it.
  if (error !== undefined && isBot(request.headers.get('user-agent'))) {
    return { kind: 'page', status: context.statusCode, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: Buffer.alloc(0) };
  }

  const hydration = { loaderData: context.loaderData, actionData: context.actionData, errors: serializeErrors(context.errors) };
  const store = request.headers.get(STORE_OVERRIDE_HEADER);
  const themeCss = site.themeSettings.themeCSS;
  // A design shown by its theme id (the designs page) links that theme's stylesheet.
  const wtid = new URL(request.url).searchParams.get('wtid');
  // What the app will load to take this page over, named for the page to fetch ahead of the first tap.
  // (The app's own pages start it at once.)
  const appCode = drawnWhole ? assets.appCode?.nameOf(appSourcesOf(context.loaderData)) : undefined;
  const boot: ServerData['boot'] = {
    buildId: assets.buildId,
    themeId: site.themeSettings.themeID,
    webId: site.webID,
    ...(store ? { store } : {}),
    ...(assets.appStylesheets?.length ? { stylesheets: assets.appStylesheets } : {}),
    ...(appCode ? { appCode } : {}),
    ...(themeCss ? { themeStylesheet: `${themeStylesheet(themeCss).path}${wtid ? `?wtid=${encodeURIComponent(wtid)}` : ''}` } : {}),
  };
  // A JSON data block, not a script: the Content-Security-Policy allows no inline script, and this runs nothing.
  const serverData: ServerData = { boot, hydration };
  const tail = `</div>${marketing.bodyEnd}<script type="application/json" id="${SERVER_DATA_ID}">${serverDataJson(serverData)}</script></body></html>`;

  const router = createStaticRouter(handler.dataRoutes, context);
  // The whole body first: the head carries the part of the app's stylesheet it uses.
  const html = await renderWhenReady(<StaticRouterProvider router={router} context={context} hydrate={false} />, {
    onError: (renderError) => console.error('Storefront render error', renderError),
  });
  // The consent banner, drawn outside the app's root, is part of the page too.
  const classes = pageClasses(html + marketing.bodyEnd);
  const styles = (assets.inlineStyles ?? []).map((css) => styleElement(cutFor(css, classes)));
  // The theme's rules after the app's, so they win; cut the same way (its whole stylesheet is `boot.themeStylesheet`).
  const themeStyle = styleElement(themeCss ? cutFor(themeCss, classes) : '', 'vt-theme');
  // One buffer, sent whole with its length: a stream of parts cost the server a write and a chunk header each.
  const body = joined([...head, ...styles, themeStyle, ...headEnd, html, tail]);
  return { kind: 'page', status: context.statusCode, headers: { 'content-type': 'text/html; charset=utf-8' }, body };
}

/** Each route's data as JSON, once per data object: most of it is the store's kept data, the same objects page after page. */
const routeDataJson = new WeakMap<object, string>();

/** `serializeForScript(serverData)`, each route's data written once for all the pages it is part of. */
export function serverDataJson({ boot, hydration }: ServerData): string {
  const { loaderData, ...rest } = hydration as { loaderData?: Record<string, unknown> };
  const routes = Object.entries(loaderData ?? {}).flatMap(([id, value]) => {
    if (value === undefined) return [];
    if (value === null || typeof value !== 'object') return [`${serializeForScript(id)}:${serializeForScript(value)}`];
    let json = routeDataJson.get(value);
    if (json === undefined) routeDataJson.set(value, (json = serializeForScript(value)));
    return [`${serializeForScript(id)}:${json}`];
  });
  const others = serializeForScript(rest).slice(1, -1);
  const parts = [...(loaderData ? [`"loaderData":{${routes.join(',')}}`] : []), ...(others ? [others] : [])];
  return `{"boot":${serializeForScript(boot)},"hydration":{${parts.join(',')}}}`;
}

/** Text and bytes as one buffer, each text encoded straight into it. */
function joined(parts: readonly (string | Buffer)[]): Buffer {
  const size = parts.reduce((total, part) => total + (typeof part === 'string' ? Buffer.byteLength(part) : part.length), 0);
  const buffer = Buffer.allocUnsafe(size);
  let at = 0;
  for (const part of parts) at += typeof part === 'string' ? buffer.write(part, at) : part.copy(buffer, at);
  // Never a byte the page did not write (the counts agree, lone surrogates included: each is written as three bytes).
  return at === size ? buffer : buffer.subarray(0, at);
}

/** Route errors in the form the browser router reads back (as React Router's own server rendering writes them). */
function serializeErrors(errors: Record<string, unknown> | null) {
  if (!errors) return null;
  return Object.fromEntries(
    Object.entries(errors).map(([id, value]) => [
      id,
      isRouteErrorResponse(value)
        ? { ...value, __type: 'RouteErrorResponse' }
        : value instanceof Error
          ? { message: 'Internal Server Error', __type: 'Error' }
          : value,
    ]),
  );
}
