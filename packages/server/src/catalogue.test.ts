import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueEndpoints, listingSearch, listingState, type Listing, type ListingState } from '@vitrine/commerce';
import { cardsOf } from './shop/catalog.ts';
import { oneEditApart } from './shop/listing.ts';
import { backends, startOnBackend, type BackendServer, type TestServer } from './test-support.ts';

/** A product as the brute-force reading sees it: every column a listing filters or sorts by. */
interface Row {
  id: number;
  name: string;
  brandId: number | null;
  categoryId: number | null;
  price: number;
  popularity: number;
  rating: number;
  ratingCount: number;
  createdAt: number;
  spec: number[];
  variant: number[];
}

describe.each(backends)('the catalogue on $name', ({ create }) => {
  let server: TestServer;
  let started: BackendServer;
  let harbor: number;
  let rows: Row[];
  let categories: { id: number; parentId: number | null; slug: string; name: string }[];
  let valueAttribute: Map<number, number>;

  const get = async (query: string, host = 'localhost') => server.call(`/api/Product/GetProducts?${query}`, { host });
  const listing = async (scope: 'category' | 'brand' | 'search', path: string, state: Partial<ListingState> = {}, host = 'localhost') => {
    const search = listingSearch({ ...listingState({ kw: state.kw ?? '' }), ...state }).replace(/^\?/, '');
    const response = await get(`Scope=${scope}&Path=${encodeURIComponent(path)}${search ? `&${search}` : ''}`, host);
    expect(response.status, await response.clone().text()).toBe(200);
    return catalogueEndpoints.getProducts.answer.parse(await response.json()).data as Listing;
  };

  const subtree = (id: number): number[] => [id, ...categories.filter((c) => c.parentId === id).flatMap((c) => subtree(c.id))];
  /** The listing's rules written out plainly over every row: which products pass, leaving out one filter for facets. */
  const passes = (row: Row, scopeIds: number[] | null, state: ListingState, except: string | null = null) => {
    if (scopeIds && (row.categoryId === null || !scopeIds.includes(row.categoryId))) return false;
    if (except !== 'br' && state.br.length && (row.brandId === null || !state.br.includes(row.brandId))) return false;
    if (except !== 'pr' && state.pr.min !== null && row.price < state.pr.min) return false;
    if (except !== 'pr' && state.pr.max !== null && row.price > state.pr.max) return false;
    for (const key of ['sf', 'av'] as const) {
      const byAttribute = new Map<number, number[]>();
      for (const id of state[key]) byAttribute.set(valueAttribute.get(id)!, [...(byAttribute.get(valueAttribute.get(id)!) ?? []), id]);
      for (const [attribute, ids] of byAttribute) {
        if (except === `${key}:${attribute}`) continue;
        const have = key === 'sf' ? row.spec : row.variant;
        if (!ids.some((id) => have.includes(id))) return false;
      }
    }
    return true;
  };

  beforeAll(async () => {
    started = await startOnBackend(create);
    ({ server, harborId: harbor } = started);
    rows = (await server.db.selectFrom('products').selectAll().where('web_id', '=', harbor).where('is_published', '=', true).execute()).map(
      (p) => ({
        id: p.product_id,
        name: p.name,
        brandId: p.brand_id,
        categoryId: p.category_id,
        price: p.price,
        popularity: p.popularity,
        rating: Number(p.rating),
        ratingCount: p.rating_count,
        createdAt: new Date(p.created_at).getTime(),
        spec: p.spec_value_ids,
        variant: p.variant_value_ids,
      }),
    );
    categories = (
      await server.db.selectFrom('categories').select(['category_id', 'parent_id', 'slug', 'name']).where('web_id', '=', harbor).execute()
    ).map((c) => ({ id: c.category_id, parentId: c.parent_id, slug: c.slug, name: c.name }));
    valueAttribute = new Map(
      (await server.db.selectFrom('attribute_values').select(['value_id', 'attribute_id']).where('web_id', '=', harbor).execute()).map(
        (v) => [v.value_id, v.attribute_id],
      ),
    );
  });
  afterAll(() => started?.stop());

  it('lists a category with every product of its sub-categories, its trail, and its sub-categories with their counts', async () => {
    const kitchen = await listing('category', 'kitchen');
    const kitchenId = categories.find((c) => c.slug === 'kitchen')!.id;
    expect(kitchen.total).toBe(rows.filter((r) => subtree(kitchenId).includes(r.categoryId!)).length);
    expect(kitchen.total).toBe(8);
    expect(kitchen.scope).toMatchObject({ kind: 'category', title: 'Kitchen', url: '/kitchen' });
    expect(kitchen.facets.categories).toEqual([expect.objectContaining({ name: 'Cookware', url: '/kitchen/cookware', count: 3 })]);

    const cookware = await listing('category', 'kitchen/cookware');
    expect(cookware.scope.breadcrumbs.map((b) => b.url)).toEqual(['/', '/kitchen', '/kitchen/cookware']);
    expect(cookware.products.map((p) => p.itemName).sort()).toEqual(['Cast Iron Skillet', 'Dutch Oven', 'Enamel Saucepan']);
    // The path is the trail: a sub-category is not found at the top.
    expect((await get('Scope=category&Path=cookware')).status).toBe(404);
  });

  it('sorts by each of the eight orders of §3.15, checked product by product', async () => {
    const byNumber = (pick: (r: Row) => number, direction: 1 | -1) => (a: Row, b: Row) => direction * (pick(a) - pick(b)) || a.id - b.id;
    const expected: Record<number, (a: Row, b: Row) => number> = {
      1: byNumber((r) => r.popularity, -1),
      2: byNumber((r) => r.price, 1),
      3: byNumber((r) => r.price, -1),
      4: (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id),
      5: (a, b) => (a.name > b.name ? -1 : a.name < b.name ? 1 : a.id - b.id),
      6: (a, b) => b.rating - a.rating || b.ratingCount - a.ratingCount || a.id - b.id,
      7: byNumber((r) => r.createdAt, -1),
      // Relevance without keywords falls back to popularity.
      8: byNumber((r) => r.popularity, -1),
    };
    for (const sort of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const result = await listing('search', '', { sort, recs: 48 });
      expect(
        result.products.map((p) => p.productID),
        `sort ${sort}`,
      ).toEqual([...rows].sort(expected[sort]).map((r) => r.id));
    }
  });

  it('pages with page and recs, and keeps view as the shopper chose it', async () => {
    const all = await listing('search', '', { sort: 2, recs: 48 });
    const second = await listing('search', '', { sort: 2, recs: 12, page: 2, view: 'list' });
    expect(second.products.map((p) => p.productID)).toEqual(all.products.slice(12, 24).map((p) => p.productID));
    expect(second.total).toBe(rows.length);
    expect(second.state).toMatchObject({ page: 2, recs: 12, view: 'list' });
    const beyond = await listing('search', '', { page: 9 });
    expect(beyond.products).toEqual([]);
    expect(beyond.total).toBe(rows.length);
  });

  it('filters by br, pr, sf and av, and counts every facet as a brute-force count over the same rows does', async () => {
    const brands = [...new Set(rows.map((r) => r.brandId!))].sort((a, b) => a - b);
    const spec = [...new Set(rows.flatMap((r) => r.spec))].sort((a, b) => a - b);
    const variant = [...new Set(rows.flatMap((r) => r.variant))].sort((a, b) => a - b);
    const states: Partial<ListingState>[] = [
      {},
      { br: [brands[0]!] },
      { br: [brands[0]!, brands[2]!] },
      { pr: { min: 3000, max: 9000 } },
      { pr: { min: null, max: 5000 } },
      { sf: [spec[0]!] },
      { sf: [spec[0]!, spec[1]!], br: [brands[1]!] },
      { av: [variant[0]!] },
      { av: [variant[0]!, variant.at(-1)!], pr: { min: 2500, max: null } },
      { br: [brands[3]!], sf: [spec[2]!], av: [variant.at(-1)!] },
    ];
    for (const partial of states) {
      const state = { ...listingState({}), ...partial, recs: 48 };
      const label = JSON.stringify(partial);
      const result = await listing('search', '', state);
      const expected = rows.filter((r) => passes(r, null, state));
      expect(result.total, label).toBe(expected.length);
      expect(
        result.products.map((p) => p.productID).sort((a, b) => a - b),
        label,
      ).toEqual(expected.map((r) => r.id).sort((a, b) => a - b));

      const brandCounts = new Map<number, number>();
      for (const r of rows.filter((row) => passes(row, null, state, 'br')))
        brandCounts.set(r.brandId!, (brandCounts.get(r.brandId!) ?? 0) + 1);
      expect(Object.fromEntries(result.facets.brands.map((b) => [b.id, b.count])), `${label} brands`).toEqual(
        Object.fromEntries([...new Set([...brandCounts.keys(), ...state.br])].map((id) => [id, brandCounts.get(id) ?? 0])),
      );
      expect(result.facets.brands.filter((b) => b.chosen).map((b) => b.id)).toEqual(state.br);

      const priced = rows.filter((row) => passes(row, null, state, 'pr')).map((r) => r.price);
      expect(result.facets.price, `${label} price`).toEqual(priced.length ? { min: Math.min(...priced), max: Math.max(...priced) } : null);

      for (const facet of result.facets.attributes) {
        for (const value of facet.values) {
          const count = rows.filter(
            (row) =>
              passes(row, null, state, `${facet.key}:${facet.attributeID}`) &&
              (facet.key === 'sf' ? row.spec : row.variant).includes(value.id),
          ).length;
          expect(value.count, `${label} ${facet.name} ${value.name}`).toBe(count);
          // Never a choice that gives no product, unless it is chosen (so it can be taken back).
          expect(value.count > 0 || value.chosen).toBe(true);
        }
      }
    }
    const listed = await listing('search', '');
    expect(listed.facets.attributes.map((f) => [f.name, f.displayType, f.key])).toEqual([
      ['Size', 'dropdown', 'av'],
      ['Colour', 'color', 'av'],
      ['Material', 'namelist', 'sf'],
    ]);
    expect(listed.facets.attributes[1]!.values[0]!.color).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it('finds products by name, brand, category and SKU, with typos and without accents, the intended one first', async () => {
    const first = async (kw: string) => (await listing('search', '', { kw })).products.slice(0, 3).map((p) => p.itemName);
    expect(await first('stoneware mug')).toContain('Stoneware Mug');
    expect(await first('stonware mugg')).toContain('Stoneware Mug');
    expect(await first('skilet')).toContain('Cast Iron Skillet');
    expect(await first('cast irn skillet')).toContain('Cast Iron Skillet');
    expect((await first('HAR-1000'))[0]).toBe('Stoneware Mug');
    expect(await first('dütch ôven')).toContain('Dutch Oven');
    // Swapped letters in short words, which trigrams alone miss, are put right from the store's own words.
    expect(await first('oak tbale')).toContain('Oak Side Table');
    expect(await first('wolo thorw')).toContain('Wool Throw');
    const byBrand = await listing('search', '', { kw: 'fjord works', recs: 48 });
    expect(byBrand.total).toBe(rows.filter((r) => r.brandId === byBrand.facets.brands.find((b) => b.name === 'Fjord Works')!.id).length);
    const byCategory = await listing('search', '', { kw: 'lighting', recs: 48 });
    expect(byCategory.products.map((p) => p.itemName)).toEqual(expect.arrayContaining(['Brass Desk Lamp', 'Paper Pendant']));
    expect((await listing('search', '', { kw: 'qqqzzzxxx' })).total).toBe(0);

    const suggested = await server.call('/api/Product/Suggest?kw=lamp');
    const { data } = catalogueEndpoints.suggest.answer.parse(await suggested.json());
    expect(data.products.map((p) => p.name)).toEqual(expect.arrayContaining(['Brass Desk Lamp', 'Arc Floor Lamp']));
    const lighting = await server.call('/api/Product/Suggest?kw=lightng');
    expect(catalogueEndpoints.suggest.answer.parse(await lighting.json()).data.categories).toEqual([
      { name: 'Lighting', url: '/lighting' },
    ]);
  });

  it('lists a brand by its slug, without a brand facet', async () => {
    const brand = await listing('brand', 'fjord-works', { recs: 48 });
    expect(brand.scope).toMatchObject({ kind: 'brand', title: 'Fjord Works', url: '/brand/fjord-works' });
    expect(brand.products.every((p) => p.brandName === 'Fjord Works')).toBe(true);
    expect(brand.facets.brands).toEqual([]);
    expect((await get('Scope=brand&Path=nobody')).status).toBe(404);
  });

  it('says on each card whether its product has variants or a required option to choose on its page (issue 16)', async () => {
    const ids = rows.map((row) => row.id);
    const variants = await server.db.selectFrom('variants').select('product_id').where('product_id', 'in', ids).execute();
    const plain = rows.find((row) => !variants.some((v) => v.product_id === row.id))!;
    const option = await server.db
      .insertInto('product_options')
      .values({ web_id: harbor, product_id: plain.id, name: 'Engraving', input_type_id: 1, is_mandatory: false })
      .returning('option_id')
      .executeTakeFirstOrThrow();
    const needsChoice = async () => new Map((await cardsOf(server.db, ids)).map((card) => [card.productID, card.needsChoice]));
    try {
      // An optional option leaves the product to go straight in; a required one, or any variant, sends to its page.
      let cards = await needsChoice();
      for (const row of rows) expect(cards.get(row.id), row.name).toBe(variants.some((v) => v.product_id === row.id));
      await server.db.updateTable('product_options').set({ is_mandatory: true }).where('option_id', '=', option.option_id).execute();
      cards = await needsChoice();
      expect(cards.get(plain.id)).toBe(true);
    } finally {
      await server.db.deleteFrom('product_options').where('option_id', '=', option.option_id).execute();
    }
  });

  it("never shows one store's catalogue on another: paths, brands, values and search are the store's own", async () => {
    // Harbor's category and brand do not exist on Atelier Nord.
    expect((await get('Scope=category&Path=kitchen', 'second.localhost')).status).toBe(404);
    expect((await get('Scope=brand&Path=fjord-works', 'second.localhost')).status).toBe(404);
    // Harbor's brand and value ids narrow Atelier's listing to nothing.
    const harborBrand = rows[0]!.brandId!;
    expect((await listing('search', '', { br: [harborBrand] }, 'second.localhost')).total).toBe(0);
    expect((await listing('search', '', { av: [rows[0]!.variant[0]!] }, 'second.localhost')).total).toBe(0);
    const atelier = await listing('search', '', { kw: 'stoneware mug' }, 'second.localhost');
    expect(atelier.products.map((p) => p.itemName)).not.toContain('Stoneware Mug');
    const ids = new Set(rows.map((r) => r.id));
    expect((await listing('search', '', { recs: 48 }, 'second.localhost')).products.some((p) => ids.has(p.productID))).toBe(false);
    const suggested = await server.call('/api/Product/Suggest?kw=mug', { host: 'second.localhost' });
    expect(catalogueEndpoints.suggest.answer.parse(await suggested.json()).data.products.map((p) => p.name)).not.toContain('Stoneware Mug');
  });

  it('answers a key that does not parse with a 400 naming it, and an unknown scope likewise', async () => {
    for (const [query, field] of [
      ['Scope=search&sort=9', 'sort'],
      ['Scope=search&br=abc', 'br'],
      ['Scope=search&pr=cheap', 'pr'],
      ['Scope=search&recs=7', 'recs'],
      ['Scope=search&view=table', 'view'],
      ['Scope=search&page=0', 'page'],
      ['Scope=shelf', 'Scope'],
      ['Scope=category&Path=../etc', 'Path'],
    ] as const) {
      const response = await get(query);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: { field: string } }).error.field, query).toBe(field);
    }
  });
});

/** What a listing's facets say, keyed for comparing: counts by id, leaving out what a shopper never sees (zeros). */
interface FacetSummary {
  total: number;
  /** The ids of the first page, in the listing's order. */
  page: number[];
  categories: Record<string, number>;
  brands: Record<string, number>;
  price: { min: number; max: number } | null;
  values: Record<string, number>;
}

const summaryOf = (listing: Listing): FacetSummary => ({
  total: listing.total,
  page: listing.products.map((p) => p.productID),
  categories: Object.fromEntries(listing.facets.categories.map((c) => [c.id, c.count])),
  brands: Object.fromEntries(listing.facets.brands.map((b) => [b.id, b.count])),
  price: listing.facets.price,
  values: Object.fromEntries(listing.facets.attributes.flatMap((f) => f.values.map((v) => [`${f.key}:${v.id}`, v.count]))),
});

describe.each(backends)('facet counts kept ahead, on $name, as products and categories change', ({ create }) => {
  let started: BackendServer;
  let harbor: number;
  let db: BackendServer['server']['db'];

  beforeAll(async () => {
    started = await startOnBackend(create);
    ({ harborId: harbor } = started);
    db = started.server.db;
  });
  afterAll(() => started?.stop());

  const listing = async (scope: 'category' | 'search', path: string, state: Partial<ListingState>) => {
    const search = listingSearch({ ...listingState({}), ...state }).replace(/^\?/, '');
    const response = await started.server.call(`/api/Product/GetProducts?Scope=${scope}&Path=${encodeURIComponent(path)}&${search}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return catalogueEndpoints.getProducts.answer.parse(await response.json()).data as Listing;
  };

  /** The facets and first page of a listing worked out the plain way, over every published product as the database has it now. */
  async function bruteForce(path: string, state: ListingState): Promise<FacetSummary> {
    const products = await db
      .selectFrom('products')
      .selectAll()
      .select(sql<number>`(extract(epoch FROM created_at) * 1000000)::float8`.as('created'))
      .where('web_id', '=', harbor)
      .where('is_published', '=', true)
      .execute();
    const categories = await db
      .selectFrom('categories')
      .select(['category_id', 'parent_id', 'slug'])
      .where('web_id', '=', harbor)
      .execute();
    const attributeOf = new Map(
      (await db.selectFrom('attribute_values').select(['value_id', 'attribute_id']).where('web_id', '=', harbor).execute()).map((v) => [
        v.value_id,
        v.attribute_id,
      ]),
    );
    const subtree = (id: number): number[] => [id, ...categories.filter((c) => c.parent_id === id).flatMap((c) => subtree(c.category_id))];
    let scope: number | null = null;
    for (const slug of path ? path.split('/') : []) scope = categories.find((c) => c.slug === slug && c.parent_id === scope)!.category_id;
    const inScope = scope === null ? null : subtree(scope);
    const groups = (['sf', 'av'] as const).flatMap((key) =>
      [...new Set(state[key].map((id) => attributeOf.get(id)!))].map((attribute) => ({
        name: `${key}:${attribute}`,
        passes: (p: (typeof products)[number]) =>
          state[key].some(
            (id) => attributeOf.get(id) === attribute && (key === 'sf' ? p.spec_value_ids : p.variant_value_ids).includes(id),
          ),
      })),
    );
    const passes = (p: (typeof products)[number], except: string | null) =>
      (inScope === null || (p.category_id !== null && inScope.includes(p.category_id))) &&
      (except === 'br' || !state.br.length || (p.brand_id !== null && state.br.includes(p.brand_id))) &&
      (except === 'pr' || ((state.pr.min === null || p.price >= state.pr.min) && (state.pr.max === null || p.price <= state.pr.max))) &&
      groups.every((group) => group.name === except || group.passes(p));
    const all = products.filter((p) => passes(p, null));
    const counted = (list: readonly (string | number)[]) => {
      const counts: Record<string, number> = {};
      for (const key of list) counts[key] = (counts[key] ?? 0) + 1;
      return counts;
    };
    const prices = products.filter((p) => passes(p, 'pr')).map((p) => p.price);
    const values: Record<string, number> = {};
    for (const key of ['sf', 'av'] as const)
      for (const [id, attribute] of attributeOf) {
        const group = groups.find((g) => g.name === `${key}:${attribute}`)?.name ?? null;
        const n = products.filter((p) => passes(p, group) && (key === 'sf' ? p.spec_value_ids : p.variant_value_ids).includes(id)).length;
        if (n > 0 || state[key].includes(id)) values[`${key}:${id}`] = n;
      }
    const brands = counted(products.filter((p) => passes(p, 'br') && p.brand_id !== null).map((p) => p.brand_id!));
    for (const id of state.br) brands[id] ??= 0;
    const children = categories.filter((c) => c.parent_id === scope).map((c) => c.category_id);
    type Product = (typeof products)[number];
    const orders: Record<number, (a: Product, b: Product) => number> = {
      1: (a, b) => b.popularity - a.popularity,
      2: (a, b) => a.price - b.price,
      3: (a, b) => b.price - a.price,
      6: (a, b) => b.rating - a.rating || b.rating_count - a.rating_count,
      7: (a, b) => b.created - a.created,
    };
    const order = orders[state.sort]!;
    return {
      total: all.length,
      page: all
        .sort((a, b) => order(a, b) || a.product_id - b.product_id)
        .slice((state.page - 1) * state.recs, state.page * state.recs)
        .map((p) => p.product_id),
      categories: Object.fromEntries(
        children.map((id) => [id, all.filter((p) => subtree(id).includes(p.category_id!)).length]).filter(([, n]) => n !== 0),
      ),
      brands,
      price: prices.length ? { min: Math.min(...prices), max: Math.max(...prices) } : null,
      values,
    };
  }

  const categoryId = async (slug: string) =>
    (
      await db
        .selectFrom('categories')
        .select('category_id')
        .where('web_id', '=', harbor)
        .where('slug', '=', slug)
        .executeTakeFirstOrThrow()
    ).category_id;

  /** Every scope (the whole store, each category) under no filter, each kind of single filter, and two together. */
  async function expectCountsAsBruteForce(when: string) {
    const categories = await db
      .selectFrom('categories')
      .select(['category_id', 'parent_id', 'slug'])
      .where('web_id', '=', harbor)
      .execute();
    const pathOf = (id: number): string => {
      const c = categories.find((row) => row.category_id === id)!;
      return c.parent_id === null ? c.slug : `${pathOf(c.parent_id)}/${c.slug}`;
    };
    const products = await db.selectFrom('products').selectAll().where('web_id', '=', harbor).where('is_published', '=', true).execute();
    const [first, second] = [...new Set(products.map((p) => p.brand_id).filter((id) => id !== null))].sort((a, b) => a - b);
    const variant = [...new Set(products.flatMap((p) => p.variant_value_ids))].sort((a, b) => a - b);
    const spec = [...new Set(products.flatMap((p) => p.spec_value_ids))].sort((a, b) => a - b);
    const states: Partial<ListingState>[] = [
      {},
      { br: [first!] },
      { br: [first!, second!] },
      { pr: { min: 3000, max: 9000 } },
      { av: [variant[0]!] },
      { sf: [spec[0]!] },
      { br: [first!], av: [variant.at(-1)!] },
      { pr: { min: null, max: 6000 }, sf: [spec[0]!, spec[1]!] },
    ];
    // Each listing in one of the orders the facet index keeps, its first page or its second.
    const sorts = [2, 3, 1, 6, 7];
    let n = 0;
    for (const path of ['', ...categories.map((c) => pathOf(c.category_id))])
      for (const partial of states) {
        n++;
        const state = { ...listingState({ sort: sorts[n % sorts.length], page: n % 3 === 0 ? 2 : 1, recs: 12 }), ...partial };
        const label = `${when}: ${path || 'whole store'} ${JSON.stringify(partial)}`;
        expect(summaryOf(await listing(path ? 'category' : 'search', path, state)), label).toEqual(await bruteForce(path, state));
      }
  }

  it('counts as a brute-force count does after products are added, changed, unpublished and deleted', async () => {
    await expectCountsAsBruteForce('as seeded');
    const [cookware, living] = [await categoryId('cookware'), await categoryId('living')];
    const values = await db.selectFrom('attribute_values').select(['value_id']).where('web_id', '=', harbor).orderBy('value_id').execute();
    const brands = await db.selectFrom('brands').select('brand_id').where('web_id', '=', harbor).orderBy('brand_id').execute();

    // A new product with a specification value and two variants, in one transaction as the studio would save it.
    await db.transaction().execute(async (trx) => {
      const { product_id } = await trx
        .insertInto('products')
        .values({
          web_id: harbor,
          category_id: cookware,
          brand_id: brands[1]!.brand_id,
          name: 'Carbon Steel Wok',
          slug: 'carbon-steel-wok',
          sku: 'HAR-9001',
          price: 7400,
        })
        .returning('product_id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('product_values').values({ web_id: harbor, product_id, value_id: values[0]!.value_id }).execute();
      const variants = await trx
        .insertInto('variants')
        .values([
          { web_id: harbor, product_id, sku: 'HAR-9001-1', name: 'Small', price: 7400 },
          { web_id: harbor, product_id, sku: 'HAR-9001-2', name: 'Large', price: 8400 },
        ])
        .returning('variant_id')
        .execute();
      await trx
        .insertInto('variant_values')
        .values(variants.map((v, i) => ({ web_id: harbor, variant_id: v.variant_id, value_id: values[1 + i]!.value_id })))
        .execute();
    });
    await expectCountsAsBruteForce('after a product was added');

    const kitchenProducts = await db
      .selectFrom('products')
      .select(['product_id', 'brand_id'])
      .where('web_id', '=', harbor)
      .where('category_id', '=', await categoryId('kitchen'))
      .orderBy('product_id')
      .execute();
    const [moved, rebranded, repriced, unpublished, deleted] = kitchenProducts.map((p) => p.product_id);
    await db.updateTable('products').set({ category_id: living }).where('product_id', '=', moved!).execute();
    await db.updateTable('products').set({ brand_id: null }).where('product_id', '=', rebranded!).execute();
    await db.updateTable('products').set({ price: 123_400 }).where('product_id', '=', repriced!).execute();
    await db.updateTable('products').set({ is_published: false }).where('product_id', '=', unpublished!).execute();
    await db.deleteFrom('products').where('product_id', '=', deleted!).execute();
    // Changes no facet sees, and an update that leaves the facets' columns as they were, count nothing.
    await db.updateTable('products').set({ stock: 7, popularity: 1 }).where('web_id', '=', harbor).execute();
    await db.updateTable('products').set({ price: 999 }).where('product_id', '=', moved!).execute();
    await db
      .updateTable('products')
      .set({ price: sql`price`, category_id: sql`category_id` })
      .where('web_id', '=', harbor)
      .execute();
    await expectCountsAsBruteForce('after products were moved, rebranded, repriced, unpublished and deleted');

    // Values follow product_values and the variants (migration 0004's triggers change the product row).
    await db.deleteFrom('product_values').where('web_id', '=', harbor).where('value_id', '=', values[0]!.value_id).execute();
    await db.deleteFrom('variants').where('web_id', '=', harbor).where('sku', '=', 'HAR-9001-2').execute();
    await db.updateTable('products').set({ is_published: true }).where('product_id', '=', unpublished!).execute();
    await expectCountsAsBruteForce('after values were removed and a product published again');

    // More statements than the versions whose changes are kept: a copy that far behind reads the store afresh, and
    // the older changes are gone.
    for (let i = 0; i < 105; i++)
      await db
        .updateTable('products')
        .set({ price: 1000 + i })
        .where('product_id', '=', repriced!)
        .execute();
    await expectCountsAsBruteForce('after more statements than the versions kept');
    const { version } = await db.selectFrom('catalogue_versions').select('version').where('web_id', '=', harbor).executeTakeFirstOrThrow();
    const changes = await db.selectFrom('catalogue_changes').select('version').where('web_id', '=', harbor).execute();
    expect(Math.min(...changes.map((c) => c.version))).toBe(version - 99);

    // A failed transaction changes nothing.
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('products').set({ category_id: cookware }).where('web_id', '=', harbor).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expectCountsAsBruteForce('after a rolled-back change');
  });

  it('counts as a brute-force count does after a category moves under another and after one is deleted', async () => {
    await db
      .updateTable('categories')
      .set({ parent_id: await categoryId('living') })
      .where('category_id', '=', await categoryId('cookware'))
      .execute();
    expect((await listing('category', 'living/cookware', {})).total).toBeGreaterThan(0);
    await expectCountsAsBruteForce('after Cookware moved under Living');
    // A deleted category's products keep no category: they leave every category above it, not the whole store.
    await db
      .deleteFrom('categories')
      .where('category_id', '=', await categoryId('cookware'))
      .execute();
    await expectCountsAsBruteForce('after Cookware was deleted');
    // Living goes with everything below it.
    await db
      .insertInto('categories')
      .values({ web_id: harbor, parent_id: await categoryId('living'), name: 'Shelves', slug: 'shelves' })
      .execute();
    await db
      .updateTable('products')
      .set({ category_id: await categoryId('shelves') })
      .where('category_id', '=', await categoryId('kitchen'))
      .execute();
    await db
      .deleteFrom('categories')
      .where('category_id', '=', await categoryId('living'))
      .execute();
    await expectCountsAsBruteForce('after Living was deleted with the category below it');
  });
});

it('tells words one edit apart: a letter dropped, added, changed, or two neighbours swapped', () => {
  for (const [a, b] of [['tbale', 'table'] as const, ['wolo', 'wool'], ['lght', 'light'], ['cushhion', 'cushion'], ['lamb', 'lamp']])
    expect(oneEditApart(a, b), `${a} ~ ${b}`).toBe(true);
  for (const [a, b] of [['table', 'table'] as const, ['tbael', 'table'], ['lt', 'light'], ['wool', 'woolen'], ['abcd', 'dcba']])
    expect(oneEditApart(a, b), `${a} ≁ ${b}`).toBe(false);
});
