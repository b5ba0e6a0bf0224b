// The store's stock in the back office (issue 34): one row per stock-keeping unit (a variant, or a product without
// variants), counts set in place with the ledger told, the ledger read back, and the store's low-stock threshold.
// Every function acts on one store's rows, through its scoped database; a count set reaches every server process's
// page data through the catalogue's triggers on products and variants (migration 0014), as a product save does.
import { sql, type SqlBool } from 'kysely';
import type { z } from 'zod';
import {
  PRODUCT_COUNT_LIMIT,
  type InventoryItem,
  type StockMovementRow,
  type saveStockSettingsRequest,
  type setStockRequest,
  type stockMovementsQuery,
  type studioInventoryQuery,
} from '@vitrine/commerce';
import type { Db } from '../db/connect.ts';
import { HttpError } from '../http/errors.ts';
import { matches, searchTerms } from '../shop/listing.ts';
import { ownerActor, recordStockMovements, type OwnerCaller, type StockMovement } from '../shop/stock-ledger.ts';
import { countedUpTo, lowStockThreshold, stockLevelOf } from './products.ts';

type InventoryQuery = z.output<typeof studioInventoryQuery>;
type SetStock = z.output<typeof setStockRequest>;
type MovementsQuery = z.output<typeof stockMovementsQuery>;

/** Every stock-keeping unit of the store: each variant with its product, and each product without variants once (`v` null). */
function units(store: Db) {
  return store.selectFrom('products as p').leftJoin('variants as v', 'v.product_id', 'p.product_id');
}

/** A unit's count: its variant's, or its product's. */
const unitStock = sql<number>`coalesce(v.stock, p.stock)`;

function unitColumns(q: ReturnType<typeof units>) {
  return q.select([
    'p.product_id',
    'v.variant_id',
    'p.name',
    'v.name as variant_name',
    'v.image_file',
    sql<string>`coalesce(v.sku, p.sku)`.as('sku'),
    unitStock.as('stock'),
    'p.track_stock',
  ]);
}

type UnitRow = Awaited<ReturnType<ReturnType<typeof unitColumns>['execute']>>[number];

/**
 * `rows` as the inventory shows them, each with its picture: its variant's own, else its product's first. The pictures
 * are read for these rows only (a page), not for every unit the list sorts.
 */
async function itemsOf(store: Db, rows: readonly UnitRow[], threshold: number): Promise<InventoryItem[]> {
  const productIds = [...new Set(rows.map((row) => row.product_id))];
  const pictures = productIds.length
    ? await store
        .selectFrom('product_images')
        .select(['product_id', 'file', 'width', 'height'])
        .where('product_id', 'in', productIds)
        .orderBy('product_id')
        .orderBy('sort')
        .orderBy('image_id')
        .execute()
    : [];
  return rows.map((row) => {
    const own = pictures.filter((picture) => picture.product_id === row.product_id);
    const picture = own.find((candidate) => candidate.file === row.image_file) ?? own[0];
    const stock = Number(row.stock);
    return {
      productId: row.product_id,
      variantId: row.variant_id,
      productName: row.name,
      variantLabel: row.variant_id === null ? null : (row.variant_name ?? ''),
      sku: row.sku ?? '',
      picture: picture ? { file: picture.file, width: picture.width, height: picture.height } : null,
      stock,
      tracked: row.track_stock,
      level: stockLevelOf(stock, row.track_stock, threshold),
    };
  });
}

/**
 * A page of the store's stock-keeping units. `q` matches the products as the product list's search does (typos
 * forgiven); `level` keeps counted stock at or under the store's threshold (low, none left included) or at none
 * (out). The total is counted up to `countLimit` and no further (`more` says there are more).
 */
export async function listInventory(
  store: Db,
  query: InventoryQuery,
  countLimit = PRODUCT_COUNT_LIMIT,
): Promise<{ items: InventoryItem[]; total: number; more: boolean; lowStockThreshold: number }> {
  const { level, sort, page, pageSize } = query;
  const q = query.q.replace(/\s+/g, ' ');
  const [terms, threshold] = await Promise.all([q ? searchTerms(store, q) : [], lowStockThreshold(store)]);
  let matching = units(store);
  if (q) matching = matching.where(matches(q, terms, sql.ref('p.search_text')));
  if (level)
    matching = matching
      .where('p.track_stock', '=', true)
      .where(sql<SqlBool>`coalesce(v.stock, p.stock) <= ${level === 'out' ? 0 : threshold}`);
  let ordered = matching;
  if (sort === 'stock' || sort === 'stock-desc') ordered = ordered.orderBy(unitStock, sort === 'stock' ? 'asc' : 'desc');
  ordered = ordered
    .orderBy('p.name', sort === 'name-desc' ? 'desc' : 'asc')
    .orderBy('p.product_id')
    .orderBy('v.variant_id');
  const [rows, counted] = await Promise.all([
    unitColumns(ordered)
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    countedUpTo(store, matching.select('p.product_id'), countLimit),
  ]);
  return { items: await itemsOf(store, rows, threshold), ...counted, lowStockThreshold: threshold };
}

/** The units of `productIds` as the inventory lists them, by product and variant (`${productId}/${variantId ?? ''}`). */
async function unitsOf(store: Db, productIds: readonly number[]): Promise<Map<string, InventoryItem>> {
  const [rows, threshold] = await Promise.all([
    unitColumns(units(store).where('p.product_id', 'in', productIds)).execute(),
    lowStockThreshold(store),
  ]);
  const items = await itemsOf(store, rows, threshold);
  return new Map(items.map((item) => [unitKey(item.productId, item.variantId), item]));
}

const unitKey = (productId: number, variantId: number | null) => `${productId}/${variantId ?? ''}`;

/**
 * Sets the counts of `body.items`, all in one transaction or none: each product's row is held first (then its
 * variants', the order an order's stock move takes them in), every item is checked (the store's, a unit, and still at
 * the count the owner saw), and then each change is written, its product's version raised (an editor open on it gets
 * a conflict rather than writing the old count back), and the ledger told, as a correction by the owner.
 */
export async function setStock(store: Db, caller: OwnerCaller, body: SetStock): Promise<InventoryItem[]> {
  const productIds = [...new Set(body.items.map((item) => item.productId))].sort((a, b) => a - b);
  await store.transaction().execute(async (trx) => {
    const products = await trx
      .selectFrom('products')
      .select(['product_id', 'name', 'stock', 'track_stock'])
      .where('product_id', 'in', productIds)
      .orderBy('product_id')
      .forUpdate()
      .execute();
    const variants = await trx
      .selectFrom('variants')
      .select(['variant_id', 'product_id', 'name', 'stock'])
      .where('product_id', 'in', productIds)
      .orderBy('variant_id')
      .forUpdate()
      .execute();
    const changes = body.items.map((item, i) => {
      const product = products.find((row) => row.product_id === item.productId);
      if (!product) throw new HttpError(404, 'NOT_FOUND', `items.${i}.productId: this store has no such product`, `items.${i}.productId`);
      const own = variants.filter((row) => row.product_id === item.productId);
      const variant = item.variantId === null ? undefined : own.find((row) => row.variant_id === item.variantId);
      if (item.variantId !== null && !variant)
        throw new HttpError(404, 'NOT_FOUND', `items.${i}.variantId: ${product.name} has no such variant`, `items.${i}.variantId`);
      if (item.variantId === null && own.length)
        throw new HttpError(
          400,
          'BAD_REQUEST',
          `items.${i}.variantId: ${product.name} is stocked by its variants; name one of them`,
          `items.${i}.variantId`,
        );
      const was = variant ? variant.stock : product.stock;
      if (item.expected !== undefined && item.expected !== was) {
        const what = variant ? `${product.name} (${variant.name})` : product.name;
        throw new HttpError(
          409,
          'STOCK_CHANGED',
          `${what} has ${was} in stock now, not the ${item.expected} you saw (an order moved it since), so nothing was saved. Check the count and set it again.`,
          `items.${i}`,
          undefined,
          { stock: was },
        );
      }
      return { productId: item.productId, variantId: item.variantId, tracked: product.track_stock, was, now: item.stock };
    });
    const changed = changes.filter(({ was, now }) => was !== now);
    if (!changed.length) return;
    for (const change of changed)
      if (change.variantId !== null)
        await trx.updateTable('variants').set({ stock: change.now }).where('variant_id', '=', change.variantId).execute();
      else
        await trx
          .updateTable('products')
          .set((eb) => ({ stock: change.now, stock_status_id: change.now > 0 || !change.tracked ? 1 : 2, version: eb('version', '+', 1) }))
          .where('product_id', '=', change.productId)
          .execute();
    // A product with variants keeps their count summed and whether any is left, as its save writes them.
    const stockedByVariants = [...new Set(changed.flatMap((change) => (change.variantId === null ? [] : [change.productId])))];
    if (stockedByVariants.length)
      await trx
        .updateTable('products as p')
        .set((eb) => {
          const summed = eb.fn.coalesce(
            eb
              .selectFrom('variants as v')
              .select((inner) => inner.cast<number>(inner.fn.sum('v.stock'), 'integer').as('sum'))
              .whereRef('v.product_id', '=', 'p.product_id'),
            eb.lit(0),
          );
          return {
            stock: summed,
            stock_status_id: eb
              .case()
              .when(eb.or([eb('p.track_stock', '=', false), eb(summed, '>', 0)]))
              .then(1)
              .else(2)
              .end(),
            version: eb('p.version', '+', 1),
          };
        })
        .where('p.product_id', 'in', stockedByVariants)
        .execute();
    const actor = await ownerActor(trx, caller.ownerId);
    await recordStockMovements(
      trx,
      caller.webId,
      changed.map(({ productId, variantId, was, now }): StockMovement => ({
        productId,
        variantId,
        change: now - was,
        stockAfter: now,
        reason: 'correction',
        actor,
      })),
    );
  });
  const now = await unitsOf(store, productIds);
  return body.items.map((item) => now.get(unitKey(item.productId, item.variantId))!);
}

/**
 * A page of the store's stock ledger, newest first; of one product when `productId` (404 when it is not one of the
 * store's). Each movement names its product and its variant's label (none when the variant has been removed since).
 */
export async function listStockMovements(
  store: Db,
  { productId, page, pageSize }: MovementsQuery,
): Promise<{ movements: StockMovementRow[]; hasMore: boolean }> {
  if (productId !== undefined) {
    const product = await store.selectFrom('products').select('product_id').where('product_id', '=', productId).executeTakeFirst();
    if (!product) throw new HttpError(404, 'NOT_FOUND', 'productId: this store has no such product', 'productId');
  }
  const rows = await store
    .selectFrom('stock_movements as m')
    .innerJoin('products as p', 'p.product_id', 'm.product_id')
    .leftJoin('variants as v', 'v.variant_id', 'm.variant_id')
    .select([
      'm.movement_id',
      'm.created_at',
      'm.product_id',
      'm.variant_id',
      'p.name',
      'v.name as variant_name',
      'm.change',
      'm.stock_after',
      'm.reason',
      'm.order_code',
      'm.actor',
    ])
    .$if(productId !== undefined, (q) => q.where('m.product_id', '=', productId!))
    .orderBy('m.movement_id', 'desc')
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize)
    .execute();
  return {
    movements: rows.slice(0, pageSize).map((row) => ({
      id: Number(row.movement_id),
      at: new Date(row.created_at).toISOString(),
      productId: row.product_id,
      variantId: row.variant_id,
      productName: row.name,
      variantLabel: row.variant_name ?? null,
      change: row.change,
      stockAfter: row.stock_after,
      reason: row.reason,
      orderCode: row.order_code,
      actor: row.actor,
    })),
    hasMore: rows.length > pageSize,
  };
}

/** Sets the count at or under which the store's stock is low; answers it. */
export async function saveStockSettings(store: Db, body: z.output<typeof saveStockSettingsRequest>): Promise<number> {
  const site = await store
    .updateTable('sites')
    .set({ low_stock_threshold: body.lowStockThreshold })
    .returning('low_stock_threshold')
    .executeTakeFirstOrThrow();
  return site.low_stock_threshold;
}
