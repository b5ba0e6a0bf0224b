import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studioMaintenanceAnswer, studioSignInAnswer } from '@vitrine/commerce';
import { hashToken } from './auth/tokens.ts';
import { backends, startOnBackend, clearOfWindowEdge, type CallInit, type TestServer, type BackendServer } from './test-support.ts';

describe.each(backends)('studio sign-in and maintenance on $name', ({ create }) => {
  let server: TestServer;
  let started: BackendServer;
  let store1: number;
  let store2: number;
  let ipCount = 0;
  const freshIp = () => `10.3.${Math.floor(ipCount / 250)}.${(ipCount++ % 250) + 1}`;
  const signIn = (email: string, password: string, init: CallInit = {}) =>
    server.call('/api/Studio/SignIn', { method: 'POST', body: { email, password }, ip: freshIp(), ...init });
  const sessionOf = async (email: string, password: string) =>
    studioSignInAnswer.parse(await (await signIn(email, password)).json()).data.sessionToken;
  const studio = (path: string, token: string | null, init: CallInit = {}) =>
    server.call(path, {
      method: init.body === undefined ? 'GET' : 'POST',
      ...init,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers },
    });
  const siteRow = (webId: number) =>
    server.db
      .selectFrom('sites')
      .select(['is_maintenance', 'maintenance_heading', 'maintenance_description', 'maintenance_password_hash'])
      .where('web_id', '=', webId)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    started = await startOnBackend(create);
    ({ server, harborId: store1, atelierId: store2 } = started);
  });
  afterAll(() => started?.stop());

  it('signs an owner in with their sites and a 12-hour session kept only as a hash', async () => {
    const response = await signIn('Owner@Harbor.test', 'harbor-owner-demo');
    expect(response.status).toBe(200);
    const { data } = studioSignInAnswer.parse(await response.json());
    expect(data.owner).toEqual({ ownerId: expect.any(Number), name: 'Hana Lindqvist', email: 'owner@harbor.test' });
    expect(data.sites).toEqual([{ webId: store1, title: 'Harbor & Pine', domain: 'localhost' }]);
    expect(data.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const sessions = await server.db.selectFrom('owner_sessions').selectAll().where('owner_id', '=', data.owner.ownerId).execute();
    expect(sessions.map((s) => s.token_hash)).not.toContain(data.sessionToken);
    const hours = (sessions.at(-1)!.expires_at.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12);
  });

  it('answers a wrong password and an unknown owner identically', async () => {
    const wrong = await signIn('owner@harbor.test', 'not the password');
    const unknown = await signIn('nobody@harbor.test', 'not the password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual(await wrong.json());
    // A customer is not an owner.
    expect((await signIn('shopper@harbor.test', 'harbor-shopper-demo')).status).toBe(401);
  });

  it('lets an owner into the Studio calls of their own store only', async () => {
    const token = await sessionOf('owner@harbor.test', 'harbor-owner-demo');
    const own = await studio('/api/Studio/GetMaintenance', token);
    expect(own.status).toBe(200);
    expect(studioMaintenanceAnswer.parse(await own.json()).data).toMatchObject({ heading: 'We will be back soon', hasPassword: false });

    const before = await siteRow(store2);
    const foreignRead = await studio('/api/Studio/GetMaintenance', token, { host: 'second.localhost' });
    expect(foreignRead.status).toBe(403);
    expect((await foreignRead.json()).error.code).toBe('NOT_SITE_OWNER');
    const foreignWrite = await studio('/api/Studio/SetMaintenance', token, {
      host: 'second.localhost',
      body: { isMaintenance: true, heading: 'Mine now', description: '', password: '' },
    });
    expect(foreignWrite.status).toBe(403);
    expect(await siteRow(store2)).toEqual(before);

    const guestTokens = (await (await server.call('/api/Web/GetWebInfo?Domain=localhost')).json()).tokens;
    for (const [bearer, code] of [
      [null, 'SESSION_MISSING'],
      ['made-up-session', 'SESSION_EXPIRED'],
      [guestTokens.accessToken as string, 'SESSION_EXPIRED'],
    ] as const) {
      const response = await studio('/api/Studio/GetMaintenance', bearer);
      expect(response.status, String(bearer)).toBe(401);
      expect((await response.json()).error.code).toBe(code);
    }

    const expiring = await sessionOf('owner@harbor.test', 'harbor-owner-demo');
    await server.db
      .updateTable('owner_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashToken(expiring))
      .execute();
    const expired = await studio('/api/Studio/GetMaintenance', expiring);
    expect((await expired.json()).error.code).toBe('SESSION_EXPIRED');
    expect(expired.status).toBe(401);
  });

  it('sets maintenance: checks the fields, keeps the password hashed, and flips open streams within a second', async () => {
    const token = await sessionOf('owner@harbor.test', 'harbor-owner-demo');
    const stream = await server.stream('/api/Web/MaintenanceStream');
    expect(JSON.parse((await stream.next()).data)).toEqual({ isMaintanance: false });
    const set = (body: unknown) => studio('/api/Studio/SetMaintenance', token, { body });

    const flipped = performance.now();
    const on = await set({ isMaintenance: true, heading: 'Back soon', description: '<p>Fish & Chips</p>', password: 'let me in' });
    expect(on.status).toBe(200);
    expect(studioMaintenanceAnswer.parse(await on.json()).data).toEqual({
      isMaintenance: true,
      heading: 'Back soon',
      description: '<p>Fish & Chips</p>',
      hasPassword: true,
    });
    const event = await stream.next(1000);
    expect(JSON.parse(event.data)).toEqual({ isMaintanance: true });
    expect(event.receivedAt - flipped).toBeLessThan(1000);

    const row = await siteRow(store1);
    expect(row.maintenance_password_hash).toMatch(/^scrypt\$/);
    expect(row.maintenance_description).toBe('&lt;p&gt;Fish &amp; Chips&lt;/p&gt;');
    expect((await (await server.call('/api/Web/GetMaintenanceModeSettings')).json()).data).toEqual({
      isPasswordProtected: '1',
      heading: 'Back soon',
      // Shoppers get the owner's formatting sanitised, as HTML (issue 33): the studio gets the text as written.
      description: '<p>Fish &amp; Chips</p>',
      isMaintenance: true,
    });
    const check = (password: string) =>
      server.call('/api/Web/CheckMaintenanceModePassword', { method: 'POST', body: { password }, ip: freshIp() }).then((r) => r.json());
    expect(await check('let me in')).toEqual({ data: true });

    // A description pasted with entities is shown decoded (§3.11), never as a literal "&amp;".
    const pasted = await set({ isMaintenance: true, heading: 'Back soon', description: 'Fish &amp; Chips', password: null });
    expect(studioMaintenanceAnswer.parse(await pasted.json()).data.description).toBe('Fish & Chips');
    // The shopper's page gets it as sanitised HTML, which a browser shows as "Fish & Chips".
    expect((await (await server.call('/api/Web/GetMaintenanceModeSettings')).json()).data.description).toBe('Fish &amp; Chips');
    expect(JSON.parse((await stream.next(1000)).data)).toEqual({ isMaintanance: true });

    // null keeps the password, '' removes it.
    expect((await set({ isMaintenance: true, heading: 'Still soon', description: '', password: null })).status).toBe(200);
    expect((await siteRow(store1)).maintenance_password_hash).toBe(row.maintenance_password_hash);
    expect(await check('let me in')).toEqual({ data: true });
    expect(JSON.parse((await stream.next(1000)).data)).toEqual({ isMaintanance: true });
    const off = await set({ isMaintenance: false, heading: 'Still soon', description: '', password: '' });
    expect(studioMaintenanceAnswer.parse(await off.json()).data.hasPassword).toBe(false);
    expect(JSON.parse((await stream.next(1000)).data)).toEqual({ isMaintanance: false });
    stream.close();

    const unchanged = await siteRow(store1);
    const good = { isMaintenance: true, heading: 'Back soon', description: 'Soon', password: null };
    for (const [body, field] of [
      [{ ...good, heading: 'h'.repeat(201) }, 'heading'],
      [{ ...good, description: 'd'.repeat(5001) }, 'description'],
      [{ ...good, isMaintenance: 'yes' }, 'isMaintenance'],
      [{ ...good, password: undefined }, 'password'],
      [{ ...good, password: 'p'.repeat(201) }, 'password'],
    ] as const) {
      const response = await set(body);
      expect(response.status, field).toBe(400);
      expect((await response.json()).error.field).toBe(field);
    }
    expect(await siteRow(store1)).toEqual(unchanged);
  });

  it('signs out: the session token stops working', async () => {
    const token = await sessionOf('owner@atelier.test', 'atelier-owner-demo');
    expect((await studio('/api/Studio/GetMaintenance', token, { host: 'second.localhost' })).status).toBe(200);
    const out = await studio('/api/Studio/SignOut', token, { body: {} });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ data: { signedOut: true } });
    expect((await studio('/api/Studio/GetMaintenance', token, { host: 'second.localhost' })).status).toBe(401);
  });

  it('limits owner sign-in attempts per IP with a 429', async () => {
    await clearOfWindowEdge(60);
    const ip = freshIp();
    for (let attempt = 0; attempt < 10; attempt++)
      expect((await signIn(`guess-${attempt}@example.test`, 'guess', { ip })).status).toBe(401);
    const limited = await signIn('owner@harbor.test', 'harbor-owner-demo', { ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});

describe('a client’s own X-Forwarded-For', () => {
  let started: BackendServer;
  beforeAll(async () => {
    // Only a proxy on this machine is believed; here that is nobody, as for a client reaching the server directly.
    started = await startOnBackend(backends[0]!.create, { app: { trustProxy: false } });
  });
  afterAll(() => started?.stop());

  it('does not let it walk past the per-IP limit with a new address per attempt', async () => {
    await clearOfWindowEdge(60);
    const attempt = (n: number) =>
      started.server.call('/api/Studio/SignIn', {
        method: 'POST',
        body: { email: `guess-${n}@example.test`, password: 'guess' },
        ip: `203.0.113.${n + 1}`,
      });
    for (let n = 0; n < 10; n++) expect((await attempt(n)).status).toBe(401);
    expect((await attempt(10)).status).toBe(429);
  });
});
