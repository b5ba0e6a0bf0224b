import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  studioCategoriesAnswer,
  studioCategoryAnswer,
  uploadMediaAnswer,
  type SaveCategoryRequest,
  type StudioCategory,
} from '@vitrine/commerce';
import {
  backends,
  expectOwnerOnly,
  listingWordsOf,
  refusalOf,
  startWithBothOwners,
  storeSnapshot,
  type studioCaller,
  type BackendServer,
  type TestServer,
} from './test-support.ts';

describe.each(backends)("the back office's categories on $name", ({ create }) => {
  let started: BackendServer;
  let server: TestServer;
  let harbor: number;
  let atelier: number;
  let studio: ReturnType<typeof studioCaller>;
  let nordStudio: ReturnType<typeof studioCaller>;
  const nord = { host: 'second.localhost' };

  const tree = async (caller = studio, init = {}): Promise<StudioCategory[]> => {
    const response = await caller('/api/Studio/GetCategories', init);
    expect(response.status, await response.clone().text()).toBe(200);
    return studioCategoriesAnswer.parse(await response.json()).data.categories;
  };
  const bySlug = async (slug: string) => (await tree()).find((category) => category.slug === slug)!;
  const save = (body: SaveCategoryRequest, caller = studio, init = {}) => caller('/api/Studio/SaveCategory', { body, ...init });
  const saved = async (body: SaveCategoryRequest): Promise<StudioCategory> => {
    const response = await save(body);
    expect(response.status, await response.clone().text()).toBe(200);
    return studioCategoryAnswer.parse(await response.json()).data.category;
  };
  /** A change to the tree that must go through; answers the tree after it. */
  const changed = async (path: string, body: unknown): Promise<StudioCategory[]> => {
    const response = await studio(path, { body });
    expect(response.status, await response.clone().text()).toBe(200);
    return studioCategoriesAnswer.parse(await response.json()).data.categories;
  };
  /** What the editor sends back for a category it read: every field as read. */
  const asSent = (category: StudioCategory): SaveCategoryRequest => ({
    categoryId: category.id,
    name: category.name,
    slug: category.slug,
    description: category.description,
    picture: category.picture,
    seo: category.seo,
  });
  /** Everything a category call could touch of a store, to show a refused call changed none of it. */
  const snapshot = (webId: number) => storeSnapshot(server, webId, ['categories', 'products', 'redirect_rules']);
  const refusal = refusalOf;
  /** The ids of the products the storefront lists at a category's path. */
  const listed = async (path: string): Promise<number[]> => {
    const response = await server.call(`/api/Product/GetProducts?Scope=category&Path=${path}&recs=48`);
    expect(response.status, await response.clone().text()).toBe(200);
    const { data } = (await response.json()) as { data: { products: { productID: number }[]; total: number } };
    return data.products.map((card) => card.productID).sort((a, b) => a - b);
  };
  const productsIn = async (categoryId: number | null) =>
    (
      await server.db
        .selectFrom('products')
        .select('product_id')
        .where('web_id', '=', harbor)
        .where('category_id', categoryId === null ? 'is' : '=', categoryId)
        .execute()
    )
      .map((row) => row.product_id)
      .sort((a, b) => a - b);

  beforeAll(async () => {
    ({ started, server, harbor, atelier, studio, nordStudio } = await startWithBothOwners(create));
  });
  afterAll(() => started?.stop());

  it('lists the store’s tree, parents before children, each with its address and its own product count', async () => {
    const categories = await tree();
    const stored = await server.db.selectFrom('categories').select('category_id').where('web_id', '=', harbor).execute();
    expect(categories.map((c) => c.id).sort()).toEqual(stored.map((row) => row.category_id).sort());
    const kitchen = categories.find((c) => c.slug === 'kitchen')!;
    const cookware = categories.find((c) => c.slug === 'cookware')!;
    expect(kitchen).toMatchObject({ name: 'Kitchen', parentId: null, path: '/kitchen', productCount: 5 });
    expect(cookware).toMatchObject({ parentId: kitchen.id, path: '/kitchen/cookware', productCount: 3 });
    expect(categories.indexOf(cookware)).toBe(categories.indexOf(kitchen) + 1);
    expect(cookware.productCount).toBe((await productsIn(cookware.id)).length);
    expect(kitchen.description).toContain('Mugs, knives');
  });

  it('creates a category under a parent with an address made from its name, a sanitised description, a picture and SEO fields', async () => {
    const png = await sharp(Buffer.alloc(20 * 10 * 3, 90), { raw: { width: 20, height: 10, channels: 3 } })
      .png()
      .toBuffer();
    const upload = uploadMediaAnswer.parse(
      await (await studio('/api/Studio/UploadMedia', { body: { fileName: 'teapots.png', base64: png.toString('base64') } })).json(),
    ).data;
    const kitchen = await bySlug('kitchen');
    const teapots = await saved({
      name: 'Teapots & Kettles',
      parentId: kitchen.id,
      description: '<h1>Brew</h1><p onclick="steal()">Cast <b>iron</b> &amp; clay.</p><script>steal()</script>',
      picture: upload.path,
      seo: { title: 'Teapots', description: 'Teapots and kettles' },
    });
    expect(teapots).toMatchObject({
      slug: 'teapots-kettles',
      path: '/kitchen/teapots-kettles',
      parentId: kitchen.id,
      description: '<h2>Brew</h2><p>Cast <b>iron</b> &amp; clay.</p>',
      picture: upload.path,
      productCount: 0,
      seo: { title: 'Teapots', description: 'Teapots and kettles' },
    });
    // Last of its siblings, after Cookware.
    const siblings = (await tree()).filter((c) => c.parentId === kitchen.id);
    expect(siblings.at(-1)!.id).toBe(teapots.id);
    // On the store at once, its description as text.
    const listing = await server.call('/api/Product/GetProducts?Scope=category&Path=kitchen/teapots-kettles');
    expect(listing.status).toBe(200);
    expect(((await listing.json()) as { data: { scope: { description: string } } }).data.scope.description).toBe('Brew Cast iron & clay.');
    // A second of the same name gets an address of its own.
    expect((await saved({ name: 'Teapots & Kettles' })).slug).toBe('teapots-kettles-2');
  });

  it('gives a category’s page the owner’s SEO title and description where set, else its name and description, from the next request on', async () => {
    const cookware = await bySlug('cookware');
    const page = async () => listingWordsOf(await (await server.call('/kitchen/cookware')).text());
    const own = 'Cast iron and enamel pans that go from the hob to the oven to the table.';
    expect(await page()).toEqual({ title: 'Cookware | Harbor & Pine', description: own, heading: 'Cookware', shown: own });

    await saved({
      ...asSent(cookware),
      seo: { title: 'Cast iron & enamel pans', description: 'Pans for the hob, the oven and the table.' },
    });
    expect(await page()).toEqual({
      title: 'Cast iron & enamel pans | Harbor & Pine',
      description: 'Pans for the hob, the oven and the table.',
      heading: 'Cookware',
      shown: own,
    });
    // Each field stands alone: without an SEO title the name is the title, without an SEO description the category's.
    await saved({ ...asSent(cookware), description: '<p>Pans that <b>last</b>.</p>', seo: { title: '', description: 'Heavy pans.' } });
    expect(await page()).toEqual({
      title: 'Cookware | Harbor & Pine',
      description: 'Heavy pans.',
      heading: 'Cookware',
      shown: 'Pans that last.',
    });
    await saved({ ...asSent(cookware), seo: { title: 'Pans', description: '' } });
    expect(await page()).toEqual({ title: 'Pans | Harbor & Pine', description: own, heading: 'Cookware', shown: own });
    await saved(asSent(cookware));
    expect(await page()).toEqual({ title: 'Cookware | Harbor & Pine', description: own, heading: 'Cookware', shown: own });
  });

  it('renames a category and moves its address: the storefront shows it at the new one and answers 301 at the old, its sub-categories too', async () => {
    const kitchen = await bySlug('kitchen');
    const cookwareIds = await productsIn((await bySlug('cookware')).id);
    const renamed = await saved({ ...asSent(kitchen), name: 'Kitchen & Dining', slug: 'kitchen-dining' });
    expect(renamed).toMatchObject({ name: 'Kitchen & Dining', path: '/kitchen-dining' });

    const page = await server.call('/kitchen-dining');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Kitchen &amp; Dining');
    const old = await server.call('/kitchen?sort=price');
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/kitchen-dining?sort=price');
    const oldChild = await server.call('/kitchen/cookware');
    expect(oldChild.status).toBe(301);
    expect(oldChild.headers.get('location')).toBe('/kitchen-dining/cookware');
    expect(await listed('kitchen-dining/cookware')).toEqual(cookwareIds);

    // Saved without an address, it keeps the one it has.
    expect((await saved({ ...asSent(renamed), slug: '' })).slug).toBe('kitchen-dining');
    // Back where it started: its address is its own again, and the newer one sends there.
    await saved({ ...asSent(renamed), name: 'Kitchen', slug: 'kitchen' });
    expect((await server.call('/kitchen')).status).toBe(200);
    expect((await server.call('/kitchen-dining')).headers.get('location')).toBe('/kitchen');
    expect((await server.call('/kitchen-dining/cookware')).headers.get('location')).toBe('/kitchen/cookware');
  });

  it('moves a category under another at a position, and its old address answers 301', async () => {
    const [living, lighting] = [await bySlug('living'), await bySlug('lighting')];
    const lamps = await productsIn(lighting.id);
    const after = await changed('/api/Studio/MoveCategory', { categoryId: lighting.id, parentId: living.id, position: 0 });
    expect(after.find((c) => c.id === lighting.id)).toMatchObject({ parentId: living.id, path: '/living/lighting', sort: 0 });
    expect((await server.call('/lighting')).headers.get('location')).toBe('/living/lighting');
    expect(await listed('living/lighting')).toEqual(lamps);
    // Living now lists its own products and Lighting's.
    expect(await listed('living')).toEqual([...(await productsIn(living.id)), ...lamps].sort((a, b) => a - b));

    // Back to the top, second of the top categories.
    const top = await changed('/api/Studio/MoveCategory', { categoryId: lighting.id, parentId: null, position: 1 });
    expect(top.filter((c) => c.parentId === null).map((c) => c.slug)[1]).toBe('lighting');
    expect((await server.call('/lighting')).status).toBe(200);
    expect((await server.call('/living/lighting')).headers.get('location')).toBe('/lighting');
  });

  it('reorders the siblings as given', async () => {
    const tops = (await tree()).filter((c) => c.parentId === null).map((c) => c.id);
    const reversed = [...tops].reverse();
    const after = await changed('/api/Studio/ReorderCategories', { parentId: null, categoryIds: reversed });
    expect(after.filter((c) => c.parentId === null).map((c) => c.id)).toEqual(reversed);
    // The storefront's top categories follow.
    const listing = (await (await server.call('/api/Product/GetProducts?Scope=search')).json()) as {
      data: { facets: { categories: { id: number }[] } };
    };
    const shown = listing.data.facets.categories.map((c) => c.id);
    expect(shown).toEqual(reversed.filter((id) => shown.includes(id)));
    await changed('/api/Studio/ReorderCategories', { parentId: null, categoryIds: tops });
  });

  it('deletes a category holding products only when told where they go; they are then in that category on the storefront', async () => {
    const [outdoor, living] = [await bySlug('outdoor'), await bySlug('living')];
    const outdoorIds = await productsIn(outdoor.id);
    const livingIds = await productsIn(living.id);
    expect(outdoorIds.length).toBeGreaterThan(0);
    const before = await snapshot(harbor);
    const refused = await refusal(await studio('/api/Studio/DeleteCategory', { body: { categoryId: outdoor.id } }));
    expect(refused).toMatchObject({ status: 409, code: 'CATEGORY_NOT_EMPTY', field: 'moveTo' });
    expect(refused.message).toContain(`${outdoorIds.length} products`);
    expect(await snapshot(harbor)).toBe(before);

    const after = await changed('/api/Studio/DeleteCategory', { categoryId: outdoor.id, moveTo: living.id });
    expect(after.map((c) => c.id)).not.toContain(outdoor.id);
    expect(after.find((c) => c.id === living.id)!.productCount).toBe(livingIds.length + outdoorIds.length);
    expect(await listed('living')).toEqual([...livingIds, ...outdoorIds].sort((a, b) => a - b));
    expect((await server.call('/outdoor')).status).toBe(404);

    // An empty category goes without being told; one with a sub-category needs moveTo, and null lifts it to the top.
    const empty = await saved({ name: 'Empty Shelf' });
    await changed('/api/Studio/DeleteCategory', { categoryId: empty.id });
    const kitchen = await bySlug('kitchen');
    const kitchenIds = await productsIn(kitchen.id);
    expect(await refusal(await studio('/api/Studio/DeleteCategory', { body: { categoryId: kitchen.id } }))).toMatchObject({
      status: 409,
      field: 'moveTo',
    });
    const cookware = await bySlug('cookware');
    const lifted = await changed('/api/Studio/DeleteCategory', { categoryId: kitchen.id, moveTo: null });
    expect(lifted.find((c) => c.id === cookware.id)).toMatchObject({ parentId: null, path: '/cookware' });
    expect((await server.call('/kitchen/cookware')).headers.get('location')).toBe('/cookware');
    expect((await productsIn(null)).filter((id) => kitchenIds.includes(id))).toEqual(kitchenIds);
    const search = (await (await server.call(`/api/Product/GetProduct?Slug=stoneware-mug`)).json()) as { data: { productID: number } };
    expect(kitchenIds).toContain(search.data.productID);
  });

  it('refuses a move under itself or below it, and bad input, with a 400 naming the field, and writes nothing', async () => {
    const living = await bySlug('living');
    const child = await saved({ name: 'Throws', parentId: living.id });
    const grandchild = await saved({ name: 'Wool Throws', parentId: child.id });
    const [nordCategory] = await server.db.selectFrom('categories').select('category_id').where('web_id', '=', atelier).execute();
    const nordMedia = await server.db.selectFrom('media').select('path').where('web_id', '=', atelier).executeTakeFirst();
    const nordPicture =
      nordMedia?.path ??
      (await server.db.selectFrom('categories').select('image_file').where('web_id', '=', atelier).executeTakeFirstOrThrow()).image_file!;
    const lighting = await bySlug('lighting');
    const cases: [string, string, unknown, number, string, string?][] = [
      ['a move under itself', '/api/Studio/MoveCategory', { categoryId: living.id, parentId: living.id, position: 0 }, 400, 'parentId'],
      ['a move under its child', '/api/Studio/MoveCategory', { categoryId: living.id, parentId: child.id, position: 0 }, 400, 'parentId'],
      [
        'a move under its grandchild',
        '/api/Studio/MoveCategory',
        { categoryId: living.id, parentId: grandchild.id, position: 0 },
        400,
        'parentId',
      ],
      [
        'a move under another store’s category',
        '/api/Studio/MoveCategory',
        { categoryId: living.id, parentId: nordCategory!.category_id, position: 0 },
        400,
        'parentId',
      ],
      ['a negative position', '/api/Studio/MoveCategory', { categoryId: living.id, parentId: null, position: -1 }, 400, 'position'],
      ['no name', '/api/Studio/SaveCategory', { ...asSent(living), name: ' ' }, 400, 'name'],
      ['an address with spaces', '/api/Studio/SaveCategory', { ...asSent(living), slug: 'living room' }, 400, 'slug'],
      ['an address of the store app', '/api/Studio/SaveCategory', { ...asSent(living), slug: 'checkout' }, 400, 'slug'],
      ['another category’s address', '/api/Studio/SaveCategory', { ...asSent(living), slug: 'lighting' }, 400, 'slug', 'SLUG_TAKEN'],
      ['a product’s address', '/api/Studio/SaveCategory', { ...asSent(living), slug: 'stoneware-mug' }, 400, 'slug', 'SLUG_TAKEN'],
      ['a page’s address', '/api/Studio/SaveCategory', { ...asSent(living), slug: 'makers' }, 400, 'slug', 'SLUG_TAKEN'],
      ['another store’s picture', '/api/Studio/SaveCategory', { ...asSent(living), picture: nordPicture }, 400, 'picture'],
      [
        'a new category under another store’s',
        '/api/Studio/SaveCategory',
        { name: 'X', parentId: nordCategory!.category_id },
        400,
        'parentId',
      ],
      [
        'a reorder naming a category of another parent',
        '/api/Studio/ReorderCategories',
        { parentId: living.id, categoryIds: [lighting.id] },
        400,
        'categoryIds.0',
      ],
      ['a reorder leaving one out', '/api/Studio/ReorderCategories', { parentId: null, categoryIds: [living.id] }, 400, 'categoryIds'],
      [
        'a reorder naming one twice',
        '/api/Studio/ReorderCategories',
        { parentId: null, categoryIds: [living.id, living.id] },
        400,
        'categoryIds',
      ],
      ['a delete moving into itself', '/api/Studio/DeleteCategory', { categoryId: living.id, moveTo: living.id }, 400, 'moveTo'],
      ['a delete moving into its child', '/api/Studio/DeleteCategory', { categoryId: living.id, moveTo: grandchild.id }, 400, 'moveTo'],
      [
        'a delete moving into another store’s category',
        '/api/Studio/DeleteCategory',
        { categoryId: living.id, moveTo: nordCategory!.category_id },
        400,
        'moveTo',
      ],
    ];
    const before = await snapshot(harbor);
    for (const [what, path, body, status, field, code] of cases) {
      const answer = await refusal(await studio(path, { body }));
      expect(answer, what).toMatchObject({ status, field, ...(code ? { code } : {}) });
      expect(answer.message, what).toMatch(new RegExp(`^${field.replaceAll('.', '\\.')}: `));
    }
    expect(await snapshot(harbor)).toBe(before);
  });

  it('serves the store’s owner only: nobody, a guest, a customer and another store’s owner are refused', async () => {
    const living = await bySlug('living');
    const calls: [string, unknown?][] = [
      ['/api/Studio/GetCategories'],
      ['/api/Studio/SaveCategory', { categoryId: living.id, name: 'Mine now' }],
      ['/api/Studio/MoveCategory', { categoryId: living.id, parentId: null, position: 0 }],
      ['/api/Studio/ReorderCategories', { parentId: null, categoryIds: [living.id] }],
      ['/api/Studio/DeleteCategory', { categoryId: living.id, moveTo: null }],
    ];
    const before = await snapshot(harbor);
    await expectOwnerOnly(server, nordStudio, calls, '10.32.0.2');
    expect(await snapshot(harbor)).toBe(before);
  });

  it('keeps each store to its own categories: another store’s ids are not found, and nothing of theirs changes', async () => {
    const living = await bySlug('living');
    const lighting = await bySlug('lighting');
    const before = await snapshot(harbor);
    const theirs = (init: { body: unknown }) => ({ ...nord, ...init });
    const cases: [string, unknown, number, string][] = [
      ['/api/Studio/SaveCategory', { categoryId: living.id, name: 'Taken' }, 404, 'categoryId'],
      ['/api/Studio/MoveCategory', { categoryId: living.id, parentId: null, position: 0 }, 404, 'categoryId'],
      ['/api/Studio/ReorderCategories', { parentId: living.id, categoryIds: [lighting.id] }, 404, 'parentId'],
      ['/api/Studio/DeleteCategory', { categoryId: living.id, moveTo: null }, 404, 'categoryId'],
    ];
    for (const [path, body, status, field] of cases)
      expect(await refusal(await nordStudio(path, theirs({ body }))), path).toMatchObject({ status, field });
    // Their own category moved under ours is refused too.
    const [own] = await tree(nordStudio, nord);
    expect(
      await refusal(
        await nordStudio('/api/Studio/MoveCategory', theirs({ body: { categoryId: own!.id, parentId: living.id, position: 0 } })),
      ),
    ).toMatchObject({ status: 400, field: 'parentId' });
    const nordIds = (await server.db.selectFrom('categories').select('category_id').where('web_id', '=', atelier).execute()).map(
      (row) => row.category_id,
    );
    expect((await tree(nordStudio, nord)).map((c) => c.id).sort()).toEqual(nordIds.sort());
    expect(await snapshot(harbor)).toBe(before);
  });
});
