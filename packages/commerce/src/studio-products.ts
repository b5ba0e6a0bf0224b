import { z } from 'zod';
import { choiceOptionInputTypes } from './enums.ts';
import { reservedPageSlugs } from './studio.ts';

/**
 * The owner's products in the studio's back office (issue 34): the list with its search, filters and paging, one
 * product as the editor opens it, its save, and bulk changes. Prices are minor units of the store's own currency.
 */

/** A product's status: a draft is the owner's alone, an active product is on the store, an archived one is put away. */
export const productStatuses = ['draft', 'active', 'archived'] as const;
export type ProductStatus = (typeof productStatuses)[number];
export const productStatus = z.enum(productStatuses, { error: 'must be draft, active or archived' });

/** At or below this many (and above none) a product's stock is marked low, unless the store sets its own threshold. */
export const LOW_STOCK = 5;
/** A list counts its matches up to this many; past it, the total says "10,000+" (`more`). */
export const PRODUCT_COUNT_LIMIT = 10_000;
/** The most products a list page or a bulk change takes. */
export const MAX_PRODUCT_PAGE = 100;
export const MAX_BULK_PRODUCTS = 1000;
/** The most pictures and variants one product has. */
export const MAX_PRODUCT_PICTURES = 50;
export const MAX_VARIANTS = 250;

/** Where a product's stock stands: more than `LOW_STOCK`, 1 to `LOW_STOCK`, none. */
export const stockLevels = ['in', 'low', 'out'] as const;
export type StockLevel = (typeof stockLevels)[number];

/** The list's orders; `relevance` (the default with a search) ranks by closeness to its words. */
export const productListSorts = [
  'newest',
  'oldest',
  'name',
  'name-desc',
  'price',
  'price-desc',
  'stock',
  'stock-desc',
  'relevance',
] as const;

/** A product's address as a path segment made from its name: "Café Crème Mug" → `cafe-creme-mug`. */
export function slugFromName(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f']/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const reservedProductSlugs = new Set([...reservedPageSlugs, 'search', 'brand']);

/** Whether a product may live at `/slug`: the app's own routes, `/search` and `/brand` are the store's. */
export const isReservedProductSlug = (slug: string) => reservedProductSlugs.has(slug);

/** An id given in a query string. */
export const queryId = z.coerce
  .number({ error: 'must be an id' })
  .int('must be an id')
  .positive('must be an id')
  .max(2 ** 31 - 1);

/**
 * `GET /api/Studio/GetProducts`: the store's products of every status. `q` searches as the storefront's search does
 * (typos forgiven); `status`, `category` (with its sub-categories), `brand` and `stock` narrow; `page` and
 * `pageSize` page.
 */
export const studioProductsQuery = z.object({
  q: z.string().trim().max(100, 'must be at most 100 characters').default(''),
  status: productStatus.optional(),
  category: queryId.optional(),
  brand: queryId.optional(),
  stock: z.enum(stockLevels, { error: 'must be in, low or out' }).optional(),
  sort: z.enum(productListSorts, { error: `must be one of ${productListSorts.join(', ')}` }).optional(),
  page: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1).max(10_000).default(1),
  pageSize: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1).max(MAX_PRODUCT_PAGE).default(50),
});
export type StudioProductsQuery = z.input<typeof studioProductsQuery>;

/** A picture as lists show it: its file and size. */
export const listPicture = z.object({ file: z.string(), width: z.number().int(), height: z.number().int() });
const picture = listPicture;

/** A row of the product list. `stock` sums the variants' of a product that has them; `picture` is the first one. */
export const studioProductRow = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  status: productStatus,
  picture: picture.nullable(),
  stock: z.number().int(),
  stockTracked: z.boolean(),
  stockLevel: z.enum(stockLevels),
  price: z.number().int(),
  compareAtPrice: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  brandName: z.string().nullable(),
  variantCount: z.number().int(),
});
export type StudioProductRow = z.infer<typeof studioProductRow>;

/** `Studio/GetProducts` answer: a page of rows and the matches, counted up to `PRODUCT_COUNT_LIMIT` (`more` past it). */
export const studioProductsAnswer = z.object({
  data: z.object({
    products: z.array(studioProductRow),
    total: z.number().int(),
    more: z.boolean(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
});
export type StudioProductsAnswer = z.infer<typeof studioProductsAnswer>;

/** `GET /api/Studio/GetProduct` query. */
export const studioProductQuery = z.object({ productId: queryId });

const optionValue = z.object({ id: z.number().int(), name: z.string(), price: z.number().int() });

/** One product as the editor opens it. `variantOptions` are the axes (Size, Colour); each variant names one value of each, in their order. */
export const studioProduct = z.object({
  id: z.number().int(),
  version: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  status: productStatus,
  price: z.number().int(),
  compareAtPrice: z.number().int().nullable(),
  sku: z.string(),
  /** GTIN, EAN or UPC; '' when none. */
  barcode: z.string(),
  stock: z.number().int(),
  stockTracked: z.boolean(),
  categoryId: z.number().int().nullable(),
  brandId: z.number().int().nullable(),
  attributeValueIds: z.array(z.number().int()),
  pictures: z.array(picture.extend({ alt: z.string() })),
  options: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      inputTypeId: z.number().int().min(1).max(6),
      required: z.boolean(),
      values: z.array(optionValue),
    }),
  ),
  addons: z.array(z.object({ id: z.number().int(), name: z.string(), price: z.number().int() })),
  variantOptions: z.array(
    z.object({
      attributeId: z.number().int(),
      name: z.string(),
      values: z.array(z.object({ valueId: z.number().int(), name: z.string() })),
    }),
  ),
  variants: z.array(
    z.object({
      id: z.number().int(),
      values: z.array(z.string()),
      price: z.number().int(),
      compareAtPrice: z.number().int().nullable(),
      sku: z.string(),
      barcode: z.string(),
      stock: z.number().int(),
      picture: z.string().nullable(),
    }),
  ),
  seo: z.object({ title: z.string(), description: z.string() }),
});
export type StudioProduct = z.infer<typeof studioProduct>;

/** `Studio/GetProduct` and `Studio/SaveProduct` answer. */
export const studioProductAnswer = z.object({ data: z.object({ product: studioProduct }) });
export type StudioProductAnswer = z.infer<typeof studioProductAnswer>;

/** An id given in a body. */
export const recordId = z
  .number({ error: 'must be an id' })
  .int('must be an id')
  .positive('must be an id')
  .max(2 ** 31 - 1);
const id = recordId;
const money = z
  .number({ error: 'must be a number' })
  .int('must be a whole number of minor units (cents)')
  .min(0, 'must not be negative')
  .max(1_000_000_000, 'must be at most 1000000000');
/** A count of stock: whole, never negative. */
export const stockCount = z
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must not be negative')
  .max(1_000_000_000, 'must be at most 1000000000');
const required = (max: number) => z.string().trim().min(1, 'is a required field').max(max, `must be at most ${max} characters`);
const sku = z.string().trim().max(100, 'must be at most 100 characters').default('');
/** A GTIN, EAN or UPC: 8 to 14 digits, or '' for none. Left out of a save, the stored one is kept ('' for a new one). */
export const barcode = z
  .string({ error: 'must be text' })
  .trim()
  .regex(/^(\d{8,14})?$/, 'must be 8 to 14 digits (a GTIN, EAN or UPC), or empty')
  .optional();

/** A product's address: one path segment of lower-case letters, digits and -, none of the store app's own. */
export const productSlug = z
  .string()
  .trim()
  .max(200, 'must be at most 200 characters')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lower-case letters and digits, words joined by -')
  .refine((slug) => !isReservedProductSlug(slug), 'is the address of a page of the store app; choose another');

/**
 * `POST /api/Studio/SaveProduct`: creates a product (no `productId`) or replaces one's fields, in one transaction.
 * An update carries the `version` it read; a product saved since, or whose stock an order has moved since (a sale, a
 * cancellation), is refused with 409 PRODUCT_CHANGED (nothing written). The address is made from the name when left
 * out. Pictures are files of the store's media (uploaded with `Studio/UploadMedia`) or pictures the product has; a
 * variant's picture is one of the product's. Variants, options, option values and add-ons given with their `id` are
 * kept (carts pointing at them stay), those left out are removed.
 */
export const saveProductRequest = z
  .object({
    productId: id.optional(),
    version: z.number({ error: 'must be a number' }).int().min(1).optional(),
    name: required(200),
    slug: z.union([z.literal(''), productSlug]).optional(),
    description: z.string().max(100_000, 'must be at most 100000 characters').default(''),
    status: productStatus.default('draft'),
    price: money,
    compareAtPrice: money.nullable().default(null),
    sku,
    barcode,
    stock: stockCount.default(0),
    stockTracked: z.boolean({ error: 'must be true or false' }).default(true),
    categoryId: id.nullable().default(null),
    brandId: id.nullable().default(null),
    attributeValueIds: z.array(id).max(200).default([]),
    pictures: z
      .array(z.object({ file: required(500), alt: z.string().trim().max(500, 'must be at most 500 characters').default('') }))
      .max(MAX_PRODUCT_PICTURES, `must be at most ${MAX_PRODUCT_PICTURES} pictures`)
      .default([]),
    options: z
      .array(
        z.object({
          id: id.optional(),
          name: required(100),
          inputTypeId: z.number({ error: 'must be a number' }).int().min(1, 'must be 1 to 6').max(6, 'must be 1 to 6'),
          required: z.boolean().default(false),
          values: z
            .array(z.object({ id: id.optional(), name: required(100), price: money.default(0) }))
            .max(100)
            .default([]),
        }),
      )
      .max(20)
      .default([]),
    addons: z
      .array(z.object({ id: id.optional(), name: required(100), price: money }))
      .max(50)
      .default([]),
    variantOptions: z
      .array(z.object({ name: required(100), values: z.array(required(100)).min(1, 'must have at least one value').max(100) }))
      .max(3, 'must be at most 3 options')
      .default([]),
    variants: z
      .array(
        z.object({
          id: id.optional(),
          values: z.array(z.string().trim()),
          price: money,
          compareAtPrice: money.nullable().default(null),
          sku,
          barcode,
          stock: stockCount.default(0),
          picture: z.string().nullable().default(null),
        }),
      )
      .max(MAX_VARIANTS, `must be at most ${MAX_VARIANTS} variants`)
      .default([]),
    seo: z
      .object({
        title: z.string().trim().max(200, 'must be at most 200 characters').default(''),
        description: z.string().trim().max(500, 'must be at most 500 characters').default(''),
      })
      .default({ title: '', description: '' }),
  })
  .superRefine((product, context) => {
    const issue = (path: (string | number)[], message: string) => context.addIssue({ code: 'custom', message, path });
    if (product.productId !== undefined && product.version === undefined) issue(['version'], 'is a required field when changing a product');
    product.options.forEach((option, i) => {
      if (choiceOptionInputTypes.includes(option.inputTypeId) && !option.values.length)
        issue(['options', i, 'values'], 'must have at least one value for a dropdown, radio or checkbox option');
    });
    const axes = product.variantOptions;
    axes.forEach((axis, i) => {
      const lower = axis.values.map((value) => value.toLowerCase());
      const twice = lower.findIndex((value, j) => lower.indexOf(value) !== j);
      if (twice >= 0) issue(['variantOptions', i, 'values', twice], 'is already a value of this option');
      if (axes.findIndex((other) => other.name.toLowerCase() === axis.name.toLowerCase()) !== i)
        issue(['variantOptions', i, 'name'], 'is already an option of this product');
    });
    if (product.variants.length && !axes.length) issue(['variantOptions'], 'must name the options the variants differ in');
    const seen = new Set<string>();
    const skus = new Map<string, string>();
    if (product.sku) skus.set(product.sku.toLowerCase(), 'sku');
    product.variants.forEach((variant, i) => {
      if (variant.values.length !== axes.length)
        issue(['variants', i, 'values'], `must name one value of each of the ${axes.length} options`);
      else
        variant.values.forEach((value, j) => {
          if (!axes[j]!.values.some((offered) => offered.toLowerCase() === value.toLowerCase()))
            issue(['variants', i, 'values', j], `is not a value of ${axes[j]!.name}`);
        });
      const key = variant.values.map((value) => value.toLowerCase()).join('\u0000');
      if (seen.has(key)) issue(['variants', i, 'values'], 'is the same choice as another variant');
      seen.add(key);
      if (variant.picture !== null && !product.pictures.some((p) => p.file === variant.picture))
        issue(['variants', i, 'picture'], 'must be one of the product’s pictures');
      if (variant.sku) {
        const other = skus.get(variant.sku.toLowerCase());
        if (other) issue(['variants', i, 'sku'], `is already the SKU of ${other === 'sku' ? 'this product' : other}`);
        else skus.set(variant.sku.toLowerCase(), `variant ${i + 1}`);
      }
    });
  });
export type SaveProductRequest = z.input<typeof saveProductRequest>;

/** PRODUCT_CHANGED (409): the product was saved elsewhere, or an order moved its stock, since the editor read it; nothing was written. */
export const productChangedAnswer = z.object({
  error: z.object({
    code: z.literal('PRODUCT_CHANGED'),
    message: z.string(),
    field: z.literal('version'),
    /** The version stored now: reload, or resend with it to overwrite. */
    version: z.number().int(),
  }),
});
export type ProductChangedAnswer = z.infer<typeof productChangedAnswer>;

/** What a bulk change does to every product it names. */
export const bulkProductActions = ['publish', 'draft', 'archive', 'move', 'delete'] as const;

/**
 * `POST /api/Studio/BulkProducts`: publishes, sets to draft, archives, moves to `categoryId` (null: no category) or
 * deletes the products named, all or none: an id that is not one of the store's products is a 404 and nothing changes.
 */
export const bulkProductsRequest = z
  .object({
    productIds: z
      .array(id)
      .min(1, 'must name at least one product')
      .max(MAX_BULK_PRODUCTS, `must name at most ${MAX_BULK_PRODUCTS} products`)
      .transform((ids) => [...new Set(ids)]),
    action: z.enum(bulkProductActions, { error: `must be one of ${bulkProductActions.join(', ')}` }),
    categoryId: id.nullable().optional(),
  })
  .superRefine((body, context) => {
    if (body.action === 'move' && body.categoryId === undefined)
      context.addIssue({ code: 'custom', message: 'is a required field to move products', path: ['categoryId'] });
  });
export type BulkProductsRequest = z.input<typeof bulkProductsRequest>;

/** `Studio/BulkProducts` answer: how many products changed. */
export const bulkProductsAnswer = z.object({ data: z.object({ changed: z.number().int() }) });
export type BulkProductsAnswer = z.infer<typeof bulkProductsAnswer>;
