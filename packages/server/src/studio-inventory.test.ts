import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOW_STOCK,
  PRODUCT_COUNT_LIMIT,
  buildCartCode,
  orderEndpoints,
  setStockAnswer,
  stockChangedAnswer,
  stockMovementsAnswer,
  stockSettingsAnswer,
  studioInventoryAnswer,
  studioInventoryQuery,
  studioProductAnswer,
  studioProductsAnswer,
  type InventoryItem,
  type SaveProductRequest,
  type SetStockRequest,
  type StockMovementRow,
  type StudioInventoryAnswer,
  type StudioProduct,
} from '@vitrine/commerce';
import {
  backends,
  expectOwnerOnly,
  guestToken,
  refusalOf,
  signInCustomer,
  startWithBothOwners,
  storeSnapshot,
  type studioCaller,
  type BackendServer,
  type TestServer,
} from './test-support.ts';
import { scopedToStore, storeTablesOf } from './db/site-scope.ts';
import { listInventory } from './studio/inventory.ts';

describe.each(backends)("the back office's stock on $name", ({ create }) => {
  let started: BackendServer;
  let server: TestServer;
  let harbor: number;
  let atelier: number;
  let studio: ReturnType<typeof studioCaller>;
  let nordStudio: ReturnType<typeof studioCaller>;
  let key = 0;

  const nord = { host: 'second.localhost' };
  const inventory = async (query: string, caller = studio, init = {}): Promise<StudioInventoryAnswer['data']> => {
    const response = await caller(`/api/Studio/GetInventory?${query}`, init);
    expect(response.status, `${query}: ${await response.clone().text()}`).toBe(200);
    return studioInventoryAnswer.parse(await response.json()).data;
  };
  const setStock = (body: SetStockRequest, caller = studio) => caller('/api/Studio/SetStock', { body });
  const stockSet = async (body: SetStockRequest): Promise<InventoryItem[]> => {
    const response = await setStock(body);
    expect(response.status, await response.clone().text()).toBe(200);
    return setStockAnswer.parse(await response.json()).data.items;
  };
  const movements = async (query = '', caller = studio, init = {}) => {
    const response = await caller(`/api/Studio/GetStockMovements?${query}`, init);
    expect(response.status, await response.clone().text()).toBe(200);
    return stockMovementsAnswer.parse(await response.json()).data;
  };
  const newest = async (productId: number, count = 1): Promise<StockMovementRow[]> =>
    (await movements(`productId=${productId}&pageSize=${count}`)).movements;
  const saveThreshold = (lowStockThreshold: unknown) => studio('/api/Studio/SaveStockSettings', { body: { lowStockThreshold } });
  const open = async (productId: number): Promise<StudioProduct> => {
    const response = await studio(`/api/Studio/GetProduct?productId=${productId}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return studioProductAnswer.parse(await response.json()).data.product;
  };
  const saveProduct = (body: SaveProductRequest) => studio('/api/Studio/SaveProduct', { body });
  /** What the editor sends back for a product it opened, every field as read. */
  const asSent = ({ id, version, variantOptions, pictures, ...product }: StudioProduct): SaveProductRequest => ({
    ...product,
    productId: id,
    version,
    pictures: pictures.map(({ file, alt }) => ({ file, alt })),
    variantOptions: variantOptions.map((axis) => ({ name: axis.name, values: axis.values.map((value) => value.name) })),
  });
  const productAt = async (slug: string, webId = harbor) =>
    server.db
      .selectFrom('products')
      .select(['product_id', 'stock', 'version', 'track_stock'])
      .where('web_id', '=', webId)
      .where('slug', '=', slug)
      .executeTakeFirstOrThrow();
  const variantsOf = (productId: number) =>
    server.db
      .selectFrom('variants')
      .select(['variant_id', 'stock', 'name', 'sku'])
      .where('product_id', '=', productId)
      .orderBy('variant_id')
      .execute();
  let made = 0;
  /** A new active product of Harbor (or, with `nordStudio`, Atelier Nord) without variants, with `stock` counted. */
  const plainProduct = async (stock: number, caller = studio, init = {}) => {
    made++;
    const response = await caller('/api/Studio/SaveProduct', {
      body: { name: `Stock Jar ${made}`, price: 900, stock, status: 'active' },
      ...init,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const { id, name, slug } = studioProductAnswer.parse(await response.json()).data.product;
    return { product_id: id, name, slug };
  };
  const tables = ['products', 'variants', 'stock_movements'] as const;
  const snapshots = async () => [await storeSnapshot(server, harbor, tables), await storeSnapshot(server, atelier, tables)];

  const address = { fullName: 'Ada Guest', line1: '1 Quay Street', city: 'Leith', postalCode: 'EH6 6AA', country: 'gb' };
  const placeOrder = async (token: string, cartCodes: string) => {
    const options = await server.call('/api/Order/GetCheckoutOptions');
    const deliveryOptionId = orderEndpoints.getCheckoutOptions.answer.parse(await options.json()).data.options[0]!.deliveryOptionId;
    const response = await server.call('/api/Order/PlaceOrder', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: {
        idempotencyKey: `stock-${Date.now()}-${key++}`,
        email: 'ada@example.test',
        shippingAddress: address,
        deliveryOptionId,
        paymentMethod: 'cod',
        currency: 'USD',
        cartCodes,
      },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return orderEndpoints.placeOrder.answer.parse(await response.json()).data.order;
  };

  beforeAll(async () => {
    ({ started, server, harbor, atelier, studio, nordStudio } = await startWithBothOwners(create));
  });
  afterAll(() => started?.stop());

  it("serves the store's owner only", async () => {
    const { product_id } = await productAt('cast-iron-skillet');
    await expectOwnerOnly(
      server,
      nordStudio,
      [
        ['/api/Studio/GetInventory'],
        ['/api/Studio/SetStock', { items: [{ productId: product_id, variantId: null, stock: 1 }] }],
        ['/api/Studio/GetStockMovements'],
        ['/api/Studio/GetStockSettings'],
        ['/api/Studio/SaveStockSettings', { lowStockThreshold: 3 }],
      ],
      '10.31.0.1',
    );
  });

  it('lists one row per stock-keeping unit: each variant with its label, each product without variants once', async () => {
    const all = await inventory('pageSize=100');
    const products = await server.db.selectFrom('products').select('product_id').where('web_id', '=', harbor).execute();
    const variants = await server.db.selectFrom('variants').select(['variant_id', 'product_id']).where('web_id', '=', harbor).execute();
    const stockedByVariants = new Set(variants.map((variant) => variant.product_id));
    const units = variants.length + products.filter((product) => !stockedByVariants.has(product.product_id)).length;
    expect(all.total).toBe(units);
    expect(all.more).toBe(false);
    expect(all.lowStockThreshold).toBe(LOW_STOCK);
    const pages = [...all.items];
    for (let page = 2; pages.length < units; page++) pages.push(...(await inventory(`pageSize=100&page=${page}`)).items);
    expect(new Set(pages.map((item) => `${item.productId}/${item.variantId}`)).size).toBe(units);

    const skillet = await productAt('cast-iron-skillet');
    const skilletVariants = await variantsOf(skillet.product_id);
    expect(skilletVariants.length).toBeGreaterThan(1);
    const rows = pages.filter((item) => item.productId === skillet.product_id);
    expect(rows).toEqual(
      skilletVariants.map((variant) =>
        expect.objectContaining({
          variantId: variant.variant_id,
          productName: 'Cast Iron Skillet',
          variantLabel: variant.name,
          sku: variant.sku,
          stock: variant.stock,
          tracked: true,
        }),
      ),
    );
    expect(rows[0]!.picture?.file).toMatch(/\/products\/cast-iron-skillet-\d\.webp$/);
    // A variant with a picture of its own shows it; others their product's first.
    const ownPictures = await server.db
      .selectFrom('variants')
      .select(['variant_id', 'image_file'])
      .where('web_id', '=', harbor)
      .where('image_file', 'is not', null)
      .execute();
    expect(ownPictures.length).toBeGreaterThan(0);
    for (const variant of ownPictures)
      expect(pages.find((item) => item.variantId === variant.variant_id)?.picture?.file).toBe(variant.image_file);
    // A product's units side by side in name order; by stock both ways.
    const order = pages.map((item) => item.productId);
    expect(order.filter((id, i) => order.indexOf(id) !== i && order[i - 1] !== id)).toEqual([]);
    const byStock = (await inventory('sort=stock&pageSize=100')).items.map((item) => item.stock);
    expect(byStock).toEqual([...byStock].sort((a, b) => a - b));
    const byStockDown = (await inventory('sort=stock-desc&pageSize=100')).items.map((item) => item.stock);
    expect(byStockDown).toEqual([...byStockDown].sort((a, b) => b - a));
  });

  it(`counts no further than it must: past ${PRODUCT_COUNT_LIMIT} the total says "${PRODUCT_COUNT_LIMIT}+"`, async () => {
    // The limit made small, so that the demo store's units pass it.
    const store = scopedToStore(server.db, harbor, await storeTablesOf(server.db));
    const query = studioInventoryQuery.parse({ pageSize: '5' });
    const all = await listInventory(store, query);
    expect(all.more).toBe(false);
    expect(all.total).toBeGreaterThan(12);
    const capped = await listInventory(store, query, 12);
    expect(capped).toMatchObject({ total: 12, more: true });
    expect(capped.items).toEqual(all.items);
    expect(await listInventory(store, query, all.total)).toMatchObject({ total: all.total, more: false });
  });

  it('searches as the product list does, typos forgiven, and pages', async () => {
    const found = await inventory('q=skilet');
    expect(new Set(found.items.map((item) => item.productName))).toEqual(new Set(['Cast Iron Skillet']));
    expect(found.total).toBe(found.items.length);
    const paged = await inventory('pageSize=1&page=2');
    expect(paged.items).toHaveLength(1);
    expect(paged).toMatchObject({ page: 2, pageSize: 1 });
    for (const [query, field] of [
      ['level=some', 'level'],
      ['sort=price', 'sort'],
      ['pageSize=101', 'pageSize'],
      ['page=0', 'page'],
    ] as const) {
      const refused = await refusalOf(await studio(`/api/Studio/GetInventory?${query}`));
      expect(refused, query).toMatchObject({ status: 400, field });
    }
  });

  it('sets counts in one transaction: the ledger says who and by how much, the version rises, the storefront sees it', async () => {
    const skillet = await productAt('cast-iron-skillet');
    const [first, second] = await variantsOf(skillet.product_id);
    const plain = await plainProduct(4);
    const items = await stockSet({
      items: [
        { productId: skillet.product_id, variantId: first!.variant_id, stock: first!.stock + 5, expected: first!.stock },
        { productId: skillet.product_id, variantId: second!.variant_id, stock: 0 },
        { productId: plain.product_id, variantId: null, stock: 12, expected: 4 },
      ],
    });
    expect(items).toEqual([
      expect.objectContaining({ productId: skillet.product_id, variantId: first!.variant_id, stock: first!.stock + 5, level: 'in' }),
      expect.objectContaining({ productId: skillet.product_id, variantId: second!.variant_id, stock: 0, level: 'out' }),
      expect.objectContaining({ productId: plain.product_id, variantId: null, stock: 12, level: 'in', variantLabel: null }),
    ]);
    const after = await productAt('cast-iron-skillet');
    expect(after.version).toBe(skillet.version + 1);
    const variantsNow = await variantsOf(skillet.product_id);
    expect(after.stock).toBe(variantsNow.reduce((sum, variant) => sum + variant.stock, 0));
    expect((await productAt(plain.slug)).stock).toBe(12);

    const ledger = await newest(skillet.product_id, 2);
    expect(ledger).toEqual([
      expect.objectContaining({
        variantId: second!.variant_id,
        variantLabel: second!.name,
        productName: 'Cast Iron Skillet',
        change: -second!.stock,
        stockAfter: 0,
        reason: 'correction',
        orderCode: null,
        actor: 'owner@harbor.test',
      }),
      expect.objectContaining({ variantId: first!.variant_id, change: 5, stockAfter: first!.stock + 5, reason: 'correction' }),
    ]);
    expect(Date.now() - Date.parse(ledger[0]!.at)).toBeLessThan(60_000);
    expect(await newest(plain.product_id)).toEqual([
      expect.objectContaining({ variantId: null, variantLabel: null, change: 8, stockAfter: 12, actor: 'owner@harbor.test' }),
    ]);
    // A count set to what it is changes nothing and says nothing.
    const version = (await productAt(plain.slug)).version;
    await stockSet({ items: [{ productId: plain.product_id, variantId: null, stock: 12 }] });
    expect((await productAt(plain.slug)).version).toBe(version);
    // (Its first count, when it was made, and the correction above.)
    expect(await newest(plain.product_id, 5)).toHaveLength(2);

    // The shopper's page shows the new counts (the store's page data was told of the change).
    const shown = (await (await server.call('/api/Product/GetProduct?Slug=cast-iron-skillet')).json()) as {
      data: { variants: { variantID: number; stock?: number; stockStatusID: number }[] };
    };
    expect(shown.data.variants.find((variant) => variant.variantID === second!.variant_id)).toMatchObject({ stock: 0, stockStatusID: 2 });
    expect(shown.data.variants.find((variant) => variant.variantID === first!.variant_id)?.stock).toBe(first!.stock + 5);
    const plainShown = (await (await server.call(`/api/Product/GetProduct?Slug=${plain.slug}`)).json()) as { data: { stock?: number } };
    expect(plainShown.data.stock).toBe(12);

    // An editor open on the skillet since before is refused rather than writing the old counts back.
    const stale = asSent({ ...(await open(skillet.product_id)), version: skillet.version });
    expect(await refusalOf(await saveProduct(stale))).toMatchObject({ status: 409, code: 'PRODUCT_CHANGED' });
  });

  it('refuses bad counts naming the field, and writes nothing', async () => {
    const skillet = await productAt('cast-iron-skillet');
    const [variant] = await variantsOf(skillet.product_id);
    const plain = await plainProduct(3);
    const good = { productId: plain.product_id, variantId: null, stock: 9 };
    const before = await snapshots();
    const cases: [unknown, number, string][] = [
      [{ items: [{ ...good, stock: -1 }] }, 400, 'items.0.stock'],
      [{ items: [good, { ...good, productId: skillet.product_id, variantId: variant!.variant_id, stock: 1.5 }] }, 400, 'items.1.stock'],
      [{ items: [{ ...good, stock: '7' }] }, 400, 'items.0.stock'],
      [{ items: [{ ...good, expected: -2 }] }, 400, 'items.0.expected'],
      [{ items: [] }, 400, 'items'],
      [{ items: [good, good] }, 400, 'items.1'],
      [{ items: [{ ...good, productId: 0 }] }, 400, 'items.0.productId'],
      [{}, 400, 'items'],
      // A product with variants is stocked by them.
      [{ items: [good, { productId: skillet.product_id, variantId: null, stock: 3 }] }, 400, 'items.1.variantId'],
      [{ items: [good, { productId: 2 ** 31 - 1, variantId: null, stock: 3 }] }, 404, 'items.1.productId'],
      // A variant of another of the store's products.
      [{ items: [{ ...good, variantId: variant!.variant_id }] }, 404, 'items.0.variantId'],
    ];
    for (const [body, status, field] of cases) {
      const refused = await refusalOf(await studio('/api/Studio/SetStock', { body }));
      expect(refused, JSON.stringify(body)).toMatchObject({ status, field });
      expect(refused.message, JSON.stringify(body)).toContain(field);
    }
    expect(await snapshots()).toEqual(before);
  });

  it("answers 404 for another store's products and variants, and changes nothing in either store", async () => {
    const nordProduct = await plainProduct(6, nordStudio, nord);
    const nordVariant = await server.db
      .selectFrom('variants')
      .select(['variant_id', 'product_id'])
      .where('web_id', '=', atelier)
      .orderBy('variant_id')
      .executeTakeFirstOrThrow();
    const skillet = await productAt('cast-iron-skillet');
    const mine = await plainProduct(2);
    const before = await snapshots();
    const cases: [SetStockRequest['items'], string][] = [
      [[{ productId: nordProduct.product_id, variantId: null, stock: 1 }], 'items.0.productId'],
      [
        [
          { productId: mine.product_id, variantId: null, stock: 8 },
          { productId: nordVariant.product_id, variantId: nordVariant.variant_id, stock: 1 },
        ],
        'items.1.productId',
      ],
      [[{ productId: skillet.product_id, variantId: nordVariant.variant_id, stock: 1 }], 'items.0.variantId'],
    ];
    for (const [items, field] of cases) {
      const refused = await refusalOf(await setStock({ items }));
      expect(refused, field).toMatchObject({ status: 404, code: 'NOT_FOUND', field });
    }
    expect(await refusalOf(await studio(`/api/Studio/GetStockMovements?productId=${nordProduct.product_id}`))).toMatchObject({
      status: 404,
      field: 'productId',
    });
    expect(await snapshots()).toEqual(before);
    // Each store's inventory and ledger are its own.
    const nordItems = await inventory(`q=${encodeURIComponent(nordProduct.name)}`, nordStudio, nord);
    expect(nordItems.items.some((item) => item.productId === nordProduct.product_id)).toBe(true);
    const atelierIds = new Set(
      (await server.db.selectFrom('products').select('product_id').where('web_id', '=', atelier).execute()).map((row) => row.product_id),
    );
    expect((await inventory('pageSize=100', nordStudio, nord)).items.every((item) => atelierIds.has(item.productId))).toBe(true);
    expect(
      (await inventory(`q=${encodeURIComponent(nordProduct.name)}`)).items.some((item) => item.productId === nordProduct.product_id),
    ).toBe(false);
    const nordLedger = await movements('pageSize=100', nordStudio, nord);
    expect(nordLedger.movements.map((row) => [row.productId, row.actor])).toContainEqual([nordProduct.product_id, 'owner@atelier.test']);
    expect(nordLedger.movements.every((row) => row.actor !== 'owner@harbor.test')).toBe(true);
  });

  it('refuses a count the owner saw when an order has moved it since (409 STOCK_CHANGED), writing nothing', async () => {
    const plain = await plainProduct(5);
    const other = await plainProduct(5);
    const guest = await guestToken(server);
    await placeOrder(guest, buildCartCode({ productId: plain.product_id, variantId: 0, quantity: 1, addonIds: [] }));
    const before = await snapshots();
    const response = await setStock({
      items: [
        { productId: other.product_id, variantId: null, stock: 20, expected: 5 },
        { productId: plain.product_id, variantId: null, stock: 20, expected: 5 },
      ],
    });
    expect(response.status).toBe(409);
    const { error } = stockChangedAnswer.parse(await response.json());
    expect(error).toMatchObject({ code: 'STOCK_CHANGED', field: 'items.1', stock: 4 });
    expect(error.message).toContain(plain.name);
    expect(await snapshots()).toEqual(before);
    // With the count it has now, it is set.
    await stockSet({ items: [{ productId: plain.product_id, variantId: null, stock: 20, expected: 4 }] });
    expect((await productAt(plain.slug)).stock).toBe(20);
  });

  it('sets counts while orders take the same products, neither waiting on the other for ever', async () => {
    const first = await plainProduct(1000);
    const second = await plainProduct(1000);
    const guest = await guestToken(server);
    // Orders name the later product first; the counts are set in id order: each must still finish.
    const cartCodes = [second, first]
      .map((product) => buildCartCode({ productId: product.product_id, variantId: 0, quantity: 1, addonIds: [] }))
      .join('|');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 2
          ? placeOrder(guest, cartCodes).then(() => 200)
          : setStock({
              items: [
                { productId: first.product_id, variantId: null, stock: 500 + i },
                { productId: second.product_id, variantId: null, stock: 500 + i },
              ],
            }).then((response) => response.status),
      ),
    );
    expect(answers).toEqual(Array.from({ length: 8 }, () => 200));
    // Every movement's count follows from the one before it.
    for (const product of [first, second]) {
      const ledger = (await newest(product.product_id, 20)).reverse();
      expect(ledger).toHaveLength(9);
      for (let i = 1; i < ledger.length; i++) expect(ledger[i]!.stockAfter - ledger[i]!.change).toBe(ledger[i - 1]!.stockAfter);
      expect((await productAt(product.slug)).stock).toBe(ledger.at(-1)!.stockAfter);
    }
  });

  it('writes an order placed and an order cancelled to the ledger, with the order and who', async () => {
    const skillet = await productAt('cast-iron-skillet');
    const [, , third] = await variantsOf(skillet.product_id);
    const variant = third ?? (await variantsOf(skillet.product_id))[0]!;
    await stockSet({ items: [{ productId: skillet.product_id, variantId: variant.variant_id, stock: 10 }] });
    const guest = await guestToken(server);
    const line = { productId: skillet.product_id, variantId: variant.variant_id, addonIds: [] };
    const order = await placeOrder(guest, buildCartCode({ ...line, quantity: 3 }));
    expect(await newest(skillet.product_id)).toEqual([
      expect.objectContaining({
        variantId: variant.variant_id,
        variantLabel: variant.name,
        change: -3,
        stockAfter: 7,
        reason: 'order',
        orderCode: order.orderCode,
        actor: 'shopper',
      }),
    ]);
    const customer = await signInCustomer(server, 'shopper@harbor.test', 'harbor-shopper-demo', '10.31.0.2');
    const theirs = await placeOrder(customer, buildCartCode({ ...line, quantity: 2 }));
    expect(await newest(skillet.product_id)).toEqual([
      expect.objectContaining({ change: -2, stockAfter: 5, reason: 'order', orderCode: theirs.orderCode, actor: 'shopper@harbor.test' }),
    ]);

    const cancelled = await studio('/api/Studio/SetOrderStatus', { body: { orderCode: order.orderCode, status: 'Cancelled' } });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    expect(await newest(skillet.product_id)).toEqual([
      expect.objectContaining({
        variantId: variant.variant_id,
        change: 3,
        stockAfter: 8,
        reason: 'cancel',
        orderCode: order.orderCode,
        actor: 'owner@harbor.test',
      }),
    ]);
    expect((await variantsOf(skillet.product_id)).find((v) => v.variant_id === variant.variant_id)?.stock).toBe(8);
    // The whole store's ledger, newest first, paged.
    const firstPage = await movements('pageSize=2');
    expect(firstPage.movements.map((row) => row.reason)).toEqual(['cancel', 'order']);
    expect(firstPage.hasMore).toBe(true);
    const secondPage = await movements('pageSize=2&page=2');
    expect(secondPage.movements[0]).toMatchObject({ reason: 'order', orderCode: order.orderCode });
    expect(firstPage.movements[1]!.id).toBeGreaterThan(secondPage.movements[0]!.id);
    for (const query of ['pageSize=0', 'pageSize=101', 'productId=abc', 'page=0']) {
      expect((await refusalOf(await studio(`/api/Studio/GetStockMovements?${query}`))).status, query).toBe(400);
    }
  });

  it('writes a correction for each counted stock a product save changes, by the owner', async () => {
    const skillet = await productAt('cast-iron-skillet');
    const product = await open(skillet.product_id);
    const [first, second] = product.variants;
    const sent = asSent(product);
    sent.variants = product.variants.map((variant) => (variant.id === second!.id ? { ...variant, stock: variant.stock + 4 } : variant));
    const ledgerBefore = (await movements('pageSize=100')).movements.length;
    const response = await saveProduct(sent);
    expect(response.status, await response.clone().text()).toBe(200);
    // One row, for the one variant whose count changed; none for the first, whose count did not.
    const ledgerSize = (await movements('pageSize=100')).movements.length;
    expect(ledgerSize).toBe(ledgerBefore + 1);
    expect(await newest(skillet.product_id)).toEqual([
      expect.objectContaining({
        variantId: second!.id,
        change: 4,
        stockAfter: second!.stock + 4,
        reason: 'correction',
        actor: 'owner@harbor.test',
      }),
    ]);
    expect(first!.id).not.toBe(second!.id);
    // A save that changes no count writes none.
    const again = await open(skillet.product_id);
    expect((await saveProduct({ ...asSent(again), name: 'Cast Iron Skillet' })).status).toBe(200);
    expect((await movements('pageSize=100')).movements).toHaveLength(ledgerSize);

    // A new product's first count, and a product without variants: its own.
    const created = await saveProduct({ name: 'Ledger Lamp', price: 1200, stock: 6 });
    expect(created.status, await created.clone().text()).toBe(200);
    const lamp = studioProductAnswer.parse(await created.json()).data.product;
    expect(await newest(lamp.id, 5)).toEqual([
      expect.objectContaining({ variantId: null, change: 6, stockAfter: 6, reason: 'correction' }),
    ]);
    const lowered = await saveProduct({ ...asSent(lamp), stock: 1 });
    expect(lowered.status).toBe(200);
    expect((await newest(lamp.id, 5)).map((row) => [row.change, row.stockAfter])).toEqual([
      [-5, 1],
      [6, 6],
    ]);
    // A stock that is not counted is not in the ledger.
    const untracked = await saveProduct({ ...asSent(await open(lamp.id)), stockTracked: false, stock: 40 });
    expect(untracked.status).toBe(200);
    expect(await newest(lamp.id, 5)).toHaveLength(2);
  });

  it('keeps a barcode for the product and each variant, checked as 8 to 14 digits or none', async () => {
    const skillet = await productAt('cast-iron-skillet');
    const product = await open(skillet.product_id);
    expect(product.barcode).toBe('');
    expect(product.variants.every((variant) => variant.barcode === '')).toBe(true);
    const before = await snapshots();
    for (const [change, field] of [
      [{ barcode: 'abc12345' }, 'barcode'],
      [{ barcode: '1234567' }, 'barcode'],
      [{ barcode: '123456789012345' }, 'barcode'],
      [
        { variants: product.variants.map((variant, i) => (i === 1 ? { ...variant, barcode: '12-34-5678' } : variant)) },
        'variants.1.barcode',
      ],
    ] as const) {
      const refused = await refusalOf(await saveProduct({ ...asSent(product), ...(change as Partial<SaveProductRequest>) }));
      expect(refused, field).toMatchObject({ status: 400, field });
      expect(refused.message, field).toContain('8 to 14 digits');
    }
    expect(await refusalOf(await saveProduct({ ...asSent(product), barcode: 40063813 as never }))).toMatchObject({
      status: 400,
      field: 'barcode',
    });
    expect(await snapshots()).toEqual(before);

    const sent = asSent(product);
    sent.barcode = ' 4006381333931 ';
    sent.variants = product.variants.map((variant, i) => ({ ...variant, barcode: i === 0 ? '012345678905' : '' }));
    const saved = await saveProduct(sent);
    expect(saved.status, await saved.clone().text()).toBe(200);
    const read = await open(skillet.product_id);
    expect(read.barcode).toBe('4006381333931');
    expect(read.variants.map((variant) => variant.barcode)).toEqual(product.variants.map((_, i) => (i === 0 ? '012345678905' : '')));
    // A client that knows nothing of barcodes keeps them as they are.
    const { barcode: _barcode, variants, ...older } = asSent(read);
    const kept = await saveProduct({ ...older, variants: variants!.map(({ barcode: _b, ...variant }) => variant) });
    expect(kept.status, await kept.clone().text()).toBe(200);
    const reread = await open(skillet.product_id);
    expect(reread.barcode).toBe('4006381333931');
    expect(reread.variants[0]!.barcode).toBe('012345678905');
    // And cleared when sent empty.
    expect((await saveProduct({ ...asSent(reread), barcode: '' })).status).toBe(200);
    expect((await open(skillet.product_id)).barcode).toBe('');
  });

  it("marks low stock by the store's threshold, in the inventory and the product list", async () => {
    const plain = await plainProduct(8);
    const lowItems = async () => (await inventory('level=low&pageSize=100')).items;
    const settings = async () => stockSettingsAnswer.parse(await (await studio('/api/Studio/GetStockSettings')).json()).data;
    expect(await settings()).toEqual({ lowStockThreshold: LOW_STOCK });
    expect((await lowItems()).some((item) => item.productId === plain.product_id)).toBe(false);
    const listed = async (query: string) =>
      studioProductsAnswer.parse(await (await studio(`/api/Studio/GetProducts?${query}&pageSize=100`)).json()).data.products;
    expect((await listed('stock=low')).some((row) => row.id === plain.product_id)).toBe(false);

    const before = await snapshots();
    for (const value of [-1, 1.5, 1_000_001, '7', null])
      expect(await refusalOf(await saveThreshold(value)), String(value)).toMatchObject({ status: 400, field: 'lowStockThreshold' });
    expect(await snapshots()).toEqual(before);
    expect(await settings()).toEqual({ lowStockThreshold: LOW_STOCK });

    const saved = await saveThreshold(10);
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(stockSettingsAnswer.parse(await saved.json()).data).toEqual({ lowStockThreshold: 10 });
    expect(await settings()).toEqual({ lowStockThreshold: 10 });
    const low = await lowItems();
    expect(low.find((item) => item.productId === plain.product_id)).toMatchObject({ stock: 8, level: 'low' });
    expect(low.every((item) => item.tracked && item.stock <= 10)).toBe(true);
    expect((await inventory('pageSize=1')).lowStockThreshold).toBe(10);
    expect((await listed('stock=low')).find((row) => row.id === plain.product_id)).toMatchObject({ stockLevel: 'low' });
    // Out of stock is low too, and alone under `out`.
    await stockSet({ items: [{ productId: plain.product_id, variantId: null, stock: 0 }] });
    expect((await lowItems()).find((item) => item.productId === plain.product_id)).toMatchObject({ level: 'out' });
    const out = (await inventory('level=out&pageSize=100')).items;
    expect(out.some((item) => item.productId === plain.product_id)).toBe(true);
    expect(out.every((item) => item.stock <= 0 && item.level === 'out')).toBe(true);
    // The other store keeps its own threshold.
    expect((await inventory('pageSize=1', nordStudio, nord)).lowStockThreshold).toBe(LOW_STOCK);

    expect((await saveThreshold(0)).status).toBe(200);
    await stockSet({ items: [{ productId: plain.product_id, variantId: null, stock: 1 }] });
    expect((await lowItems()).some((item) => item.productId === plain.product_id)).toBe(false);
    expect((await saveThreshold(LOW_STOCK)).status).toBe(200);
  });
});
