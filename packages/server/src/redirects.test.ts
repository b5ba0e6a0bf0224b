import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RedirectRule, SaveRedirectRequest, StoreRedirectSettings } from '@vitrine/commerce';
import { backends, signInOwner, startOnBackend, studioCaller, type BackendServer } from './test-support.ts';

/**
 * The owner's redirect rules (§2.1) and the store's `redirectURL` (§3.2) over real HTTP: kept per store through the
 * studio's endpoints, refused with a 400 naming the field when they would shadow a route of the store, loop or
 * repeat a source, and applied to page requests before the route table.
 */
describe.each(backends)('redirect rules on $name', ({ create }) => {
  let started: BackendServer;
  let harborOwner: ReturnType<typeof studioCaller>;
  let atelierOwner: ReturnType<typeof studioCaller>;
  const server = () => started.server;

  beforeAll(async () => {
    started = await startOnBackend(create);
    harborOwner = studioCaller(server(), await signInOwner(server(), 'owner@harbor.test', 'harbor-owner-demo'));
    atelierOwner = studioCaller(server(), await signInOwner(server(), 'owner@atelier.test', 'atelier-owner-demo'));
  });
  afterAll(() => started?.stop());

  type Refusal = { error: { code: string; message: string; field?: string } };
  const save = (body: SaveRedirectRequest | Record<string, unknown>, owner = harborOwner, host = 'localhost') =>
    owner('/api/Studio/SaveRedirect', { body, host });
  const remove = (ruleId: number, owner = harborOwner, host = 'localhost') =>
    owner('/api/Studio/DeleteRedirect', { body: { ruleId }, host });
  const list = async (owner = harborOwner, host = 'localhost') => {
    const answer = await owner('/api/Studio/GetRedirects', { host });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { data: StoreRedirectSettings }).data;
  };
  const saved = async (body: SaveRedirectRequest, owner = harborOwner, host = 'localhost') => {
    const answer = await save(body, owner, host);
    expect(answer.status, await answer.clone().text()).toBe(200);
    return ((await answer.json()) as { data: StoreRedirectSettings }).data;
  };
  const ruleOf = (settings: StoreRedirectSettings, fromPath: string): RedirectRule => settings.rules.find((r) => r.fromPath === fromPath)!;
  const refused = async (body: Record<string, unknown>, field: string) => {
    const answer = await save(body);
    expect(answer.status, JSON.stringify(body)).toBe(400);
    const { error } = (await answer.json()) as Refusal;
    expect(error.field, JSON.stringify(body)).toBe(field);
    return error.message;
  };
  const page = (path: string, host = 'localhost', method = 'GET') => server().call(path, { host, method });
  const clearAll = async () => {
    for (const rule of (await list()).rules) expect((await remove(rule.ruleId)).status).toBe(200);
  };

  it('keeps a rule and answers its old path with a 301 to the new one, query string along, before the route table', async () => {
    // The path drew a page (the catch-all's not-found) before the rule, and the store's data was kept meanwhile.
    expect((await page('/old-mug')).status).toBe(404);
    const settings = await saved({ fromPath: '/Old-Mug/', to: '/stoneware-mug', status: 301 });
    expect(settings.rules).toEqual([{ ruleId: expect.any(Number), fromPath: '/old-mug', to: '/stoneware-mug', status: 301 }]);
    expect(await list()).toEqual(settings);

    const moved = await page('/old-mug?utm_source=mail&x=1');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/stoneware-mug?utm_source=mail&x=1');
    // However the old address is written, and for HEAD as for GET.
    expect((await page('/OLD-MUG/')).headers.get('location')).toBe('/stoneware-mug');
    const head = await page('/old-mug', 'localhost', 'HEAD');
    expect([head.status, head.headers.get('location')]).toEqual([301, '/stoneware-mug']);
    // Paths of the store that no rule names are drawn as before.
    expect((await page('/stoneware-mug')).status).toBe(200);
    // An address with letters beyond ASCII matches however the browser encoded it, and goes out encoded.
    await saved({ fromPath: '/café-crème', to: '/kitchen/café?note=crème-brûlée', status: 302 });
    const accented = await page('/caf%C3%A9-CR%C3%A8me');
    expect([accented.status, accented.headers.get('location')]).toEqual([302, '/kitchen/caf%C3%A9?note=cr%C3%A8me-br%C3%BBl%C3%A9e']);
    await clearAll();
  });

  it('sends a path to another site with a 302, the target’s own query first; a change or a removal applies at once', async () => {
    const created = await saved({ fromPath: '/partner', to: 'https://partner.example/shop?ref=harbor#top', status: 302 });
    const moved = await page('/partner?ref=mail&utm_campaign=spring');
    expect(moved.status).toBe(302);
    expect(moved.headers.get('location')).toBe('https://partner.example/shop?ref=harbor&utm_campaign=spring#top');

    const rule = ruleOf(created, '/partner');
    const changed = await saved({ ruleId: rule.ruleId, fromPath: '/partner', to: '/kitchen', status: 301 });
    expect(changed.rules).toEqual([{ ruleId: rule.ruleId, fromPath: '/partner', to: '/kitchen', status: 301 }]);
    const now = await page('/partner');
    expect([now.status, now.headers.get('location')]).toEqual([301, '/kitchen']);

    expect(((await (await remove(rule.ruleId)).json()) as { data: StoreRedirectSettings }).data.rules).toEqual([]);
    expect((await page('/partner')).status).toBe(404);
    expect((await remove(rule.ruleId)).status).toBe(404);
  });

  it('refuses a source that is a route of the store: the route table’s pages and rules, and the server’s own paths', async () => {
    for (const [fromPath, route] of [
      ['/', '/'],
      ['/checkout', '/checkout'],
      ['/Cart/', '/cart'],
      ['/editor', '/editor'],
      ['/preview', '/preview'],
      ['/order/HK4M7Q2ZP9XW3RTA', '/order/:id'],
      ['/checkout/bn/12_1_0_', '/checkout/bn/:cartcode'],
      ['/login', '/login'],
      ['/api/Studio/GetPages', '/api/Studio/GetPages'],
      ['/api/nothing-here', '/api/*'],
      ['/api', '/api/*'],
      ['/media/uploads/photo.jpg', '/media/*'],
      ['/robots.txt', '/robots.txt'],
    ] as const) {
      const message = await refused({ fromPath, to: '/kitchen', status: 301 }, 'fromPath');
      expect(message, fromPath).toContain(`is one of the store's own pages (${route})`);
    }
    // A catalogue address of the catch-all is the store's to redirect.
    expect((await save({ fromPath: '/kitchen/old-pans', to: '/kitchen/cookware', status: 301 })).status).toBe(200);
    await clearAll();
  });

  it('refuses a rule to itself, two rules sending a path back and forth, and a chain that comes back, naming the path round', async () => {
    expect(await refused({ fromPath: '/a', to: '/A/?x=1', status: 301 }, 'to')).toBe('to: /A/?x=1 sends /a to itself');
    await saved({ fromPath: '/a', to: '/b', status: 301 });
    expect(await refused({ fromPath: '/b', to: '/a', status: 302 }, 'to')).toContain('(/b → /a → /b)');
    await saved({ fromPath: '/b', to: '/c', status: 301 });
    expect(await refused({ fromPath: '/c', to: '/a', status: 301 }, 'to')).toBe(
      'to: /a leads back to /c (/c → /a → /b → /c): shoppers would go round in circles',
    );
    // An address on the store's own domain is a path of the store, and loops the same way.
    expect(await refused({ fromPath: '/c', to: 'http://localhost:3000/a', status: 301 }, 'to')).toContain('(/c → /a → /b → /c)');
    // Changing a rule of the chain so it comes back is refused too, and leaves the rule as it was.
    const a = ruleOf(await list(), '/a');
    await saved({ fromPath: '/c', to: '/kitchen', status: 301 });
    const b = ruleOf(await list(), '/b');
    expect(await refused({ ruleId: b.ruleId, fromPath: '/b', to: '/a', status: 301 }, 'to')).toContain('(/b → /a → /b)');
    expect(ruleOf(await list(), '/b')).toEqual(b);
    // The same address elsewhere is no loop.
    expect((await save({ ruleId: a.ruleId, fromPath: '/a', to: 'https://elsewhere.example/a', status: 301 })).status).toBe(200);
    await clearAll();
  });

  it('refuses a second rule for a source, however it is written, and malformed paths, addresses and statuses', async () => {
    await saved({ fromPath: '/sale', to: '/kitchen', status: 301 });
    expect(await refused({ fromPath: '/SALE/', to: '/garden', status: 302 }, 'fromPath')).toBe(
      'fromPath: /sale already has a redirect rule',
    );
    for (const [body, field] of [
      [{ fromPath: 'sale-2', to: '/kitchen', status: 301 }, 'fromPath'],
      [{ fromPath: '//evil.example/x', to: '/kitchen', status: 301 }, 'fromPath'],
      [{ fromPath: '/with space', to: '/kitchen', status: 301 }, 'fromPath'],
      [{ fromPath: '/q?x=1', to: '/kitchen', status: 301 }, 'fromPath'],
      [{ fromPath: '/bad%E0%A4%A', to: '/kitchen', status: 301 }, 'fromPath'],
      [{ fromPath: '', to: '/kitchen', status: 301 }, 'fromPath'],
      [{ fromPath: '/old', to: 'javascript:alert(1)', status: 301 }, 'to'],
      [{ fromPath: '/old', to: 'ftp://files.example/x', status: 301 }, 'to'],
      [{ fromPath: '/old', to: '//evil.example', status: 301 }, 'to'],
      [{ fromPath: '/old', to: 'https://user:pw@evil.example', status: 301 }, 'to'],
      [{ fromPath: '/old', to: '/kitchen', status: 307 }, 'status'],
      [{ fromPath: '/old', to: '/kitchen' }, 'status'],
    ] as const)
      await refused(body, field);
    expect((await list()).rules.map((rule) => rule.fromPath)).toEqual(['/sale']);
    await clearAll();
  });

  it('sends every page of a moved store (redirectURL) to the same page at its new address, but not the studio, the API or a rule', async () => {
    const setUrl = (redirectURL: string) => harborOwner('/api/Studio/SaveRedirectURL', { body: { redirectURL } });
    // The store's own domain would send it to itself.
    const own = await setUrl('http://localhost:3000');
    expect(own.status).toBe(400);
    expect(((await own.json()) as Refusal).error.field).toBe('redirectURL');
    expect(((await (await setUrl('mailto:x@y.example')).json()) as Refusal).error.field).toBe('redirectURL');

    await saved({ fromPath: '/old-mug', to: '/stoneware-mug', status: 301 });
    const set = await setUrl('https://harbor-and-pine.example');
    expect(set.status).toBe(200);
    expect(((await set.json()) as { data: StoreRedirectSettings }).data.redirectURL).toBe('https://harbor-and-pine.example');
    const info = (await (await server().call('/api/Web/GetWebInfo?Domain=localhost')).json()) as { data: { redirectURL: string } };
    expect(info.data.redirectURL).toBe('https://harbor-and-pine.example');

    const kitchen = await page('/kitchen?page=2');
    expect([kitchen.status, kitchen.headers.get('location')]).toEqual([302, 'https://harbor-and-pine.example/kitchen?page=2']);
    expect((await page('/')).headers.get('location')).toBe('https://harbor-and-pine.example/');
    // A rule still says where its path goes; the studio and the API stay here (§2.5: the editor never redirects).
    expect((await page('/old-mug')).headers.get('location')).toBe('/stoneware-mug');
    for (const path of ['/editor', '/editor/redirects', '/preview'])
      expect((await page(path)).headers.get('location') ?? '', path).not.toContain('harbor-and-pine.example');
    expect((await page('/preview')).status).toBe(200);
    expect((await server().call('/api/Web/GetDesigns')).status).toBe(200);
    // Atelier Nord has not moved.
    expect((await page('/', 'second.localhost')).status).toBe(200);

    // Moved to one page: everything goes there.
    await setUrl('https://harbor-and-pine.example/welcome?from=old');
    expect((await page('/kitchen?page=2')).headers.get('location')).toBe('https://harbor-and-pine.example/welcome?from=old&page=2');
    expect(((await (await setUrl('')).json()) as { data: StoreRedirectSettings }).data.redirectURL).toBe('');
    expect((await page('/kitchen')).status).toBe(200);
    await clearAll();
  });

  it('tells the app’s own navigation where a page load of an address would go: its page data says redirect, on this store only', async () => {
    type Answer = { status: number; data: unknown };
    const api = async (url: string, host = 'localhost'): Promise<Answer> => {
      const answer = await server().call(url, { host });
      const body = (await answer.json()) as { data?: unknown };
      return { status: answer.status, data: body.data };
    };
    const addressAt = (asked: string, path: string, host = 'localhost') =>
      api(`/api/Page/GetAddress?Path=${path}&Url=${encodeURIComponent(asked)}`, host);
    const redirectAt = (asked: string, host = 'localhost') => api(`/api/Page/GetRedirect?Url=${encodeURIComponent(asked)}`, host);
    const redirect = (location: string, status: number, document: boolean) => ({
      status: 200,
      data: { kind: 'redirect', redirect: { location, status, document } },
    });

    await saved({ fromPath: '/old-mug', to: '/stoneware-mug', status: 301 });
    // The page data of the old address says what the page request answers, the shopper's query along.
    const load = await page('/old-mug?utm_source=mail');
    expect([load.status, load.headers.get('location')]).toEqual([301, '/stoneware-mug?utm_source=mail']);
    expect(await addressAt('/old-mug?utm_source=mail', 'old-mug')).toEqual(redirect('/stoneware-mug?utm_source=mail', 301, false));
    // Without the address as asked, the path is what the rules read.
    expect(await api('/api/Page/GetAddress?Path=old-mug')).toEqual(redirect('/stoneware-mug', 301, false));
    // A rule over an address the catalogue still answers wins, as it does for a page load.
    await saved({ fromPath: '/cast-iron-skillet', to: '/kitchen/cookware', status: 302 });
    expect((await page('/cast-iron-skillet')).headers.get('location')).toBe('/kitchen/cookware');
    expect(await addressAt('/Cast-Iron-Skillet/', 'cast-iron-skillet')).toEqual(redirect('/kitchen/cookware', 302, false));
    // Addresses no rule names are drawn as before.
    const mug = await addressAt('/stoneware-mug', 'stoneware-mug');
    expect([mug.status, (mug.data as { kind: string }).kind]).toEqual([200, 'product']);
    expect((await addressAt('/nothing-here', 'nothing-here')).status).toBe(404);

    // An old address that is no catalogue address at all: asked on its own, before the app shows it as not found.
    await saved({ fromPath: '/old_page.html', to: 'https://partner.example/shop?ref=harbor', status: 302 });
    await saved({ fromPath: '/catalogue', to: '/media/uploads/catalogue.pdf', status: 301 });
    expect(await redirectAt('/old_page.html?utm_campaign=spring')).toEqual({
      status: 200,
      data: { location: 'https://partner.example/shop?ref=harbor&utm_campaign=spring', status: 302, document: true },
    });
    // A path of this store that the server answers itself (a file) is loaded by the browser, not drawn by the app.
    expect(await redirectAt('/catalogue')).toEqual({
      status: 200,
      data: { location: '/media/uploads/catalogue.pdf', status: 301, document: true },
    });
    expect(await redirectAt('/never-was.html')).toEqual({ status: 200, data: null });

    // Harbor & Pine's rules are not Atelier Nord's: there the same addresses are its own (or nothing).
    expect((await addressAt('/old-mug', 'old-mug', 'second.localhost')).status).toBe(404);
    expect(await redirectAt('/old_page.html', 'second.localhost')).toEqual({ status: 200, data: null });

    // A moved store sends every address there, as a page load does; the other store stays.
    await harborOwner('/api/Studio/SaveRedirectURL', { body: { redirectURL: 'https://harbor-and-pine.example' } });
    expect(await addressAt('/kitchen?page=2', 'kitchen')).toEqual(redirect('https://harbor-and-pine.example/kitchen?page=2', 302, true));
    expect(await redirectAt('/some_page.html')).toEqual({
      status: 200,
      data: { location: 'https://harbor-and-pine.example/some_page.html', status: 302, document: true },
    });
    const atelierHome = await addressAt('/', '', 'second.localhost');
    expect([atelierHome.status, (atelierHome.data as { kind: string }).kind]).toEqual([200, 'page']);
    await harborOwner('/api/Studio/SaveRedirectURL', { body: { redirectURL: '' } });
    await clearAll();
  });

  it('keeps each store’s rules its own: another store’s owner can neither read, change nor remove them, nor are they applied there', async () => {
    const harbor = await saved({ fromPath: '/old-mug', to: '/stoneware-mug', status: 301 });
    const rule = ruleOf(harbor, '/old-mug');
    // Harbor & Pine's endpoints refuse Atelier Nord's owner.
    expect((await atelierOwner('/api/Studio/GetRedirects', { host: 'localhost' })).status).toBe(403);
    expect((await save({ fromPath: '/x', to: '/y', status: 301 }, atelierOwner, 'localhost')).status).toBe(403);
    expect((await remove(rule.ruleId, atelierOwner, 'localhost')).status).toBe(403);
    expect(
      (await atelierOwner('/api/Studio/SaveRedirectURL', { body: { redirectURL: 'https://evil.example' }, host: 'localhost' })).status,
    ).toBe(403);
    // On its own store, Atelier Nord's owner sees none of them and cannot reach them by id.
    expect(await list(atelierOwner, 'second.localhost')).toEqual({ rules: [], redirectURL: '' });
    expect((await remove(rule.ruleId, atelierOwner, 'second.localhost')).status).toBe(404);
    const changed = await save(
      { ruleId: rule.ruleId, fromPath: '/old-mug', to: 'https://evil.example', status: 302 },
      atelierOwner,
      'second.localhost',
    );
    expect(changed.status).toBe(404);
    expect(await list()).toEqual(harbor);
    // The same source is free on the other store, and each store answers with its own rule.
    await saved({ fromPath: '/old-mug', to: '/wrap-dress', status: 302 }, atelierOwner, 'second.localhost');
    expect((await page('/old-mug')).headers.get('location')).toBe('/stoneware-mug');
    expect((await page('/old-mug', 'second.localhost')).headers.get('location')).toBe('/wrap-dress');
    expect((await list()).rules).toEqual([rule]);
  });
});
