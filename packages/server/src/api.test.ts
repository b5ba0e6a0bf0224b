import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWebInfoAnswer, webConfig } from '@vitrine/commerce';
import { catalogFor } from './shop/catalog.ts';
import { BODY_LIMIT_BYTES } from './http/app.ts';
import { seedDemoStores } from './seed/seed-demo.ts';
import { backends, jwtClaims, startOnBackend, type TestServer, type BackendServer } from './test-support.ts';

describe.each(backends)('server on $name', ({ create }) => {
  let server: TestServer;
  let started: BackendServer;
  const webInfo = async (domain: string) => {
    const response = await server.call(`/api/Web/GetWebInfo?Domain=${domain}&WebThemeID=0`);
    expect(response.status).toBe(200);
    return getWebInfoAnswer.parse(await response.json());
  };
  const countRefreshTokens = async () =>
    (
      await server.db
        .selectFrom('refresh_tokens')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  beforeAll(async () => {
    started = await startOnBackend(create);
    ({ server } = started);
  });
  afterAll(() => started?.stop());

  it('answers the health check', async () => {
    const response = await server.call('/api/health');
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  describe('GetWebInfo', () => {
    it('gives each store its own web config with every field of §3.2, and guest tokens', async () => {
      const first = await webInfo('localhost');
      const second = await webInfo('second.localhost');
      expect(Object.keys(first.data).sort()).toEqual(Object.keys(webConfig.shape).sort());
      expect(first.data.webTitle).toBe('Harbor & Pine');
      expect(second.data.webTitle).toBe('Atelier Nord');
      expect(first.data.webID).not.toBe(second.data.webID);
      expect(first.data.currency).toEqual({ currencyAbbreviation: 'USD', currencySymbol: '$', currencyRate: 1 });
      // Each store's own currency converts at 1: its prices are kept in it (issue 33).
      expect(second.data.currency).toEqual({ currencyAbbreviation: 'EUR', currencySymbol: '€', currencyRate: 1 });
      expect(second.data.currencies.find((c) => c.currencyAbbreviation === 'USD')?.currencyRate).toBe(1.09);
      expect(first.data.themeSettings.themeCSS).toContain('--color-brand:#1f3a5f');
      expect(second.data.themeSettings.themeCSS).toContain('"Playfair Display"');
      expect(JSON.parse(second.data.themeSettings.themeData).settings.corners).toBe('rounded');
      const claims = jwtClaims(first.tokens.accessToken);
      expect(claims).toMatchObject({ UserID: '0', WebID: first.data.webID });
      expect(Number(claims['exp']) - Number(claims['iat'])).toBe(15 * 60);
    });

    it('answers CODE_0001 for an unknown domain and CODE_0002 for a domain without a store', async () => {
      const unknown = await server.call('/api/Web/GetWebInfo?Domain=nowhere.example&WebThemeID=0');
      expect(unknown.status).toBe(404);
      expect((await unknown.json()).error.code).toBe('CODE_0001');
      await server.db.insertInto('site_domains').values({ domain: 'reserved.example', web_id: null }).execute();
      const reserved = await server.call('/api/Web/GetWebInfo?Domain=reserved.example');
      expect((await reserved.json()).error.code).toBe('CODE_0002');
    });

    it('refuses bad parameters with a 400 naming the field, and writes nothing', async () => {
      const before = await countRefreshTokens();
      const cases: [string, string][] = [
        ['/api/Web/GetWebInfo', 'Domain'],
        ['/api/Web/GetWebInfo?Domain=', 'Domain'],
        [`/api/Web/GetWebInfo?Domain=${'a'.repeat(300)}.com`, 'Domain'],
        ['/api/Web/GetWebInfo?Domain=local%20host', 'Domain'],
        ['/api/Web/GetWebInfo?Domain=localhost&WebThemeID=abc', 'WebThemeID'],
        ['/api/Web/GetWebInfo?Domain=localhost&Domain=second.localhost', 'Domain'],
      ];
      for (const [path, field] of cases) {
        const response = await server.call(path);
        expect(response.status, path).toBe(400);
        const body = await response.json();
        expect(body.error.field, path).toBe(field);
        expect(body.error.message, path).toMatch(new RegExp(`^${field}: `));
      }
      expect(await countRefreshTokens()).toBe(before);
    });
  });

  describe('tokens', () => {
    it('rotates both tokens on refresh and revokes the family when a refresh token is used again after the grace window', async () => {
      const signIn = await server.call('/api/Auth/SignIn', {
        method: 'POST',
        body: { email: 'shopper@harbor.test', password: 'harbor-shopper-demo' },
        ip: '10.9.9.9',
      });
      const { tokens } = await signIn.json();
      const first = await server.call('/api/Auth/refresh', { method: 'POST', body: tokens });
      expect(first.status).toBe(200);
      const rotated = (await first.json()).tokens;
      expect(rotated.accessToken).not.toBe(tokens.accessToken);
      expect(rotated.refreshToken).not.toBe(tokens.refreshToken);

      // Past the grace window that two tabs refreshing at once need, a second use is a stolen token's.
      await server.db
        .updateTable('refresh_tokens')
        .set({ used_at: new Date(Date.now() - 60_000) })
        .where('used_at', 'is not', null)
        .where('revoked_at', 'is', null)
        .execute();
      const reuse = await server.call('/api/Auth/refresh', { method: 'POST', body: tokens });
      expect(reuse.status).toBe(401);
      expect((await reuse.json()).error.code).toBe('TOKEN_REUSED');
      // The thief's reuse also kills the pair the rightful owner got.
      const afterReuse = await server.call('/api/Auth/refresh', { method: 'POST', body: rotated });
      expect(afterReuse.status).toBe(401);
    });

    it('refuses a token issued for one store on every other', async () => {
      const { tokens } = await webInfo('localhost');
      const own = await server.call('/api/Auth/Session', { headers: { authorization: `Bearer ${tokens.accessToken}` } });
      expect(own.status).toBe(200);
      expect((await own.json()).data).toMatchObject({ userId: '0', isGuest: true });
      const other = await server.call('/api/Auth/Session', {
        host: 'second.localhost',
        headers: { authorization: `Bearer ${tokens.accessToken}` },
      });
      expect(other.status).toBe(401);
      expect((await other.json()).error.code).toBe('TOKEN_OTHER_SITE');
      const refreshElsewhere = await server.call('/api/Auth/refresh', { method: 'POST', host: 'second.localhost', body: tokens });
      expect(refreshElsewhere.status).toBe(401);
      expect((await refreshElsewhere.json()).error.code).toBe('TOKEN_OTHER_SITE');
      // Refused elsewhere, the pair still works at home: the failed attempt spent nothing.
      expect((await server.call('/api/Auth/refresh', { method: 'POST', body: tokens })).status).toBe(200);
    });

    it('refuses a missing, forged or tampered token', async () => {
      const { tokens } = await webInfo('localhost');
      const [head, body, signature] = tokens.accessToken.split('.') as [string, string, string];
      const forgedBody = Buffer.from(JSON.stringify({ ...jwtClaims(tokens.accessToken), UserID: '1' })).toString('base64url');
      for (const authorization of [
        '',
        'Bearer ',
        `Bearer ${head}.${forgedBody}.${signature}`,
        `Bearer ${head}.${body}.${signature.slice(0, -2)}${signature.endsWith('xx') ? 'yy' : 'xx'}`,
        'Basic abc',
      ]) {
        const response = await server.call('/api/Auth/Session', { headers: authorization ? { authorization } : {} });
        expect(response.status, authorization).toBe(401);
      }
    });

    it('refuses malformed refresh bodies with a 400 naming the field, and writes nothing', async () => {
      const before = await countRefreshTokens();
      const cases: [{ rawBody?: string; body?: unknown; headers?: Record<string, string> }, number, string | undefined][] = [
        [{ body: {} }, 400, 'accessToken'],
        [{ body: { accessToken: 'x' } }, 400, 'refreshToken'],
        [{ body: { accessToken: 5, refreshToken: 'y' } }, 400, 'accessToken'],
        [{ body: { accessToken: 'x'.repeat(5000), refreshToken: 'y' } }, 400, 'accessToken'],
        [{ body: [] }, 400, 'body'],
        [{ rawBody: '{"accessToken":' }, 400, undefined],
        [{ rawBody: 'hello', headers: { 'content-type': 'text/plain' } }, 415, undefined],
        [{ rawBody: JSON.stringify({ accessToken: 'a'.repeat(BODY_LIMIT_BYTES), refreshToken: 'b' }) }, 413, undefined],
      ];
      for (const [init, status, field] of cases) {
        const response = await server.call('/api/Auth/refresh', { method: 'POST', ...init });
        expect(response.status, JSON.stringify(init).slice(0, 80)).toBe(status);
        const answer = await response.json();
        expect(answer.error.message).toBeTruthy();
        if (field) expect(answer.error.field).toBe(field);
      }
      expect((await server.call('/api/Auth/refresh', { method: 'POST', body: { accessToken: 'x', refreshToken: 'y' } })).status).toBe(401);
      expect(await countRefreshTokens()).toBe(before);
    });
  });

  describe('pages', () => {
    it('renders each store its own home page on the server, with its theme inlined and its title', async () => {
      const first = await server.call('/');
      expect(first.status).toBe(200);
      const html = await first.text();
      expect(html).toContain('<title>Home | Harbor &#38; Pine</title>');
      // The theme's own @font-face rules come first (only the fonts it uses), then its variables.
      expect(html).toMatch(/<style id="vt-theme">[^<]*:root\{--color-brand:#1f3a5f/);
      expect(html).toContain('Made to be used every day');
      expect(html).toContain('Most loved');
      expect((html.match(/data-section-id=/g) ?? []).length).toBeGreaterThanOrEqual(6);
      expect(html).toContain('<script type="application/json" id="vt-data">');

      const second = await (await server.call('/', { host: 'second.localhost' })).text();
      expect(second).toContain('<title>Home | Atelier Nord</title>');
      expect(second).toContain('Quiet clothes for loud cities');
      expect(second).not.toContain('Made to be used every day');
      expect(second).toContain('€');
    });

    it('answers guests from a one-second page cache, never a signed-in shopper', async () => {
      await server.call('/?cache-probe=1');
      const second = await server.call('/?cache-probe=1');
      expect(second.headers.get('x-page-cache')).toBe('hit');
      const personal = await server.call('/?cache-probe=1', { headers: { cookie: 'vt_at=someone' } });
      expect(personal.headers.get('x-page-cache')).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await server.call('/?cache-probe=1')).headers.get('x-page-cache')).toBeNull();
      const missing = await server.call('/no-such-page-for-cache');
      expect(missing.status).toBe(404);
      expect((await server.call('/no-such-page-for-cache')).headers.get('x-page-cache')).toBeNull();
    });

    it('answers an unknown path with the Page Not Found page and status 404', async () => {
      const response = await server.call('/no-such-page');
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toContain('<title>Page Not Found | Harbor &#38; Pine</title>');
      expect(html).toContain('Page Not Found: /no-such-page');
      expect((await server.call('/%E0%A4%A')).status).toBeLessThan(500);
    });

    it('serves the external not-found page with the failure code, and never echoes anything else', async () => {
      const page = await server.call('/store-not-found?ec=CODE_0002');
      expect(page.status).toBe(404);
      expect(await page.text()).toContain('ec=CODE_0002');
      expect(await (await server.call('/store-not-found?ec=%3Cscript%3E')).text()).not.toContain('<script>');
    });

    it('answers an unknown domain with the store-not-found page naming the code', async () => {
      const response = await server.call('/', { host: 'nowhere.example' });
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('ec=CODE_0001');
    });

    it("serves the published page with its section data through the API, for the request's store only", async () => {
      const response = await server.call('/api/Page/GetPage?Slug=', { host: 'second.localhost' });
      const { data } = await response.json();
      expect(data.document.sections[0].settings.heading).toBe('Quiet clothes for loud cities');
      const products = data.sectionData['nord-new'] as { productID: number }[];
      expect(products.length).toBe(8);
      const owners = await server.db
        .selectFrom('products')
        .select('web_id')
        .distinct()
        .where(
          'product_id',
          'in',
          products.map((p) => p.productID),
        )
        .execute();
      const { data: site } = await webInfo('second.localhost');
      expect(owners).toEqual([{ web_id: site.webID }]);
      expect((await server.call('/api/Page/GetPage?Slug=Bad%20Slug')).status).toBe(400);
      expect((await server.call('/api/Page/GetPage?Slug=missing')).status).toBe(404);
    });

    it("loads draft sections' data for the studio's preview, from the request's store only, and names a bad field", async () => {
      const { data: site } = await webInfo('localhost');
      const harborCategory = await server.db
        .selectFrom('categories')
        .select('category_id')
        .where('web_id', '=', site.webID)
        .orderBy('category_id')
        .executeTakeFirstOrThrow();
      const grid = (categoryId: number) => ({
        id: 'draft-grid',
        type: 3,
        version: 1,
        settings: { category_id: categoryId, limit: 4 },
        style: {},
      });
      const ask = (host: string, sections: unknown[]) =>
        server.call('/api/Page/GetSectionData', { method: 'POST', host, body: { sections } });
      const here = await ask('localhost', [grid(harborCategory.category_id), { ...grid(0), id: 'hidden-grid', hidden: true }]);
      expect(here.status).toBe(200);
      const { data } = await here.json();
      const products = data.sectionData['draft-grid'] as { productID: number }[];
      expect(products.length).toBeGreaterThan(0);
      expect(products.length).toBeLessThanOrEqual(4);
      // A hidden section loads nothing, as on a published page.
      expect(data.sectionData).not.toHaveProperty('hidden-grid');
      const owners = await server.db
        .selectFrom('products')
        .select('web_id')
        .distinct()
        .where(
          'product_id',
          'in',
          products.map((p) => p.productID),
        )
        .execute();
      expect(owners).toEqual([{ web_id: site.webID }]);
      // Another store asking for this store's category gets none of its products.
      const there = await (await ask('second.localhost', [grid(harborCategory.category_id)])).json();
      expect(there.data.sectionData['draft-grid']).toEqual([]);
      const bad = await ask('localhost', [{ ...grid(0), type: 99 }]);
      expect(bad.status).toBe(400);
      expect((await bad.json()).error.field).toBe('sections.0.type');
      expect((await ask('localhost', [])).status).toBe(400);
    });

    it('serves the demo pictures the pages point at', async () => {
      const { data } = await (await server.call('/api/Page/GetPage?Slug=')).json();
      const image = data.sectionData['home-featured'][0].imageFile as string;
      const response = await server.call(image);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
    });
  });

  describe('tenants', () => {
    it('keeps every catalogue query inside its own store', async () => {
      const sites = await server.db.selectFrom('sites').select('web_id').execute();
      for (const { web_id } of sites) {
        const catalog = catalogFor(server.db, web_id);
        const products = await catalog.getProducts({ limit: 48 });
        const categories = await catalog.getCategories({ limit: 24 });
        const brands = await catalog.getBrands({ limit: 24 });
        expect(products.length).toBeGreaterThanOrEqual(24);
        const rows = await server.db
          .selectFrom('products')
          .select('web_id')
          .where(
            'product_id',
            'in',
            products.map((p) => p.productID),
          )
          .execute();
        expect(new Set(rows.map((r) => r.web_id))).toEqual(new Set([web_id]));
        const categoryRows = await server.db
          .selectFrom('categories')
          .select('web_id')
          .where(
            'category_id',
            'in',
            categories.map((c) => c.categoryID),
          )
          .execute();
        expect(new Set(categoryRows.map((r) => r.web_id))).toEqual(new Set([web_id]));
        const brandRows = await server.db
          .selectFrom('brands')
          .select('web_id')
          .where(
            'brand_id',
            'in',
            brands.map((b) => b.brandID),
          )
          .execute();
        expect(new Set(brandRows.map((r) => r.web_id))).toEqual(new Set([web_id]));
      }
    });

    it('gives products picked by hand in the order picked, leaving out unpublished ones and another store’s', async () => {
      const [a, b] = await server.db.selectFrom('sites').select('web_id').orderBy('web_id').execute();
      const ofStore = async (webId: number) =>
        (await server.db.selectFrom('products').select('product_id').where('web_id', '=', webId).orderBy('product_id').execute()).map(
          (row) => row.product_id,
        );
      const [first, second, third] = await ofStore(a!.web_id);
      const [foreign] = await ofStore(b!.web_id);
      await server.db.updateTable('products').set({ is_published: false }).where('product_id', '=', second!).execute();
      try {
        const picked = await catalogFor(server.db, a!.web_id).getProducts({ ids: [third!, foreign!, second!, first!] });
        expect(picked.map((p) => p.productID)).toEqual([third, first]);
      } finally {
        await server.db.updateTable('products').set({ is_published: true }).where('product_id', '=', second!).execute();
      }
    });

    it('refuses, in the database itself, a row that points into another store', async () => {
      const [a, b] = await server.db.selectFrom('sites').select('web_id').orderBy('web_id').execute();
      const foreignCategory = await server.db
        .selectFrom('categories')
        .select('category_id')
        .where('web_id', '=', b!.web_id)
        .executeTakeFirstOrThrow();
      await expect(
        server.db
          .insertInto('products')
          .values({ web_id: a!.web_id, category_id: foreignCategory.category_id, name: 'Intruder', slug: 'intruder', sku: 'X', price: 100 })
          .execute(),
      ).rejects.toThrow(/foreign key/);
    });

    it('lists demo products, categories and brands as the issue asks', async () => {
      for (const { web_id } of await server.db.selectFrom('sites').select('web_id').execute()) {
        const count = async (table: 'categories' | 'brands' | 'products' | 'variants' | 'addons' | 'product_images') =>
          Number(
            (
              await server.db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .where('web_id', '=', web_id)
                .executeTakeFirstOrThrow()
            ).n,
          );
        expect(await count('categories')).toBeGreaterThanOrEqual(4);
        expect(await count('brands')).toBeGreaterThanOrEqual(3);
        expect(await count('products')).toBeGreaterThanOrEqual(24);
        expect(await count('variants')).toBeGreaterThan(0);
        expect(await count('addons')).toBeGreaterThan(0);
        expect(await count('product_images')).toBeGreaterThanOrEqual(24);
        const nested = await server.db
          .selectFrom('categories')
          .select('category_id')
          .where('web_id', '=', web_id)
          .where('parent_id', 'is not', null)
          .execute();
        expect(nested.length).toBeGreaterThanOrEqual(1);
      }
    });

    it('seeds only once', async () => {
      const before = await server.db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(await seedDemoStores(server.db, `${server.dataDir}/media`)).toEqual([]);
      const after = await server.db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });
  });

  describe('image route', () => {
    it('resizes media to webp with long cache headers, and answers bad modifiers with a 400', async () => {
      const { data } = await (await server.call('/api/Page/GetPage?Slug=')).json();
      const image = data.sectionData['home-featured'][0].imageFile as string;
      const resized = await server.call(`/_img/f_webp,w_320${image}`);
      expect(resized.status).toBe(200);
      expect(resized.headers.get('content-type')).toBe('image/webp');
      expect(resized.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const bad = await server.call(`/_img/w_99999${image}`);
      expect(bad.status).toBe(400);
      expect((await bad.json()).error.field).toBe('w');
      const missing = await server.call('/_img/w_400,h_300/media/1/nothing-here.webp');
      expect(missing.status).toBe(200);
      expect(missing.headers.get('cache-control')).toBe('public, max-age=60');
    });
  });

  it('answers unknown API calls with a JSON 404', async () => {
    const response = await server.call('/api/Nope/Nothing');
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe('NOT_FOUND');
  });
});
