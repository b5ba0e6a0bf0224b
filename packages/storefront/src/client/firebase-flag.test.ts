import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { maintenanceFlagPath, watchFirebaseFlag } from './firebase-flag.ts';
import { realtimeDatabaseAt } from './realtime-database.fixture.ts';

const script = fileURLToPath(new URL('../../../../scripts/firebase-server.cjs', import.meta.url));
let server: ChildProcess;
let port: number;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Writes the flag as the store's owner would, through the realtime database's REST interface. */
async function setFlag(webId: number, value: boolean) {
  const response = await fetch(`http://127.0.0.1:${port}/${maintenanceFlagPath(webId)}.json`, {
    method: 'PUT',
    body: JSON.stringify(value),
  });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  port = await freePort();
  // A real realtime-database protocol server on loopback, standing in for the hosted one we cannot reach.
  server = spawn(process.execPath, [script, String(port), JSON.stringify({ stores: { 7: { isMaintanance: false } } })], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    server.once('exit', (code) => reject(new Error(`firebase-server exited with ${code}`)));
  });
});

afterAll(() => {
  server?.kill('SIGTERM');
});

it("follows a store's maintenance flag in its realtime database, live", async () => {
  const seen: boolean[] = [];
  const stop = watchFirebaseFlag(realtimeDatabaseAt(`ws://127.0.0.1:${port}`), 7, (on) => seen.push(on));
  await expect.poll(() => seen, { timeout: 5000 }).toEqual([false]);
  await setFlag(7, true);
  await expect.poll(() => seen, { timeout: 2000 }).toEqual([false, true]);
  await setFlag(7, false);
  await expect.poll(() => seen, { timeout: 2000 }).toEqual([false, true, false]);
  // Another store's flag is not this store's business.
  await setFlag(8, true);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(seen).toEqual([false, true, false]);
  stop();
});
