import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, signInOwner, startOnBackend, type BackendServer, type CallInit } from './test-support.ts';

/**
 * Walks every API route the server registered (read from Fastify's own route table, so a new route is walked
 * without being listed here) and checks what must hold for all of them: a route that needs a signed-in owner or
 * customer refuses a caller without one (401) and the owner of another store (403); a malformed body is a 400 that
 * names its field; a GET changes nothing in the database.
 */
let started: BackendServer;
let routes: { method: string; path: string }[];
let harborOwner: string;
let nordOwner: string;
let shopper: string;

/** Routes anyone may call: the storefront's own, sign-in and its limits, forms, health. */
const OWNER_FREE = new Set(['/api/Studio/SignIn']);
/** Streams that never end on their own; their first event is checked in maintenance.test.ts. */
const STREAMS = new Set(['/api/Web/MaintenanceStream']);
/** POSTs that read no body: ending the owner's own session. */
const BODILESS = new Set(['/api/Studio/SignOut']);
const needsOwner = (path: string) => path.startsWith('/api/Studio/') && !OWNER_FREE.has(path);
const needsCustomer = (path: string) => path.startsWith('/api/Account/') || path === '/api/Auth/ChangePassword';

beforeAll(async () => {
  started = await startOnBackend(backends[0]!.create);
  // Fastify prints its radix tree: a child line holds the rest of its parent's path, one level of indent deeper.
  const paths: string[] = [];
  routes = started.server.app
    .printRoutes({ commonPrefix: false })
    .split('\n')
    .flatMap((line) => {
      const match = /^([│ ]*)(?:├── |└── )(\S+) \(([A-Z, ]+)\)/.exec(line);
      if (!match) return [];
      const depth = match[1]!.length / 4;
      const path = (depth > 0 ? paths[depth - 1]! : '') + match[2]!;
      paths[depth] = path;
      return path.startsWith('/api/')
        ? match[3]!
            .split(', ')
            .filter((method) => method === 'GET' || method === 'POST')
            .map((method) => ({ method, path }))
        : [];
    });
  harborOwner = await signInOwner(started.server, 'owner@harbor.test', 'harbor-owner-demo');
  nordOwner = await signInOwner(started.server, 'owner@atelier.test', 'atelier-owner-demo');
  const signIn = await started.server.call('/api/Auth/SignIn', {
    method: 'POST',
    body: { email: 'shopper@harbor.test', password: 'harbor-shopper-demo' },
    ip: '10.9.0.1',
  });
  shopper = ((await signIn.json()) as { tokens: { accessToken: string } }).tokens.accessToken;
});
afterAll(() => started?.stop());

const call = (route: { method: string; path: string }, token: string | null, init: CallInit = {}) =>
  started.server.call(route.path, {
    method: route.method,
    ...(route.method === 'POST' && init.body === undefined && init.rawBody === undefined ? { body: {} } : {}),
    ...init,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers },
  });

/** Every store table's rows, hashed: what a GET must leave as it found it. */
async function fingerprint(): Promise<string> {
  const tables = await started.server.db.introspection.getTables();
  const hash = createHash('sha256');
  for (const table of tables
    .filter((t) => t.schema === 'public' && t.name !== 'rate_limit_hits' && !t.name.startsWith('kysely_'))
    .sort((a, b) => a.name.localeCompare(b.name))) {
    const rows = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table.name)} ORDER BY 1`.execute(started.server.db);
    hash.update(table.name).update(JSON.stringify(rows.rows));
  }
  return hash.digest('hex');
}

describe('every API route', () => {
  it('is found: the walk covers the Studio, account, auth, page, form and web routes', () => {
    const paths = new Set(routes.map((route) => route.path));
    expect(paths.size).toBeGreaterThanOrEqual(40);
    for (const path of [
      '/api/Studio/SavePage',
      '/api/Account/GetProfile',
      '/api/Auth/SignIn',
      '/api/Page/GetPage',
      '/api/Form/Submit',
      '/api/Web/GetWebInfo',
    ])
      expect(paths).toContain(path);
  });

  it('that needs an owner refuses a caller without a studio session (401) and the owner of another store (403)', async () => {
    const owned = routes.filter((route) => needsOwner(route.path));
    expect(owned.length).toBeGreaterThanOrEqual(20);
    for (const route of owned) {
      const anonymous = await call(route, null);
      expect(anonymous.status, `${route.method} ${route.path} without a session`).toBe(401);
      if (route.path === '/api/Studio/SignOut') continue; // Ends the caller's own session, whatever the store.
      const stranger = await call(route, nordOwner);
      expect(stranger.status, `${route.method} ${route.path} by another store's owner`).toBe(403);
      expect(((await stranger.json()) as { error: { code: string } }).error.code).toBe('NOT_SITE_OWNER');
    }
  });

  it('that needs a customer refuses a caller without a token, and a guest’s token (401)', async () => {
    const guest = await started.server.call('/api/Web/GetWebInfo?Domain=localhost');
    const guestToken = ((await guest.json()) as { tokens: { accessToken: string } }).tokens.accessToken;
    const customers = routes.filter((route) => needsCustomer(route.path));
    expect(customers.length).toBeGreaterThanOrEqual(4);
    for (const route of customers) {
      expect((await call(route, null)).status, `${route.method} ${route.path} without a token`).toBe(401);
      expect((await call(route, guestToken)).status, `${route.method} ${route.path} with a guest's token`).toBe(401);
    }
  });

  it('that takes a body answers a malformed one with 400 naming the field, and changes nothing', async () => {
    const before = await fingerprint();
    for (const route of routes.filter((r) => r.method === 'POST' && !BODILESS.has(r.path))) {
      const token =
        needsOwner(route.path) || route.path === '/api/Studio/SignIn'
          ? harborOwner
          : needsCustomer(route.path) || route.path === '/api/Auth/SignOut'
            ? shopper
            : null;
      const answer = await call(route, token, { rawBody: '"not an object"', ip: '10.9.1.1' });
      expect(answer.status, `${route.path} with a string for a body`).toBe(400);
      const body = (await answer.json()) as { error?: { field?: string }; errors?: unknown };
      expect(body.error?.field ?? body.errors, `${route.path} names the field at fault`).toBeTruthy();
    }
    expect(await fingerprint()).toBe(before);
  });

  it('that is a GET changes nothing in the database, whoever calls it', async () => {
    const before = await fingerprint();
    for (const route of routes.filter((r) => r.method === 'GET' && !STREAMS.has(r.path))) {
      const token = needsOwner(route.path) ? harborOwner : needsCustomer(route.path) ? shopper : null;
      const answer = await call(route, token);
      expect(answer.status, `GET ${route.path}`).toBeLessThan(500);
    }
    expect(await fingerprint()).toBe(before);
  });
});
