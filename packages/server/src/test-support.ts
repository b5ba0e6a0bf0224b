import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { renderStorefront } from '@vitrine/storefront/server';
import type { ServerConfig } from './config.ts';
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

export interface TestServer extends StartedServer {
  /** Calls the server over real HTTP as if from `host` (the store's domain). */
  call(path: string, init?: { method?: string; host?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> }): Promise<Response>;
  dataDir: string;
}

/** A real server on a free loopback port, with a fresh data folder, seeded demo stores and the real storefront. */
export async function startTestServer(databaseUrl: string | undefined): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-test-'));
  const config: ServerConfig = {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    mediaDir: join(dataDir, 'media'),
    databaseUrl,
    secret: randomBytes(48),
    seedDemo: true,
    production: true,
  };
  const server = await createServer(config, { render: renderStorefront, assets: { scripts: [], styles: [] } });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  return {
    ...server,
    dataDir,
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
    call(path, { method = 'GET', host = 'localhost', body, rawBody, headers = {} } = {}) {
      const payload = rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
      // node:http rather than fetch: fetch does not let a caller choose the Host header, and the Host picks the store.
      return new Promise<Response>((resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            path,
            method,
            headers: { host, ...(payload !== undefined ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}), ...headers },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => {
              const responseHeaders = new Headers();
              for (const [name, value] of Object.entries(response.headers)) if (typeof value === 'string') responseHeaders.set(name, value);
              const status = response.statusCode ?? 0;
              resolve(new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status, headers: responseHeaders }));
            });
          },
        );
        request.on('error', reject);
        request.end(payload);
      });
    },
  };
}

/** The claims of a JWT, read without checking it (the server's own tests check signatures). */
export function jwtClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}
