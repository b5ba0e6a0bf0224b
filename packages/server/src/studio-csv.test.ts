import { PassThrough } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogueCsvColumns,
  catalogueCsvPreviewAnswer,
  catalogueImportAnswer,
  type CatalogueCsvPreviewAnswer,
  type CatalogueImportAnswer,
} from '@vitrine/commerce';
import {
  backends,
  expectOwnerOnly,
  refusalOf,
  startWithBothOwners,
  storeSnapshot,
  type BackendServer,
  type TestServer,
  type studioCaller,
} from './test-support.ts';
import { scopedToStore, storeTablesOf } from './db/site-scope.ts';
import { readCatalogueCsv } from './studio/catalogue-csv-read.ts';

type Row = Partial<Record<(typeof catalogueCsvColumns)[number], string>>;
/** A CSV of Shopify's columns from rows naming some of them. */
const csvOf = (rows: readonly Row[]) => stringify([...rows], { header: true, columns: [...catalogueCsvColumns] });
const rowsOf = (csv: string) => parse(csv, { columns: true, bom: true }) as Record<string, string>[];

describe.each(backends)('the catalogue in CSV on $name', ({ name, create }) => {
  let started: BackendServer;
  let server: TestServer;
  let harbor: number;
  let atelier: number;
  let studio: ReturnType<typeof studioCaller>;
  let nordStudio: ReturnType<typeof studioCaller>;
  const nord = { host: 'second.localhost' };
  const catalogueTables = [
    'products',
    'variants',
    'variant_values',
    'product_images',
    'categories',
    'brands',
    'attributes',
    'attribute_values',
    'media',
    'redirect_rules',
    'stock_movements',
  ] as const;
  const snapshot = (webId: number) => storeSnapshot(server, webId, catalogueTables);

  const preview = async (csv: string, caller = studio, init = {}): Promise<CatalogueCsvPreviewAnswer['data']> => {
    const response = await caller('/api/Studio/PreviewProductsCsv', {
      method: 'POST',
      rawBody: csv,
      headers: { 'content-type': 'text/csv' },
      ...init,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return catalogueCsvPreviewAnswer.parse(await response.json()).data;
  };
  const startImport = async (importId: string, caller = studio, init = {}): Promise<CatalogueImportAnswer['data']> => {
    const response = await caller('/api/Studio/ImportProductsCsv', { body: { importId }, ...init });
    expect(response.status, await response.clone().text()).toBe(202);
    return catalogueImportAnswer.parse(await response.json()).data;
  };
  const progress = async (importId: string, caller = studio, init = {}): Promise<CatalogueImportAnswer['data']> => {
    const response = await caller(`/api/Studio/GetProductsImport?importId=${importId}`, init);
    expect(response.status, await response.clone().text()).toBe(200);
    return catalogueImportAnswer.parse(await response.json()).data;
  };
  /** Polls an import as the owner's client does, until it ends. */
  const ended = async (importId: string, caller = studio, init = {}): Promise<CatalogueImportAnswer['data']> => {
    for (let i = 0; i < 600; i++) {
      const now = await progress(importId, caller, init);
      if (now.state !== 'running') return now;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`Import ${importId} still running after 30 s`);
  };
  const exported = async (query = '', caller = studio, init = {}) => {
    const response = await caller(`/api/Studio/ExportProducts${query}`, init);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    return response.text();
  };
  const productAt = (webId: number, slug: string) =>
    server.db.selectFrom('products').selectAll().where('web_id', '=', webId).where('slug', '=', slug).executeTakeFirst();

  beforeAll(async () => {
    ({ started, server, harbor, atelier, studio, nordStudio } = await startWithBothOwners(create));
  });
  afterAll(() => started?.stop());

  it('serves every call to the store’s owner only, and an import id of one store is no other store’s', async () => {
    const importId = '00000000-0000-4000-8000-000000000000';
    await expectOwnerOnly(
      server,
      nordStudio,
      [
        ['/api/Studio/PreviewProductsCsv', {}],
        ['/api/Studio/ImportProductsCsv', { importId }],
        [`/api/Studio/GetProductsImport?importId=${importId}`],
        ['/api/Studio/CancelProductsImport', { importId }],
        ['/api/Studio/ExportProducts'],
      ],
      '10.77.0.1',
    );
    // A file sent by another store's owner is refused before it is read.
    const stranger = await nordStudio('/api/Studio/PreviewProductsCsv', {
      method: 'POST',
      rawBody: csvOf([{ Handle: 'x', Title: 'X', 'Variant Price': '1' }]),
      headers: { 'content-type': 'text/csv' },
    });
    expect(stranger.status).toBe(403);

    const before = await snapshot(harbor);
    const harborPreview = await preview(csvOf([{ Handle: 'tenancy-lamp', Title: 'Tenancy Lamp', 'Variant Price': '10' }]));
    for (const [path, body] of [
      [`/api/Studio/GetProductsImport?importId=${harborPreview.importId}`, undefined],
      ['/api/Studio/ImportProductsCsv', { importId: harborPreview.importId }],
      ['/api/Studio/CancelProductsImport', { importId: harborPreview.importId }],
    ] as const) {
      const refused = await nordStudio(path, { ...nord, ...(body ? { body } : {}) });
      expect(await refusalOf(refused), path).toMatchObject({ status: 404, code: 'NOT_FOUND', field: 'importId' });
    }
    expect(await snapshot(harbor)).toBe(before);
    expect(await progress(harborPreview.importId)).toMatchObject({ state: 'previewed', done: 0, total: 1 });
    // Another store's products are not in a store's export, even by id.
    const harborProduct = await productAt(harbor, 'cast-iron-skillet');
    const foreign = rowsOf(await exported(`?ids=${harborProduct!.product_id}`, nordStudio, nord));
    expect(foreign).toEqual([]);
    const cancelled = await studio('/api/Studio/CancelProductsImport', { body: { importId: harborPreview.importId } });
    expect(catalogueImportAnswer.parse(await cancelled.json()).data.state).toBe('cancelled');
    expect(await refusalOf(await studio('/api/Studio/ImportProductsCsv', { body: { importId: harborPreview.importId } }))).toMatchObject({
      status: 409,
      code: 'IMPORT_STARTED',
    });
    expect(await snapshot(harbor)).toBe(before);
  });

  it('refuses a body that is not a CSV with a Handle column, naming the file', async () => {
    const json = await studio('/api/Studio/PreviewProductsCsv', { body: { Handle: 'x' } });
    expect(await refusalOf(json)).toMatchObject({ status: 415, field: 'file' });
    const noHandle = await studio('/api/Studio/PreviewProductsCsv', {
      method: 'POST',
      rawBody: 'Name,Price\nLamp,3\n',
      headers: { 'content-type': 'text/csv' },
    });
    expect(await refusalOf(noHandle)).toMatchObject({ status: 400, field: 'file' });
    const broken = await studio('/api/Studio/PreviewProductsCsv', {
      method: 'POST',
      rawBody: 'Handle,Title\nlamp,"Unclosed\n',
      headers: { 'content-type': 'text/csv' },
    });
    expect(await refusalOf(broken)).toMatchObject({ status: 400, field: 'file' });
    // Rows are numbered as a spreadsheet shows them: an empty line is a row, a quoted line break is not.
    const numbered = await preview('Handle,Title,Body (HTML),Variant Price\n\ncsv-a,A,"two\nlines",1\n,,,\ncsv-b,,,2\n');
    expect(numbered.problems).toEqual([{ row: 5, column: 'Title', reason: 'is a required field on a product’s first row' }]);
    expect(numbered).toMatchObject({ rows: 5, products: 1 });
    await studio('/api/Studio/CancelProductsImport', { body: { importId: numbered.importId } });
    const unknown = await studio('/api/Studio/ImportProductsCsv', { body: { importId: 'not-an-id' } });
    expect(await refusalOf(unknown)).toMatchObject({ status: 400, field: 'importId' });
  });

  it('previews every row that cannot be imported by row and column, and the import skips exactly those', async () => {
    const takenSku = (
      await server.db.selectFrom('variants').select('sku').where('web_id', '=', harbor).where('sku', '<>', '').executeTakeFirstOrThrow()
    ).sku;
    const csv = csvOf([
      // Row 2–4: a product with two options, three variants, one of them refused for its price.
      {
        Handle: 'csv-linen-shirt',
        Title: 'Linen Shirt',
        'Body (HTML)': '<p>Soft <strong>linen</strong>.</p><script>alert(1)</script>',
        Vendor: 'Csv Looms',
        'Product Category / Type': 'Clothing > Shirts',
        'Option1 Name': 'Size',
        'Option1 Value': 'S',
        'Option2 Name': 'Colour',
        'Option2 Value': 'Sand',
        'Variant SKU': 'CSV-SHIRT-S',
        'Variant Inventory Qty': '4',
        'Variant Price': '39.50',
        'Variant Compare At Price': '45',
        'SEO Title': 'Linen shirt',
        'SEO Description': 'A soft linen shirt',
        Status: 'active',
      },
      {
        Handle: 'csv-linen-shirt',
        'Option1 Value': 'M',
        'Option2 Value': 'Sand',
        'Variant SKU': 'CSV-SHIRT-M',
        'Variant Inventory Qty': '6',
        'Variant Price': '-3',
      },
      {
        Handle: 'csv-linen-shirt',
        'Option1 Value': 'L',
        'Option2 Value': 'Sand',
        'Variant SKU': 'CSV-SHIRT-L',
        'Variant Inventory Qty': '2',
        'Variant Price': '41.00',
      },
      // Row 5: a stock that is not a whole number.
      {
        Handle: 'csv-linen-shirt',
        'Option1 Value': 'XL',
        'Option2 Value': 'Sand',
        'Variant SKU': 'CSV-SHIRT-XL',
        'Variant Inventory Qty': '2.5',
        'Variant Price': '41',
      },
      // Row 6: the same SKU as row 2.
      { Handle: 'csv-linen-shirt', 'Option1 Value': 'XS', 'Option2 Value': 'Sand', 'Variant SKU': 'csv-shirt-s', 'Variant Price': '41' },
      // Row 7: an option value the product has no name for.
      { Handle: 'csv-linen-shirt', 'Option1 Value': 'XXL', 'Option2 Value': 'Sand', 'Option3 Value': 'Long', 'Variant Price': '41' },
      // Row 8: a handle that is no address; row 9: no title; row 10: a price that is no number.
      { Handle: 'Bad Handle!', Title: 'Bad', 'Variant Price': '3' },
      { Handle: 'csv-untitled', 'Variant Price': '3' },
      { Handle: 'csv-nan', Title: 'Nan', 'Variant Price': 'three' },
      // Row 11: a SKU another product of the store has.
      { Handle: 'csv-taken-sku', Title: 'Taken', 'Variant Price': '3', 'Variant SKU': takenSku },
      // Row 12: a product without options, with a picture of another server (which this one cannot reach).
      {
        Handle: 'csv-plain-mug',
        Title: 'Plain Mug',
        'Option1 Name': 'Title',
        'Option1 Value': 'Default Title',
        'Variant SKU': 'CSV-MUG',
        'Variant Inventory Qty': '12',
        'Variant Price': '12',
        'Image Src': 'https://cdn.shopify.invalid/s/files/mug.jpg',
        'Image Alt Text': 'A mug',
        Published: 'FALSE',
      },
    ]);
    const before = await snapshot(harbor);
    const found = await preview(csv);
    expect(found.problems).toEqual([
      { row: 3, column: 'Variant Price', reason: 'must not be negative' },
      { row: 5, column: 'Variant Inventory Qty', reason: 'must be a whole number, not “2.5”' },
      { row: 6, column: 'Variant SKU', reason: 'is already the SKU of row 2' },
      { row: 7, column: 'Option3 Value', reason: 'is given, but the product has no Option3 Name (on its first row)' },
      { row: 8, column: 'Handle', reason: 'must be lower-case letters and digits, words joined by -' },
      { row: 9, column: 'Title', reason: 'is a required field on a product’s first row' },
      { row: 10, column: 'Variant Price', reason: 'must be a price like 12.50, not “three”' },
      { row: 11, column: 'Variant SKU', reason: expect.stringMatching(/^is already the SKU of .+, another product of this store$/) },
    ]);
    expect(found).toMatchObject({
      rows: 12,
      products: 2,
      created: 2,
      updated: 0,
      variants: 2,
      pictures: 1,
      newBrands: 1,
      newCategories: 2,
      moreProblems: 0,
    });
    // A preview writes nothing.
    expect(await snapshot(harbor)).toBe(before);

    await startImport(found.importId);
    const result = await ended(found.importId);
    expect(result).toMatchObject({ state: 'done', done: 2, total: 2, created: 2, updated: 0, error: null });
    expect(result.problems).toEqual([{ row: 12, column: 'Image Src', reason: expect.stringMatching(/^could not fetch the picture/) }]);

    const shirt = (await productAt(harbor, 'csv-linen-shirt'))!;
    expect(shirt).toMatchObject({ name: 'Linen Shirt', status: 'active', price: 3950, compare_at_price: 4500, stock: 6 });
    expect(shirt.description).toBe('<p>Soft <strong>linen</strong>.</p>');
    expect(shirt.meta).toEqual({ title: 'Linen shirt', description: 'A soft linen shirt' });
    const variants = await server.db
      .selectFrom('variants')
      .select(['sku', 'price', 'stock', 'name'])
      .where('product_id', '=', shirt.product_id)
      .orderBy('variant_id')
      .execute();
    expect(variants).toEqual([
      { sku: 'CSV-SHIRT-S', price: 3950, stock: 4, name: 'S / Sand' },
      { sku: 'CSV-SHIRT-L', price: 4100, stock: 2, name: 'L / Sand' },
    ]);
    const brand = await server.db.selectFrom('brands').select('name').where('brand_id', '=', shirt.brand_id).executeTakeFirstOrThrow();
    expect(brand.name).toBe('Csv Looms');
    const category = await server.db
      .selectFrom('categories')
      .select(['name', 'parent_id'])
      .where('category_id', '=', shirt.category_id)
      .executeTakeFirstOrThrow();
    const parent = await server.db
      .selectFrom('categories')
      .select('name')
      .where('category_id', '=', category.parent_id)
      .executeTakeFirstOrThrow();
    expect([parent.name, category.name]).toEqual(['Clothing', 'Shirts']);

    const mug = (await productAt(harbor, 'csv-plain-mug'))!;
    expect(mug).toMatchObject({ status: 'draft', sku: 'CSV-MUG', stock: 12, price: 1200 });
    expect(await server.db.selectFrom('product_images').select('file').where('product_id', '=', mug.product_id).execute()).toEqual([]);
    expect(await server.db.selectFrom('variants').select('sku').where('product_id', '=', mug.product_id).execute()).toEqual([]);

    // Stock came in through the ledger, by the owner.
    const ledger = await server.db
      .selectFrom('stock_movements')
      .select(['product_id', 'change', 'stock_after', 'reason', 'actor'])
      .where('web_id', '=', harbor)
      .where('product_id', 'in', [shirt.product_id, mug.product_id])
      .orderBy('product_id')
      .orderBy('movement_id')
      .execute();
    expect(ledger).toEqual([
      { product_id: shirt.product_id, change: 4, stock_after: 4, reason: 'import', actor: 'owner@harbor.test' },
      { product_id: shirt.product_id, change: 2, stock_after: 2, reason: 'import', actor: 'owner@harbor.test' },
      { product_id: mug.product_id, change: 12, stock_after: 12, reason: 'import', actor: 'owner@harbor.test' },
    ]);

    // The same import id runs once.
    const again = await studio('/api/Studio/ImportProductsCsv', { body: { importId: found.importId } });
    expect(await refusalOf(again)).toMatchObject({ status: 409, code: 'IMPORT_STARTED', field: 'importId' });

    // The file again changes the products in place: a variant matched by SKU keeps its id, stock moves by the difference.
    const shirtVariants = await server.db
      .selectFrom('variants')
      .select(['variant_id', 'sku'])
      .where('product_id', '=', shirt.product_id)
      .orderBy('variant_id')
      .execute();
    const changed = csv
      .replace('Linen Shirt', 'Linen Shirt II')
      .replace(/"?CSV-SHIRT-S"?,(.*?),4,/, (whole) => whole.replace(',4,', ',9,'));
    const second = await preview(changed);
    expect(second).toMatchObject({ products: 2, created: 0, updated: 2 });
    await startImport(second.importId);
    expect(await ended(second.importId)).toMatchObject({ state: 'done', updated: 2 });
    expect(await productAt(harbor, 'csv-linen-shirt')).toMatchObject({
      product_id: shirt.product_id,
      name: 'Linen Shirt II',
      version: shirt.version + 1,
    });
    expect(
      await server.db
        .selectFrom('variants')
        .select(['variant_id', 'sku', 'stock'])
        .where('product_id', '=', shirt.product_id)
        .orderBy('variant_id')
        .execute(),
    ).toEqual([
      { variant_id: shirtVariants[0]!.variant_id, sku: 'CSV-SHIRT-S', stock: 9 },
      { variant_id: shirtVariants[1]!.variant_id, sku: 'CSV-SHIRT-L', stock: 2 },
    ]);
    const moved = await server.db
      .selectFrom('stock_movements')
      .select(['change', 'stock_after'])
      .where('product_id', '=', shirt.product_id)
      .orderBy('movement_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(moved).toEqual({ change: 5, stock_after: 9 });
  });

  it('takes no picture from outside a store’s media folder, nor from this machine or a private network', async () => {
    const found = await preview(
      csvOf([
        {
          Handle: 'csv-sly-lamp',
          Title: 'Sly Lamp',
          'Variant Price': '5',
          'Image Src': `http://localhost/media/${harbor}/%2e%2e/${atelier}/x.webp`,
        },
        { Handle: 'csv-sly-lamp', 'Image Src': 'http://127.0.0.1:9/lamp.jpg' },
        { Handle: 'csv-sly-lamp', 'Image Src': 'http://10.1.2.3/lamp.jpg' },
      ]),
    );
    expect(found).toMatchObject({ products: 1, pictures: 3, problems: [] });
    await startImport(found.importId);
    const result = await ended(found.importId);
    expect(result.state).toBe('done');
    // The first address is /media/{atelier}/x.webp as a browser reads it, not a file of Harbor's folder: there is none.
    expect(result.problems).toEqual([
      { row: 2, column: 'Image Src', reason: 'could not fetch the picture: this server has no such picture' },
      { row: 3, column: 'Image Src', reason: 'could not fetch the picture: its address is on a private network' },
      { row: 4, column: 'Image Src', reason: 'could not fetch the picture: its address is on a private network' },
    ]);
    const lamp = (await productAt(harbor, 'csv-sly-lamp'))!;
    expect(await server.db.selectFrom('product_images').select('file').where('product_id', '=', lamp.product_id).execute()).toEqual([]);
  });

  it('leaves the catalogue as it was when the import fails mid-way', async () => {
    // The database refuses one product of the second batch, as a full disk or a broken constraint would.
    await sql`CREATE FUNCTION csv_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.name = 'Refused Lamp' THEN RAISE EXCEPTION 'the test refuses this product'; END IF; RETURN NEW; END $$`.execute(
      server.db,
    );
    await sql`CREATE TRIGGER csv_test_refuse BEFORE INSERT ON products FOR EACH ROW EXECUTE FUNCTION csv_test_refuse()`.execute(server.db);
    try {
      const rows: Row[] = Array.from({ length: 700 }, (_, i) => ({
        Handle: `csv-lamp-${i}`,
        Title: i === 650 ? 'Refused Lamp' : `Lamp ${i}`,
        Vendor: 'Failing Lights',
        'Product Category / Type': 'Lighting',
        'Variant SKU': `CSV-LAMP-${i}`,
        'Variant Inventory Qty': '3',
        'Variant Price': '20',
      }));
      const before = await snapshot(harbor);
      const found = await preview(csvOf(rows));
      expect(found).toMatchObject({ products: 700, problems: [] });
      await startImport(found.importId);
      const result = await ended(found.importId);
      expect(result).toMatchObject({ state: 'failed', done: 0 });
      expect(result.error).toMatch(/the test refuses this product/);
      expect(await snapshot(harbor)).toBe(before);
    } finally {
      await sql`DROP TRIGGER csv_test_refuse ON products`.execute(server.db);
      await sql`DROP FUNCTION csv_test_refuse()`.execute(server.db);
    }
  });

  it('fails the import, changing nothing, when a SKU it brings was taken after the preview', async () => {
    const found = await preview(
      csvOf([{ Handle: 'csv-race-lamp', Title: 'Race Lamp', 'Variant SKU': 'CSV-RACE-1', 'Variant Price': '5' }]),
    );
    expect(found).toMatchObject({ products: 1, problems: [] });
    // Another product takes the SKU (an owner's save in another tab) between the preview and the import.
    const other = await productAt(harbor, 'cast-iron-skillet');
    await server.db.updateTable('products').set({ sku: 'CSV-RACE-1' }).where('product_id', '=', other!.product_id).execute();
    try {
      const before = await snapshot(harbor);
      await startImport(found.importId);
      const result = await ended(found.importId);
      expect(result.state).toBe('failed');
      expect(result.error).toMatch(/row 2: Variant SKU CSV-RACE-1 is now the SKU of Cast Iron Skillet/);
      expect(await snapshot(harbor)).toBe(before);
    } finally {
      await server.db.updateTable('products').set({ sku: other!.sku }).where('product_id', '=', other!.product_id).execute();
    }
  });

  // On the embedded database (one session) an open transaction has it to itself (db/one-transaction.ts): the cancel,
  // like every other request, waits until the import's writes are done, and is answered with the import done.
  it.runIf(name === 'PostgreSQL')('leaves the catalogue as it was when the owner cancels the import', async () => {
    const rows: Row[] = Array.from({ length: 3000 }, (_, i) => ({
      Handle: `csv-candle-${i}`,
      Title: `Candle ${i}`,
      Vendor: 'Cancelled Candles',
      'Option1 Name': 'Scent',
      'Option1 Value': 'Fig',
      'Variant SKU': `CSV-CANDLE-${i}`,
      'Variant Inventory Qty': '3',
      'Variant Price': '9.99',
    }));
    const before = await snapshot(harbor);
    const found = await preview(csvOf(rows));
    expect(found.products).toBe(3000);
    await startImport(found.importId);
    const cancelled = await studio('/api/Studio/CancelProductsImport', { body: { importId: found.importId } });
    expect(cancelled.status).toBe(200);
    const result = await ended(found.importId);
    expect(result).toMatchObject({ state: 'cancelled', done: 0 });
    expect(await snapshot(harbor)).toBe(before);
  });

  it('exports the catalogue, and the export imported into the second store exports the same', async () => {
    const harborCsv = await exported();
    const harborRows = rowsOf(harborCsv);
    expect(Object.keys(harborRows[0]!)).toEqual([...catalogueCsvColumns]);
    const handles = new Set(harborRows.map((row) => row.Handle));
    const harborProducts = await server.db.selectFrom('products').select('slug').where('web_id', '=', harbor).execute();
    expect(handles).toEqual(new Set(harborProducts.map((row) => row.slug)));
    // The demo has what the round trip must carry: variants of two options, pictures, categories, brands, sale prices.
    expect(harborRows.some((row) => row['Option2 Name'] && row['Option1 Name'] !== 'Title')).toBe(true);
    expect(harborRows.filter((row) => row['Image Src']).length).toBeGreaterThan(handles.size);
    expect(harborRows.some((row) => row['Product Category / Type']?.includes(' > '))).toBe(true);
    expect(harborRows.some((row) => row.Vendor && row['Variant Compare At Price'])).toBe(true);
    expect(harborRows.some((row) => row['Variant Image'])).toBe(true);

    // A selection exports only its products.
    const skillet = (await productAt(harbor, 'cast-iron-skillet'))!;
    expect(new Set(rowsOf(await exported(`?ids=${skillet.product_id}`)).map((row) => row.Handle))).toEqual(new Set(['cast-iron-skillet']));

    const found = await preview(harborCsv, nordStudio, nord);
    expect(found.problems).toEqual([]);
    expect(found.products).toBe(handles.size);
    await startImport(found.importId, nordStudio, nord);
    const result = await ended(found.importId, nordStudio, nord);
    expect(result).toMatchObject({ state: 'done', done: handles.size, problems: [] });

    const nordRows = rowsOf(await exported('', nordStudio, nord)).filter((row) => handles.has(row.Handle!));
    expect(nordRows.length).toBe(harborRows.length);
    const picture = (row: Record<string, string>) => row['Image Src']!;
    // Every field but the pictures' addresses is the same, row by row; the pictures are Atelier Nord's own copies.
    // A variant's picture is the product's picture of the same address, in the first store and in the second.
    const withoutPictures = (rows: Record<string, string>[]) => {
      const names = new Map<string, string>();
      for (const row of rows) if (row['Image Src']) names.set(row['Image Src'], `${row.Handle} picture ${row['Image Position']}`);
      return rows.map((row) => ({
        ...row,
        'Image Src': row['Image Src'] ? names.get(row['Image Src'])! : '',
        'Variant Image': row['Variant Image'] ? (names.get(row['Variant Image']) ?? 'not a picture of the product') : '',
      }));
    };
    expect(withoutPictures(nordRows)).toEqual(withoutPictures(harborRows));
    for (const row of nordRows.filter(picture)) {
      const path = new URL(picture(row)).pathname;
      expect(path.startsWith(`/media/${atelier}/uploads/`), path).toBe(true);
      const served = await server.call(path, nord);
      expect(served.status, path).toBe(200);
    }
    const nordMedia = await server.db.selectFrom('media').select('path').where('web_id', '=', atelier).execute();
    for (const row of nordRows.filter(picture)) expect(nordMedia.map((m) => m.path)).toContain(new URL(picture(row)).pathname);
  });

  it('imports a store’s own export as it is: every product updated in place, its pictures kept where they are, no stock moved', async () => {
    const before = await exported();
    const pictures = () =>
      server.db
        .selectFrom('product_images')
        .select(['product_id', 'file', 'alt', 'sort'])
        .where('web_id', '=', harbor)
        .orderBy('image_id')
        .execute();
    const picturesBefore = await pictures();
    const media = await server.db.selectFrom('media').select('path').where('web_id', '=', harbor).execute();
    const movements = await server.db.selectFrom('stock_movements').select('movement_id').where('web_id', '=', harbor).execute();
    const found = await preview(before);
    expect(found).toMatchObject({ created: 0, updated: new Set(rowsOf(before).map((row) => row.Handle)).size, problems: [] });
    await startImport(found.importId);
    expect(await ended(found.importId)).toMatchObject({ state: 'done', problems: [] });
    expect(await exported()).toBe(before);
    expect((await pictures()).map(({ file, alt, sort }) => ({ file, alt, sort }))).toEqual(
      picturesBefore.map(({ file, alt, sort }) => ({ file, alt, sort })),
    );
    expect(await server.db.selectFrom('media').select('path').where('web_id', '=', harbor).execute()).toEqual(media);
    expect(await server.db.selectFrom('stock_movements').select('movement_id').where('web_id', '=', harbor).execute()).toEqual(movements);
  });

  it('stops reading a file whose body stops (too large as it streams, or the owner gone) with that error', async () => {
    const store = scopedToStore(server.db, harbor, await storeTablesOf(server.db));
    const body = new PassThrough();
    const reading = readCatalogueCsv(store, body);
    body.write('Handle,Title,Variant Price\ncsv-half,Half,1\n');
    body.destroy(new Error('the owner went away'));
    await expect(reading).rejects.toThrow('the owner went away');
  });

  it('refuses a file larger than 50 MB before reading it', async () => {
    const refused = await studio('/api/Studio/PreviewProductsCsv', {
      method: 'POST',
      rawBody: 'Handle\n',
      headers: { 'content-type': 'text/csv', 'content-length': String(60 * 1024 * 1024) },
    });
    expect(await refusalOf(refused)).toMatchObject({ status: 413, code: 'FILE_TOO_LARGE', field: 'file' });
  });
});
