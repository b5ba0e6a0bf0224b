import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mirrorMaintenanceFlag, realtimeRest, restUrl } from './realtime-database.ts';
import { backends, startOnBackend, type TestServer, type BackendServer } from '../test-support.ts';

const script = fileURLToPath(new URL('../../../../scripts/firebase-server.cjs', import.meta.url));
const port = 20000 + Math.floor(Math.random() * 20000);
let firebase: ChildProcess;
const databaseURL = `ws://127.0.0.1:${port}`;

beforeAll(async () => {
  // A real realtime-database protocol server on loopback, standing in for the hosted one we cannot reach.
  firebase = spawn(process.execPath, [script, String(port), '{}'], { stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    firebase.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    firebase.once('exit', (code) => reject(new Error(`firebase-server exited with ${code}`)));
  });
});
afterAll(() => {
  firebase?.kill('SIGTERM');
});

it('turns the SDK form of a database URL into its REST address', () => {
  expect(restUrl('wss://shop.example.com/', '/stores/1/isMaintanance')).toBe('https://shop.example.com/stores/1/isMaintanance.json');
  expect(restUrl('ws://127.0.0.1:9000', 'a')).toBe('http://127.0.0.1:9000/a.json');
});

it('reads missing data as null and writes values over REST', async () => {
  expect(await realtimeRest(databaseURL, 'nothing/here')).toEqual({ ok: true, data: null });
  expect(await mirrorMaintenanceFlag({ nonsense: true }, 1, true)).toBeNull();
});

describe.each(backends)('an owner flipping maintenance on $name', ({ create }) => {
  let server: TestServer;
  let started: BackendServer;
  beforeAll(async () => {
    started = await startOnBackend(create);
    ({ server } = started);
  });
  afterAll(() => started?.stop());

  it("mirrors the flag into the store's realtime database when it has one", async () => {
    const settings = {
      apiKey: 'k',
      authDomain: '',
      projectId: 'p',
      storageBucket: '',
      messagingSenderId: '',
      appId: 'a',
      measurementId: '',
      databaseURL,
    };
    await server.db
      .updateTable('sites')
      .set({ realtime_database: JSON.stringify(settings) })
      .where('main_domain', '=', 'localhost')
      .execute();
    const { web_id: webId } = await server.db
      .selectFrom('sites')
      .select('web_id')
      .where('main_domain', '=', 'localhost')
      .executeTakeFirstOrThrow();
    const signIn = await (
      await server.call('/api/Studio/SignIn', { method: 'POST', body: { email: 'owner@harbor.test', password: 'harbor-owner-demo' } })
    ).json();
    const flip = async (on: boolean) => {
      const response = await server.call('/api/Studio/SetMaintenance', {
        method: 'POST',
        headers: { authorization: `Bearer ${signIn.data.sessionToken}` },
        body: { isMaintenance: on, heading: 'Back soon', description: '', password: null },
      });
      expect(response.status).toBe(200);
      expect((await response.json()).data.realtimeDatabase).toBe('ok');
    };
    await flip(true);
    expect(await realtimeRest(databaseURL, `stores/${webId}/isMaintanance`)).toEqual({ ok: true, data: true });
    await flip(false);
    expect(await realtimeRest(databaseURL, `stores/${webId}/isMaintanance`)).toEqual({ ok: true, data: false });
    const config = await (await server.call('/api/Web/GetWebInfo?Domain=localhost')).json();
    expect(config.data.realtimeDatabase.databaseURL).toBe(databaseURL);
  });
});
