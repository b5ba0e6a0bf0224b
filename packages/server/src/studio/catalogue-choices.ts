import { sql } from 'kysely';
import { PRODUCT_CHOICES, type CatalogueChoices, type ProductChoice } from '@vitrine/commerce';
import type { Db } from '../db/connect.ts';
import { firstImage } from '../shop/catalog.ts';

/** Names as a person reads a list: case and accents aside, then by id so that equal names keep one order. */
const byName = (a: { name: string; id: number }, b: { name: string; id: number }) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id - b.id;

/**
 * The store's categories and brands by name, for the studio's pickers. Every query is scoped to `webId`. A category
 * counts the published products of its whole branch, as a product grid picking it shows them.
 */
export async function loadCatalogueChoices(db: Db, webId: number): Promise<CatalogueChoices> {
  const [categories, categoryCounts, brands] = await Promise.all([
    db.selectFrom('categories').select(['category_id as id', 'name', 'parent_id as parentId']).where('web_id', '=', webId).execute(),
    db
      .selectFrom('products')
      .select((eb) => ['category_id', eb.fn.countAll<string>().as('n')])
      .where('web_id', '=', webId)
      .where('is_published', '=', true)
      .where('category_id', 'is not', null)
      .groupBy('category_id')
      .execute(),
    db
      .selectFrom('brands as b')
      .select((eb) => [
        'b.brand_id as id',
        'b.name',
        eb
          .selectFrom('products as p')
          .select((inner) => inner.fn.countAll<string>().as('n'))
          .whereRef('p.web_id', '=', 'b.web_id')
          .whereRef('p.brand_id', '=', 'b.brand_id')
          .where('p.is_published', '=', true)
          .as('productCount'),
      ])
      .where('b.web_id', '=', webId)
      .execute(),
  ]);

  // Each category's own products added to it and to every category above it; a loop in the tree is climbed once.
  const parentOf = new Map(categories.map((category) => [category.id, category.parentId]));
  const branchCount = new Map<number, number>();
  for (const { category_id: categoryId, n } of categoryCounts) {
    const seen = new Set<number>();
    for (let id: number | null | undefined = categoryId; id != null && !seen.has(id); id = parentOf.get(id)) {
      seen.add(id);
      branchCount.set(id, (branchCount.get(id) ?? 0) + Number(n));
    }
  }

  return {
    categories: categories.map((category) => ({ ...category, productCount: branchCount.get(category.id) ?? 0 })).sort(byName),
    brands: brands.map((brand) => ({ ...brand, productCount: Number(brand.productCount ?? 0) })).sort(byName),
  };
}

/** A word as a LIKE pattern matches it literally. */
const literally = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The product picker's search (`Studio/FindProducts`): published products of store `webId` whose search text (name,
 * brand, category, SKU, folded as the storefront's search folds them) holds every word of `q`, those whose name
 * starts with it first, then by name; or the products `ids` names, in that order.
 */
export async function findProducts(
  db: Db,
  webId: number,
  { q, ids }: { q: string; ids?: readonly number[] | undefined },
): Promise<ProductChoice[]> {
  let select = db
    .selectFrom('products as p')
    .leftJoinLateral(firstImage, (join) => join.onTrue())
    .select(['p.product_id as id', 'p.name', 'p.sku', 'img.file as imageFile'])
    .where('p.web_id', '=', webId)
    .where('p.is_published', '=', true);
  if (ids) {
    const rows = await select.where('p.product_id', 'in', ids).execute();
    const byId = new Map(rows.map((row) => [row.id, { ...row, imageFile: row.imageFile ?? null }]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }
  const words = q.split(/\s+/).filter(Boolean);
  for (const word of words) select = select.where(sql<boolean>`p.search_text LIKE '%' || vt_fold(${literally(word)}) || '%'`);
  if (q) select = select.orderBy(sql`vt_fold(p.name) LIKE vt_fold(${literally(q)}) || '%'`, 'desc');
  const rows = await select
    .orderBy((eb) => eb.fn('lower', ['p.name']))
    .orderBy('p.product_id')
    .limit(PRODUCT_CHOICES)
    .execute();
  return rows.map((row) => ({ ...row, imageFile: row.imageFile ?? null }));
}
