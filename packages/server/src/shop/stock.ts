import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';

/** One stock move outside the product editor: `change` units to a variant (when `variantId`) or else to the product. */
export interface StockMove {
  productId: number;
  variantId: number | null;
  /** Negative: taken by a sale, and only where there are that many. Positive: given back (an order cancelled). */
  change: number;
}

/**
 * Moves stock the way an order does, raising the product's `version` in the same statement or transaction, so an
 * editor that read the stock before is refused (409 PRODUCT_CHANGED) rather than writing the old number back over
 * the sale. The product's row is written first, before its variant's: the editor's save holds the product and then
 * writes its variants, so taking them in that order too leaves no two transactions waiting on each other. Answers
 * false, having taken nothing, when a sale asks for more than there is: the caller refuses the order, and its
 * transaction is rolled back.
 */
export async function moveStock(trx: Db, { productId, variantId, change }: StockMove): Promise<boolean> {
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
      .returning('variant_id')
      .executeTakeFirst();
    return moved !== undefined;
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
    .returning('product_id')
    .executeTakeFirst();
  return moved !== undefined;
}
