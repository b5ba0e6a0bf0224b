import helmet from '@fastify/helmet';
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
 * A shopper page's Content-Security-Policy: the page's own nonce, which every script it writes carries, and exactly
 * the outside origins its store's marketing scripts need (`marketingSources`) — nothing for a store without them.
 * `/preview` may be framed by the studio on the same origin; no other page by anyone.
 */
export function pagePolicy(nonce: string, sources: MarketingSources, framable: boolean): string {
  const page: Record<string, string[]> = {
    ...directives,
    'script-src': [...directives['script-src'], `'nonce-${nonce}'`, ...sources.script],
    'connect-src': [...directives['connect-src'], ...sources.connect],
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
 * Security headers on every answer, by `@fastify/helmet`: a Content-Security-Policy that allows only this origin's
 * scripts (pages hand their data over in a JSON block, so no inline script is needed), `nosniff`, a Referrer-Policy,
 * and framing by nobody except `/preview`, which the studio on the same origin frames. `contentSecurityPolicy: false`
 * is for the development server, whose hot reload injects inline scripts.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  { contentSecurityPolicy = true }: { contentSecurityPolicy?: boolean } = {},
) {
  const framable = isFramable;
  await app.register(helmet, {
    // Set below from two policies written once: helmet would rebuild it on every answer for its per-path part.
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
  const framed = { csp: policy("'self'"), xfo: 'SAMEORIGIN' };
  const unframed = { csp: policy("'none'"), xfo: 'DENY' };
  app.addHook('onRequest', (request, reply, done) => {
    const headers = framable(request.url) ? framed : unframed;
    if (contentSecurityPolicy) reply.header('content-security-policy', headers.csp);
    reply.header('x-frame-options', headers.xfo);
    done();
  });
}
