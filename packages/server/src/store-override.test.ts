import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPlatformHost, STORE_COOKIE } from './http/site.ts';
import { readConfig } from './infra/config.ts';
import { demoStores } from './seed/demo-stores.ts';
import { backends, startOnBackend, type BackendServer, type TestServer } from './test-support.ts';

/** The platform's own address in the demo (`PLATFORM_HOSTS`' default): not a store's domain. */
const PLATFORM = '127.0.0.1';

describe('the default platform address', () => {
  it("is no demo store's domain, nor a name a demo store's domain is a subdomain of", () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-platform-'));
    try {
      const { platformHosts } = readConfig({ DATA_DIR: dataDir });
      expect(platformHosts).toEqual([PLATFORM]);
      for (const store of demoStores) expect(isPlatformHost(store.domain, platformHosts), store.domain).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/**
 * `?store=` (§2.8) overrides the store for the whole visit, but only on the platform's own addresses: a redirect or a
 * reload used to show the Host's store while the browser kept calling the other, and a link on one store's own domain
 * could show another store under it.
 */
describe.each(backends)('the store override on $name', ({ create }) => {
  let server: TestServer;
  let started: BackendServer;
  const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

  beforeAll(async () => {
    started = await startOnBackend(create);
    ({ server } = started);
    // Harbor & Pine also answers on a domain of its own, as a store in production does.
    await server.db.insertInto('site_domains').values({ domain: 'harbor-pine.example', web_id: started.harborId }).execute();
  });
  afterAll(() => started?.stop());

  it('keeps ?store= for the visit: after a guard redirect and a reload the page is still the other store', async () => {
    const first = await server.call('/?store=second.localhost', { host: PLATFORM });
    expect(titleOf(await first.text())).toContain('Atelier Nord');
    // Other cookies (the visitor tracker's) may come too; this one is the override's.
    const cookie = first.headers.getSetCookie().find((each) => each.startsWith(`${STORE_COOKIE}=`))!;
    expect(cookie.split('; ').sort()).toEqual(['HttpOnly', 'Path=/', 'SameSite=Lax', 'vt_store=second.localhost']);
    const sent = { cookie: cookie.split(';')[0]! };

    const guarded = await server.call('/account', { host: PLATFORM, headers: sent });
    expect(guarded.status).toBe(302);
    const signin = await server.call(guarded.headers.get('location')!, { host: PLATFORM, headers: sent });
    const html = await signin.text();
    expect(titleOf(html)).toBe('Signin | Atelier Nord');
    // The browser is told which store it is on, so its calls go there too.
    expect(html).toContain('"store":"second.localhost"');
    expect(titleOf(await (await server.call('/', { host: PLATFORM, headers: sent })).text())).toContain('Atelier Nord');
    // The API follows the cookie as the pages do.
    expect((await (await server.call('/api/Page/GetPage?Slug=', { host: PLATFORM, headers: sent })).json()).data.pageId).toBe(
      (await (await server.call('/api/Page/GetPage?Slug=', { host: 'second.localhost' })).json()).data.pageId,
    );

    // store= (empty) ends the override: the platform's own address is no store's, so the Host finds none.
    const ended = await server.call('/?store=', { host: PLATFORM, headers: sent });
    expect(ended.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^vt_store=; Max-Age=0;/));
    expect(ended.status).toBe(404);
    expect(await ended.text()).not.toContain('Atelier Nord');

    // Another store by the same means, on the same address.
    const harbor = await server.call('/?store=localhost', { host: PLATFORM });
    expect(titleOf(await harbor.text())).toContain('Harbor &#38; Pine');
  });

  it("never honours ?store= on the demo stores' own domains, though one is a subdomain of the other", async () => {
    const second = await server.call('/?store=localhost', { host: 'second.localhost' });
    expect(second.status).toBe(200);
    expect(second.headers.get('set-cookie') ?? '').not.toContain(STORE_COOKIE);
    const html = await second.text();
    expect(titleOf(html)).toContain('Atelier Nord');
    expect(html).not.toContain('"store":');
    const kept = await server.call('/', { host: 'second.localhost', headers: { cookie: 'vt_store=localhost' } });
    expect(titleOf(await kept.text())).toContain('Atelier Nord');
    const api = await server.call('/api/Page/GetPage?Slug=&store=localhost', { host: 'second.localhost' });
    expect((await api.json()).data.pageId).toBe(
      (await (await server.call('/api/Page/GetPage?Slug=', { host: 'second.localhost' })).json()).data.pageId,
    );

    const first = await server.call('/?store=second.localhost', { host: 'localhost' });
    expect(first.headers.get('set-cookie') ?? '').not.toContain(STORE_COOKIE);
    expect(titleOf(await first.text())).toContain('Harbor &#38; Pine');
  });

  it("never honours ?store= or its cookie on a store's own domain", async () => {
    const own = await server.call('/?store=second.localhost', {
      host: 'harbor-pine.example',
      headers: { cookie: 'vt_store=second.localhost' },
    });
    expect(own.status).toBe(200);
    expect(own.headers.get('set-cookie') ?? '').not.toContain(STORE_COOKIE);
    const html = await own.text();
    expect(titleOf(html)).toContain('Harbor &#38; Pine');
    expect(html).not.toContain('"store":');

    // Signing in there signs in to Harbor & Pine, whatever the query says.
    const signIn = await server.call('/api/Auth/SignIn?store=second.localhost', {
      method: 'POST',
      host: 'harbor-pine.example',
      body: { email: 'shopper@harbor.test', password: 'harbor-shopper-demo' },
      ip: '10.66.0.1',
    });
    expect(signIn.status).toBe(200);
    const { tokens } = await signIn.json();
    const profile = await server.call('/api/Account/GetProfile?store=second.localhost', {
      host: 'harbor-pine.example',
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(profile.status).toBe(200);
    expect((await profile.json()).data.email).toBe('shopper@harbor.test');
  });
});

describe.each(backends)('a platform address that is also a store domain, on $name', ({ create }) => {
  let server: TestServer;
  let started: BackendServer;
  const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

  // Configured as the demo once was: `localhost` (Harbor & Pine's domain) named as the platform's own address.
  beforeAll(async () => {
    started = await startOnBackend(create, { config: { platformHosts: ['localhost', PLATFORM] } });
    ({ server } = started);
  });
  afterAll(() => started?.stop());

  it("is a store's own domain all the same: ?store= and its cookie change nothing there or on its subdomains", async () => {
    const second = await server.call('/?store=localhost', { host: 'second.localhost' });
    expect(second.headers.get('set-cookie') ?? '').not.toContain(STORE_COOKIE);
    expect(titleOf(await second.text())).toContain('Atelier Nord');
    const first = await server.call('/?store=second.localhost', { host: 'localhost', headers: { cookie: 'vt_store=second.localhost' } });
    expect(first.headers.get('set-cookie') ?? '').not.toContain(STORE_COOKIE);
    expect(titleOf(await first.text())).toContain('Harbor &#38; Pine');

    // A subdomain of it that is no store's, and the address that is the platform's alone, still choose.
    for (const host of ['shop.localhost', PLATFORM]) {
      const chosen = await server.call('/?store=second.localhost', { host });
      expect(titleOf(await chosen.text()), host).toContain('Atelier Nord');
    }
  });
});
