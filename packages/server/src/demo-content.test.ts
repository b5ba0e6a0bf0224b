import { catalogueEndpoints } from '@vitrine/commerce';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoStores } from './seed/seed-demo.ts';
import { backends, signInOwner, startOnBackend, studioCaller, type BackendServer, type TestServer } from './test-support.ts';

/**
 * The demo stores as a shopper and an owner meet them (issue 33): each product says what it is, the skillet is cast
 * iron, the home page's buttons and the footer's policy links lead to pages that exist, and those pages are the
 * owner's to edit like any other.
 */
describe.each(backends)('the demo content on $name', ({ create }) => {
  let server: TestServer;
  let started: BackendServer;
  const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
  const product = async (slug: string, host = 'localhost') =>
    catalogueEndpoints.getProduct.answer.parse(await (await server.call(`/api/Product/GetProduct?Slug=${slug}`, { host })).json()).data;

  beforeAll(async () => {
    started = await startOnBackend(create);
    ({ server } = started);
  });
  afterAll(() => started?.stop());

  it('describes the skillet as the cast iron it is, and each product in words of its own', async () => {
    const skillet = await product('cast-iron-skillet');
    expect(skillet.specifications).toEqual([{ name: 'Material', value: 'Cast iron' }]);
    expect(skillet.description).toMatch(/cast iron/i);
    const mug = await product('stoneware-mug');
    expect(mug.specifications).toEqual([{ name: 'Material', value: 'Stoneware' }]);
    for (const [store, webId] of [
      ['Harbor', started.harborId],
      ['Atelier', started.atelierId],
    ] as const) {
      const rows = await server.db.selectFrom('products').select(['name', 'description']).where('web_id', '=', webId).execute();
      expect(new Set(rows.map((row) => row.description)).size, store).toBe(rows.length);
      const categories = await server.db.selectFrom('categories').select('description').where('web_id', '=', webId).execute();
      expect(new Set(categories.map((row) => row.description)).size, store).toBe(categories.length);
    }
  });

  it('starts again over a product the owner renamed or added: only the demo’s own pictures are drawn', async () => {
    const mug = await server.db
      .selectFrom('products')
      .select(['product_id', 'name'])
      .where('web_id', '=', started.harborId)
      .where('slug', '=', 'stoneware-mug')
      .executeTakeFirstOrThrow();
    await server.db.updateTable('products').set({ name: 'Owner’s Own Mug' }).where('product_id', '=', mug.product_id).execute();
    const mediaDir = await mkdtemp(join(tmpdir(), 'vitrine-redraw-'));
    try {
      await seedDemoStores(server.db, mediaDir);
      const drawn = await readdir(join(mediaDir, String(started.harborId), 'products'));
      expect(drawn.length).toBeGreaterThan(0);
    } finally {
      await server.db.updateTable('products').set({ name: mug.name }).where('product_id', '=', mug.product_id).execute();
      await rm(mediaDir, { recursive: true, force: true });
    }
  });

  it("gives Atelier Nord's pieces initials, not a mug's note and card", async () => {
    const options = await server.db
      .selectFrom('product_options')
      .select('name')
      .distinct()
      .where('web_id', '=', started.atelierId)
      .execute();
    expect(options.map((o) => o.name).sort()).toEqual(['Initials (up to three letters)', 'Monogram finish']);
    const mug = await product('stoneware-mug');
    expect(mug.options.map((o) => o.name)).toEqual(['Personal note', 'Greeting card']);
  });

  it("sends the home page's buttons to the full listing and the makers' page, both there", async () => {
    const home = await (await server.call('/')).text();
    expect(home).toMatch(/href="\/search"[^>]*>[^<]*Browse everything/);
    expect(home).toMatch(/href="\/makers"[^>]*>[^<]*Meet the makers/);
    const all = await server.call('/search');
    expect(all.status).toBe(200);
    expect(titleOf(await all.text())).toContain('All products');
    const makers = await server.call('/makers');
    expect(makers.status).toBe(200);
    const html = await makers.text();
    expect(titleOf(html)).toContain('Meet the makers');
    expect(html).toContain('The foundry');
    const about = await server.call('/about', { host: 'second.localhost' });
    expect(about.status).toBe(200);
    expect(await about.text()).toContain('Sewn in Portugal');
  });

  it("links the policies from every store's footer, each a page the owner edits in the studio", async () => {
    for (const host of ['localhost', 'second.localhost']) {
      const home = await (await server.call('/', { host })).text();
      for (const slug of ['shipping', 'returns', 'privacy', 'terms']) {
        expect(home, `${host} links /${slug}`).toContain(`href="/${slug}"`);
        const page = await server.call(`/${slug}`, { host });
        expect(page.status, `${host}/${slug}`).toBe(200);
      }
    }
    expect(await (await server.call('/shipping')).text()).toContain('$4.95');
    expect(await (await server.call('/returns', { host: 'second.localhost' })).text()).toContain('30 days');

    const studio = studioCaller(server, await signInOwner(server, 'owner@harbor.test', 'harbor-owner-demo'));
    const pages = (await (await studio('/api/Studio/GetPages')).json()) as { data: { pages: { slug: string; pageTypeId: number }[] } };
    expect(pages.data.pages.filter((p) => p.pageTypeId === 2).map((p) => p.slug)).toEqual(
      expect.arrayContaining(['makers', 'shipping', 'returns', 'privacy', 'terms']),
    );
  });
});
