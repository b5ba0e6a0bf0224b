import { PageType } from '@vitrine/commerce';
import type { Db } from '../db/connect.ts';

/** The most addresses one sitemap file may list (the sitemaps protocol's limit). */
export const SITEMAP_LIMIT = 50_000;

export interface SitemapEntry {
  path: string;
  lastmod: Date | null;
}

/**
 * Every address of a store a search engine should know (§2.7's indexable pages): home, the owner's custom pages,
 * categories by their trails, brands, and products, in that order. `part` (from 0) picks a file of at most
 * `SITEMAP_LIMIT`; the store-scoped database keeps it to the store's own.
 */
export async function sitemapPart(db: Db, part: number, limit = SITEMAP_LIMIT): Promise<{ entries: SitemapEntry[]; parts: number }> {
  const [pages, categories, brands, productCount] = await Promise.all([
    db
      .selectFrom('pages')
      .select(['page_type_id', 'slug', 'published_at'])
      .where('published', 'is not', null)
      .where('page_type_id', 'in', [PageType.Home, PageType.Custom])
      .orderBy('page_type_id')
      .orderBy('slug')
      .execute(),
    db.selectFrom('categories').select(['category_id', 'parent_id', 'slug']).orderBy('sort').orderBy('category_id').execute(),
    db.selectFrom('brands').select('slug').orderBy('slug').execute(),
    db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('is_published', '=', true)
      .executeTakeFirstOrThrow(),
  ]);
  const bySlug = new Map(categories.map((c) => [c.category_id, c]));
  const trail = (id: number): string => {
    const category = bySlug.get(id)!;
    return category.parent_id === null || !bySlug.has(category.parent_id) ? category.slug : `${trail(category.parent_id)}/${category.slug}`;
  };
  const fixed: SitemapEntry[] = [
    ...pages.map((page) => ({ path: page.page_type_id === PageType.Home ? '/' : `/${page.slug}`, lastmod: page.published_at })),
    ...categories.map((category) => ({ path: `/${trail(category.category_id)}`, lastmod: null })),
    ...brands.map((brand) => ({ path: `/brand/${brand.slug}`, lastmod: null })),
  ];
  const total = fixed.length + Number(productCount.n);
  const parts = Math.max(1, Math.ceil(total / limit));
  const start = part * limit;
  const fromFixed = fixed.slice(start, start + limit);
  const productOffset = Math.max(0, start - fixed.length);
  const productLimit = limit - fromFixed.length;
  const products =
    part < parts && productLimit > 0
      ? await db
          .selectFrom('products')
          .select(['slug', 'created_at'])
          .where('is_published', '=', true)
          .orderBy('product_id')
          .offset(productOffset)
          .limit(productLimit)
          .execute()
      : [];
  return {
    entries: [...fromFixed, ...products.map((product) => ({ path: `/${product.slug}`, lastmod: product.created_at }))],
    parts,
  };
}
