// The owner's products in the back office (issue 34): listed with the storefront's own search, opened for the editor,
// saved whole in one transaction, and changed in bulk. Every function acts on one store's rows, through its scoped
// database; what a save changes reaches every server process through the catalogue's triggers (migrations 0007, 0014).
import { sql, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, type Transaction } from 'kysely';
import type { z } from 'zod';
import {
  LOW_STOCK,
  PRODUCT_COUNT_LIMIT,
  type ProductStatus,
  type StockLevel,
  type StudioProduct,
  type StudioProductRow,
  type bulkProductsRequest,
  type saveProductRequest,
  type studioProductsQuery,
} from '@vitrine/commerce';
import { sanitizeProductDescription } from '@vitrine/sections/owner-html';
import type { Db } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { firstImage } from '../shop/catalog.ts';
import { matches, relevance, searchTerms } from '../shop/listing.ts';
import { productOptionsOf } from '../shop/product.ts';
import { recordStockMovements } from '../shop/stock-ledger.ts';
import { checkSlugFree, freeSlug, redirectAddress } from './addresses.ts';

type Trx = Transaction<Database>;
type ProductsQuery = z.output<typeof studioProductsQuery>;
type SaveProduct = z.output<typeof saveProductRequest>;
type BulkProducts = z.output<typeof bulkProductsRequest>;
type WithProduct = ExpressionBuilder<Database & { p: Database['products'] }, 'p'>;

/** A product's stock as the list shows it: its variants' summed when it has any, else its own. */
const stockOf = (eb: WithProduct) =>
  eb.fn.coalesce(
    eb
      .selectFrom('variants as v')
      .select((inner) => inner.cast<number>(inner.fn.sum('v.stock'), 'integer').as('sum'))
      .whereRef('v.product_id', '=', 'p.product_id'),
    'p.stock',
  );

const variantCountOf = (eb: WithProduct) =>
  eb
    .selectFrom('variants as v')
    .select((inner) => inner.cast<number>(inner.fn.countAll(), 'integer').as('n'))
    .whereRef('v.product_id', '=', 'p.product_id');

/** Which stock mark a count gets against the store's `threshold`: none when its stock is not counted. */
export const stockLevelOf = (stock: number, tracked: boolean, threshold: number): StockLevel =>
  !tracked || stock > threshold ? 'in' : stock > 0 ? 'low' : 'out';

/** The count at or under which the store's stock is low (migration 0023); `LOW_STOCK` unless the owner set another. */
export async function lowStockThreshold(store: Db): Promise<number> {
  const site = await store.selectFrom('sites').select('low_stock_threshold').executeTakeFirst();
  return site?.low_stock_threshold ?? LOW_STOCK;
}

/** A category and every one below it, from the store's tree (hundreds of rows at most). */
async function categoryBranch(store: Db, categoryId: number): Promise<number[]> {
  const rows = await store.selectFrom('categories').select(['category_id', 'parent_id']).execute();
  const ids = rows.some((row) => row.category_id === categoryId) ? [categoryId] : [];
  for (let i = 0; i < ids.length; i++)
    for (const row of rows) if (row.parent_id === ids[i] && !ids.includes(row.category_id)) ids.push(row.category_id);
  return ids;
}

/**
 * A page of the store's products for the back office's list. `q` is matched as the storefront's search matches
 * (`matches`, `relevance` over the products' search text, typos forgiven), on products of every status. The total is
 * counted up to `countLimit` and no further (`more` says there are more).
 */
export async function listProducts(
  store: Db,
  query: ProductsQuery,
  countLimit = PRODUCT_COUNT_LIMIT,
): Promise<{ products: StudioProductRow[]; total: number; more: boolean }> {
  const { q, status, category, brand, stock, page, pageSize } = query;
  const terms = q ? await searchTerms(store, q.replace(/\s+/g, ' ')) : [];
  const branch = category === undefined ? null : await categoryBranch(store, category);
  const threshold = await lowStockThreshold(store);
  let matching = store.selectFrom('products as p');
  if (q) matching = matching.where(matches(q.replace(/\s+/g, ' '), terms, sql.ref('p.search_text')));
  if (status) matching = matching.where('p.status', '=', status);
  if (branch) matching = branch.length ? matching.where('p.category_id', 'in', branch) : matching.where(sql<SqlBool>`false`);
  if (brand !== undefined) matching = matching.where('p.brand_id', '=', brand);
  if (stock === 'in') matching = matching.where((eb) => eb.or([eb('p.track_stock', '=', false), eb(stockOf(eb), '>', threshold)]));
  else if (stock === 'low')
    matching = matching.where((eb) => eb.and([eb('p.track_stock', '=', true), eb(stockOf(eb), '>', 0), eb(stockOf(eb), '<=', threshold)]));
  else if (stock === 'out') matching = matching.where((eb) => eb.and([eb('p.track_stock', '=', true), eb(stockOf(eb), '<=', 0)]));

  const sort = query.sort ?? (q ? 'relevance' : 'newest');
  let ordered = matching;
  if (sort === 'relevance')
    ordered = q
      ? ordered.orderBy(relevance(q.replace(/\s+/g, ' '), terms, sql.ref('p.search_text')), 'desc').orderBy('p.popularity', 'desc')
      : ordered.orderBy('p.popularity', 'desc');
  else if (sort === 'newest' || sort === 'oldest') ordered = ordered.orderBy('p.created_at', sort === 'newest' ? 'desc' : 'asc');
  else if (sort === 'name' || sort === 'name-desc') ordered = ordered.orderBy('p.name', sort === 'name' ? 'asc' : 'desc');
  else if (sort === 'price' || sort === 'price-desc') ordered = ordered.orderBy('p.price', sort === 'price' ? 'asc' : 'desc');
  else ordered = ordered.orderBy((eb) => stockOf(eb), sort === 'stock' ? 'asc' : 'desc');

  const [rows, counted] = await Promise.all([
    ordered
      .leftJoin('categories as c', 'c.category_id', 'p.category_id')
      .leftJoin('brands as b', 'b.brand_id', 'p.brand_id')
      .leftJoinLateral(firstImage, (join) => join.onTrue())
      .select((eb) => [
        'p.product_id',
        'p.name',
        'p.slug',
        'p.status',
        'p.price',
        'p.compare_at_price',
        'p.track_stock',
        'c.name as category_name',
        'b.name as brand_name',
        'img.file',
        'img.width',
        'img.height',
        stockOf(eb).as('stock'),
        variantCountOf(eb).as('variant_count'),
      ])
      .orderBy('p.product_id', sort === 'oldest' ? 'asc' : 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    countedUpTo(store, matching.select('p.product_id'), countLimit),
  ]);
  return {
    products: rows.map((row) => {
      const stockNow = Number(row.stock ?? 0);
      return {
        id: row.product_id,
        name: row.name,
        slug: row.slug,
        status: row.status,
        picture: row.file ? { file: row.file, width: row.width ?? 0, height: row.height ?? 0 } : null,
        stock: stockNow,
        stockTracked: row.track_stock,
        stockLevel: stockLevelOf(stockNow, row.track_stock, threshold),
        price: row.price,
        compareAtPrice: row.compare_at_price,
        categoryName: row.category_name ?? null,
        brandName: row.brand_name ?? null,
        variantCount: Number(row.variant_count ?? 0),
      };
    }),
    ...counted,
  };
}

/** How many rows `matching` finds, counted no further than `limit` and one: enough to say "10,000+" (`more`). */
export async function countedUpTo<DB, TB extends keyof DB, O>(
  store: Db,
  matching: SelectQueryBuilder<DB, TB, O>,
  limit: number,
): Promise<{ total: number; more: boolean }> {
  const counted = await store
    .selectFrom(matching.limit(limit + 1).as('m'))
    .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'))
    .executeTakeFirstOrThrow();
  const n = Number(counted.n);
  return { total: Math.min(n, limit), more: n > limit };
}

const noSuchProduct = (field: string) => new HttpError(404, 'NOT_FOUND', `${field}: this store has no such product`, field);

/** One product of the store with everything the editor shows, or a 404 naming `productId`. */
export async function loadStudioProduct(store: Db, productId: number): Promise<StudioProduct> {
  const product = await store
    .selectFrom('products')
    .select([
      'product_id',
      'version',
      'name',
      'slug',
      'description',
      'status',
      'price',
      'compare_at_price',
      'sku',
      'barcode',
      'stock',
      'track_stock',
      'category_id',
      'brand_id',
      'meta',
    ])
    .where('product_id', '=', productId)
    .executeTakeFirst();
  if (!product) throw noSuchProduct('productId');
  const [values, pictures, options, addons, variants, variantValues] = await Promise.all([
    store.selectFrom('product_values').select('value_id').where('product_id', '=', productId).orderBy('value_id').execute(),
    store
      .selectFrom('product_images')
      .select(['file', 'width', 'height', 'alt'])
      .where('product_id', '=', productId)
      .orderBy('sort')
      .orderBy('image_id')
      .execute(),
    productOptionsOf(store, productId),
    store.selectFrom('addons').select(['addon_id', 'name', 'price']).where('product_id', '=', productId).orderBy('addon_id').execute(),
    store
      .selectFrom('variants')
      .select(['variant_id', 'sku', 'barcode', 'price', 'compare_at_price', 'stock', 'image_file'])
      .where('product_id', '=', productId)
      .orderBy('variant_id')
      .execute(),
    store
      .selectFrom('variant_values as vv')
      .innerJoin('variants as v', 'v.variant_id', 'vv.variant_id')
      .innerJoin('attribute_values as av', 'av.value_id', 'vv.value_id')
      .innerJoin('attributes as a', 'a.attribute_id', 'av.attribute_id')
      .select(['vv.variant_id', 'av.value_id', 'av.name', 'a.attribute_id', 'a.name as attribute'])
      .where('v.product_id', '=', productId)
      .orderBy('a.attribute_id')
      .orderBy('av.sort')
      .orderBy('av.value_id')
      .execute(),
  ]);
  const axes: StudioProduct['variantOptions'] = [];
  for (const value of variantValues) {
    let axis = axes.find((a) => a.attributeId === value.attribute_id);
    if (!axis) axes.push((axis = { attributeId: value.attribute_id, name: value.attribute, values: [] }));
    if (!axis.values.some((v) => v.valueId === value.value_id)) axis.values.push({ valueId: value.value_id, name: value.name });
  }
  const meta = product.meta as Record<string, string>;
  return {
    id: product.product_id,
    version: product.version,
    name: product.name,
    slug: product.slug,
    description: product.description,
    status: product.status,
    price: product.price,
    compareAtPrice: product.compare_at_price,
    sku: product.sku,
    barcode: product.barcode,
    // A product with variants is stocked by them: its stock is theirs summed, as the list shows it.
    stock: variants.length ? variants.reduce((sum, variant) => sum + variant.stock, 0) : product.stock,
    stockTracked: product.track_stock,
    categoryId: product.category_id,
    brandId: product.brand_id,
    attributeValueIds: values.map((row) => row.value_id),
    pictures: pictures.map((row) => ({ file: row.file, width: row.width, height: row.height, alt: row.alt })),
    options: options.map((option) => ({
      id: option.optionID,
      name: option.name,
      inputTypeId: option.inputTypeID,
      required: option.isMandatory,
      values: option.values.map((value) => ({ id: value.valueID, name: value.name, price: value.price })),
    })),
    addons: addons.map((addon) => ({ id: addon.addon_id, name: addon.name, price: addon.price })),
    variantOptions: axes,
    variants: variants.map((variant) => {
      const own = variantValues.filter((value) => value.variant_id === variant.variant_id);
      return {
        id: variant.variant_id,
        values: axes.map((axis) => own.find((value) => value.attribute_id === axis.attributeId)?.name ?? ''),
        price: variant.price,
        compareAtPrice: variant.compare_at_price,
        sku: variant.sku,
        barcode: variant.barcode,
        stock: variant.stock,
        picture: variant.image_file,
      };
    }),
    seo: { title: meta['title'] ?? '', description: meta['description'] ?? '' },
  };
}

/** A 400 naming the field at fault. */
const refused = (field: string, message: string, code = 'BAD_REQUEST') => new HttpError(400, code, `${field}: ${message}`, field);

/**
 * Saves a product whole (a new one when `productId` is absent) and answers its id. Checked and written in one
 * transaction that holds the store's row, so two saves of one store take turns and what is checked (an address, a
 * SKU) is what the write lands on; any refusal leaves nothing written. Each counted stock the save changes is written
 * to the stock ledger as a correction by `actor` (the signed-in owner's email, as the API passes it).
 */
export async function saveProduct(store: Db, webId: number, body: SaveProduct, actor = 'studio'): Promise<number> {
  return store.transaction().execute(async (trx) => {
    await trx.selectFrom('sites').select('web_id').forUpdate().executeTakeFirstOrThrow();
    const before =
      body.productId === undefined
        ? null
        : await trx
            .selectFrom('products')
            .select(['product_id', 'version', 'slug', 'meta', 'stock'])
            .where('product_id', '=', body.productId)
            .forUpdate()
            .executeTakeFirst();
    if (body.productId !== undefined && !before) throw noSuchProduct('productId');
    if (before && before.version !== body.version)
      throw new HttpError(
        409,
        'PRODUCT_CHANGED',
        'This product changed since you opened it (saved by someone else or in another tab, or its stock moved with an order), so your changes were not saved. Reload it, or save again to overwrite.',
        'version',
        undefined,
        { version: before.version },
      );
    await checkReferences(trx, body, before?.product_id ?? null);
    const pictures = await picturesOf(trx, body);
    const slug = body.slug
      ? await checkSlugFree(trx, body.slug, { productId: before?.product_id ?? null })
      : (before?.slug ?? (await freeSlug(trx, body.name)));

    const hasVariants = body.variants.length > 0;
    const stock = hasVariants ? body.variants.reduce((sum, variant) => sum + variant.stock, 0) : body.stock;
    const inStock = !body.stockTracked || (hasVariants ? body.variants.some((variant) => variant.stock > 0) : body.stock > 0);
    const row = {
      name: body.name,
      slug,
      description: sanitizeProductDescription(body.description),
      status: body.status,
      price: body.price,
      compare_at_price: body.compareAtPrice,
      sku: body.sku,
      ...(body.barcode === undefined ? {} : { barcode: body.barcode }),
      stock,
      track_stock: body.stockTracked,
      stock_status_id: inStock ? 1 : 2,
      category_id: body.categoryId,
      brand_id: body.brandId,
      meta: JSON.stringify({ ...(before?.meta ?? {}), title: body.seo.title, description: body.seo.description }),
    };
    const productId = before
      ? (
          await trx
            .updateTable('products')
            .set({ ...row, version: before.version + 1 })
            .where('product_id', '=', before.product_id)
            .returning('product_id')
            .executeTakeFirstOrThrow()
        ).product_id
      : (
          await trx
            .insertInto('products')
            .values({ web_id: webId, ...row })
            .returning('product_id')
            .executeTakeFirstOrThrow()
        ).product_id;

    await trx.deleteFrom('product_values').where('product_id', '=', productId).execute();
    if (body.attributeValueIds.length)
      await trx
        .insertInto('product_values')
        .values([...new Set(body.attributeValueIds)].map((value_id) => ({ web_id: webId, product_id: productId, value_id })))
        .execute();
    await trx.deleteFrom('product_images').where('product_id', '=', productId).execute();
    if (pictures.length)
      await trx
        .insertInto('product_images')
        .values(pictures.map((picture, sort) => ({ web_id: webId, product_id: productId, ...picture, sort })))
        .execute();
    await saveOptions(trx, webId, productId, body.options);
    await saveAddons(trx, webId, productId, body.addons);
    const stockBefore = new Map(
      before
        ? (await trx.selectFrom('variants').select(['variant_id', 'stock']).where('product_id', '=', productId).execute()).map(
            (variant) => [variant.variant_id, variant.stock] as const,
          )
        : [],
    );
    const variantIds = await saveVariants(trx, webId, productId, body);
    await checkSkusFree(trx, productId, body);
    if (body.stockTracked) {
      // What each counted stock was and is now: the product's own when it has no variants, else each variant's.
      const counts = hasVariants
        ? body.variants.map((variant, i) => ({
            variantId: variantIds[i]!,
            was: stockBefore.get(variantIds[i]!) ?? 0,
            now: variant.stock,
          }))
        : [{ variantId: null, was: before && !stockBefore.size ? before.stock : 0, now: body.stock }];
      await recordStockMovements(
        trx,
        webId,
        counts
          .filter(({ was, now }) => was !== now)
          .map(({ variantId, was, now }) => ({ productId, variantId, change: now - was, stockAfter: now, reason: 'correction', actor })),
      );
    }
    if (before && before.slug !== slug) await redirectAddress(trx, webId, `/${before.slug}`, `/${slug}`);
    else if (!before) await trx.deleteFrom('redirect_rules').where('from_path', '=', `/${slug}`).execute();
    return productId;
  });
}

/** Refuses a category, brand, attribute value, variant, option, option value or add-on that is not the store's (or this product's). */
async function checkReferences(trx: Trx, body: SaveProduct, productId: number | null): Promise<void> {
  const own = productId ?? 0;
  const [category, brand, values, variants, options, optionValues, addons] = await Promise.all([
    body.categoryId === null
      ? null
      : trx.selectFrom('categories').select('category_id').where('category_id', '=', body.categoryId).executeTakeFirst(),
    body.brandId === null ? null : trx.selectFrom('brands').select('brand_id').where('brand_id', '=', body.brandId).executeTakeFirst(),
    body.attributeValueIds.length
      ? trx.selectFrom('attribute_values').select('value_id').where('value_id', 'in', body.attributeValueIds).execute()
      : [],
    trx.selectFrom('variants').select('variant_id as id').where('product_id', '=', own).execute(),
    trx.selectFrom('product_options').select('option_id as id').where('product_id', '=', own).execute(),
    trx
      .selectFrom('product_option_values as ov')
      .innerJoin('product_options as o', 'o.option_id', 'ov.option_id')
      .select(['ov.value_id as id', 'ov.option_id'])
      .where('o.product_id', '=', own)
      .execute(),
    trx.selectFrom('addons').select('addon_id as id').where('product_id', '=', own).execute(),
  ]);
  if (body.categoryId !== null && !category) throw refused('categoryId', 'is not a category of this store');
  if (body.brandId !== null && !brand) throw refused('brandId', 'is not a brand of this store');
  const known = new Set(values.map((row) => row.value_id));
  const unknownValue = body.attributeValueIds.findIndex((valueId) => !known.has(valueId));
  if (unknownValue >= 0) throw refused(`attributeValueIds.${unknownValue}`, 'is not an attribute value of this store');
  const ofProduct = (rows: readonly { id: number }[]) => new Set(rows.map((row) => row.id));
  const ownVariants = ofProduct(variants);
  body.variants.forEach((variant, i) => {
    if (variant.id !== undefined && !ownVariants.has(variant.id)) throw refused(`variants.${i}.id`, 'is not a variant of this product');
  });
  const ownOptions = ofProduct(options);
  body.options.forEach((option, i) => {
    if (option.id !== undefined && !ownOptions.has(option.id)) throw refused(`options.${i}.id`, 'is not an option of this product');
    option.values.forEach((value, j) => {
      if (value.id !== undefined && !optionValues.some((row) => row.id === value.id && row.option_id === option.id))
        throw refused(`options.${i}.values.${j}.id`, 'is not a value of this option');
    });
  });
  const ownAddons = ofProduct(addons);
  body.addons.forEach((addon, i) => {
    if (addon.id !== undefined && !ownAddons.has(addon.id)) throw refused(`addons.${i}.id`, 'is not an add-on of this product');
  });
}

/**
 * The pictures with their sizes: each a file of the store's media library (an upload) or a picture one of the store's
 * products already shows (the demo's pictures are files of the store, not uploads). Anything else is refused.
 */
async function picturesOf(trx: Trx, body: SaveProduct): Promise<{ file: string; width: number; height: number; alt: string }[]> {
  const files = [...new Set(body.pictures.map((picture) => picture.file))];
  if (!files.length) return [];
  const [media, shown] = await Promise.all([
    trx.selectFrom('media').select(['path', 'width', 'height']).where('path', 'in', files).execute(),
    trx.selectFrom('product_images').select(['file', 'width', 'height']).where('file', 'in', files).execute(),
  ]);
  const sizes = new Map<string, { width: number; height: number }>();
  for (const row of shown) sizes.set(row.file, { width: row.width, height: row.height });
  for (const row of media) sizes.set(row.path, { width: row.width ?? 0, height: row.height ?? 0 });
  return body.pictures.map((picture, i) => {
    const size = sizes.get(picture.file);
    if (!size) throw refused(`pictures.${i}.file`, 'is not an image of this store; upload it first');
    return { file: picture.file, alt: picture.alt, ...size };
  });
}

/**
 * Refuses a SKU the store already gives another product or variant (or this product twice), naming the first field
 * that holds it. Checked once this save's rows are written, in its transaction: one look at the store as it would be.
 */
async function checkSkusFree(trx: Trx, productId: number, body: SaveProduct): Promise<void> {
  const fields = [
    ...(body.sku ? [{ field: 'sku', sku: body.sku }] : []),
    ...body.variants.flatMap((variant, i) => (variant.sku ? [{ field: `variants.${i}.sku`, sku: variant.sku }] : [])),
  ];
  if (!fields.length) return;
  const lower = [...new Set(fields.map((f) => f.sku.toLowerCase()))];
  const [products, variants] = await Promise.all([
    trx
      .selectFrom('products')
      .select(['name', sql<string>`lower(sku)`.as('sku')])
      .where((eb) => eb(eb.fn('lower', ['sku']), 'in', lower))
      .where('product_id', '<>', productId)
      .execute(),
    trx
      .selectFrom('variants as v')
      .innerJoin('products as p', 'p.product_id', 'v.product_id')
      .select(['p.name', sql<string>`lower(v.sku)`.as('sku')])
      .where((eb) => eb(eb.fn('lower', ['v.sku']), 'in', lower))
      .where('v.product_id', '<>', productId)
      .execute(),
  ]);
  for (const { field, sku } of fields) {
    const other = [...products, ...variants].find((row) => row.sku === sku.toLowerCase());
    if (other) throw refused(field, `is already the SKU of ${other.name}`, 'SKU_TAKEN');
  }
}

/** The store's attribute and value for each variant option and value by name (case aside), made when missing. */
async function variantAxes(trx: Trx, webId: number, axes: SaveProduct['variantOptions']): Promise<Map<string, number>[]> {
  if (!axes.length) return [];
  const attributes = await trx.selectFrom('attributes').select(['attribute_id', 'name']).orderBy('attribute_id').execute();
  const found: Map<string, number>[] = [];
  for (const axis of axes) {
    let attributeId = attributes.find((a) => a.name.toLowerCase() === axis.name.toLowerCase())?.attribute_id;
    attributeId ??= (
      await trx
        .insertInto('attributes')
        .values({ web_id: webId, name: axis.name, display_type: 'dropdown' })
        .returning('attribute_id')
        .executeTakeFirstOrThrow()
    ).attribute_id;
    const values = await trx
      .selectFrom('attribute_values')
      .select(['value_id', 'name', 'sort'])
      .where('attribute_id', '=', attributeId)
      .orderBy('value_id')
      .execute();
    const byName = new Map<string, number>();
    for (const value of values) if (!byName.has(value.name.toLowerCase())) byName.set(value.name.toLowerCase(), value.value_id);
    let sort = Math.max(0, ...values.map((value) => value.sort));
    for (const name of axis.values) {
      if (byName.has(name.toLowerCase())) continue;
      const { value_id } = await trx
        .insertInto('attribute_values')
        .values({ web_id: webId, attribute_id: attributeId, name, sort: ++sort })
        .returning('value_id')
        .executeTakeFirstOrThrow();
      byName.set(name.toLowerCase(), value_id);
    }
    found.push(byName);
  }
  return found;
}

/**
 * The variants as sent: kept ones changed in place, new ones added, the rest removed; answers their ids, in order. A removed variant's lines in
 * customers' carts stay, without their variant: the cart asks the shopper to choose another (`choosevariant`), as a
 * guest's cart does for a variant that is gone, rather than the line vanishing.
 */
async function saveVariants(trx: Trx, webId: number, productId: number, body: SaveProduct): Promise<number[]> {
  const axes = await variantAxes(trx, webId, body.variantOptions);
  const existing = (await trx.selectFrom('variants').select('variant_id').where('product_id', '=', productId).execute()).map(
    (row) => row.variant_id,
  );
  const kept = new Set(body.variants.flatMap((variant) => (variant.id === undefined ? [] : [variant.id])));
  const removed = existing.filter((id) => !kept.has(id));
  if (removed.length) {
    await trx.updateTable('cart_lines').set({ variant_id: null }).where('variant_id', 'in', removed).execute();
    await trx.deleteFrom('variants').where('variant_id', 'in', removed).execute();
  }
  if (!body.variants.length) return [];
  const ids: number[] = [];
  for (const variant of body.variants) {
    const row = {
      sku: variant.sku,
      ...(variant.barcode === undefined ? {} : { barcode: variant.barcode }),
      name: variant.values.join(' / '),
      price: variant.price,
      compare_at_price: variant.compareAtPrice,
      stock: variant.stock,
      image_file: variant.picture,
    };
    if (variant.id !== undefined) {
      await trx.updateTable('variants').set(row).where('variant_id', '=', variant.id).execute();
      ids.push(variant.id);
    } else
      ids.push(
        (
          await trx
            .insertInto('variants')
            .values({ web_id: webId, product_id: productId, ...row })
            .returning('variant_id')
            .executeTakeFirstOrThrow()
        ).variant_id,
      );
  }
  if (kept.size)
    await trx
      .deleteFrom('variant_values')
      .where('variant_id', 'in', [...kept])
      .execute();
  await trx
    .insertInto('variant_values')
    .values(
      body.variants.flatMap((variant, i) =>
        variant.values.map((value, j) => ({ web_id: webId, variant_id: ids[i]!, value_id: axes[j]!.get(value.toLowerCase())! })),
      ),
    )
    .execute();
  return ids;
}

/** The options (types 1–6) and their values as sent: kept ones changed in place, new ones added, the rest removed. */
async function saveOptions(trx: Trx, webId: number, productId: number, options: SaveProduct['options']): Promise<void> {
  const keptOptions = options.flatMap((option) => (option.id === undefined ? [] : [option.id]));
  await trx
    .deleteFrom('product_options')
    .where('product_id', '=', productId)
    .$if(keptOptions.length > 0, (q) => q.where('option_id', 'not in', keptOptions))
    .execute();
  for (const [sort, option] of options.entries()) {
    const row = { name: option.name, input_type_id: option.inputTypeId, is_mandatory: option.required, sort };
    const optionId =
      option.id ??
      (
        await trx
          .insertInto('product_options')
          .values({ web_id: webId, product_id: productId, ...row })
          .returning('option_id')
          .executeTakeFirstOrThrow()
      ).option_id;
    if (option.id !== undefined) {
      await trx.updateTable('product_options').set(row).where('option_id', '=', optionId).execute();
      const keptValues = option.values.flatMap((value) => (value.id === undefined ? [] : [value.id]));
      await trx
        .deleteFrom('product_option_values')
        .where('option_id', '=', optionId)
        .$if(keptValues.length > 0, (q) => q.where('value_id', 'not in', keptValues))
        .execute();
    }
    for (const value of option.values)
      if (value.id !== undefined)
        await trx
          .updateTable('product_option_values')
          .set({ name: value.name, price: value.price })
          .where('value_id', '=', value.id)
          .execute();
      else
        await trx
          .insertInto('product_option_values')
          .values({ web_id: webId, option_id: optionId, name: value.name, price: value.price })
          .execute();
  }
}

/** The add-ons as sent: kept ones changed in place, new ones added, the rest removed (and so from the carts that held them). */
async function saveAddons(trx: Trx, webId: number, productId: number, addons: SaveProduct['addons']): Promise<void> {
  const kept = addons.flatMap((addon) => (addon.id === undefined ? [] : [addon.id]));
  await trx
    .deleteFrom('addons')
    .where('product_id', '=', productId)
    .$if(kept.length > 0, (q) => q.where('addon_id', 'not in', kept))
    .execute();
  for (const addon of addons)
    if (addon.id !== undefined)
      await trx.updateTable('addons').set({ name: addon.name, price: addon.price }).where('addon_id', '=', addon.id).execute();
    else await trx.insertInto('addons').values({ web_id: webId, product_id: productId, name: addon.name, price: addon.price }).execute();
}

const statusOfAction: Partial<Record<BulkProducts['action'], ProductStatus>> = { publish: 'active', draft: 'draft', archive: 'archived' };

/**
 * A bulk change of the store's products `productIds`: all of them or none. An id that is not one of the store's
 * products is a 404 and nothing changes.
 */
export async function bulkChangeProducts(store: Db, body: BulkProducts): Promise<number> {
  return store.transaction().execute(async (trx) => {
    const found = new Set(
      (await trx.selectFrom('products').select('product_id').where('product_id', 'in', body.productIds).forUpdate().execute()).map(
        (row) => row.product_id,
      ),
    );
    const missing = body.productIds.findIndex((id) => !found.has(id));
    if (missing >= 0) throw noSuchProduct(`productIds.${missing}`);
    const categoryId = body.categoryId ?? null;
    if (body.action === 'move' && categoryId !== null) {
      const category = await trx.selectFrom('categories').select('category_id').where('category_id', '=', categoryId).executeTakeFirst();
      if (!category) throw refused('categoryId', 'is not a category of this store');
    }
    if (body.action === 'delete') {
      await trx.deleteFrom('products').where('product_id', 'in', body.productIds).execute();
      return body.productIds.length;
    }
    const status = statusOfAction[body.action];
    await trx
      .updateTable('products')
      .set((eb) => ({ ...(status ? { status } : { category_id: categoryId }), version: eb('version', '+', 1) }))
      .where('product_id', 'in', body.productIds)
      .execute();
    return body.productIds.length;
  });
}
