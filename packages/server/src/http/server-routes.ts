import type { FastifyInstance } from 'fastify';

/** Each server's own routes, by the paths they were registered with, as `recordServerRoutes` heard them. */
const recorded = new WeakMap<FastifyInstance, Set<string>>();

/**
 * Starts keeping the paths of every route `app` registers from now on (`/api/*`, `/media/*`, `/_img/:modifiers/*`,
 * `/editor/*`…): called first, before any route, so the list is the server's route table itself, not a copy of it.
 */
export function recordServerRoutes(app: FastifyInstance): void {
  const paths = new Set<string>();
  recorded.set(app, paths);
  app.addHook('onRoute', (route) => {
    paths.add(route.url);
  });
}

/** Whether `pattern`, a route's path (`:name` one segment, `*` the rest), matches `path`; both compared in lower case. */
export function routeMatches(pattern: string, path: string): boolean {
  const wanted = pattern.toLowerCase().split('/').filter(Boolean);
  const asked = path.toLowerCase().split('/').filter(Boolean);
  for (const [at, part] of wanted.entries()) {
    if (part === '*') return true;
    const segment = asked[at];
    if (segment === undefined) return false;
    if (!part.startsWith(':') && part !== segment) return false;
  }
  return asked.length === wanted.length;
}

/**
 * The route of `app` (other than the storefront's catch-all `/*`, which answers any address) that answers `path`, or
 * null: `/api/Studio/GetPages` is answered by `/api/*`.
 */
export function serverRouteOf(app: FastifyInstance, path: string): string | null {
  for (const pattern of recorded.get(app) ?? []) if (pattern !== '/*' && routeMatches(pattern, path)) return pattern;
  return null;
}
