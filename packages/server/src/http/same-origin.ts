import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

/** Methods that change nothing, which any page may send. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes from a browser must come from a page of the store itself: a browser names the page's origin in `Origin` on
 * every cross-origin write, so another site's form or script (riding a visitor's cookies: the maintenance bypass,
 * the store override, the session's access token) is refused with 403 before anything runs. Requests without
 * `Origin` are not a browser's cross-site writes (servers, tools) and go on to their own authentication.
 */
export function registerSameOriginWrites(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const origin = request.headers.origin;
    if (SAFE_METHODS.has(request.method) || origin === undefined) return;
    if (originHost(origin) !== request.host) {
      throw new HttpError(403, 'CROSS_ORIGIN', `Origin: a write from ${origin} is not accepted by this store`, 'Origin');
    }
  });
}

/** The host (with port) of an `Origin` header, or null for `null` and anything that is not an origin. */
function originHost(origin: string): string | null {
  try {
    return new URL(origin).host || null;
  } catch {
    return null;
  }
}
