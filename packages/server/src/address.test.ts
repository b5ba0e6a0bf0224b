import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageType, pageEndpoints, type AddressContent } from '@vitrine/commerce';
import { backends, startOnBackend, type BackendServer, type TestServer } from './test-support.ts';

describe.each(backends)('what lives at an address, on $name', ({ create }) => {
  let server: TestServer;
  let started: BackendServer;

  const address = async (query: string, host = 'localhost'): Promise<AddressContent> => {
    const response = await server.call(`/api/Page/GetAddress?${query}`, { host });
    expect(response.status, `${host} ${query}: ${await response.clone().text()}`).toBe(200);
    return pageEndpoints.getAddress.answer.parse(await response.json()).data;
  };
  const missing = async (query: string, host = 'localhost') => {
    const response = await server.call(`/api/Page/GetAddress?${query}`, { host });
    expect(response.status, `${host} ${query}`).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('PAGE_NOT_FOUND');
  };

  beforeAll(async () => {
    started = await startOnBackend(create);
    ({ server } = started);
  });
  afterAll(() => started?.stop());

  it('answers the owner’s page, a product or a listing in one call, the page first', async () => {
    const home = await address('Path=');
    expect(home.kind === 'page' && home.page.document.pageTypeId).toBe(1);
    const product = await address('Path=cast-iron-skillet');
    expect(product.kind === 'product' && product.product.itemName).toBe('Cast Iron Skillet');
    const category = await address('Path=kitchen/cookware&sort=2');
    expect(category.kind).toBe('listing');
    if (category.kind !== 'listing') return;
    expect(category.listing.scope).toMatchObject({ kind: 'category', title: 'Cookware', url: '/kitchen/cookware' });
    // The listing keys are the listing's state: price low to high.
    const prices = category.listing.products.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const brand = await address('Path=brand/fjord-works');
    expect(brand.kind === 'listing' && brand.listing.scope.kind).toBe('brand');
    const search = await address('Path=search&kw=skillet');
    expect(search.kind === 'listing' && search.listing.products.map((p) => p.itemName)).toContain('Cast Iron Skillet');

    // An owner's page at a category's address is what the shopper gets there.
    const custom = await server.db
      .selectFrom('pages')
      .select(['page_id', 'slug'])
      .where('web_id', '=', started.harborId)
      .where('page_type_id', '=', PageType.Custom)
      .where('published', 'is not', null)
      .executeTakeFirstOrThrow();
    await server.db.updateTable('pages').set({ slug: 'kitchen' }).where('page_id', '=', custom.page_id).execute();
    try {
      const page = await address('Path=kitchen');
      expect(page.kind === 'page' && page.page.pageId).toBe(custom.page_id);
    } finally {
      await server.db.updateTable('pages').set({ slug: custom.slug }).where('page_id', '=', custom.page_id).execute();
    }
  });

  it('answers 404 for nothing there, another store’s product or category included, and 400 naming a bad Path', async () => {
    await missing('Path=no-such-thing');
    await missing('Path=kitchen/no-such-thing');
    await missing('Path=brand/no-such-brand');
    // Atelier Nord's category and product are not Harbor & Pine's, and the other way round.
    await missing('Path=shoes');
    await missing('Path=cast-iron-skillet', 'second.localhost');
    expect((await address('Path=shoes', 'second.localhost')).kind).toBe('listing');
    const bad = await server.call('/api/Page/GetAddress?Path=Kitchen/..', { host: 'localhost' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { field?: string } }).error.field).toBe('Path');
  });
});
