import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scopedToStore, storeTablesOf } from './db/site-scope.ts';
import { sitemapPart } from './shop/sitemap.ts';
import { backends, startOnBackend, type BackendServer, type TestServer } from './test-support.ts';

describe.each(backends)("each store's robots.txt and sitemap on $name", ({ create }) => {
  let server: TestServer;
  let started: BackendServer;

  beforeAll(async () => {
    started = await startOnBackend(create);
    server = started.server;
  });
  afterAll(() => started?.stop());

  it('keeps crawlers out of every noindex route of §2.7, search results and the API, and names the sitemap', async () => {
    const response = await server.call('/robots.txt');
    expect(response.status).toBe(200);
    const text = await response.text();
    for (const path of [
      '/cart',
      '/checkout',
      '/account',
      '/wishlist',
      '/orderlist',
      '/orderdetail',
      '/changepassword',
      '/maintenance',
      '/editor',
      '/preview',
      '/search',
      '/api/',
    ])
      expect(text).toContain(`Disallow: ${path}\n`);
    // Indexable pages (§2.7) are not kept out.
    for (const path of ['/signin', '/forgotpassword', '/resetpassword']) expect(text).not.toContain(`Disallow: ${path}\n`);
    expect(text).toMatch(/^Sitemap: http:\/\/localhost\/sitemap\.xml$/m);
    expect((await server.call('/robots.txt', { host: 'nowhere.test' })).status).toBe(404);
  });

  it("lists the store's home, pages, categories by their trails, brands and products, and nothing of another store", async () => {
    const response = await server.call('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/xml/);
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs[0]).toBe('http://localhost/');
    expect(locs).toEqual(
      expect.arrayContaining([
        'http://localhost/kitchen',
        'http://localhost/kitchen/cookware',
        'http://localhost/brand/fjord-works',
        'http://localhost/stoneware-mug',
      ]),
    );
    const products = await server.db.selectFrom('products').select('slug').where('web_id', '=', started.harborId).execute();
    for (const { slug } of products) expect(locs).toContain(`http://localhost/${slug}`);
    const atelier = await server.db.selectFrom('products').select('slug').where('web_id', '=', started.atelierId).execute();
    for (const { slug } of atelier) expect(locs).not.toContain(`http://localhost/${slug}`);
    expect(new Set(locs).size).toBe(locs.length);
    expect((await server.call('/sitemap.xml?part=2')).status).toBe(404);
  });

  it('splits a large store into parts that together list every address once', async () => {
    const store = scopedToStore(server.db, started.harborId, await storeTablesOf(server.db));
    const whole = (await sitemapPart(store, 0)).entries.map((e) => e.path);
    const first = await sitemapPart(store, 0, 10);
    expect(first.parts).toBe(Math.ceil(whole.length / 10));
    const joined: string[] = [];
    for (let part = 0; part < first.parts; part++) joined.push(...(await sitemapPart(store, part, 10)).entries.map((e) => e.path));
    expect(joined).toEqual(whole);
  });
});
