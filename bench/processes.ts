import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { onCleanup } from './cleanup.ts';

/** The monorepo root; children run from here so relative paths in package scripts hold. */
export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Servers bind to loopback only: the load generator is local and nothing else should reach a benchmark server. */
export const LOOPBACK = '127.0.0.1';

/** Keeps this much of a child's output, enough to show why it failed to start without holding a whole log. */
const OUTPUT_LIMIT = 64 * 1024;

/** A child Node process started by a benchmark; it is stopped by the run's cleanup. */
export interface NodeChild {
  readonly process: ChildProcess;
  /** The tail of its stdout and stderr, interleaved. */
  output(): string;
  /** True once it has exited, for whatever reason. */
  exited(): boolean;
}

/**
 * Starts `node --conditions=vitrine --import tsx <script>` from the repo root, the same way `npm run serve` runs the
 * server (minus npm, so the pid we kill is the server itself), and registers its stopping with the cleanup.
 */
export function spawnNodeScript(script: string, env: NodeJS.ProcessEnv): NodeChild {
  const child = spawn(process.execPath, ['--conditions=vitrine', '--import', 'tsx', script], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_LIMIT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  onCleanup(() => stopChild(child));
  return {
    process: child,
    output: () => output,
    exited: () => child.exitCode !== null || child.signalCode !== null,
  };
}

/** SIGTERM (the server closes its database on it), then SIGKILL if it has not exited within a few seconds. */
async function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  try {
    await exited;
  } finally {
    clearTimeout(timer);
  }
}

/** A fresh temp dir, removed by the cleanup (after the children using it have stopped, as it is registered first). */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Asks the OS for an unused loopback port. Another process could take it before the child binds; unlikely here. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, LOOPBACK);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/** A complete HTTP response, body as the exact bytes sent. */
export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A request through node:http rather than fetch: fetch may refuse to set Host, and a benchmark wants the raw body bytes
 * without any decoding. A JSON `body` is sent as such.
 */
export function httpRequest(
  url: string,
  {
    method = 'GET',
    headers = {},
    body,
    timeoutMs = 10_000,
  }: { method?: string; headers?: Record<string, string>; body?: unknown; timeoutMs?: number } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = request(
      url,
      {
        method,
        headers: payload ? { ...headers, 'content-type': 'application/json', 'content-length': String(payload.length) } : headers,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${url} timed out after ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

export const httpGet = (url: string, headers: Record<string, string> = {}, timeoutMs = 10_000) => httpRequest(url, { headers, timeoutMs });

/**
 * Polls `url` until it answers 200. Fails at once if the child exits, and after `timeoutMs` otherwise, in both cases
 * with the child's output, which is where the reason is.
 */
export async function waitUntilReady(child: NodeChild, url: string, name: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exited()) {
      throw new Error(
        `${name} exited (code ${child.process.exitCode}, signal ${child.process.signalCode}) before ${url} answered. Its output:\n${child.output()}`,
      );
    }
    try {
      const response = await httpGet(url, {}, 2000);
      if (response.status === 200) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${name} did not answer 200 on ${url} within ${timeoutMs / 1000} s (last: ${last}). Its output:\n${child.output()}`);
}

/** What the production server needs on disk; its absence means `npm run build` has not been run. */
const buildOutputs = ['packages/storefront/dist/.vite/manifest.json', 'packages/studio/dist/index.html'];

/** Runs `npx turbo run build` when the built client is missing; the production server refuses to start without it. */
export async function ensureBuilt(): Promise<void> {
  const missing = buildOutputs.filter((file) => !existsSync(join(repoRoot, file)));
  if (missing.length === 0) return;
  console.log(`bench: ${missing.join(', ')} missing, running npx turbo run build…`);
  const build = spawn('npx', ['turbo', 'run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  onCleanup(() => {
    if (build.exitCode === null && build.signalCode === null) build.kill('SIGTERM');
  });
  const [code, signal] = (await once(build, 'exit')) as [number | null, NodeJS.Signals | null];
  if (code !== 0) throw new Error(`npx turbo run build failed (code ${code}, signal ${signal})`);
}

/** The production server, started as `npm run serve` would, on its own port and empty data dir. */
export interface ProductionServer {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  child: NodeChild;
}

/** How to start the production server: the embedded database unless given a PostgreSQL, in one process unless told. */
export interface ProductionServerOptions {
  /** A PostgreSQL database of its own (`freshPostgresDatabase`); the embedded one when absent. */
  databaseUrl?: string;
  /** WORKERS: server processes sharing the port (more than one needs `databaseUrl`). */
  workers?: number;
  timeoutMs?: number;
  /** A data dir already holding a database (a bench's generated catalogue); a fresh one when absent. */
  dataDir?: string;
}

/**
 * Starts packages/server/src/main.ts with NODE_ENV=production on a free loopback port and a fresh DATA_DIR (so the
 * demo stores are seeded the same way every run), and waits for /api/health.
 */
export async function startProductionServer({
  databaseUrl,
  workers = 1,
  timeoutMs = 90_000,
  dataDir = tempDir('vitrine-bench-'),
}: ProductionServerOptions = {}): Promise<ProductionServer> {
  const port = await freePort();
  const child = spawnNodeScript('packages/server/src/main.ts', {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: LOOPBACK,
    DATA_DIR: dataDir,
    // An inherited DATABASE_URL would point the server at someone's PostgreSQL; the benchmark's own or the embedded one.
    DATABASE_URL: databaseUrl ?? '',
    WORKERS: String(workers),
    SEED_DEMO: 'true',
  });
  const origin = `http://${LOOPBACK}:${port}`;
  // First start migrates and seeds the embedded database: ~10 s normally, more on a busy 2-core machine.
  await waitUntilReady(child, `${origin}/api/health`, 'The production server', timeoutMs);
  return { origin, child };
}

/**
 * A new, empty database on the PostgreSQL that `adminUrl` reaches (DATABASE_URL, as CI's scripts/with-postgres.sh
 * sets it), dropped by the cleanup after the servers using it have stopped.
 */
export async function freshPostgresDatabase(adminUrl: string): Promise<string> {
  const name = `vitrine_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  onCleanup(async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Stops a server started by `startProductionServer` before the run ends (its cleanup then has nothing to do). */
export const stopProductionServer = (server: ProductionServer) => stopChild(server.child.process);
