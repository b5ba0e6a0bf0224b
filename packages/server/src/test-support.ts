import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { decodeHTML } from 'entities';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { renderStorefront, type ClientAssets } from '@vitrine/storefront/server';
import type { Database } from './db/schema.ts';
import type { ServerConfig } from './infra/config.ts';
import type { AppOptions } from './http/app.ts';
import { createServer, type StartedServer } from './server.ts';

/**
 * The databases server tests run on: always the embedded PGlite, and a real PostgreSQL too when DATABASE_URL is
 * set (CI starts one). Each test file gets a database of its own, dropped afterwards.
 */
export const backends: { name: string; create: () => Promise<{ url: string | undefined; drop: () => Promise<void> }> }[] = [
  { name: 'PGlite', create: async () => ({ url: undefined, drop: async () => {} }) },
  ...(process.env['DATABASE_URL']
    ? [
        {
          name: 'PostgreSQL',
          async create() {
            const admin = process.env['DATABASE_URL']!;
            const name = `vitrine_test_${randomBytes(6).toString('hex')}`;
            const client = new pg.Client({ connectionString: admin });
            await client.connect();
            await client.query(`CREATE DATABASE ${name}`);
            await client.end();
            const url = new URL(admin);
            url.pathname = `/${name}`;
            return {
              url: url.toString(),
              async drop() {
                const c = new pg.Client({ connectionString: admin });
                await c.connect();
                await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
                await c.end();
              },
            };
          },
        },
      ]
    : []),
];

/** A test server started on a fresh database of one backend, with the demo stores' web ids. */
export interface BackendServer {
  server: TestServer;
  databaseUrl: string | undefined;
  /** Harbor & Pine, served at localhost. */
  harborId: number;
  /** Atelier Nord, served at second.localhost. */
  atelierId: number;
  /** Closes the server and drops its database. */
  stop(): Promise<void>;
}

/** Starts a test server on a fresh database of `create`'s backend (a test file's `beforeAll`; `stop` in `afterAll`). */
export async function startOnBackend(create: (typeof backends)[number]['create'], options?: TestServerOptions): Promise<BackendServer> {
  const database = await create();
  const server = await startTestServer(database.url, options);
  const sites = await server.db.selectFrom('site_domains').select(['domain', 'web_id']).execute();
  const idOf = (domain: string) => sites.find((site) => site.domain === domain)!.web_id!;
  return {
    server,
    databaseUrl: database.url,
    harborId: idOf('localhost'),
    atelierId: idOf('second.localhost'),
    async stop() {
      await server.close();
      await database.drop();
    },
  };
}

/** How a test calls the server: as if from `host` (the store's domain) and, when given, from client address `ip`. */
export interface CallInit {
  method?: string;
  host?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  /** Sent as X-Forwarded-For (tests call over loopback, whose proxy the server trusts), so rate limits per IP can be told apart per test. */
  ip?: string;
}

/** One server-sent event as a client receives it. */
export interface ServerEvent {
  event: string;
  data: string;
  /** performance.now() when it arrived. */
  receivedAt: number;
}

/** An open server-sent event stream read over real HTTP. */
export interface EventStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Comment lines (`: heartbeat`) received so far. */
  comments: string[];
  /** The next event not yet taken; rejects when none comes within `timeoutMs`. */
  next(timeoutMs?: number): Promise<ServerEvent>;
  close(): void;
}

export interface TestServer extends StartedServer {
  /** Calls the server over real HTTP. */
  call(path: string, init?: CallInit): Promise<Response>;
  /** Opens a server-sent event stream over real HTTP, answering once the headers arrive. */
  stream(path: string, init?: { host?: string }): Promise<EventStream>;
  dataDir: string;
  outboxDir: string;
  port: number;
}

export interface TestServerOptions {
  /** Seed the demo stores (default true). A second server on a database already seeded passes false. */
  seedDemo?: boolean;
  /** App options to override, e.g. a short heartbeat. */
  app?: Partial<AppOptions>;
  /** Server settings to override, e.g. a short refresh grace window. */
  config?: Partial<ServerConfig>;
  /** What the built shopper app adds to the test's (which has no build), e.g. the code pages fetch ahead. */
  assets?: Partial<ClientAssets>;
}

/**
 * A real server on a free loopback port, with a fresh data folder, seeded demo stores and the real storefront.
 * Several may share one PostgreSQL database: migrations run under Kysely's lock and find nothing left to do, and
 * only the first need seed.
 */
export async function startTestServer(databaseUrl: string | undefined, options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-test-'));
  const config: ServerConfig = {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    mediaDir: join(dataDir, 'media'),
    outboxDir: join(dataDir, 'outbox'),
    databaseUrl,
    secret: randomBytes(48),
    seedDemo: options.seedDemo ?? true,
    accessTokenSeconds: 15 * 60,
    refreshGraceSeconds: 10,
    platformHosts: ['127.0.0.1'],
    // Never Meta from a test: a port nothing listens on (tests of the relay pass their own Graph API stand-in).
    conversionsApiUrl: 'http://127.0.0.1:9',
    // Atelier Nord follows its flag through the realtime database the run started (`realtime-test-server.ts`).
    demoRealtimeDatabaseUrl: inject('realtimeDatabaseUrl'),
    trustProxy: ['loopback'],
    production: true,
    workers: 1,
    ...options.config,
  };
  const server = await createServer(
    config,
    { render: renderStorefront, assets: { buildId: 'test-build', scripts: [], styles: [], ...options.assets } },
    options.app,
  );
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  return {
    ...server,
    dataDir,
    outboxDir: config.outboxDir,
    port,
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
    call(path, { method = 'GET', host = 'localhost', body, rawBody, headers = {}, ip } = {}) {
      const payload = rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
      // node:http rather than fetch: fetch does not let a caller choose the Host header, and the Host picks the store.
      return new Promise<Response>((resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            path,
            method,
            headers: {
              host,
              ...(ip ? { 'x-forwarded-for': ip } : {}),
              ...(payload !== undefined ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
              ...headers,
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => {
              const responseHeaders = new Headers();
              for (const [name, value] of Object.entries(response.headers)) {
                if (typeof value === 'string') responseHeaders.set(name, value);
                else if (Array.isArray(value)) for (const each of value) responseHeaders.append(name, each);
              }
              const status = response.statusCode ?? 0;
              resolve(new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status, headers: responseHeaders }));
            });
          },
        );
        request.on('error', reject);
        request.end(payload);
      });
    },
    stream(path, { host = 'localhost' } = {}) {
      return openEventStream(port, path, host);
    },
  };
}

/** Opens an event stream as a browser's EventSource does, accepting compressed answers. */
function openEventStream(port: number, path: string, host: string): Promise<EventStream> {
  const headers = { host, accept: 'text/event-stream', 'accept-encoding': 'gzip, deflate, br' };
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers }, (response) => {
      const queue: ServerEvent[] = [];
      const waiting: ((event: ServerEvent) => void)[] = [];
      const comments: string[] = [];
      let buffer = '';
      response.setEncoding('utf8');
      // Closing the stream from this side aborts the response; that is the expected end, not a failure.
      response.on('error', () => {});
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
          }
          if (!data.length) continue;
          const received: ServerEvent = { event, data: data.join('\n'), receivedAt: performance.now() };
          const waiter = waiting.shift();
          if (waiter) waiter(received);
          else queue.push(received);
        }
      });
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        comments,
        next(timeoutMs = 2000) {
          const queued = queue.shift();
          if (queued) return Promise.resolve(queued);
          return new Promise((resolveEvent, rejectEvent) => {
            const timer = setTimeout(() => {
              waiting.splice(waiting.indexOf(take), 1);
              rejectEvent(new Error(`No server-sent event within ${timeoutMs} ms`));
            }, timeoutMs);
            const take = (event: ServerEvent) => {
              clearTimeout(timer);
              resolveEvent(event);
            };
            waiting.push(take);
          });
        },
        close() {
          request.destroy();
        },
      });
    });
    request.on('error', reject);
  });
}

/**
 * Waits, when the current fixed window of `windowSeconds` ends within `seconds`, until the next one starts, so that a
 * test's attempts all count in one window (a window's edge resets the count: that is what fixed windows do).
 */
export async function clearOfWindowEdge(windowSeconds: number, seconds = 5): Promise<void> {
  const left = windowSeconds * 1000 - (Date.now() % (windowSeconds * 1000));
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** The claims of a JWT, read without checking it (the server's own tests check signatures). */
export function jwtClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

let ownerSignIns = 0;

/** Signs a demo owner in to the studio, each time from a new client address (sign-in is rate-limited per address). */
export async function signInOwner(server: TestServer, email: string, password: string): Promise<string> {
  ownerSignIns++;
  const response = await server.call('/api/Studio/SignIn', {
    method: 'POST',
    body: { email, password },
    ip: `10.250.${Math.floor(ownerSignIns / 250)}.${(ownerSignIns % 250) + 1}`,
  });
  if (response.status !== 200) throw new Error(`Owner sign-in of ${email} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: { sessionToken: string } }).data.sessionToken;
}

/** A guest's access token for the store at `domain`, as the shopper app gets one at start (GetWebInfo). */
export async function guestToken(server: TestServer, domain = 'localhost'): Promise<string> {
  const response = await server.call(`/api/Web/GetWebInfo?Domain=${domain}`);
  return ((await response.json()) as { tokens: { accessToken: string } }).tokens.accessToken;
}

/** A customer's access token, signed in from client address `ip` (rate limits count per address). */
export async function signInCustomer(server: TestServer, email: string, password: string, ip: string): Promise<string> {
  const response = await server.call('/api/Auth/SignIn', { method: 'POST', body: { email, password }, ip });
  if (response.status !== 200) throw new Error(`Sign-in of ${email} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { tokens: { accessToken: string } }).tokens.accessToken;
}

/** Calls the Studio API with an owner's session (none when null): GET without a body, POST with one. */
export function studioCaller(server: TestServer, token: string | null) {
  return (path: string, init: CallInit = {}) =>
    server.call(path, {
      method: init.body === undefined && init.rawBody === undefined ? 'GET' : 'POST',
      ...init,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers },
    });
}

/**
 * The server on `create`'s database with both demo stores, and each store's owner signed in to the studio: Harbor's
 * (`studio`) and Atelier Nord's (`nordStudio`, the other store of every tenancy check).
 */
export async function startWithBothOwners(create: Parameters<typeof startOnBackend>[0]) {
  const started = await startOnBackend(create);
  const { server, harborId: harbor, atelierId: atelier } = started;
  const studio = studioCaller(server, await signInOwner(server, 'owner@harbor.test', 'harbor-owner-demo'));
  const nordStudio = studioCaller(server, await signInOwner(server, 'owner@atelier.test', 'atelier-owner-demo'));
  return { started, server, harbor, atelier, studio, nordStudio };
}

/**
 * Checks that each of `calls` (a path, and a body for a POST) on the demo store Harbor serves its owner only: nobody,
 * a guest and a signed-in customer get 401, `otherOwner` (another store's owner) 403 NOT_SITE_OWNER.
 */
export async function expectOwnerOnly(
  server: TestServer,
  otherOwner: ReturnType<typeof studioCaller>,
  calls: readonly (readonly [string, unknown?])[],
  customerIp: string,
): Promise<void> {
  const guest = studioCaller(server, await guestToken(server));
  const customer = studioCaller(server, await signInCustomer(server, 'shopper@harbor.test', 'harbor-shopper-demo', customerIp));
  const nobody = studioCaller(server, null);
  for (const [path, body] of calls) {
    const init = body === undefined ? {} : { body };
    for (const [who, caller] of [
      ['nobody', nobody],
      ['a guest', guest],
      ['a customer', customer],
    ] as const)
      expect((await caller(path, init)).status, `${path} by ${who}`).toBe(401);
    const refused = await otherOwner(path, init);
    expect(refused.status, `${path} by another store's owner`).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code, `${path} by another store's owner`).toBe('NOT_SITE_OWNER');
  }
}

/** A refused call's status with its error: code, the field at fault, message. */
export async function refusalOf(response: Response): Promise<{ status: number; code: string; field?: string; message: string }> {
  const body = (await response.json()) as { error: { code: string; field?: string; message: string } };
  return { status: response.status, ...body.error };
}

/** The tables whose rows belong to one store. */
type StoreTable = { [T in keyof Database]: Database[T] extends { web_id: number } ? T : never }[keyof Database];

/** Every row one store has in `tables`, as one string: the same before and after a call that changed nothing. */
export async function storeSnapshot(server: TestServer, webId: number, tables: readonly StoreTable[]): Promise<string> {
  const rows = await Promise.all(
    tables.map((table) =>
      server.db
        .selectFrom(table as 'categories')
        .selectAll()
        .where('web_id', '=', webId)
        .execute(),
    ),
  );
  return JSON.stringify(rows.map((table) => table.map((row) => JSON.stringify(row)).sort()));
}

/**
 * What a listing page says of its scope, as text: the head's title and description, the heading, and the description
 * shown under it (null where there is none).
 */
export function listingWordsOf(html: string): {
  title: string | null;
  description: string | null;
  heading: string | null;
  shown: string | null;
} {
  const heading = /<h1 class="vt-h1 vt-listing-title">([^<]*)<\/h1>(?:<p class="vt-subheading">([^<]*)<\/p>)?/.exec(html);
  const text = (words: string | undefined) => (words === undefined ? null : decodeHTML(words));
  return {
    title: text(/<title>([^<]*)<\/title>/.exec(html)?.[1]),
    description: text(/<meta name="description" content="([^"]*)">/.exec(html)?.[1]),
    heading: text(heading?.[1]),
    shown: text(heading?.[2]),
  };
}
