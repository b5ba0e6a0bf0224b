import { z } from 'zod';
import { listPicture, queryId, recordId, stockCount, stockLevels, studioProductsQuery } from './studio-products.ts';

/**
 * The store's stock in the back office (issue 34): every stock-keeping unit's count (a variant's, or a product's that
 * has no variants) edited in place, the ledger of every stock movement (an order placed or cancelled, an owner's
 * correction, an import) with who and when, and the store's low-stock threshold.
 */

/** The most counts one `Studio/SetStock` sets. */
export const MAX_STOCK_ITEMS = 500;
/** The most ledger rows one page shows. */
export const MAX_MOVEMENT_PAGE = 100;
/** The highest low-stock threshold a store may set. */
export const MAX_LOW_STOCK_THRESHOLD = 1_000_000;

/** The inventory's filter: low is at or under the store's threshold, out of stock included; out is none left. */
export const inventoryLevels = ['low', 'out'] as const;
export const inventorySorts = ['name', 'name-desc', 'stock', 'stock-desc'] as const;

const page = studioProductsQuery.shape.page;

/**
 * `GET /api/Studio/GetInventory`: one row per stock-keeping unit. `q` searches the products as `Studio/GetProducts`
 * does (typos forgiven); `level` keeps the low (or out-of-stock) ones of counted stock; `sort` by product name (then
 * variant) or by count; `page` and `pageSize` page.
 */
export const studioInventoryQuery = z.object({
  q: studioProductsQuery.shape.q,
  level: z.enum(inventoryLevels, { error: 'must be low or out' }).optional(),
  sort: z.enum(inventorySorts, { error: `must be one of ${inventorySorts.join(', ')}` }).default('name'),
  page,
  pageSize: studioProductsQuery.shape.pageSize,
});
export type StudioInventoryQuery = z.input<typeof studioInventoryQuery>;

/** A stock-keeping unit: a variant (`variantId`, labelled by its values, "M / Blue"), or a product without variants. */
export const inventoryItem = z.object({
  productId: z.number().int(),
  variantId: z.number().int().nullable(),
  productName: z.string(),
  /** The variant's values joined, "M / Blue"; null for a product without variants. */
  variantLabel: z.string().nullable(),
  sku: z.string(),
  picture: listPicture.nullable(),
  stock: z.number().int(),
  /** Whether sales count this stock down; a product made to order is always `in`. */
  tracked: z.boolean(),
  level: z.enum(stockLevels),
});
export type InventoryItem = z.infer<typeof inventoryItem>;

/**
 * `Studio/GetInventory` answer: a page of items, the matches counted up to `PRODUCT_COUNT_LIMIT` (`more` past it), and
 * the store's threshold the levels are marked by.
 */
export const studioInventoryAnswer = z.object({
  data: z.object({
    items: z.array(inventoryItem),
    total: z.number().int(),
    more: z.boolean(),
    page: z.number().int(),
    pageSize: z.number().int(),
    lowStockThreshold: z.number().int(),
  }),
});
export type StudioInventoryAnswer = z.infer<typeof studioInventoryAnswer>;

/**
 * `POST /api/Studio/SetStock`: sets each item's count, all in one transaction, each change written to the ledger as a
 * correction by the owner. `variantId` names a variant of `productId`; null, a product without variants. `expected`
 * is the count the owner saw: when the stock has moved since (an order), the whole call is refused with 409
 * STOCK_CHANGED naming the item, and nothing is written. An id that is not the store's is a 404, nothing written.
 */
export const setStockRequest = z
  .object({
    items: z
      .array(
        z.object({
          productId: recordId,
          variantId: recordId.nullable().default(null),
          stock: stockCount,
          expected: stockCount.optional(),
        }),
      )
      .min(1, 'must name at least one item')
      .max(MAX_STOCK_ITEMS, `must name at most ${MAX_STOCK_ITEMS} items`),
  })
  .superRefine((body, context) => {
    const seen = new Set<string>();
    body.items.forEach((item, i) => {
      const key = `${item.productId}/${item.variantId ?? ''}`;
      if (seen.has(key)) context.addIssue({ code: 'custom', message: 'names the same stock as an item before it', path: ['items', i] });
      seen.add(key);
    });
  });
export type SetStockRequest = z.input<typeof setStockRequest>;

/** `Studio/SetStock` answer: each item as it stands now, in the order sent. */
export const setStockAnswer = z.object({ data: z.object({ items: z.array(inventoryItem) }) });
export type SetStockAnswer = z.infer<typeof setStockAnswer>;

/** STOCK_CHANGED (409): an item's stock moved since the owner read it; nothing was written. */
export const stockChangedAnswer = z.object({
  error: z.object({
    code: z.literal('STOCK_CHANGED'),
    message: z.string(),
    /** `items.{i}`: the first item whose stock moved. */
    field: z.string(),
    /** Its count now. */
    stock: z.number().int(),
  }),
});
export type StockChangedAnswer = z.infer<typeof stockChangedAnswer>;

export const stockMovementReasons = ['order', 'cancel', 'correction', 'import'] as const;

/** `GET /api/Studio/GetStockMovements`: the ledger newest first, of one product when `productId`; paged. */
export const stockMovementsQuery = z.object({
  productId: queryId.optional(),
  page,
  pageSize: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1)
    .max(MAX_MOVEMENT_PAGE, `must be at most ${MAX_MOVEMENT_PAGE}`)
    .default(50),
});
export type StockMovementsQuery = z.input<typeof stockMovementsQuery>;

/** One stock movement: when, what (the product's name, the variant's label), by how much, the count after, why, by whom. */
export const stockMovementRow = z.object({
  id: z.number().int(),
  /** When, ISO 8601. */
  at: z.string(),
  productId: z.number().int(),
  variantId: z.number().int().nullable(),
  productName: z.string(),
  /** null for a product without variants, or a variant removed since. */
  variantLabel: z.string().nullable(),
  change: z.number().int(),
  stockAfter: z.number().int(),
  reason: z.enum(stockMovementReasons),
  orderCode: z.string().nullable(),
  actor: z.string(),
});
export type StockMovementRow = z.infer<typeof stockMovementRow>;

/** `Studio/GetStockMovements` answer: a page of the ledger, and whether there is a page after it. */
export const stockMovementsAnswer = z.object({
  data: z.object({
    movements: z.array(stockMovementRow),
    page: z.number().int(),
    pageSize: z.number().int(),
    hasMore: z.boolean(),
  }),
});
export type StockMovementsAnswer = z.infer<typeof stockMovementsAnswer>;

/** `POST /api/Studio/SaveStockSettings`: the count at or under which the store's stock is low (0: only none left). */
export const saveStockSettingsRequest = z.object({
  lowStockThreshold: z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must not be negative')
    .max(MAX_LOW_STOCK_THRESHOLD, `must be at most ${MAX_LOW_STOCK_THRESHOLD}`),
});
export type SaveStockSettingsRequest = z.input<typeof saveStockSettingsRequest>;

/** `Studio/GetStockSettings` and `Studio/SaveStockSettings` answer. */
export const stockSettingsAnswer = z.object({ data: z.object({ lowStockThreshold: z.number().int() }) });
export type StockSettingsAnswer = z.infer<typeof stockSettingsAnswer>;
