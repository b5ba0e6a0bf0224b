import { CATALOGUE_PRODUCT_CHOICES, type CatalogueChoices } from '@vitrine/commerce';
import type { Db } from '../db/connect.ts';

/** Names as a person reads a list: case and accents aside, then by id so that equal names keep one order. */
const byName = (a: { name: string; id: number }, b: { name: string; id: number }) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id - b.id;

/**
 * The store's categories, brands and first products by name, for the studio's pickers. Every query is scoped to
 * `webId`. A category counts the published products of its whole branch, as a product grid picking it shows them.
 */
export async function loadCatalogueChoices(db: Db, webId: number): Promise<CatalogueChoices> {
  const [categories, categoryCounts, brands, products] = await Promise.all([
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
    db
      .selectFrom('products')
      .select(['product_id as id', 'name'])
      .where('web_id', '=', webId)
      .where('is_published', '=', true)
      .orderBy((eb) => eb.fn('lower', ['name']))
      .orderBy('product_id')
      .limit(CATALOGUE_PRODUCT_CHOICES)
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
    // Chosen by the database's order, shown in the same order as the other lists.
    products: products.sort(byName),
  };
}
