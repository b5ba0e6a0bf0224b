import helmet from '@fastify/helmet';
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
  const framable = (url: string | undefined) => FRAMABLE.test(url ?? '');
  await app.register(helmet, {
    contentSecurityPolicy: contentSecurityPolicy
      ? {
          useDefaults: false,
          directives: {
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
            'frame-ancestors': [(request) => (framable(request.url) ? "'self'" : "'none'")],
            'object-src': ["'none'"],
            'base-uri': ["'self'"],
            'form-action': ["'self'"],
          },
        }
      : false,
    // Set below per path: the header allows one value, and /preview needs another than the rest.
    frameguard: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Media, fonts and built files may be served through a CDN on another origin (`staticCDN`); they must stay loadable.
    crossOriginResourcePolicy: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-frame-options', framable(request.url) ? 'SAMEORIGIN' : 'DENY');
  });
}
