import { MAX_WISHLIST, type WishlistAnswer } from '@vitrine/commerce';
import type { Db } from '../db/connect.ts';
import { HttpError } from '../http/errors.ts';
import { cardsOf } from './catalog.ts';

/**
 * A customer's wishlist (§3.4): published products they hearted, newest first. Adding a product already there, or
 * removing one that is not, changes nothing, so a retried click is harmless; a product that is not this store's is a
 * 404 naming the field.
 */
export async function wishlistOf(db: Db, customerId: number): Promise<WishlistAnswer> {
  const rows = await db
    .selectFrom('wishlist_items as w')
    .innerJoin('products as p', 'p.product_id', 'w.product_id')
    .select('w.product_id')
    .where('w.customer_id', '=', customerId)
    .where('p.is_published', '=', true)
    .orderBy('w.created_at', 'desc')
    .orderBy('w.product_id', 'desc')
    .execute();
  const products = await cardsOf(
    db,
    rows.map((row) => row.product_id),
  );
  return { data: { products, wishlistCount: products.length } };
}

/** Adds products (a heart, or a guest's hearts at sign-in); those already there stay as they were. */
export async function addToWishlist(db: Db, webId: number, customerId: number, productIds: readonly number[]): Promise<WishlistAnswer> {
  const wanted = [...new Set(productIds)];
  if (wanted.length) {
    const found = await db.selectFrom('products').select('product_id').where('product_id', 'in', wanted).execute();
    const missing = wanted.find((id) => !found.some((row) => row.product_id === id));
    if (missing !== undefined)
      throw new HttpError(404, 'NOT_FOUND', `No product ${missing}`, wanted.length === 1 ? 'ProductID' : 'ProductIDs');
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('wishlist_items')
        .values(wanted.map((product_id) => ({ web_id: webId, customer_id: customerId, product_id })))
        .onConflict((oc) => oc.doNothing())
        .execute();
      const { n } = await trx
        .selectFrom('wishlist_items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('customer_id', '=', customerId)
        .executeTakeFirstOrThrow();
      if (Number(n) > MAX_WISHLIST)
        throw new HttpError(400, 'WISHLIST_FULL', `A wishlist keeps at most ${MAX_WISHLIST} products`, 'ProductID');
    });
  }
  return wishlistOf(db, customerId);
}

export async function removeFromWishlist(db: Db, customerId: number, productId: number): Promise<WishlistAnswer> {
  const product = await db.selectFrom('products').select('product_id').where('product_id', '=', productId).executeTakeFirst();
  if (!product) throw new HttpError(404, 'NOT_FOUND', `No product ${productId}`, 'ProductID');
  await db.deleteFrom('wishlist_items').where('customer_id', '=', customerId).where('product_id', '=', productId).execute();
  return wishlistOf(db, customerId);
}
