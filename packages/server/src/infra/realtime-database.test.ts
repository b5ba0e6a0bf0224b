import { connect, createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { deleteApp, initializeApp } from 'firebase/app';
import { getDatabase, ref, set } from 'firebase/database';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  MAX_TRANSACTION_RETRIES,
  mirrorMaintenanceFlag,
  RealtimeDatabases,
  realtimeRest,
  realtimeTransaction,
  restUrl,
} from './realtime-database.ts';
import { demoRealtimeDatabase } from '../seed/seed-demo.ts';
import { startRealtimeTestServer, type RealtimeTestServer } from '../realtime-test-server.ts';
import { backends, startOnBackend, type BackendServer, type TestServer } from '../test-support.ts';

// A real realtime-database protocol server on loopback of this file's own, standing in for the hosted one.
let realtime: RealtimeTestServer;
let databases: RealtimeDatabases;
beforeAll(async () => {
  realtime = await startRealtimeTestServer({ counter: 5, kept: 'as it was' });
  databases = new RealtimeDatabases();
});
afterAll(async () => {
  await databases?.close();
  await realtime?.stop();
});
const connection = () => databases.of(demoRealtimeDatabase(realtime.databaseURL));

/** A slow network to the realtime database at `databaseURL`: what is sent to it through the answer arrives `delayMs` late. */
async function slowLink(databaseURL: string, delayMs: number): Promise<{ databaseURL: string; close(): void }> {
  const target = new URL(databaseURL);
  const sockets = new Set<Socket>();
  const link = createNetServer((client) => {
    const server = connect(Number(target.port), target.hostname);
    const end = () => [client, server].forEach((socket) => (socket.destroy(), sockets.delete(socket)));
    for (const socket of [client, server]) {
      sockets.add(socket);
      socket.on('close', end).on('error', end);
    }
    client.on('data', (chunk) => setTimeout(() => server.destroyed || server.write(chunk), delayMs));
    server.pipe(client);
  });
  await new Promise<void>((resolve) => link.listen(0, '127.0.0.1', resolve));
  return {
    databaseURL: `ws://127.0.0.1:${(link.address() as AddressInfo).port}`,
    close: () => {
      link.close();
      for (const socket of sockets) socket.destroy();
    },
  };
}

it('turns the SDK form of a database URL into its REST address', () => {
  expect(restUrl('wss://shop.example.com/', '/stores/1/isMaintanance')).toBe('https://shop.example.com/stores/1/isMaintanance.json');
  expect(restUrl('ws://127.0.0.1:9000', 'a')).toBe('http://127.0.0.1:9000/a.json');
});

it('reads missing data as null over REST, and leaves stores without a realtime database alone', async () => {
  expect(await realtimeRest(realtime.databaseURL, 'nothing/here')).toEqual({ ok: true, data: null });
  expect(await mirrorMaintenanceFlag(databases, { nonsense: true }, 1, { isMaintenance: true, savedAt: 1 })).toBeNull();
  expect(await mirrorMaintenanceFlag(databases, null, 1, { isMaintenance: true, savedAt: 1 })).toBeNull();
});

describe('a transaction on a realtime database (§8)', () => {
  it("retries on 'datastale': a first try made before the value was read runs again on the value the database holds", async () => {
    const seen: unknown[] = [];
    const outcome = await realtimeTransaction(connection(), 'counter', (current) => {
      seen.push(current);
      return (typeof current === 'number' ? current : 0) + 1;
    });
    // The first try wrote over null; the database answered datastale, and the second try counted from 5.
    expect(seen).toEqual([null, 5]);
    expect(outcome).toEqual({ outcome: 'committed', value: 6 });
    expect(await realtimeRest(realtime.databaseURL, 'counter')).toEqual({ ok: true, data: 6 });
  });

  it("ends as 'maxretry' after 25 tries when another writer changes the value before each of them lands", async () => {
    const other = initializeApp(demoRealtimeDatabase(realtime.databaseURL), 'another-writer');
    const theirs = getDatabase(other);
    // This process's writes go over a slower network than the other writer's, so theirs always land first.
    const slow = await slowLink(realtime.databaseURL, 30);
    try {
      await set(ref(theirs, 'busy'), 'theirs 0');
      let tries = 0;
      const outcome = await realtimeTransaction(databases.of(demoRealtimeDatabase(slow.databaseURL)), 'busy', () => {
        tries += 1;
        // The other writer's write leaves before this try's: the database always holds something newer.
        void set(ref(theirs, 'busy'), `theirs ${tries}`);
        return `mine ${tries}`;
      });
      expect(outcome).toEqual({ outcome: 'maxretry' });
      expect(tries).toBe(MAX_TRANSACTION_RETRIES);
      expect(await realtimeRest(realtime.databaseURL, 'busy')).toEqual({ ok: true, data: `theirs ${MAX_TRANSACTION_RETRIES}` });
    } finally {
      await deleteApp(other);
      slow.close();
    }
  });

  it("ends as 'nodata' when the update writes nothing, and leaves the value as it was", async () => {
    const seen: unknown[] = [];
    const outcome = await realtimeTransaction(connection(), 'kept', (current) => {
      seen.push(current);
      // Nothing to write once the value is known; a first try on nothing writes a placeholder the database refuses.
      return current === null ? 'placeholder' : undefined;
    });
    expect(seen).toEqual([null, 'as it was']);
    expect(outcome).toEqual({ outcome: 'nodata', value: 'as it was' });
    expect(await realtimeRest(realtime.databaseURL, 'kept')).toEqual({ ok: true, data: 'as it was' });
  });

  it("ends as 'set' when a plain write replaces a transaction still waiting its turn", async () => {
    const database = connection();
    const first = realtimeTransaction(database, 'place', () => 'first');
    // Sent only once the first is answered: a set() meanwhile replaces it.
    const second = realtimeTransaction(database, 'place', () => 'second');
    await set(ref(database.database, 'place'), 'plain');
    expect(await second).toEqual({ outcome: 'set' });
    expect(await first).toEqual({ outcome: 'committed', value: 'first' });
  });

  it("answers 'unreachable' once the wait is over when nothing answers, and at once while it stays so", async () => {
    const nowhere = new RealtimeDatabases(300);
    try {
      const database = nowhere.of(demoRealtimeDatabase('ws://127.0.0.1:9'));
      let started = performance.now();
      expect(await realtimeTransaction(database, 'x', () => 1)).toEqual({ outcome: 'unreachable' });
      expect(performance.now() - started).toBeGreaterThanOrEqual(250);
      started = performance.now();
      expect(await realtimeTransaction(database, 'x', () => 1)).toEqual({ outcome: 'unreachable' });
      expect(performance.now() - started).toBeLessThan(100);
    } finally {
      await nowhere.close();
    }
  });
});

it('keeps the later of two maintenance flips mirrored out of order', async () => {
  const settings = demoRealtimeDatabase(realtime.databaseURL);
  const later = await mirrorMaintenanceFlag(databases, settings, 41, { isMaintenance: false, savedAt: 2000 });
  expect(later).toEqual({ outcome: 'committed', value: { isMaintanance: false, isMaintananceAt: 2000 } });
  const earlier = await mirrorMaintenanceFlag(databases, settings, 41, { isMaintenance: true, savedAt: 1000 });
  expect(earlier).toMatchObject({ outcome: 'nodata' });
  expect(await realtimeRest(realtime.databaseURL, 'stores/41/isMaintanance')).toEqual({ ok: true, data: false });
});

describe.each(backends)('an owner flipping maintenance on $name', ({ create }) => {
  let server: TestServer;
  let started: BackendServer;
  beforeAll(async () => {
    started = await startOnBackend(create);
    ({ server } = started);
  });
  afterAll(() => started?.stop());

  async function flip(store: 'harbor' | 'atelier', on: boolean) {
    const host = store === 'harbor' ? 'localhost' : 'second.localhost';
    const signIn = await server.call('/api/Studio/SignIn', {
      method: 'POST',
      body: { email: `owner@${store}.test`, password: `${store}-owner-demo` },
    });
    const response = await server.call('/api/Studio/SetMaintenance', {
      method: 'POST',
      host,
      headers: { authorization: `Bearer ${(await signIn.json()).data.sessionToken}` },
      body: { isMaintenance: on, heading: 'Back soon', description: '', password: null },
    });
    expect(response.status).toBe(200);
    return (await response.json()).data as { isMaintenance: boolean; realtimeDatabase?: string };
  }

  it("mirrors Atelier Nord's flips into the realtime database the demo store is configured with", async () => {
    const config = await (await server.call('/api/Web/GetWebInfo?Domain=second.localhost')).json();
    // The run's realtime database (realtime-test-server.ts), as the seed configured it.
    expect(config.data.realtimeDatabase).toEqual(demoRealtimeDatabase(inject('realtimeDatabaseUrl')));
    const flag = `stores/${started.atelierId}/isMaintanance`;
    expect(await flip('atelier', true)).toMatchObject({ isMaintenance: true, realtimeDatabase: 'ok' });
    expect(await realtimeRest(inject('realtimeDatabaseUrl'), flag)).toEqual({ ok: true, data: true });
    expect(await flip('atelier', false)).toMatchObject({ isMaintenance: false, realtimeDatabase: 'ok' });
    expect(await realtimeRest(inject('realtimeDatabaseUrl'), flag)).toEqual({ ok: true, data: false });
  });

  it("does not write a flip over a later one the realtime database holds ('nodata')", async () => {
    const node = `stores/${started.atelierId}`;
    const later = { isMaintanance: true, isMaintananceAt: Date.now() + 60_000 };
    await realtimeRest(inject('realtimeDatabaseUrl'), node, { method: 'PUT', value: later });
    try {
      expect(await flip('atelier', false)).toMatchObject({ isMaintenance: false, realtimeDatabase: 'nodata' });
      expect(await realtimeRest(inject('realtimeDatabaseUrl'), node)).toEqual({ ok: true, data: later });
    } finally {
      await realtimeRest(inject('realtimeDatabaseUrl'), node, { method: 'PUT', value: null });
    }
  });

  it('flips a store whose realtime database does not answer, and says so', async () => {
    const webId = started.harborId;
    expect(await flip('harbor', true)).toEqual(expect.not.objectContaining({ realtimeDatabase: expect.anything() }));
    await server.db
      .updateTable('sites')
      .set({ realtime_database: JSON.stringify(demoRealtimeDatabase('ws://127.0.0.1:9')) })
      .where('web_id', '=', webId)
      .execute();
    try {
      expect(await flip('harbor', false)).toMatchObject({ isMaintenance: false, realtimeDatabase: 'unreachable' });
      const page = await server.call('/api/Web/GetMaintenanceModeSettings');
      expect((await page.json()).data.isMaintenance).toBe(false);
    } finally {
      await server.db.updateTable('sites').set({ realtime_database: null }).where('web_id', '=', webId).execute();
    }
  });
});
