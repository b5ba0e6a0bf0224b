import { sql } from 'kysely';
import {
  REVIEWS_PAGE_SIZE,
  StockStatus,
  productSeoFieldsOf,
  type AddReviewRequest,
  type ComparedProduct,
  type ProductDetail,
  type ProductOption,
  type ProductPage,
  type ReviewSummary,
  type ReviewsPage,
} from '@vitrine/commerce';
import { decodeHTML } from 'entities';
import { sanitizeProductDescription } from '@vitrine/sections/owner-html';
import type { Db } from '../db/connect.ts';
import { cardsOf } from './catalog.ts';
import { HttpError } from '../http/errors.ts';

/**
 * A product's page and its reviews (§2.12, §3.12, §3.15). Every query goes through the store-scoped database, so a
 * product, a review or a vote of another store is never found.
 */

/** The published product at `slug` with everything its page shows, or null when the store has none. */
export async function loadProduct(db: Db, slug: string): Promise<ProductDetail | null> {
  const product = await db
    .selectFrom('products as p')
    .leftJoin('brands as b', 'b.brand_id', 'p.brand_id')
    .select([
      'p.product_id',
      'p.name',
      'p.slug',
      'p.description',
      'p.sku',
      'p.price',
      'p.compare_at_price',
      'p.is_hide_price',
      'p.stock_status_id',
      'p.stock',
      'p.track_stock',
      'p.category_id',
      'p.meta',
      'b.name as brand_name',
      'b.slug as brand_slug',
    ])
    .where('p.slug', '=', slug)
    .where('p.is_published', '=', true)
    .executeTakeFirst();
  if (!product) return null;
  const id = product.product_id;
  const [images, variants, variantValues, specifications, options, addons, trail, summary] = await Promise.all([
    db.selectFrom('product_images').select(['file', 'width', 'height', 'alt']).where('product_id', '=', id).orderBy('sort').execute(),
    db
      .selectFrom('variants')
      .select(['variant_id', 'sku', 'name', 'price', 'stock', 'image_file'])
      .where('product_id', '=', id)
      .orderBy('variant_id')
      .execute(),
    db
      .selectFrom('variant_values as vv')
      .innerJoin('variants as v', 'v.variant_id', 'vv.variant_id')
      .innerJoin('attribute_values as av', 'av.value_id', 'vv.value_id')
      .innerJoin('attributes as a', 'a.attribute_id', 'av.attribute_id')
      .select(['vv.variant_id', 'av.value_id', 'av.name', 'av.color', 'av.sort', 'a.attribute_id', 'a.name as attribute', 'a.display_type'])
      .where('v.product_id', '=', id)
      .orderBy('a.attribute_id')
      .orderBy('av.sort')
      .execute(),
    db
      .selectFrom('product_values as pv')
      .innerJoin('attribute_values as av', 'av.value_id', 'pv.value_id')
      .innerJoin('attributes as a', 'a.attribute_id', 'av.attribute_id')
      .select(['a.name as attribute', 'av.name'])
      .where('pv.product_id', '=', id)
      .orderBy('a.attribute_id')
      .orderBy('av.sort')
      .execute(),
    productOptionsOf(db, id),
    db.selectFrom('addons').select(['addon_id', 'name', 'price']).where('product_id', '=', id).orderBy('addon_id').execute(),
    categoryTrail(db, product.category_id),
    reviewSummaryOf(db, id),
  ]);

  const attributes = new Map<number, ProductDetail['attributes'][number]>();
  for (const value of variantValues) {
    const attribute = attributes.get(value.attribute_id) ?? {
      attributeID: value.attribute_id,
      name: value.attribute,
      displayType: value.display_type,
      values: [],
    };
    if (!attribute.values.some((v) => v.valueID === value.value_id))
      attribute.values.push({ valueID: value.value_id, name: value.name, color: value.color });
    attributes.set(value.attribute_id, attribute);
  }
  const category = trail.at(-1) ?? null;
  // Stored as the studio saves it, and sanitised again here whatever wrote it (the seed, an import), so the page may
  // draw it as HTML.
  const description = sanitizeProductDescription(product.description);
  const page: ProductPage = {
    productID: id,
    itemName: product.name,
    productURL: `/${product.slug}`,
    description,
    sku: product.sku,
    price: product.price,
    compareAtPrice: product.compare_at_price,
    isHidePrice: product.is_hide_price,
    stockStatusID: product.stock_status_id,
    // A product whose stock is not counted (made to order) says nothing of how many are left.
    ...(product.track_stock ? { stock: Math.max(0, product.stock) } : {}),
    brand: product.brand_name && product.brand_slug ? { name: product.brand_name, url: `/brand/${product.brand_slug}` } : null,
    category,
    breadcrumbs: [{ name: 'Home', url: '/' }, ...trail, { name: product.name, url: `/${product.slug}` }],
    images: images.map((image) => ({ file: image.file, width: image.width, height: image.height, alt: image.alt || product.name })),
    attributes: [...attributes.values()],
    variants: variants.map((variant) => ({
      variantID: variant.variant_id,
      sku: variant.sku,
      name: variant.name,
      price: variant.price,
      stockStatusID: !product.track_stock || variant.stock > 0 ? StockStatus.InStock : StockStatus.OutOfStock,
      ...(product.track_stock ? { stock: Math.max(0, variant.stock) } : {}),
      valueIds: variantValues.filter((value) => value.variant_id === variant.variant_id).map((value) => value.value_id),
      imageFile: variant.image_file,
    })),
    specifications: specifications.map((row) => ({ name: row.attribute, value: row.name })),
    options,
    addons: addons.map((addon) => ({ addonID: addon.addon_id, name: addon.name, price: addon.price })),
    reviews: summary,
  };
  return {
    ...page,
    ...productSeoFieldsOf(page, seoMetaOf(product.meta, { title: product.name, description: textOf(description) })),
  };
}

/**
 * The title and description a page gives search engines: the owner's SEO fields (the `meta` of a product or a
 * category) where set, else the page's own words. Products and listings both take theirs from here.
 */
export function seoMetaOf(meta: Readonly<Record<string, string>>, own: { title: string; description: string }) {
  return { title: meta['title'] || own.title, description: meta['description'] || own.description };
}

/**
 * What an HTML description says, as text: for a search result's description and the structured data. Words run on
 * across bold, italic and links; a heading, paragraph or list item ends them. A category's description too.
 */
export const textOf = (html: string) =>
  decodeHTML(html.replace(/<\/?(?:a|b|i|em|strong)\b[^>]*>/g, '').replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

/** A product's options (input types 1–6) in their order, each with its values: what its page offers and the studio edits. */
export async function productOptionsOf(db: Db, productId: number): Promise<ProductOption[]> {
  const [options, values] = await Promise.all([
    db
      .selectFrom('product_options')
      .select(['option_id', 'name', 'input_type_id', 'is_mandatory'])
      .where('product_id', '=', productId)
      .orderBy('sort')
      .orderBy('option_id')
      .execute(),
    db
      .selectFrom('product_option_values as ov')
      .innerJoin('product_options as o', 'o.option_id', 'ov.option_id')
      .select(['ov.value_id', 'ov.option_id', 'ov.name', 'ov.price'])
      .where('o.product_id', '=', productId)
      .orderBy('ov.value_id')
      .execute(),
  ]);
  return options.map((option) => ({
    optionID: option.option_id,
    name: option.name,
    inputTypeID: option.input_type_id,
    isMandatory: option.is_mandatory,
    values: values
      .filter((value) => value.option_id === option.option_id)
      .map((value) => ({ valueID: value.value_id, name: value.name, price: value.price })),
  }));
}

/** The categories from the top down to `categoryId`, as links. */
async function categoryTrail(db: Db, categoryId: number | null): Promise<{ name: string; url: string }[]> {
  if (categoryId === null) return [];
  const rows = await db.selectFrom('categories').select(['category_id', 'parent_id', 'name', 'slug']).execute();
  const byId = new Map(rows.map((row) => [row.category_id, row]));
  const trail: (typeof rows)[number][] = [];
  for (let row = byId.get(categoryId); row && trail.length < 32; row = row.parent_id === null ? undefined : byId.get(row.parent_id))
    trail.unshift(row);
  return trail.map((row, index) => ({
    name: row.name,
    url: `/${trail
      .slice(0, index + 1)
      .map((r) => r.slug)
      .join('/')}`,
  }));
}

/** The mean rating, the count, and how many gave each rating, 5 (Excellent) first. */
async function reviewSummaryOf(db: Db, productId: number): Promise<ReviewSummary> {
  const rows = await db
    .selectFrom('reviews')
    .select((eb) => ['rating', eb.fn.countAll<number>().as('n')])
    .where('product_id', '=', productId)
    .groupBy('rating')
    .execute();
  const counts = new Map(rows.map((row) => [row.rating, Number(row.n)]));
  const count = [...counts.values()].reduce((sum, n) => sum + n, 0);
  const total = [...counts].reduce((sum, [rating, n]) => sum + rating * n, 0);
  return {
    average: count ? Math.round((total / count) * 100) / 100 : 0,
    count,
    distribution: [5, 4, 3, 2, 1].map((rating) => ({ rating, count: counts.get(rating) ?? 0 })),
  };
}

/** A page of a product's reviews, most helpful or most recent first, with what the asking customer did (if any). */
export async function listReviews(db: Db, productId: number, sort: number, page: number, customerId: number | null): Promise<ReviewsPage> {
  const exists = await db.selectFrom('products').select('product_id').where('product_id', '=', productId).executeTakeFirst();
  if (!exists) throw new HttpError(404, 'NOT_FOUND', 'No such product', 'ProductID');
  let query = db
    .selectFrom('reviews as r')
    .select(['r.review_id', 'r.author_name', 'r.rating', 'r.title', 'r.body', 'r.helpful_count', 'r.created_at', 'r.customer_id'])
    .where('r.product_id', '=', productId);
  query = sort === 2 ? query.orderBy('r.created_at', 'desc') : query.orderBy('r.helpful_count', 'desc').orderBy('r.created_at', 'desc');
  const [rows, summary, votes, mine] = await Promise.all([
    query
      .orderBy('r.review_id', 'desc')
      .limit(REVIEWS_PAGE_SIZE)
      .offset((page - 1) * REVIEWS_PAGE_SIZE)
      .execute(),
    reviewSummaryOf(db, productId),
    customerId === null
      ? Promise.resolve([])
      : db
          .selectFrom('review_votes as v')
          .innerJoin('reviews as r', 'r.review_id', 'v.review_id')
          .select('v.review_id')
          .where('v.customer_id', '=', customerId)
          .where('r.product_id', '=', productId)
          .execute(),
    customerId === null
      ? Promise.resolve(undefined)
      : db
          .selectFrom('reviews')
          .select('review_id')
          .where('product_id', '=', productId)
          .where('customer_id', '=', customerId)
          .executeTakeFirst(),
  ]);
  const voted = new Set(votes.map((vote) => vote.review_id));
  return {
    reviews: rows.map((row) => ({
      reviewID: row.review_id,
      authorName: row.author_name,
      rating: row.rating,
      title: row.title,
      body: row.body,
      helpfulCount: row.helpful_count,
      createdAt: new Date(row.created_at).toISOString(),
      isMine: customerId !== null && row.customer_id === customerId,
      votedHelpful: voted.has(row.review_id),
    })),
    total: summary.count,
    page,
    pages: Math.max(1, Math.ceil(summary.count / REVIEWS_PAGE_SIZE)),
    summary,
    hasReviewed: mine !== undefined,
  };
}

/** Writes the customer's one review of a product; a second is a 409 and changes nothing. */
export async function addReview(db: Db, webId: number, customerId: number, review: AddReviewRequest): Promise<ReviewsPage> {
  const [product, customer] = await Promise.all([
    db.selectFrom('products').select('product_id').where('product_id', '=', review.ProductID).executeTakeFirst(),
    db.selectFrom('customers').select(['first_name', 'last_name']).where('customer_id', '=', customerId).executeTakeFirstOrThrow(),
  ]);
  if (!product) throw new HttpError(404, 'NOT_FOUND', 'No such product', 'ProductID');
  const inserted = await db
    .insertInto('reviews')
    .values({
      web_id: webId,
      product_id: review.ProductID,
      customer_id: customerId,
      // First name and the initial of the last: enough to be a person, not enough to find one.
      author_name: [customer.first_name, customer.last_name ? `${customer.last_name[0]}.` : ''].filter(Boolean).join(' ') || 'A customer',
      rating: review.rating,
      title: review.title,
      body: review.body,
    })
    .onConflict((conflict) =>
      conflict
        .expression(sql`web_id, product_id, customer_id`)
        .where('customer_id', 'is not', null)
        .doNothing(),
    )
    .returning('review_id')
    .executeTakeFirst();
  if (!inserted) throw new HttpError(409, 'ALREADY_REVIEWED', 'You have already reviewed this product');
  return listReviews(db, review.ProductID, 2, 1, customerId);
}

/** Counts the customer's "helpful" once; a second vote, or one for their own review, is refused. */
export async function voteReview(db: Db, webId: number, customerId: number, reviewId: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const review = await trx
      .selectFrom('reviews')
      .select(['review_id', 'customer_id'])
      .where('review_id', '=', reviewId)
      .executeTakeFirst();
    if (!review) throw new HttpError(404, 'NOT_FOUND', 'No such review', 'ReviewID');
    if (review.customer_id === customerId) throw new HttpError(409, 'OWN_REVIEW', 'You cannot vote for your own review');
    const vote = await trx
      .insertInto('review_votes')
      .values({ web_id: webId, review_id: reviewId, customer_id: customerId })
      .onConflict((conflict) => conflict.columns(['review_id', 'customer_id']).doNothing())
      .returning('review_id')
      .executeTakeFirst();
    if (!vote) throw new HttpError(409, 'ALREADY_VOTED', 'You have already found this review helpful');
    const updated = await trx
      .updateTable('reviews')
      .set((eb) => ({ helpful_count: eb('helpful_count', '+', 1) }))
      .where('review_id', '=', reviewId)
      .returning('helpful_count')
      .executeTakeFirstOrThrow();
    return updated.helpful_count;
  });
}

/** The asked products of this store, in the order asked, with their attributes by name for the compare page. */
export async function compareProducts(db: Db, ids: readonly number[]): Promise<ComparedProduct[]> {
  if (!ids.length) return [];
  const [cards, values] = await Promise.all([
    cardsOf(db, ids),
    db
      .selectFrom('attribute_values as av')
      .innerJoin('attributes as a', 'a.attribute_id', 'av.attribute_id')
      .innerJoin('products as p', (join) =>
        join.on((eb) =>
          eb.or([eb(sql`p.spec_value_ids`, '@>', sql`ARRAY[av.value_id]`), eb(sql`p.variant_value_ids`, '@>', sql`ARRAY[av.value_id]`)]),
        ),
      )
      .select(['p.product_id', 'a.attribute_id', 'a.name as attribute', 'av.name'])
      .where('p.product_id', 'in', ids)
      .orderBy('a.attribute_id')
      .orderBy('av.sort')
      .execute(),
  ]);
  return cards.map((card) => {
    const attributes: Record<string, string> = {};
    for (const value of values.filter((v) => v.product_id === card.productID))
      attributes[value.attribute] = attributes[value.attribute] ? `${attributes[value.attribute]}, ${value.name}` : value.name;
    // The card as a grid has it (Add to cart goes in as the card's does), and the attributes by name.
    return { ...card, attributes };
  });
}
