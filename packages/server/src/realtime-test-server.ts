import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('../../../scripts/firebase-server.cjs', import.meta.url));

/** A realtime database on loopback for tests: its `ws://` address, as a store's settings name it (§3.3). */
export interface RealtimeTestServer {
  databaseURL: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts `firebase-server` (the realtime-database protocol, over a socket and REST) on a free loopback port, standing
 * in for the hosted database tests cannot reach, holding `data` at first.
 */
export async function startRealtimeTestServer(data: unknown = {}): Promise<RealtimeTestServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [script, String(port), JSON.stringify(data)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`firebase-server exited with ${code}`)));
  });
  return {
    databaseURL: `ws://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The realtime database every test run starts once, which the demo store Atelier Nord is configured with. */
    realtimeDatabaseUrl: string;
  }
}

let shared: RealtimeTestServer | undefined;

/** Vitest's global setup: one realtime database for the whole run, its address provided to every test file. */
export async function setup({ provide }: { provide: (key: 'realtimeDatabaseUrl', value: string) => void }): Promise<void> {
  shared = await startRealtimeTestServer();
  provide('realtimeDatabaseUrl', shared.databaseURL);
}

export async function teardown(): Promise<void> {
  await shared?.stop();
}
