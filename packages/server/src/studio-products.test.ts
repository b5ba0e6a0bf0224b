import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PRODUCT_COUNT_LIMIT,
  buildCartCode,
  cartAnswer,
  orderEndpoints,
  productChangedAnswer,
  studioProductAnswer,
  studioProductsAnswer,
  studioProductsQuery,
  uploadMediaAnswer,
  type SaveProductRequest,
  type StudioProduct,
  type StudioProductsAnswer,
} from '@vitrine/commerce';
import {
  backends,
  expectOwnerOnly,
  guestToken,
  signInCustomer,
  startTestServer,
  startWithBothOwners,
  type studioCaller,
  type BackendServer,
  type TestServer,
} from './test-support.ts';
import { scopedToStore, storeTablesOf } from './db/site-scope.ts';
import { listProducts } from './studio/products.ts';

describe.each(backends)("the back office's products on $name", ({ name, create }) => {
  let started: BackendServer;
  let server: TestServer;
  let harbor: number;
  let atelier: number;
  let studio: ReturnType<typeof studioCaller>;
  let nordStudio: ReturnType<typeof studioCaller>;
  const nord = { host: 'second.localhost' };

  const list = async (query: string, caller = studio, init = {}): Promise<StudioProductsAnswer['data']> => {
    const response = await caller(`/api/Studio/GetProducts?${query}`, init);
    expect(response.status, `${query}: ${await response.clone().text()}`).toBe(200);
    return studioProductsAnswer.parse(await response.json()).data;
  };
  const open = async (productId: number, caller = studio, init = {}): Promise<StudioProduct> => {
    const response = await caller(`/api/Studio/GetProduct?productId=${productId}`, init);
    expect(response.status, await response.clone().text()).toBe(200);
    return studioProductAnswer.parse(await response.json()).data.product;
  };
  const save = (body: SaveProductRequest, caller = studio, init = {}) => caller('/api/Studio/SaveProduct', { body, ...init });
  const saved = async (body: SaveProductRequest): Promise<StudioProduct> => {
    const response = await save(body);
    expect(response.status, await response.clone().text()).toBe(200);
    return studioProductAnswer.parse(await response.json()).data.product;
  };
  /** What the editor sends back for a product it opened: every field as read. */
  const asSent = (product: StudioProduct): SaveProductRequest => ({
    productId: product.id,
    version: product.version,
    name: product.name,
    slug: product.slug,
    description: product.description,
    status: product.status,
    price: product.price,
    compareAtPrice: product.compareAtPrice,
    sku: product.sku,
    stock: product.stock,
    stockTracked: product.stockTracked,
    categoryId: product.categoryId,
    brandId: product.brandId,
    attributeValueIds: product.attributeValueIds,
    pictures: product.pictures.map(({ file, alt }) => ({ file, alt })),
    options: product.options,
    addons: product.addons,
    variantOptions: product.variantOptions.map((axis) => ({ name: axis.name, values: axis.values.map((value) => value.name) })),
    variants: product.variants,
    seo: product.seo,
  });
  const productIdAt = async (slug: string, webId = harbor) =>
    (
      await server.db
        .selectFrom('products')
        .select('product_id')
        .where('web_id', '=', webId)
        .where('slug', '=', slug)
        .executeTakeFirstOrThrow()
    ).product_id;
  /** Everything a save could touch of a store, to show a refused call changed none of it. */
  const snapshot = async (webId: number) => {
    const db = server.db;
    const rows = await Promise.all(
      (
        [
          'products',
          'product_images',
          'product_values',
          'variants',
          'variant_values',
          'product_options',
          'product_option_values',
          'addons',
          'attributes',
          'attribute_values',
          'redirect_rules',
          'cart_lines',
        ] as const
      ).map((table) => db.selectFrom(table).selectAll().where('web_id', '=', webId).execute()),
    );
    return JSON.stringify(rows.map((table) => table.map((row) => JSON.stringify(row)).sort()));
  };
  const refusal = async (response: Response) => {
    const body = (await response.json()) as { error: { code: string; field?: string; message: string } };
    return { status: response.status, ...body.error };
  };

  beforeAll(async () => {
    ({ started, server, harbor, atelier, studio, nordStudio } = await startWithBothOwners(create));
  });
  afterAll(() => started?.stop());

  it('lists every product of the store, with its picture, status, stock summed over its variants, price, category, brand and variant count', async () => {
    const all = await list('pageSize=100');
    const stored = await server.db.selectFrom('products').select(['product_id', 'stock']).where('web_id', '=', harbor).execute();
    expect(all.total).toBe(stored.length);
    expect(all.more).toBe(false);
    expect(all.products.map((row) => row.id).sort((a, b) => a - b)).toEqual(stored.map((row) => row.product_id).sort((a, b) => a - b));

    const skillet = all.products.find((row) => row.slug === 'cast-iron-skillet')!;
    const variants = await server.db.selectFrom('variants').select('stock').where('product_id', '=', skillet.id).execute();
    expect(variants.length).toBeGreaterThan(0);
    expect(skillet).toMatchObject({
      name: 'Cast Iron Skillet',
      status: 'active',
      variantCount: variants.length,
      stock: variants.reduce((sum, variant) => sum + variant.stock, 0),
      categoryName: 'Cookware',
    });
    expect(skillet.picture?.file).toMatch(/^\/media\/\d+\/products\/cast-iron-skillet-1\.webp$/);
    expect(skillet.brandName).toBeTruthy();

    // Newest first, then page by page without repeats.
    const first = await list('pageSize=5&sort=newest');
    const second = await list('pageSize=5&page=2&sort=newest');
    expect(first.products).toHaveLength(5);
    expect(second.products.map((row) => row.id)).not.toContain(first.products[0]!.id);
    expect(first.products.map((row) => row.id)).toEqual(all.products.slice(0, 5).map((row) => row.id));
    const byPrice = (await list('pageSize=100&sort=price')).products.map((row) => row.price);
    expect(byPrice).toEqual([...byPrice].sort((a, b) => a - b));
    const byStock = (await list('pageSize=100&sort=stock-desc')).products.map((row) => row.stock);
    expect(byStock).toEqual([...byStock].sort((a, b) => b - a));
  });

  it('searches with the storefront’s typo-tolerant search, drafts too, and filters by status, category, brand and stock', async () => {
    const mug = await productIdAt('stoneware-mug');
    expect((await list('q=stonware%20mugg')).products[0]!.id).toBe(mug);
    const bulk = await studio('/api/Studio/BulkProducts', { body: { productIds: [mug], action: 'draft' } });
    expect(bulk.status).toBe(200);
    try {
      // The storefront's search no longer finds a draft; the back office's does.
      expect((await list('q=stonware%20mugg')).products[0]).toMatchObject({ id: mug, status: 'draft' });
      const drafts = await list('status=draft');
      expect(drafts.products.map((row) => row.id)).toEqual([mug]);
      expect(drafts.total).toBe(1);
    } finally {
      await studio('/api/Studio/BulkProducts', { body: { productIds: [mug], action: 'publish' } });
    }

    // A category counts its sub-categories' products: Kitchen holds Cookware.
    const categories = await server.db.selectFrom('categories').select(['category_id', 'name']).where('web_id', '=', harbor).execute();
    const kitchen = categories.find((c) => c.name === 'Kitchen')!.category_id;
    const inKitchen = await list(`category=${kitchen}&pageSize=100`);
    expect(inKitchen.total).toBe(8);
    expect(new Set(inKitchen.products.map((row) => row.categoryName))).toEqual(new Set(['Kitchen', 'Cookware']));

    const brand = await server.db.selectFrom('brands').select(['brand_id', 'name']).where('web_id', '=', harbor).executeTakeFirstOrThrow();
    const ofBrand = await list(`brand=${brand.brand_id}&pageSize=100`);
    expect(ofBrand.total).toBe(6);
    for (const row of ofBrand.products) expect(row.brandName).toBe(brand.name);

    // Two filters and a search together.
    const both = await list(`category=${kitchen}&brand=${brand.brand_id}&q=a&pageSize=100`);
    for (const row of both.products) expect(ofBrand.products.map((r) => r.id)).toContain(row.id);

    // A product with none in stock, so that "out" finds one.
    await saved({ name: 'Empty Crate', price: 500, stock: 0, status: 'active' });
    const rows = (await list('pageSize=100')).products;
    for (const level of ['in', 'low', 'out'] as const) {
      const found = await list(`stock=${level}&pageSize=100`);
      expect(found.products.map((row) => row.id).sort()).toEqual(
        rows
          .filter((row) => row.stockLevel === level)
          .map((row) => row.id)
          .sort(),
      );
    }
    expect(rows.filter((row) => row.stockLevel === 'out').every((row) => row.stock === 0)).toBe(true);
    expect(rows.some((row) => row.stockLevel === 'out')).toBe(true);
  });

  it(`counts no further than it must: past ${PRODUCT_COUNT_LIMIT} the total says "${PRODUCT_COUNT_LIMIT}+"`, async () => {
    // The limit made small, so that the demo store's catalogue passes it.
    const store = scopedToStore(server.db, harbor, await storeTablesOf(server.db));
    const query = studioProductsQuery.parse({ pageSize: '5' });
    const all = await listProducts(store, query);
    expect(all.more).toBe(false);
    expect(all.total).toBeGreaterThan(12);
    const capped = await listProducts(store, query, 12);
    expect(capped).toMatchObject({ total: 12, more: true });
    expect(capped.products).toEqual(all.products);
    expect(await listProducts(store, query, all.total)).toMatchObject({ total: all.total, more: false });
    expect(await listProducts(store, studioProductsQuery.parse({ q: 'stonware' }), 12)).toMatchObject({ total: 1, more: false });
  });

  it('opens a product with every field the editor shows', async () => {
    const id = await productIdAt('cast-iron-skillet');
    const product = await open(id);
    const stored = await server.db.selectFrom('products').selectAll().where('product_id', '=', id).executeTakeFirstOrThrow();
    expect(product).toMatchObject({
      id,
      version: 1,
      name: 'Cast Iron Skillet',
      slug: 'cast-iron-skillet',
      description: stored.description,
      status: 'active',
      price: stored.price,
      sku: stored.sku,
      stockTracked: true,
      categoryId: stored.category_id,
      brandId: stored.brand_id,
    });
    expect(product.pictures.length).toBeGreaterThan(1);
    expect(product.pictures[0]).toMatchObject({ width: 800, height: 800, alt: 'Cast Iron Skillet' });
    expect(product.attributeValueIds).toHaveLength(1);
    const axes = product.variantOptions.map((axis) => axis.name);
    expect(axes.length).toBeGreaterThan(0);
    for (const variant of product.variants) {
      expect(variant.values).toHaveLength(axes.length);
      expect(variant.values.every(Boolean)).toBe(true);
      expect(product.pictures.map((p) => p.file)).toContain(variant.picture);
    }
    // Saved back as read, the editor reads the same product, one version on.
    expect(await saved(asSent(product))).toEqual({ ...product, version: 2 });
  });

  it('creates a product with options, add-ons, variants and an uploaded picture; its address is made from its name; its description is sanitised', async () => {
    const pixels = Buffer.alloc(40 * 30 * 3, 120);
    const png = await sharp(pixels, { raw: { width: 40, height: 30, channels: 3 } })
      .png()
      .toBuffer();
    const upload = uploadMediaAnswer.parse(
      await (await studio('/api/Studio/UploadMedia', { body: { fileName: 'apron.png', base64: png.toString('base64') } })).json(),
    ).data;
    const product = await saved({
      name: 'Waxed Canvas Apron',
      description:
        '<h1>Made to last</h1><p onclick="steal()">Washed <b>linen</b>, <i>soft</i>. <a href="javascript:steal()">x</a> <a href="https://example.com/care">Care</a></p><script>steal()</script><img src="https://example.com/x.png"><ul><li>Pocket</li></ul>',
      status: 'active',
      price: 3450,
      compareAtPrice: 3900,
      sku: 'APRON-1',
      stock: 0,
      pictures: [{ file: upload.path, alt: 'The apron, folded' }],
      options: [{ name: 'Initials', inputTypeId: 1, required: false, values: [] }],
      addons: [{ name: 'Gift wrap', price: 300 }],
      variantOptions: [
        { name: 'Size', values: ['Small', 'Large'] },
        { name: 'Colour', values: ['Sand', 'Slate'] },
      ],
      variants: [
        { values: ['Small', 'Sand'], price: 3450, sku: 'APRON-S-SAND', stock: 4, picture: upload.path },
        { values: ['Large', 'Sand'], price: 3650, sku: 'APRON-L-SAND', stock: 0 },
        { values: ['Small', 'Slate'], price: 3450, sku: 'APRON-S-SLATE', stock: 2, compareAtPrice: 3900 },
      ],
      seo: { title: 'Waxed canvas apron', description: 'A waxed canvas apron' },
    });
    expect(product.slug).toBe('waxed-canvas-apron');
    expect(product.version).toBe(1);
    expect(product.description).toBe(
      '<h2>Made to last</h2><p>Washed <b>linen</b>, <i>soft</i>. <a rel="noopener noreferrer">x</a> <a href="https://example.com/care" rel="noopener noreferrer">Care</a></p><ul><li>Pocket</li></ul>',
    );
    expect(product.pictures).toEqual([{ file: upload.path, width: 40, height: 30, alt: 'The apron, folded' }]);
    expect(product.variantOptions.map((axis) => [axis.name, axis.values.map((v) => v.name)])).toEqual(
      expect.arrayContaining([['Colour', expect.arrayContaining(['Sand', 'Slate'])]]),
    );
    expect(product.variants.map((v) => [v.sku, v.stock, v.compareAtPrice])).toEqual([
      ['APRON-S-SAND', 4, null],
      ['APRON-L-SAND', 0, null],
      ['APRON-S-SLATE', 2, 3900],
    ]);
    expect(product.addons.map((a) => a.name)).toEqual(['Gift wrap']);
    expect((await list('q=waxed%20canvas%20apron')).products[0]).toMatchObject({ id: product.id, stock: 6, variantCount: 3 });

    // On the store at once, at its address; a second of the same name gets an address of its own.
    const page = await server.call('/waxed-canvas-apron');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<title>Waxed canvas apron');
    // The description is drawn as the HTML it is, never as its tags in words.
    expect(html).toContain('<h2>Made to last</h2><p>Washed <b>linen</b>');
    expect(html).not.toContain('&lt;h2&gt;');
    expect(html).not.toContain('steal()');
    const shown = (await (await server.call('/api/Product/GetProduct?Slug=waxed-canvas-apron')).json()) as {
      data: { description: string; productMeta: { description: string } };
    };
    expect(shown.data.description).toBe(product.description);
    expect(shown.data.productMeta.description).toBe('A waxed canvas apron');
    // Without an SEO description of its own, a search result's description is the description's text.
    const plain = await saved({ ...asSent(product), seo: { title: '', description: '' } });
    const plainly = (await (await server.call('/api/Product/GetProduct?Slug=waxed-canvas-apron')).json()) as {
      data: { productMeta: { description: string } };
    };
    expect(plainly.data.productMeta.description).toBe('Made to last Washed linen, soft. x Care Pocket');
    expect(plain.seo).toEqual({ title: '', description: '' });
    const twin = await saved({ name: 'Waxed Canvas Apron', price: 100 });
    expect(twin.slug).toBe('waxed-canvas-apron-2');
    expect(twin.status).toBe('draft');
    expect((await server.call('/waxed-canvas-apron-2')).status).toBe(404);
  });

  it('shows a saved price on the product page and in the listing right after the save', async () => {
    const id = await productIdAt('ceramic-vase');
    const product = await open(id);
    const before = await server.call('/ceramic-vase');
    expect(await before.text()).not.toContain('43.21');
    const listing = async () =>
      (
        (await (await server.call('/api/Product/GetProducts?Scope=search&kw=ceramic%20vase')).json()) as {
          data: { products: { productID: number; price: number }[] };
        }
      ).data.products.find((card) => card.productID === id);
    expect((await listing())!.price).toBe(product.price);

    await saved({ ...asSent(product), price: 4321 });
    expect(await (await server.call('/ceramic-vase')).text()).toContain('43.21');
    expect((await listing())!.price).toBe(4321);
    const api = (await (await server.call('/api/Product/GetProduct?Slug=ceramic-vase')).json()) as { data: { price: number } };
    expect(api.data.price).toBe(4321);
  });

  // Only PostgreSQL serves several processes; PGlite's notifications never leave its own.
  it.runIf(name === 'PostgreSQL')(
    'shows a save on every server process: its product page, JSON-LD, listing and sitemap, and a new cart line’s price',
    async () => {
      const id = await productIdAt('rattan-basket');
      const product = await open(id);
      const second = await startTestServer(started.databaseUrl, { seedDemo: false });
      try {
        const page = () => second.call('/rattan-basket').then((response) => response.text());
        const cardPrice = async () =>
          (
            (await (await second.call('/api/Product/GetProducts?Scope=category&Path=living')).json()) as {
              data: { products: { productID: number; price: number }[] };
            }
          ).data.products.find((card) => card.productID === id)?.price;
        expect(await page()).not.toContain('Rattan Basket, Woven');
        expect(await cardPrice()).toBe(product.price);

        const guest = await guestToken(second);
        const line = `${id}_1_${product.variants[0]?.id ?? 0}_`;
        const cartPrice = async () =>
          cartAnswer.parse(
            await (
              await second.call(`/api/Cart/GetCart?CartCodes=${encodeURIComponent(line)}`, {
                headers: { authorization: `Bearer ${guest}` },
              })
            ).json(),
          ).data.data[0]?.price;
        expect(await cartPrice()).not.toBe('3456');

        await saved({
          ...asSent(product),
          name: 'Rattan Basket, Woven',
          slug: 'rattan-basket-woven',
          price: 3456,
          variants: product.variants.map((variant) => ({ ...variant, price: 3456 })),
        });
        // Each read below is the second process's own, from its caches as the first process's write told it.
        await expect.poll(() => second.call('/rattan-basket-woven').then((response) => response.text())).toContain('Rattan Basket, Woven');
        const html = await (await second.call('/rattan-basket-woven')).text();
        const structured = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
          (match) => JSON.parse(match[1]!) as { '@type': string; name?: string },
        );
        expect(structured.find((data) => /^Product/.test(data['@type']))?.name).toBe('Rattan Basket, Woven');
        expect(html).toContain('34.56');
        expect(await cardPrice()).toBe(3456);
        const moved = await second.call('/rattan-basket');
        expect(moved.status).toBe(301);
        expect(moved.headers.get('location')).toBe('/rattan-basket-woven');
        expect(await (await second.call('/sitemap.xml')).text()).toContain('/rattan-basket-woven<');
        expect(await cartPrice()).toBe('3456');
      } finally {
        await second.close();
        const now = await open(await productIdAt('rattan-basket-woven'));
        await saved({
          ...asSent(now),
          name: product.name,
          slug: 'rattan-basket',
          price: product.price,
          variants: product.variants.map((v, i) => ({ ...now.variants[i]!, price: v.price })),
        });
      }
    },
  );

  it('answers a save made from an older read with 409 PRODUCT_CHANGED and the current version; an overwrite with it saves', async () => {
    const id = await productIdAt('oak-side-table');
    const read = await open(id);
    const first = await saved({ ...asSent(read), name: 'Oak Side Table, oiled' });
    expect(first.version).toBe(read.version + 1);

    const before = await snapshot(harbor);
    const late = await save({ ...asSent(read), name: 'Oak Side Table, waxed' });
    expect(late.status).toBe(409);
    const { error } = productChangedAnswer.parse(await late.json());
    expect(error).toMatchObject({ code: 'PRODUCT_CHANGED', field: 'version', version: first.version });
    expect(await snapshot(harbor)).toBe(before);

    const overwritten = await saved({ ...asSent(read), version: error.version, name: 'Oak Side Table, waxed' });
    expect(overwritten).toMatchObject({ name: 'Oak Side Table, waxed', version: first.version + 1 });
  });

  /** A guest's order of `quantity` of a product (or of its variant), placed through checkout; answers its code. */
  let bought = 0;
  const buy = async (productId: number, variantId: number, quantity: number): Promise<string> => {
    const { delivery_option_id: deliveryOptionId } = await server.db
      .selectFrom('delivery_options')
      .select('delivery_option_id')
      .where('web_id', '=', harbor)
      .executeTakeFirstOrThrow();
    const response = await server.call('/api/Order/PlaceOrder', {
      method: 'POST',
      headers: { authorization: `Bearer ${await guestToken(server)}` },
      body: {
        idempotencyKey: `stock-moves-version-${bought++}`,
        cartCodes: buildCartCode({ productId, variantId, quantity, addonIds: [] }),
        email: 'ada@example.test',
        shippingAddress: { fullName: 'Ada Guest', line1: '1 Quay Street', city: 'Leith', postalCode: 'EH6 6AA', country: 'gb' },
        deliveryOptionId,
        paymentMethod: 'cod',
        currency: 'USD',
      },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return orderEndpoints.placeOrder.answer.parse(await response.json()).data.order.orderCode;
  };
  /** The editor's save of `read` (a name changed) refused as stale: 409 PRODUCT_CHANGED with the version stored now. */
  const refusedAsStale = async (read: StudioProduct) => {
    const late = await save({ ...asSent(read), name: `${read.name}, renamed` });
    expect(late.status).toBe(409);
    const { error } = productChangedAnswer.parse(await late.json());
    expect(error.code).toBe('PRODUCT_CHANGED');
    expect(error.version).toBeGreaterThan(read.version);
    return error.version;
  };

  it('refuses a save made from a read older than a sale of the product, so the sale is not undone', async () => {
    const product = await saved({ name: 'Linen Tea Towel', price: 1200, stock: 7, status: 'active' });
    const read = await open(product.id);
    await buy(product.id, 0, 2);

    await refusedAsStale(read);
    expect(await open(product.id)).toMatchObject({ name: 'Linen Tea Towel', stock: 5 });
    // Reloaded and saved again, the owner's change lands on the stock as the sale left it.
    expect(await saved({ ...asSent(await open(product.id)), name: 'Linen Tea Towel, natural' })).toMatchObject({
      name: 'Linen Tea Towel, natural',
      stock: 5,
    });
  });

  it('refuses a save made from a read older than a sale of a variant, so the sale is not undone', async () => {
    const product = await saved({
      name: 'Wool Throw',
      price: 8900,
      status: 'active',
      variantOptions: [{ name: 'Colour', values: ['Grey', 'Navy'] }],
      variants: [
        { values: ['Grey'], price: 8900, sku: 'THROW-GREY', stock: 4 },
        { values: ['Navy'], price: 8900, sku: 'THROW-NAVY', stock: 6 },
      ],
    });
    const read = await open(product.id);
    const navy = read.variants.find((variant) => variant.sku === 'THROW-NAVY')!;
    await buy(product.id, navy.id, 3);

    await refusedAsStale(read);
    const now = await open(product.id);
    expect(now.variants.map((variant) => [variant.sku, variant.stock])).toEqual([
      ['THROW-GREY', 4],
      ['THROW-NAVY', 3],
    ]);
    expect(now.stock).toBe(7);
  });

  it('refuses a save made from a read older than a cancellation, so the stock given back stays', async () => {
    const product = await saved({
      name: 'Enamel Mug',
      price: 1500,
      status: 'active',
      variantOptions: [{ name: 'Colour', values: ['White'] }],
      variants: [{ values: ['White'], price: 1500, sku: 'ENAMEL-WHITE', stock: 5 }],
    });
    const plain = await saved({ name: 'Enamel Plate', price: 1800, stock: 5, status: 'active' });
    const white = product.variants[0]!;
    const mugOrder = await buy(product.id, white.id, 2);
    const plateOrder = await buy(plain.id, 0, 2);
    const [readMug, readPlate] = [await open(product.id), await open(plain.id)];
    expect([readMug.stock, readPlate.stock]).toEqual([3, 3]);

    for (const orderCode of [mugOrder, plateOrder]) {
      const cancelled = await studio('/api/Studio/SetOrderStatus', { body: { orderCode, status: 'Cancelled' } });
      expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    }
    await refusedAsStale(readMug);
    await refusedAsStale(readPlate);
    expect((await open(product.id)).variants[0]).toMatchObject({ id: white.id, stock: 5 });
    expect((await open(plain.id)).stock).toBe(5);
  });

  it('raises the version once per save of the editor, so a save with the version it answered is taken', async () => {
    const read = await saved({
      name: 'Birch Stool',
      price: 6400,
      status: 'active',
      variantOptions: [{ name: 'Height', values: ['Low', 'Tall'] }],
      variants: [
        { values: ['Low'], price: 6400, sku: 'STOOL-LOW', stock: 3 },
        { values: ['Tall'], price: 6900, sku: 'STOOL-TALL', stock: 2 },
      ],
    });
    const restocked = await saved({
      ...asSent(read),
      variants: read.variants.map((variant) => ({ ...variant, stock: variant.stock + 10 })),
    });
    expect(restocked.version).toBe(read.version + 1);
    const renamed = await saved({ ...asSent(restocked), name: 'Birch Stool, oiled' });
    expect(renamed).toMatchObject({ name: 'Birch Stool, oiled', version: read.version + 2 });
    expect(renamed.variants.map((variant) => variant.stock)).toEqual([13, 12]);
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const id = await productIdAt('stoneware-mug');
    const mug = asSent(await open(id));
    const other = await open(await productIdAt('cast-iron-skillet'));
    const [nordCategory, nordBrand, nordValue] = await Promise.all([
      server.db.selectFrom('categories').select('category_id').where('web_id', '=', atelier).executeTakeFirstOrThrow(),
      server.db.selectFrom('brands').select('brand_id').where('web_id', '=', atelier).executeTakeFirstOrThrow(),
      server.db.selectFrom('attribute_values').select('value_id').where('web_id', '=', atelier).executeTakeFirstOrThrow(),
    ]);
    const nordPicture = await server.db.selectFrom('product_images').select('file').where('web_id', '=', atelier).executeTakeFirstOrThrow();
    const withVariants = asSent(other);
    const cases: [string, SaveProductRequest, string, string?][] = [
      ['a negative price', { ...mug, price: -1 }, 'price'],
      ['a price in fractions of a cent', { ...mug, price: 10.5 }, 'price'],
      ['stock that is not a whole number', { ...mug, stock: 1.5 }, 'stock'],
      [
        'a variant’s negative stock',
        { ...withVariants, variants: withVariants.variants!.map((v, i) => (i === 1 ? { ...v, stock: -2 } : v)) },
        'variants.1.stock',
      ],
      ['no name', { ...mug, name: ' ' }, 'name'],
      ['an unknown status', { ...mug, status: 'gone' as 'draft' }, 'status'],
      ['an address with spaces', { ...mug, slug: 'my mug' }, 'slug'],
      ['an address of the store app', { ...mug, slug: 'checkout' }, 'slug'],
      ['another product’s address', { ...mug, slug: 'cast-iron-skillet' }, 'slug', 'SLUG_TAKEN'],
      ['a category’s address', { ...mug, slug: 'kitchen' }, 'slug', 'SLUG_TAKEN'],
      ['a page’s address', { ...mug, slug: 'makers' }, 'slug', 'SLUG_TAKEN'],
      ['another product’s SKU', { ...mug, sku: other.sku }, 'sku', 'SKU_TAKEN'],
      ['another product’s variant’s SKU', { ...mug, sku: other.variants[0]!.sku }, 'sku', 'SKU_TAKEN'],
      [
        'one SKU on two variants',
        { ...withVariants, variants: withVariants.variants!.map((v, i) => (i === 1 ? { ...v, sku: withVariants.variants![0]!.sku } : v)) },
        'variants.1.sku',
      ],
      ['another store’s category', { ...mug, categoryId: nordCategory.category_id }, 'categoryId'],
      ['another store’s brand', { ...mug, brandId: nordBrand.brand_id }, 'brandId'],
      ['another store’s attribute value', { ...mug, attributeValueIds: [nordValue.value_id] }, 'attributeValueIds.0'],
      [
        'another store’s picture',
        { ...mug, pictures: [...mug.pictures!, { file: nordPicture.file }] },
        `pictures.${mug.pictures!.length}.file`,
      ],
      [
        'a variant of another product',
        {
          ...mug,
          variantOptions: [{ name: 'Size', values: ['One'] }],
          variants: [{ id: other.variants[0]!.id, values: ['One'], price: 1 }],
        },
        'variants.0.id',
      ],
      [
        'a variant value its options do not offer',
        { ...withVariants, variants: withVariants.variants!.map((v, i) => (i === 0 ? { ...v, values: v.values.map(() => 'Huge') } : v)) },
        'variants.0.values.0',
      ],
      ['a change without its version', { ...mug, version: undefined }, 'version'],
    ];
    const before = await snapshot(harbor);
    for (const [what, body, field, code] of cases) {
      const answer = await refusal(await save(body));
      expect(answer, what).toMatchObject({ status: 400, field, ...(code ? { code } : {}) });
      expect(answer.message, what).toMatch(new RegExp(`^${field.replaceAll('.', '\\.')}: `));
    }
    expect(await snapshot(harbor)).toBe(before);
  });

  it('leaves nothing changed when a save fails half-way: a taken SKU on the 12th of 12 variants', async () => {
    const id = await productIdAt('wool-throw');
    const read = asSent(await open(id));
    const taken = (await open(await productIdAt('cast-iron-skillet'))).sku;
    const sizes = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
    const body: SaveProductRequest = {
      ...read,
      name: 'Wool Throw, twelve ways',
      slug: 'wool-throw-twelve',
      price: 9900,
      variantOptions: [
        { name: 'Size', values: sizes },
        { name: 'Weave', values: ['Herringbone', 'Basket'] },
      ],
      variants: sizes.flatMap((size, s) =>
        ['Herringbone', 'Basket'].map((weave, w) => ({
          values: [size, weave],
          price: 9900 + s * 100,
          sku: s === 5 && w === 1 ? taken : `THROW-${size}-${weave}`,
          stock: 3,
        })),
      ),
    };
    const before = await snapshot(harbor);
    expect(await refusal(await save(body))).toMatchObject({ status: 400, field: 'variants.11.sku', code: 'SKU_TAKEN' });
    expect(await snapshot(harbor)).toBe(before);
    expect((await server.call('/wool-throw')).status).toBe(200);
    expect((await server.call('/wool-throw-twelve')).status).toBe(404);

    // With its own SKU the same save goes through whole.
    const ok = await saved({ ...body, variants: body.variants!.map((v, i) => (i === 11 ? { ...v, sku: 'THROW-XXL-Basket' } : v)) });
    expect(ok.variants).toHaveLength(12);
    expect(ok.variants.map((v) => v.values.join(' '))).toContain('XXL Basket');
  });

  it('answers the old address with a 301 to the new one when a product moves, and takes it back when it returns', async () => {
    const id = await productIdAt('brass-desk-lamp');
    const read = await open(id);
    await saved({ ...asSent(read), slug: 'brass-study-lamp' });
    const moved = await server.call('/brass-desk-lamp?utm_source=mail');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/brass-study-lamp?utm_source=mail');
    expect((await server.call('/brass-study-lamp')).status).toBe(200);
    // The app's own navigation is sent the same way.
    const address = (await (await server.call('/api/Page/GetAddress?Path=brass-desk-lamp')).json()) as {
      data: { kind: string; redirect?: { location: string; status: number } };
    };
    expect(address.data).toMatchObject({ kind: 'redirect', redirect: { location: '/brass-study-lamp', status: 301 } });

    // Moved again: the first address goes straight to the newest, in one hop.
    await saved({ ...asSent(await open(id)), slug: 'brass-reading-lamp' });
    expect((await server.call('/brass-desk-lamp')).headers.get('location')).toBe('/brass-reading-lamp');
    expect((await server.call('/brass-study-lamp')).headers.get('location')).toBe('/brass-reading-lamp');

    // Back where it started: its address is its own again, with no loop.
    await saved({ ...asSent(await open(id)), slug: 'brass-desk-lamp' });
    expect((await server.call('/brass-desk-lamp')).status).toBe(200);
    expect((await server.call('/brass-reading-lamp')).headers.get('location')).toBe('/brass-desk-lamp');
    expect((await server.call('/brass-study-lamp')).headers.get('location')).toBe('/brass-desk-lamp');
  });

  it('keeps a customer’s cart line of a removed variant, asking them to choose another', async () => {
    const id = await productIdAt('cast-iron-skillet');
    const read = await open(id);
    const [gone, stays] = read.variants.filter((v) => v.stock > 0);
    expect(stays).toBeDefined();
    const shopper = await signInCustomer(server, 'shopper@harbor.test', 'harbor-shopper-demo', '10.31.0.1');
    const sync = async (codes: string) => {
      const response = await server.call('/api/Cart/SyncCart', {
        headers: { authorization: `Bearer ${shopper}` },
        body: { CartCodes: codes },
        method: 'POST',
      });
      expect(response.status, await response.clone().text()).toBe(200);
      return cartAnswer.parse(await response.json()).data.data;
    };
    const lines = await sync(buildCartCode({ productId: id, variantId: gone!.id, quantity: 1, addonIds: [] }));
    expect(lines.find((line) => line.product.productID === id)).toMatchObject({ status: 'ok' });

    await saved({ ...asSent(read), variants: asSent(read).variants!.filter((v) => v.id !== gone!.id) });
    const after = await sync('');
    expect(after.find((line) => line.product.productID === id)).toMatchObject({ status: 'choosevariant' });
    expect((await open(id)).variants.map((v) => v.id)).not.toContain(gone!.id);
  });

  it('sells a product whose stock is not tracked without counting it down, and one whose stock is only as far as it goes', async () => {
    const bench = await saved({ name: 'Made To Order Bench', price: 12000, stock: 0, stockTracked: false, status: 'active' });
    const shown = (await (await server.call(`/api/Product/GetProduct?Slug=${bench.slug}`)).json()) as {
      data: { stockStatusID: number; stock?: number };
    };
    expect(shown.data.stockStatusID).toBe(1);
    expect(shown.data.stock).toBeUndefined();
    expect((await list('q=made%20to%20order%20bench')).products[0]).toMatchObject({ id: bench.id, stockLevel: 'in', stockTracked: false });

    const guest = await guestToken(server);
    const { delivery_option_id: deliveryOptionId } = await server.db
      .selectFrom('delivery_options')
      .select('delivery_option_id')
      .where('web_id', '=', harbor)
      .executeTakeFirstOrThrow();
    let orders = 0;
    const order = () =>
      server.call('/api/Order/PlaceOrder', {
        method: 'POST',
        headers: { authorization: `Bearer ${guest}` },
        body: {
          idempotencyKey: `made-to-order-${orders++}-bench`,
          cartCodes: buildCartCode({ productId: bench.id, variantId: 0, quantity: 3, addonIds: [] }),
          email: 'ada@example.test',
          shippingAddress: { fullName: 'Ada Guest', line1: '1 Quay Street', city: 'Leith', postalCode: 'EH6 6AA', country: 'gb' },
          deliveryOptionId,
          paymentMethod: 'cod',
          currency: 'USD',
        },
      });
    const placed = await order();
    expect(placed.status, await placed.clone().text()).toBe(200);
    expect((await open(bench.id)).stock).toBe(0);

    // Counted again, two in stock: three are not sold.
    await saved({ ...asSent(await open(bench.id)), stockTracked: true, stock: 2 });
    expect(await refusal(await order())).toMatchObject({ status: 409, code: 'CART_CHANGED' });
    expect((await open(bench.id)).stock).toBe(2);
  });

  it('publishes, sets to draft, archives, moves and deletes in bulk, all or none', async () => {
    const ids = await Promise.all(['rattan-basket', 'linen-cushion'].map((slug) => productIdAt(slug)));
    const bulk = (body: unknown, caller = studio, init = {}) => caller('/api/Studio/BulkProducts', { body, ...init });
    const statusOf = async () => (await Promise.all(ids.map((id) => open(id)))).map((p) => p.status);

    expect((await bulk({ productIds: ids, action: 'archive' })).status).toBe(200);
    expect(await statusOf()).toEqual(['archived', 'archived']);
    expect((await server.call('/rattan-basket')).status).toBe(404);
    expect((await bulk({ productIds: ids, action: 'draft' })).status).toBe(200);
    expect(await statusOf()).toEqual(['draft', 'draft']);
    expect((await bulk({ productIds: ids, action: 'publish' })).status).toBe(200);
    expect(await statusOf()).toEqual(['active', 'active']);
    expect((await server.call('/rattan-basket')).status).toBe(200);

    const lighting = await server.db
      .selectFrom('categories')
      .select('category_id')
      .where('web_id', '=', harbor)
      .where('slug', '=', 'lighting')
      .executeTakeFirstOrThrow();
    expect((await bulk({ productIds: ids, action: 'move', categoryId: lighting.category_id })).status).toBe(200);
    expect((await Promise.all(ids.map((id) => open(id)))).map((p) => p.categoryId)).toEqual([lighting.category_id, lighting.category_id]);

    // Another store's id among them: 404, and none of them changes.
    const nordProduct = await server.db.selectFrom('products').select('product_id').where('web_id', '=', atelier).executeTakeFirstOrThrow();
    const before = await snapshot(harbor);
    expect(await refusal(await bulk({ productIds: [...ids, nordProduct.product_id], action: 'delete' }))).toMatchObject({
      status: 404,
      field: 'productIds.2',
    });
    expect(await refusal(await bulk({ productIds: ids, action: 'move' }))).toMatchObject({ status: 400, field: 'categoryId' });
    expect(await snapshot(harbor)).toBe(before);

    expect(await (await bulk({ productIds: ids, action: 'delete' })).json()).toEqual({ data: { changed: 2 } });
    expect((await studio(`/api/Studio/GetProduct?productId=${ids[0]}`)).status).toBe(404);
    expect((await server.call('/rattan-basket')).status).toBe(404);
  });

  it('serves the store’s owner only: a guest, a customer and another store’s owner are refused', async () => {
    const id = await productIdAt('stoneware-mug');
    const calls: [string, unknown?][] = [
      ['/api/Studio/GetProducts'],
      [`/api/Studio/GetProduct?productId=${id}`],
      ['/api/Studio/SaveProduct', { productId: id, version: 1, name: 'Mine now', price: 1 }],
      ['/api/Studio/BulkProducts', { productIds: [id], action: 'delete' }],
    ];
    const before = await snapshot(harbor);
    await expectOwnerOnly(server, nordStudio, calls, '10.31.0.2');
    expect(await snapshot(harbor)).toBe(before);
  });

  it('keeps each store to its own products: another store’s ids are not found, and nothing of theirs changes', async () => {
    const id = await productIdAt('stoneware-mug');
    const mug = asSent(await open(id));
    const before = await snapshot(harbor);
    expect(await refusal(await nordStudio(`/api/Studio/GetProduct?productId=${id}`, nord))).toMatchObject({
      status: 404,
      field: 'productId',
    });
    expect(await refusal(await save({ ...mug, name: 'Taken' }, nordStudio, nord))).toMatchObject({ status: 404, field: 'productId' });
    expect(
      await refusal(await nordStudio('/api/Studio/BulkProducts', { ...nord, body: { productIds: [id], action: 'archive' } })),
    ).toMatchObject({ status: 404, field: 'productIds.0' });
    const theirs = await list('pageSize=100&q=stoneware', nordStudio, nord);
    expect(theirs.products.map((row) => row.id)).not.toContain(id);
    const all = await list('pageSize=100', nordStudio, nord);
    const nordIds = (await server.db.selectFrom('products').select('product_id').where('web_id', '=', atelier).execute()).map(
      (row) => row.product_id,
    );
    for (const row of all.products) expect(nordIds).toContain(row.id);
    expect(await snapshot(harbor)).toBe(before);
  });
});
