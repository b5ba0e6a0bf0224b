import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startOnBackend, type BackendServer, type TestServer } from './test-support.ts';

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
    const first = await server.call('/?store=second.localhost');
    expect(titleOf(await first.text())).toContain('Atelier Nord');
    const cookie = first.headers.get('set-cookie')!;
    expect(cookie.split('; ').sort()).toEqual(['HttpOnly', 'Path=/', 'SameSite=Lax', 'vt_store=second.localhost']);
    const sent = { cookie: cookie.split(';')[0]! };

    const guarded = await server.call('/account', { headers: sent });
    expect(guarded.status).toBe(302);
    const signin = await server.call(guarded.headers.get('location')!, { headers: sent });
    const html = await signin.text();
    expect(titleOf(html)).toBe('Signin | Atelier Nord');
    // The browser is told which store it is on, so its calls go there too.
    expect(html).toContain('"store":"second.localhost"');
    expect(titleOf(await (await server.call('/', { headers: sent })).text())).toContain('Atelier Nord');
    // The API follows the cookie as the pages do.
    expect((await (await server.call('/api/Page/GetPage?Slug=', { headers: sent })).json()).data.pageId).toBe(
      (await (await server.call('/api/Page/GetPage?Slug=', { host: 'second.localhost' })).json()).data.pageId,
    );

    // store= (empty) ends the override.
    const ended = await server.call('/?store=', { headers: sent });
    expect(ended.headers.get('set-cookie')).toMatch(/^vt_store=; Max-Age=0;/);
    expect(titleOf(await ended.text())).toContain('Harbor &#38; Pine');
  });

  it("never honours ?store= or its cookie on a store's own domain", async () => {
    const own = await server.call('/?store=second.localhost', {
      host: 'harbor-pine.example',
      headers: { cookie: 'vt_store=second.localhost' },
    });
    expect(own.status).toBe(200);
    expect(own.headers.get('set-cookie')).toBeNull();
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
