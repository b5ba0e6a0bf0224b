import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_CHOICES, catalogueChoicesAnswer, findProductsAnswer, type CatalogueChoices, type ProductChoice } from '@vitrine/commerce';
import { backends, startOnBackend, signInOwner, studioCaller, type TestServer, type BackendServer } from './test-support.ts';

describe.each(backends)("the studio's catalogue choices on $name", ({ create }) => {
  let server: TestServer;
  let started: BackendServer;
  let store1: number;
  let store2: number;
  let studio: ReturnType<typeof studioCaller>;

  const choices = async (caller = studio, host = 'localhost'): Promise<CatalogueChoices> => {
    const response = await caller('/api/Studio/GetCatalogueChoices', { host });
    expect(response.status).toBe(200);
    return catalogueChoicesAnswer.parse(await response.json()).data;
  };
  const find = async (query: string, caller = studio, host = 'localhost'): Promise<ProductChoice[]> => {
    const response = await caller(`/api/Studio/FindProducts?${query}`, { host });
    expect(response.status, query).toBe(200);
    return findProductsAnswer.parse(await response.json()).data.products;
  };
  const idsOf = async (table: 'categories' | 'brands' | 'products', webId: number) => {
    const column = ({ categories: 'category_id', brands: 'brand_id', products: 'product_id' } as const)[table];
    return (await server.db.selectFrom(table).select(`${column} as id`).where('web_id', '=', webId).execute())
      .map((row) => row.id as number)
      .sort((a, b) => a - b);
  };
  const sortedIds = (list: { id: number }[]) => list.map((item) => item.id).sort((a, b) => a - b);

  beforeAll(async () => {
    started = await startOnBackend(create);
    ({ server, harborId: store1, atelierId: store2 } = started);
    studio = studioCaller(server, await signInOwner(server, 'owner@harbor.test', 'harbor-owner-demo'));
  });
  afterAll(() => started?.stop());

  it("lists the store's categories as a tree and its brands, by name, each with the products a section picking it shows", async () => {
    const { categories, brands } = await choices();
    const kitchen = categories.find((c) => c.name === 'Kitchen')!;
    expect(
      categories.map((c) => [c.name, c.parentId === null ? null : categories.find((p) => p.id === c.parentId)!.name, c.productCount]),
    ).toEqual([
      ['Cookware', 'Kitchen', 3],
      // Its own five and Cookware's three: a product grid of Kitchen shows them all.
      ['Kitchen', null, 8],
      ['Lighting', null, 4],
      ['Living', null, 5],
      ['Outdoor', null, 7],
    ]);
    expect(categories.find((c) => c.name === 'Cookware')!.parentId).toBe(kitchen.id);
    expect(brands.map((b) => b.name)).toEqual(['Fjord Works', 'Kinfolk Goods', 'Old Mill', 'Saltmarsh']);
    // The seed deals its 24 products round the four brands.
    expect(brands.map((b) => b.productCount)).toEqual([6, 6, 6, 6]);
  });

  it("gives each owner their own store's choices only, and another store's owner a 403", async () => {
    const mine = await choices();
    expect(sortedIds(mine.categories)).toEqual(await idsOf('categories', store1));
    expect(sortedIds(mine.brands)).toEqual(await idsOf('brands', store1));

    const owner2 = studioCaller(server, await signInOwner(server, 'owner@atelier.test', 'atelier-owner-demo'));
    const theirs = await choices(owner2, 'second.localhost');
    expect(theirs.categories.map((c) => c.name)).toEqual(['Accessories', 'Bags', 'Men', 'Shoes', 'Women']);
    expect(theirs.brands.map((b) => b.name)).toEqual(['Corde & Co', 'Maison Vell', 'Nordlys']);
    expect(sortedIds(theirs.categories)).toEqual(await idsOf('categories', store2));
    expect(sortedIds(theirs.brands)).toEqual(await idsOf('brands', store2));
    // Their product search finds their products only, and names none of this store's.
    const theirProducts = await find('q=', owner2, 'second.localhost');
    const theirIds = await idsOf('products', store2);
    expect(theirProducts).toHaveLength(Math.min(PRODUCT_CHOICES, theirIds.length));
    for (const product of theirProducts) expect(theirIds).toContain(product.id);
    const mineIds = await idsOf('products', store1);
    expect(await find(`ids=${mineIds.slice(0, 3).join(',')}`, owner2, 'second.localhost')).toEqual([]);
    for (const product of await find('q=lamp')) expect(mineIds).toContain(product.id);

    for (const [caller, host, path, status, code] of [
      [studio, 'second.localhost', '/api/Studio/GetCatalogueChoices', 403, 'NOT_SITE_OWNER'],
      // ?store= on the platform's own address (`PLATFORM_HOSTS`), the only place it chooses a store.
      [studio, '127.0.0.1', '/api/Studio/GetCatalogueChoices?store=second.localhost', 403, 'NOT_SITE_OWNER'],
      [owner2, 'localhost', '/api/Studio/GetCatalogueChoices', 403, 'NOT_SITE_OWNER'],
      [studioCaller(server, null), 'localhost', '/api/Studio/GetCatalogueChoices', 401, 'SESSION_MISSING'],
      [studio, 'second.localhost', '/api/Studio/FindProducts?q=bag', 403, 'NOT_SITE_OWNER'],
      [studioCaller(server, null), 'localhost', '/api/Studio/FindProducts?q=lamp', 401, 'SESSION_MISSING'],
    ] as const) {
      const response = await caller(path, { host });
      expect(response.status, `${host}${path}`).toBe(status);
      const body = (await response.json()) as { data?: unknown; error?: { code: string } };
      expect(body.error?.code).toBe(code);
      expect(body).not.toHaveProperty('data');
    }
  });

  it('leaves unpublished products out of the counts and the product list', async () => {
    const hidden = await server.db
      .selectFrom('products')
      .select(['product_id', 'brand_id'])
      .where('web_id', '=', store1)
      .where('name', '=', 'Dutch Oven')
      .executeTakeFirstOrThrow();
    const before = await choices();
    await server.db.updateTable('products').set({ is_published: false }).where('product_id', '=', hidden.product_id).execute();
    try {
      const after = await choices();
      const count = (list: { name: string; productCount: number }[], name: string) => list.find((c) => c.name === name)!.productCount;
      expect([count(after.categories, 'Cookware'), count(after.categories, 'Kitchen'), count(after.categories, 'Living')]).toEqual([
        2, 7, 5,
      ]);
      const brand = before.brands.find((b) => b.id === hidden.brand_id)!;
      expect(after.brands.find((b) => b.id === brand.id)!.productCount).toBe(brand.productCount - 1);
      expect((await find('q=dutch')).map((p) => p.id)).toEqual([]);
      expect(await find(`ids=${hidden.product_id}`)).toEqual([]);
    } finally {
      await server.db.updateTable('products').set({ is_published: true }).where('product_id', '=', hidden.product_id).execute();
    }
  });

  it('finds products by every word of their name, SKU, brand or category, case and accents aside, names starting with it first', async () => {
    const names = async (q: string) => (await find(`q=${encodeURIComponent(q)}`)).map((p) => p.name);
    expect(await names('LAMP')).toEqual(['Arc Floor Lamp', 'Brass Desk Lamp']);
    expect(await names('lámp brass')).toEqual(['Brass Desk Lamp']);
    expect(await names('dutch')).toEqual(['Dutch Oven']);
    const oven = (await find('q=dutch'))[0]!;
    expect(oven.sku).toMatch(/\S/);
    expect(oven.imageFile).toMatch(/^\/media\/\d+\/products\/dutch-oven-1\.webp$/);
    expect(await names(oven.sku.toLowerCase())).toContain('Dutch Oven');
    // By brand and by category too, as the storefront's search.
    expect((await names('cookware')).sort()).toEqual(['Cast Iron Skillet', 'Dutch Oven', 'Enamel Saucepan']);
    // A name that starts with the words comes first, before names that only hold them.
    await server.db
      .insertInto('products')
      .values(['Zinc Lamp', 'Lamp Oil'].map((name, n) => ({ web_id: store1, name, slug: `order-${n}`, sku: `ORDER-${n}`, price: 100 })))
      .execute();
    try {
      expect(await names('lamp')).toEqual(['Lamp Oil', 'Arc Floor Lamp', 'Brass Desk Lamp', 'Zinc Lamp']);
    } finally {
      await server.db.deleteFrom('products').where('web_id', '=', store1).where('sku', 'like', 'ORDER-%').execute();
    }
    // % and _ are letters here, not patterns.
    expect(await names('%')).toEqual([]);
    expect(await names('_')).toEqual([]);
  });

  it('names the products a setting holds in the order asked, and says which field is wrong', async () => {
    const [a, b, c] = await idsOf('products', store1);
    expect((await find(`ids=${c},${a},${b},${c}`)).map((p) => p.id)).toEqual([c, a, b]);
    for (const query of ['ids=1,x', 'ids=', `ids=${Array.from({ length: 25 }, (_, n) => n + 1).join(',')}`, `q=${'a'.repeat(101)}`]) {
      const response = await studio(`/api/Studio/FindProducts?${query}`, { host: 'localhost' });
      expect(response.status, query).toBe(400);
      const body = (await response.json()) as { error: { code: string; field?: string } };
      expect(body.error.field, query).toBe(query.split('=')[0]);
    }
  });

  it(`answers at most ${PRODUCT_CHOICES} products for a search, by name, and still every category and brand`, async () => {
    const fillers = Array.from({ length: PRODUCT_CHOICES + 5 }, (_, n) => ({
      web_id: store1,
      name: `Aaa filler ${String(n).padStart(3, '0')}`,
      slug: `aaa-filler-${n}`,
      sku: `FILL-${n}`,
      price: 100,
    }));
    // Inserted last first, so that the list's order is the names', not the ids'.
    await server.db.insertInto('products').values(fillers.reverse()).execute();
    try {
      const products = await find('q=filler');
      expect(products).toHaveLength(PRODUCT_CHOICES);
      expect(products[0]!.name).toBe('Aaa filler 000');
      expect(products.at(-1)!.name).toBe(`Aaa filler ${String(PRODUCT_CHOICES - 1).padStart(3, '0')}`);
      const { categories, brands } = await choices();
      expect(categories).toHaveLength(5);
      expect(brands).toHaveLength(4);
    } finally {
      await server.db.deleteFrom('products').where('web_id', '=', store1).where('sku', 'like', 'FILL-%').execute();
    }
  });
});
