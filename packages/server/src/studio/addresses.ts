// The store's one-segment addresses (`/oak-table`, `/kitchen`), shared by its products, categories and pages: which
// is free, a free one made from a name, and the 301 that keeps a moved one working. Used by the product and category
// saves, inside their transactions.
import type { Transaction } from 'kysely';
import { PageType, isReservedProductSlug, slugFromName } from '@vitrine/commerce';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';

type Trx = Transaction<Database>;

/** What is being saved, so that its own address is not counted as taken. */
export interface AddressOwner {
  productId?: number | null;
  categoryId?: number | null;
}

/** What holds the address `/slug` in the store, in words, or null: a product, a category or a page. */
async function holderOf(trx: Trx, slug: string, self: AddressOwner): Promise<string | null> {
  const productId = self.productId ?? null;
  const categoryId = self.categoryId ?? null;
  const [product, category, page] = await Promise.all([
    trx
      .selectFrom('products')
      .select('product_id')
      .where('slug', '=', slug)
      .$if(productId !== null, (q) => q.where('product_id', '<>', productId!))
      .executeTakeFirst(),
    trx
      .selectFrom('categories')
      .select('category_id')
      .where('slug', '=', slug)
      .$if(categoryId !== null, (q) => q.where('category_id', '<>', categoryId!))
      .executeTakeFirst(),
    trx.selectFrom('pages').select('page_id').where('page_type_id', '=', PageType.Custom).where('slug', '=', slug).executeTakeFirst(),
  ]);
  if (product) return self.productId === undefined ? 'a product' : 'another product';
  if (category) return self.categoryId === undefined ? 'a category' : 'another category';
  return page ? 'a page' : null;
}

/** `slug`, or a 400 SLUG_TAKEN naming `slug` when a product, category or page of the store holds it. */
export async function checkSlugFree(trx: Trx, slug: string, self: AddressOwner): Promise<string> {
  const holder = await holderOf(trx, slug, self);
  if (holder) throw new HttpError(400, 'SLUG_TAKEN', `slug: is already the address of ${holder} of this store`, 'slug');
  return slug;
}

/** A free address made from the name: `oak-table`, else `oak-table-2`, `oak-table-3`… (`fallback` for a name of no letters). */
export async function freeSlug(trx: Trx, name: string, fallback = 'product'): Promise<string> {
  const base = slugFromName(name).slice(0, 180).replace(/-$/, '') || fallback;
  const taken = new Set(
    (
      await Promise.all([
        trx.selectFrom('products').select('slug').where('slug', 'like', `${base}%`).execute(),
        trx.selectFrom('categories').select('slug').where('slug', 'like', `${base}%`).execute(),
        trx.selectFrom('pages').select('slug').where('page_type_id', '=', PageType.Custom).where('slug', 'like', `${base}%`).execute(),
      ])
    ).flatMap((rows) => rows.map((row) => row.slug)),
  );
  return firstFree(base, taken);
}

/** `base`, else `base-2`, `base-3`…: the first that is neither `taken` nor an address of the store app. */
export function firstFree(base: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!taken.has(slug) && !isReservedProductSlug(slug)) return slug;
  }
}

/**
 * The old address answers 301 to the new one (§2.1's redirect rules, applied before the route table on every server
 * process): a rule from the old path, rules that led to it now leading to the new one (no chain of hops), and a rule
 * from the new path removed, since the product or category lives there now and a rule would hide it.
 */
export async function redirectAddress(trx: Trx, webId: number, from: string, to: string): Promise<void> {
  await trx.deleteFrom('redirect_rules').where('from_path', '=', to).execute();
  await trx.updateTable('redirect_rules').set({ target: to, updated_at: new Date() }).where('target', '=', from).execute();
  await trx
    .insertInto('redirect_rules')
    .values({ web_id: webId, from_path: from, target: to, status: 301 })
    .onConflict((conflict) => conflict.columns(['web_id', 'from_path']).doUpdateSet({ target: to, status: 301, updated_at: new Date() }))
    .execute();
}
