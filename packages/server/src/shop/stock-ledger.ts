import type { Db } from '../db/connect.ts';

/** Why a stock moved: an order placed or cancelled, an owner's correction, an import. */
export type StockMovementReason = 'order' | 'cancel' | 'correction' | 'import';

/** One change of a tracked stock, as the ledger keeps it (migration 0023). */
export interface StockMovement {
  productId: number;
  /** The variant whose stock moved; null for a product without variants. */
  variantId: number | null;
  /** Units added (positive) or taken (negative). */
  change: number;
  /** The count the change left. */
  stockAfter: number;
  reason: StockMovementReason;
  /** The order that moved it (reason 'order' or 'cancel'). */
  orderCode?: string | null;
  /** Who: the owner's email for a correction or an import; the customer's, or 'shopper', for an order. */
  actor: string;
}

/**
 * Writes `movements` to `webId`'s ledger in one statement; nothing for none. Call it with the transaction that moves
 * the stock (a Kysely `Transaction` is a `Db`), so the ledger and the counts commit or roll back together.
 */
export async function recordStockMovements(db: Db, webId: number, movements: readonly StockMovement[]): Promise<void> {
  if (movements.length === 0) return;
  await db
    .insertInto('stock_movements')
    .values(
      movements.map((movement) => ({
        web_id: webId,
        product_id: movement.productId,
        variant_id: movement.variantId,
        change: movement.change,
        stock_after: movement.stockAfter,
        reason: movement.reason,
        order_code: movement.orderCode ?? null,
        actor: movement.actor,
      })),
    )
    .execute();
}

/** The signed-in owner a studio call comes from, and the store it is made on. */
export interface OwnerCaller {
  ownerId: number;
  webId: number;
}

/** How the ledger names an owner: by their email. */
export async function ownerActor(db: Db, ownerId: number): Promise<string> {
  const owner = await db.selectFrom('owners').select('email').where('owner_id', '=', ownerId).executeTakeFirstOrThrow();
  return owner.email;
}
