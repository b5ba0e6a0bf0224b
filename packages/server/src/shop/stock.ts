import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { recordStockMovements } from './stock-ledger.ts';

/** One stock move outside the product editor: `change` units to a variant (when `variantId`) or else to the product. */
export interface StockMove {
  productId: number;
  variantId: number | null;
  /** Negative: taken by a sale, and only where there are that many. Positive: given back (an order cancelled). */
  change: number;
}

/** Why an order moved stock, for the ledger (shop/stock-ledger.ts): placed or cancelled, which, and by whom. */
export interface OrderStockCause {
  webId: number;
  reason: 'order' | 'cancel';
  orderCode: string;
  actor: string;
}

/**
 * Moves stock the way an order does, raising the product's `version` in the same statement or transaction, so an
 * editor that read the stock before is refused (409 PRODUCT_CHANGED) rather than writing the old number back over
 * the sale. The product's row is written first, before its variant's: the editor's save holds the product and then
 * writes its variants, so taking them in that order too leaves no two transactions waiting on each other. Answers
 * false, having taken nothing, when a sale asks for more than there is: the caller refuses the order, and its
 * transaction is rolled back. A move made is written to the store's stock ledger in the same transaction, with the
 * count it left and its `cause`.
 */
export async function moveStock(trx: Db, move: StockMove, cause: OrderStockCause): Promise<boolean> {
  const stockAfter = await movedStock(trx, move);
  if (stockAfter === undefined) return false;
  const { webId, reason, orderCode, actor } = cause;
  await recordStockMovements(trx, webId, [{ ...move, stockAfter, reason, orderCode, actor }]);
  return true;
}

/** Moves the stock as `moveStock` says: the count it left, or undefined when there were not enough to take. */
async function movedStock(trx: Db, { productId, variantId, change }: StockMove): Promise<number | undefined> {
  const taking = change < 0;
  if (variantId !== null) {
    await trx
      .updateTable('products')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('product_id', '=', (eb) => eb.selectFrom('variants').select('product_id').where('variant_id', '=', variantId))
      .execute();
    const moved = await trx
      .updateTable('variants')
      .set({ stock: sql`stock + ${change}` })
      .where('variant_id', '=', variantId)
      .$if(taking, (q) => q.where('stock', '>=', -change))
      .returning('stock')
      .executeTakeFirst();
    return moved?.stock;
  }
  const moved = await trx
    .updateTable('products')
    .set((eb) => ({
      stock: sql`stock + ${change}`,
      // Sold out by this sale: out of stock; anything given back puts it in stock again.
      stock_status_id: taking ? sql`CASE WHEN stock = ${-change} THEN 2 ELSE stock_status_id END` : 1,
      version: eb('version', '+', 1),
    }))
    .where('product_id', '=', productId)
    .$if(taking, (q) => q.where('stock', '>=', -change))
    .returning('stock')
    .executeTakeFirst();
  return moved?.stock;
}
