import { z } from 'zod';
import { productCard } from './api.ts';
import { MAX_COMPARE, StockStatus, attributeDisplayTypes } from './enums.ts';
import { decimalAmount, displayDecimals, type Currency } from './money.ts';

/**
 * A product as its page shows it (§2.12, §3.12, §3.15): gallery, price and stock per variant, the variant axes
 * (attributes), options of input types 1–6, add-ons, specifications, its trail and its review summary. Prices are
 * minor units of the store's own currency.
 */

const image = z.object({ file: z.string(), width: z.number().int(), height: z.number().int(), alt: z.string() });
const namedLink = z.object({ name: z.string(), url: z.string() });

export const productVariant = z.object({
  variantID: z.number().int(),
  sku: z.string(),
  name: z.string(),
  price: z.number().int(),
  stockStatusID: z.number().int(),
  /** How many are in stock: the quantity field says "Only N left" above it (issue 33). */
  stock: z.number().int().optional(),
  /** The attribute values that pick this variant, one per axis. */
  valueIds: z.array(z.number().int()),
  imageFile: z.string().nullable(),
});
export type ProductVariant = z.infer<typeof productVariant>;

export const productOption = z.object({
  optionID: z.number().int(),
  name: z.string(),
  /** §3.15: 1 text, 2 textarea, 3 dropdown, 4 radio, 5 checkbox, 6 file. */
  inputTypeID: z.number().int().min(1).max(6),
  isMandatory: z.boolean(),
  values: z.array(z.object({ valueID: z.number().int(), name: z.string(), price: z.number().int() })),
});
export type ProductOption = z.infer<typeof productOption>;

/** How many reviews gave each rating, 5 (Excellent) first, and their mean (§3.15). */
export const reviewSummary = z.object({
  average: z.number(),
  count: z.number().int(),
  distribution: z.array(z.object({ rating: z.number().int().min(1).max(5), count: z.number().int() })),
});
export type ReviewSummary = z.infer<typeof reviewSummary>;

/**
 * §3.12's product SEO fields under the specification's names, beside the names the storefront's pages already read
 * (`itemName`, `description`, `images`, `price`…), which stay; `productURL` is both. Made from those by
 * `productSeoFieldsOf`, so the two never disagree. The page's head is written from them (title, description, share
 * image).
 */
export const productSeoFields = z.object({
  productName: z.string(),
  productDesc: z.string(),
  productImages: z.array(z.object({ imageFile: z.string() })),
  /** Minor units of the store's own currency; `isHidePrice` asks that it is not shown. */
  productPrice: z.object({ price: z.number().int(), isHidePrice: z.boolean() }),
  /** 1 in stock, 2 out of stock (§3.15): a product with variants is in stock while any of them is. */
  productStock: z.object({ stockStatusID: z.number().int() }),
  /** The reviews' mean (0 with none) and how many there are. */
  productRating: z.object({ rating: z.number(), ratingCount: z.number().int() }),
  /** `vendorName` is the brand's name, the only vendor a store's product names; null for a product without a brand. */
  productFields: z.object({ sku: z.string(), vendorName: z.string().nullable() }),
  /** The title and description for search engines: the owner's, or the product's name and description. */
  productMeta: z.object({ title: z.string(), description: z.string() }),
});
export type ProductSeoFields = z.infer<typeof productSeoFields>;

const productPage = z.object({
  productID: z.number().int(),
  itemName: z.string(),
  productURL: z.string(),
  description: z.string(),
  sku: z.string(),
  price: z.number().int(),
  compareAtPrice: z.number().int().nullable(),
  isHidePrice: z.boolean(),
  stockStatusID: z.number().int(),
  /** How many are in stock (a product without variants): the quantity field says "Only N left" above it (issue 33). */
  stock: z.number().int().optional(),
  brand: namedLink.nullable(),
  category: namedLink.nullable(),
  breadcrumbs: z.array(namedLink),
  images: z.array(image),
  /** The axes the variants differ by (a size, a colour), each value one a variant has. */
  attributes: z.array(
    z.object({
      attributeID: z.number().int(),
      name: z.string(),
      displayType: z.enum(attributeDisplayTypes),
      values: z.array(z.object({ valueID: z.number().int(), name: z.string(), color: z.string().nullable() })),
    }),
  ),
  variants: z.array(productVariant),
  specifications: z.array(z.object({ name: z.string(), value: z.string() })),
  options: z.array(productOption),
  addons: z.array(z.object({ addonID: z.number().int(), name: z.string(), price: z.number().int() })),
  reviews: reviewSummary,
});
/** A product as its page reads it, under the storefront's names. */
export type ProductPage = z.infer<typeof productPage>;

export const productDetail = productPage.extend(productSeoFields.shape);
export type ProductDetail = z.infer<typeof productDetail>;

/** §3.12's fields of a product, from its page's fields and its SEO title and description. */
export function productSeoFieldsOf(product: ProductPage, meta: { title: string; description: string }): ProductSeoFields {
  const inStock = product.variants.length
    ? product.variants.some((variant) => isInStock(variant.stockStatusID))
    : isInStock(product.stockStatusID);
  return {
    productName: product.itemName,
    productDesc: product.description,
    productImages: product.images.map((image) => ({ imageFile: image.file })),
    productPrice: { price: product.price, isHidePrice: product.isHidePrice },
    productStock: { stockStatusID: inStock ? StockStatus.InStock : StockStatus.OutOfStock },
    productRating: { rating: product.reviews.average, ratingCount: product.reviews.count },
    productFields: { sku: product.sku, vendorName: product.brand?.name ?? null },
    productMeta: meta,
  };
}

export const getProductQuery = z.object({
  Slug: z
    .string()
    .min(1, 'is a required field')
    .max(200)
    .regex(/^[a-z0-9-]+$/, 'must be lower-case letters, digits and -'),
});

/** Reviews a page of them shows. */
export const REVIEWS_PAGE_SIZE = 5;

export const getReviewsQuery = z.object({
  ProductID: z.coerce.number().int().positive(),
  Sort: z.coerce.number().int().min(1).max(2).default(1),
  Page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const review = z.object({
  reviewID: z.number().int(),
  authorName: z.string(),
  rating: z.number().int().min(1).max(5),
  title: z.string(),
  /** Shown as text, never as HTML. */
  body: z.string(),
  helpfulCount: z.number().int(),
  createdAt: z.string(),
  /** Whether the signed-in customer asking wrote it or already found it helpful; false for guests. */
  isMine: z.boolean(),
  votedHelpful: z.boolean(),
});
export type Review = z.infer<typeof review>;

export const reviewsAnswer = z.object({
  data: z.object({
    reviews: z.array(review),
    total: z.number().int(),
    page: z.number().int(),
    pages: z.number().int(),
    summary: reviewSummary,
    /** Whether the signed-in customer asking has reviewed this product already (one review each). */
    hasReviewed: z.boolean(),
  }),
});
export type ReviewsPage = z.infer<typeof reviewsAnswer>['data'];

export const addReviewRequest = z.object({
  ProductID: z.number().int().positive(),
  rating: z.number().int().min(1, 'must be from 1 to 5').max(5, 'must be from 1 to 5'),
  title: z.string().trim().min(1, 'is a required field').max(120),
  body: z.string().trim().min(1, 'is a required field').max(4000),
});
export type AddReviewRequest = z.infer<typeof addReviewRequest>;

export const voteReviewRequest = z.object({ ReviewID: z.number().int().positive() });
export const voteReviewAnswer = z.object({ data: z.object({ helpfulCount: z.number().int(), votedHelpful: z.literal(true) }) });

/** Whether a chosen variant (or the product, without variants) can be bought. */
export function isInStock(stockStatusID: number): boolean {
  return stockStatusID === 1;
}

/**
 * The product's structured data for search engines (§3.12): a schema.org `ProductGroup` whose variants are
 * `Product`s with their own `Offer` (price, currency, availability), with brand, SKU, images and the
 * `AggregateRating`; and the `BreadcrumbList` of its trail. `origin` makes addresses absolute; `imageUrl` turns a
 * media path into one. Prices are in the currency the page is drawn in (the store's default), through the one money
 * path, so they read as the page shows them.
 */
export function productStructuredData(
  product: ProductDetail,
  { origin, currency, imageUrl }: { origin: string; currency: Currency; imageUrl: (file: string) => string },
): object[] {
  const url = `${origin}${product.productURL}`;
  const decimals = displayDecimals(currency.currencyAbbreviation);
  const amount = (minor: number) => decimalAmount(minor, currency).toFixed(decimals);
  const availability = (stockStatusID: number) => `https://schema.org/${isInStock(stockStatusID) ? 'InStock' : 'OutOfStock'}`;
  const offer = (price: number, stockStatusID: number, at: string) =>
    product.isHidePrice
      ? undefined
      : {
          '@type': 'Offer',
          url: at,
          price: amount(price),
          priceCurrency: currency.currencyAbbreviation,
          availability: availability(stockStatusID),
        };
  const images = product.images.map((image) => imageUrl(image.file));
  const brand = product.brand ? { '@type': 'Brand', name: product.brand.name } : undefined;
  const rating =
    product.reviews.count > 0
      ? {
          '@type': 'AggregateRating',
          ratingValue: product.reviews.average,
          reviewCount: product.reviews.count,
          bestRating: 5,
          worstRating: 1,
        }
      : undefined;
  const base = {
    '@context': 'https://schema.org',
    name: product.itemName,
    // As text: the page's description is HTML.
    description: product.productMeta.description,
    url,
    image: images,
    sku: product.sku,
    ...(brand ? { brand } : {}),
    ...(rating ? { aggregateRating: rating } : {}),
  };
  const main = product.variants.length
    ? {
        ...base,
        '@type': 'ProductGroup',
        productGroupID: product.sku,
        variesBy: product.attributes.map((attribute) =>
          /colou?r/i.test(attribute.name)
            ? 'https://schema.org/color'
            : /size/i.test(attribute.name)
              ? 'https://schema.org/size'
              : attribute.name,
        ),
        hasVariant: product.variants.map((variant) => {
          const at = `${url}?variant=${variant.variantID}`;
          const offers = offer(variant.price, variant.stockStatusID, at);
          return {
            '@type': 'Product',
            name: `${product.itemName} – ${variant.name}`,
            sku: variant.sku,
            url: at,
            image: variant.imageFile ? imageUrl(variant.imageFile) : images[0],
            ...(offers ? { offers } : {}),
          };
        }),
      }
    : {
        ...base,
        '@type': 'Product',
        ...(offer(product.price, product.stockStatusID, url) ? { offers: offer(product.price, product.stockStatusID, url) } : {}),
      };
  const breadcrumbs = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: product.breadcrumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: `${origin}${crumb.url}`,
    })),
  };
  return [main, breadcrumbs];
}

/** The first option a shopper must still fill in, with its message (§5: "{name} is required"), or null. */
export function missingOption(
  options: readonly ProductOption[],
  values: Readonly<Record<number, string | readonly string[] | { name: string; base64: string }>>,
): { optionID: number; message: string } | null {
  for (const option of options) {
    if (!option.isMandatory) continue;
    const value = values[option.optionID];
    const empty =
      value === undefined ||
      (typeof value === 'string' ? value.trim() === '' : 'base64' in value ? !value.name || !value.base64 : value.length === 0);
    if (empty) return { optionID: option.optionID, message: `${option.name} is required` };
  }
  return null;
}

export const compareQuery = z.object({
  ProductIDs: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9}){0,3}$/, `must be at most ${MAX_COMPARE} product ids separated by commas`)
    .transform((text) => [...new Set(text.split(',').map(Number))]),
});

/** A product as the compare page shows it: its card, and its attributes by name (a variant axis lists every value). */
export const comparedProduct = productCard.extend({
  attributes: z.record(z.string(), z.string()),
});
export type ComparedProduct = z.infer<typeof comparedProduct>;

/** The asked products this store has, in the order asked; others are left out. */
export const compareAnswer = z.object({ data: z.object({ products: z.array(comparedProduct) }) });
