import { sql, type ExpressionBuilder } from 'kysely';
import { productQuery, type BrandSummary, type CategorySummary, type ProductCard } from '@vitrine/commerce';
import type { CatalogReader } from '@vitrine/sections';
import type { Db } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';

/** The columns each sort option (§3.15) orders products by; ties go by product id. Relevance (8) without keywords is popularity. */
export const sortColumns = {
  1: [['popularity', 'desc']],
  2: [['price', 'asc']],
  3: [['price', 'desc']],
  4: [['name', 'asc']],
  5: [['name', 'desc']],
  6: [
    ['rating', 'desc'],
    ['rating_count', 'desc'],
  ],
  7: [['created_at', 'desc']],
  8: [['popularity', 'desc']],
} as const;

/** The first picture of product `p` (its file and size), to join laterally: what cards and pickers show. */
export function firstImage(eb: ExpressionBuilder<Database & { p: Database['products'] }, 'p'>) {
  return eb
    .selectFrom('product_images as i')
    .select(['i.file', 'i.width', 'i.height'])
    .whereRef('i.web_id', '=', 'p.web_id')
    .whereRef('i.product_id', '=', 'p.product_id')
    .orderBy('i.sort')
    .limit(1)
    .as('img');
}

/** Product cards: the columns a card shows, with the brand's name, the first image and whether it has choices to make. */
function cardQuery(db: Db) {
  return db
    .selectFrom('products as p')
    .leftJoin('brands as b', (join) => join.onRef('b.web_id', '=', 'p.web_id').onRef('b.brand_id', '=', 'p.brand_id'))
    .leftJoinLateral(firstImage, (join) => join.onTrue())
    .select((eb) => [
      eb
        .or([
          eb.exists(
            eb
              .selectFrom('variants as v')
              .select('v.variant_id')
              .whereRef('v.web_id', '=', 'p.web_id')
              .whereRef('v.product_id', '=', 'p.product_id'),
          ),
          eb.exists(
            eb
              .selectFrom('product_options as o')
              .select('o.option_id')
              .whereRef('o.web_id', '=', 'p.web_id')
              .whereRef('o.product_id', '=', 'p.product_id')
              .where('o.is_mandatory', '=', true),
          ),
        ])
        .as('needs_choice'),
    ])
    .select([
      'p.product_id',
      'p.name',
      'p.slug',
      'p.price',
      'p.compare_at_price',
      'p.is_hide_price',
      'p.rating',
      'p.rating_count',
      'p.stock_status_id',
      'b.name as brand_name',
      'img.file',
      'img.width',
      'img.height',
    ]);
}

type CardRow = Awaited<ReturnType<ReturnType<typeof cardQuery>['execute']>>[number];

function toCard(row: CardRow): ProductCard {
  return {
    productID: row.product_id,
    itemName: row.name,
    productURL: `/${row.slug}`,
    price: row.price,
    compareAtPrice: row.compare_at_price,
    isHidePrice: row.is_hide_price,
    imageFile: row.file ?? null,
    imageWidth: row.width ?? 0,
    imageHeight: row.height ?? 0,
    brandName: row.brand_name ?? null,
    rating: Number(row.rating),
    ratingCount: row.rating_count,
    stockStatusID: row.stock_status_id,
    needsChoice: Boolean(row.needs_choice),
  };
}

/** The cards of the products `ids`, in that order. */
export async function cardsOf(db: Db, ids: readonly number[]): Promise<ProductCard[]> {
  if (!ids.length) return [];
  const rows = await cardQuery(db).where('p.product_id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [row.product_id, toCard(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The catalogue of one site, as sections' loaders read it. Every query is scoped to `webId`. */
export function catalogFor(db: Db, webId: number): CatalogReader {
  return {
    async getProducts(input): Promise<ProductCard[]> {
      const query = productQuery.parse(input);
      let select = cardQuery(db).where('p.web_id', '=', webId).where('p.is_published', '=', true);
      if (query.ids?.length) {
        const rows = await select.where('p.product_id', 'in', query.ids).execute();
        const byId = new Map(rows.map((row) => [row.product_id, toCard(row)]));
        return query.ids.flatMap((id) => byId.get(id) ?? []).slice(0, query.limit);
      }
      if (query.categoryId) {
        select = select.where(
          'p.category_id',
          'in',
          sql<number>`(WITH RECURSIVE tree AS (
            SELECT category_id FROM categories WHERE web_id = ${webId} AND category_id = ${query.categoryId}
            UNION ALL
            SELECT c.category_id FROM categories c JOIN tree t ON c.parent_id = t.category_id WHERE c.web_id = ${webId}
          ) SELECT category_id FROM tree)`,
        );
      }
      if (query.brandId) select = select.where('p.brand_id', '=', query.brandId);
      for (const [column, direction] of sortColumns[query.sort as keyof typeof sortColumns])
        select = select.orderBy(`p.${column}`, direction);
      const rows = await select.orderBy('p.product_id').limit(query.limit).execute();
      return rows.map(toCard);
    },

    async getCategories({ parentId, limit }): Promise<CategorySummary[]> {
      const rows = await db
        .selectFrom('categories as c')
        .select((eb) => [
          'c.category_id',
          'c.parent_id',
          'c.name',
          'c.slug',
          'c.image_file',
          eb
            .selectFrom('products as p')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .whereRef('p.web_id', '=', 'c.web_id')
            .whereRef('p.category_id', '=', 'c.category_id')
            .where('p.is_published', '=', true)
            .as('product_count'),
        ])
        .where('c.web_id', '=', webId)
        .where((eb) => (parentId ? eb('c.parent_id', '=', parentId) : eb('c.parent_id', 'is', null)))
        .orderBy('c.sort')
        .orderBy('c.category_id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        categoryID: row.category_id,
        parentID: row.parent_id,
        name: row.name,
        slug: row.slug,
        imageFile: row.image_file,
        productCount: Number(row.product_count ?? 0),
      }));
    },

    async getBrands({ limit }): Promise<BrandSummary[]> {
      const rows = await db.selectFrom('brands').selectAll().where('web_id', '=', webId).orderBy('name').limit(limit).execute();
      return rows.map((row) => ({ brandID: row.brand_id, name: row.name, slug: row.slug, logoFile: row.logo_file }));
    },
  };
}

/** Lines in a signed-in customer's cart, kept on the server (a guest's cart lives in their browser only). */
export async function cartLineCount(db: Db, webId: number, customerId: number): Promise<number> {
  const row = await db
    .selectFrom('cart_lines')
    .innerJoin('carts', (join) => join.onRef('carts.cart_id', '=', 'cart_lines.cart_id').onRef('carts.web_id', '=', 'cart_lines.web_id'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('carts.web_id', '=', webId)
    .where('carts.customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
