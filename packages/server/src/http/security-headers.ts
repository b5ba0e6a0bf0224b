import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { MarketingSources } from '@vitrine/commerce';
import type { FastifyInstance } from 'fastify';

/** Where the studio frames the storefront: the only page that may be framed, and only by its own origin. */
const FRAMABLE = /^\/preview(\/|\?|$)/;

/** The hosted realtime database (§3.3), which a store's pages may hold a socket to for the live maintenance flag. */
const REALTIME_DATABASE = [
  'https://*.firebaseio.com',
  'wss://*.firebaseio.com',
  'https://*.firebasedatabase.app',
  'wss://*.firebasedatabase.app',
];

/** The policy of every answer but a shopper's page: only this origin's scripts and connections. */
const directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // Theme variables arrive in a <style> element and sections' colours and images in style attributes.
  'style-src': ["'self'", "'unsafe-inline'"],
  // Owners may show images from other https addresses; the image route serves placeholders as data: URLs.
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", ...REALTIME_DATABASE],
  'worker-src': ["'self'", 'blob:'],
  'frame-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
} satisfies Record<string, string[]>;

/**
 * The origins a store's pages open for the realtime database its config names (§3.3), beyond the hosted ones every
 * page allows: its socket and its REST address (the demo store's is on loopback). Nothing for an address that is not
 * a ws, wss, http or https one.
 */
export function realtimeDatabaseSources(databaseURL: string | null | undefined): string[] {
  if (!databaseURL || !URL.canParse(databaseURL)) return [];
  const { protocol, host } = new URL(databaseURL);
  const secure = protocol === 'wss:' || protocol === 'https:';
  if (!secure && protocol !== 'ws:' && protocol !== 'http:') return [];
  return [`${secure ? 'wss' : 'ws'}://${host}`, `${secure ? 'https' : 'http'}://${host}`];
}

/**
 * A shopper page's Content-Security-Policy: the page's own nonce, which every script it writes carries, and exactly
 * the outside origins its store's marketing scripts need (`marketingSources`) — nothing for a store without them —
 * and its realtime database's (`realtimeDatabaseSources`). `/preview` may be framed by the studio on the same
 * origin; no other page by anyone.
 */
export function pagePolicy(nonce: string, sources: MarketingSources, framable: boolean, realtimeDatabase: string[] = []): string {
  const page: Record<string, string[]> = {
    ...directives,
    'script-src': [...directives['script-src'], `'nonce-${nonce}'`, ...sources.script],
    'connect-src': [...directives['connect-src'], ...sources.connect, ...realtimeDatabase],
    'frame-src': [...directives['frame-src'], ...sources.frame],
    'frame-ancestors': [framable ? "'self'" : "'none'"],
  };
  return Object.entries(page)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';');
}

/** Whether a path may be framed (the studio's preview). */
export const isFramable = (url: string | undefined) => FRAMABLE.test(url ?? '');

/**
 * The headers helmet sets for `options`, read once by running its middleware against a recorder: they do not depend
 * on the request, and helmet's chain of setters cost a quarter of a small answer's time (measured: a bare route
 * answered 31,000/s, 19,000/s under `@fastify/helmet`, 27,000/s with the same headers set at once).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Security headers on every answer, chosen by helmet: a Content-Security-Policy that allows only this origin's
 * scripts (pages hand their data over in a JSON block; a shopper's page has its own, `pagePolicy`), `nosniff`, a
 * Referrer-Policy, and framing by nobody except `/preview`, which the studio on the same origin frames.
 * `contentSecurityPolicy: false` is for the development server, whose hot reload injects inline scripts.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  { contentSecurityPolicy = true }: { contentSecurityPolicy?: boolean } = {},
): Promise<SecurityHeadersOf> {
  const common = helmetHeaders({
    // Set below: one policy per framing, written once.
    contentSecurityPolicy: false,
    // Set below per path: the header allows one value, and /preview needs another than the rest.
    frameguard: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Media, fonts and built files may be served through a CDN on another origin (`staticCDN`); they must stay loadable.
    crossOriginResourcePolicy: false,
  });
  const policy = (ancestors: string) =>
    Object.entries({ ...directives, 'frame-ancestors': [ancestors] })
      .map(([name, values]) => `${name} ${values.join(' ')}`)
      .join(';');
  const headersOf = (ancestors: string, xfo: string) => ({
    ...common,
    ...(contentSecurityPolicy ? { 'content-security-policy': policy(ancestors) } : {}),
    'x-frame-options': xfo,
  });
  const framed = headersOf("'self'", 'SAMEORIGIN');
  const unframed = headersOf("'none'", 'DENY');
  const headersFor: SecurityHeadersOf = (url) => (isFramable(url) ? framed : unframed);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headersFor(request.url));
    done();
  });
  return headersFor;
}

/**
 * The security headers of an answer to `url`, for the answers no hook sees: an address the router refuses before any
 * route or hook runs (app.ts, `frameworkErrors`) and an event stream written straight to the socket.
 */
export type SecurityHeadersOf = (url: string | undefined) => Readonly<Record<string, string>>;
