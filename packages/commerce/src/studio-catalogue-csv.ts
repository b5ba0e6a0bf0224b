import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { MAX_BULK_PRODUCTS } from './studio-products.ts';

/**
 * The catalogue in Shopify's product CSV (issue 34): an owner previews a file, imports what the preview found good,
 * follows the import's progress (or cancels it), and exports the catalogue or a selection in the same format.
 *
 * The file's rows, as Shopify writes them: the first row of a Handle carries the product's fields and its first
 * variant; the following rows of the same Handle carry more variants (their option values, SKU, price, stock) and
 * more pictures (Image Src, Image Position, Image Alt Text, alone on a row or beside a variant). Prices are decimals of
 * the store's currency ("12.50"), stored as minor units. Vendor is the brand and Product Category / Type the category
 * ("Kitchen > Cookware" is a trail), both made when the store has none of that name. A Variant Image is one of the
 * product's pictures (added to them when it is not). Tags are read and not kept: the catalogue has no tags.
 */

/** The columns of Shopify's product CSV that are read and written, in the order an export writes them. */
export const catalogueCsvColumns = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Product Category / Type',
  'Tags',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'Variant SKU',
  'Variant Barcode',
  'Variant Inventory Qty',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Image',
  'Image Src',
  'Image Position',
  'Image Alt Text',
  'SEO Title',
  'SEO Description',
  'Status',
] as const;
export type CatalogueCsvColumn = (typeof catalogueCsvColumns)[number];

/** The largest CSV a preview reads: 50 MB, about 100,000 rows of Shopify's export. */
export const MAX_CATALOGUE_CSV_BYTES = 50 * 1024 * 1024;
/** The most problems a preview lists; past it, `moreProblems` counts the rest. */
export const MAX_LISTED_CSV_PROBLEMS = 1000;
/** How long a previewed file waits for its import. */
export const CATALOGUE_IMPORT_MINUTES = 30;

/**
 * A row that cannot be imported, or a picture that could not be taken: its row as a spreadsheet numbers it (the
 * header is row 1), the column at fault, and why. A problem on a Handle's first row skips the whole product; on a
 * later row, that row only.
 */
export const catalogueCsvProblem = z.object({ row: z.number().int(), column: z.string(), reason: z.string() });
export type CatalogueCsvProblem = z.infer<typeof catalogueCsvProblem>;

/**
 * `POST /api/Studio/PreviewProductsCsv` answer: the file read, nothing written. `products` will be imported
 * (`created` new ones, `updated` ones whose Handle is already a product's address), with `variants` variants and
 * `pictures` pictures; `newCategories` and `newBrands` will be made. `importId` imports it until `expiresAt`.
 */
export const catalogueCsvPreviewAnswer = z.object({
  data: z.object({
    importId: z.string(),
    expiresAt: z.string(),
    rows: z.number().int(),
    products: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    variants: z.number().int(),
    pictures: z.number().int(),
    newCategories: z.number().int(),
    newBrands: z.number().int(),
    problems: z.array(catalogueCsvProblem),
    moreProblems: z.number().int(),
  }),
});
export type CatalogueCsvPreviewAnswer = z.infer<typeof catalogueCsvPreviewAnswer>;

const importId = z.uuid({ error: 'must be an import id' });

/** `POST /api/Studio/ImportProductsCsv` and `Studio/CancelProductsImport`: the import a preview answered. */
export const catalogueImportRequest = z.object({ importId });
export type CatalogueImportRequest = z.input<typeof catalogueImportRequest>;

/** `GET /api/Studio/GetProductsImport` query. */
export const catalogueImportQuery = z.object({ importId });

/**
 * Where an import stands: `previewed` (waiting for its Import), `running`, then `done`, or `failed` / `cancelled`,
 * which leave the catalogue as it was.
 */
export const catalogueImportStates = ['previewed', 'running', 'done', 'failed', 'cancelled'] as const;
export type CatalogueImportState = (typeof catalogueImportStates)[number];

/**
 * An import's progress: `done` of `total` products written (the catalogue shows none of them before `state` is
 * `done`: the import is one transaction), the pictures that could not be taken (`problems`, per row; their products
 * are imported without them), and what went wrong when it `failed`.
 */
export const catalogueImportAnswer = z.object({
  data: z.object({
    importId: z.string(),
    state: z.enum(catalogueImportStates),
    done: z.number().int(),
    total: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    problems: z.array(catalogueCsvProblem),
    error: z.string().nullable(),
  }),
});
export type CatalogueImportAnswer = z.infer<typeof catalogueImportAnswer>;

/**
 * `GET /api/Studio/ExportProducts`: the products `ids` (comma-separated; at most `MAX_BULK_PRODUCTS`), or the
 * whole catalogue without them.
 */
export const exportProductsQuery = z.object({
  ids: z
    .string()
    .trim()
    .regex(/^\d{1,10}(,\d{1,10})*$/, 'must be product ids separated by commas')
    .transform((ids) => [...new Set(ids.split(',').map(Number))])
    .refine((ids) => ids.length <= MAX_BULK_PRODUCTS, `must name at most ${MAX_BULK_PRODUCTS} products`)
    .refine((ids) => ids.every((id) => id > 0 && id <= 2 ** 31 - 1), 'must be product ids separated by commas')
    .optional(),
});

/**
 * The catalogue's CSV calls. The preview's body is the file itself, sent as `text/csv` (streamed, at most
 * `MAX_CATALOGUE_CSV_BYTES`); the export answers a `text/csv` attachment, streamed.
 */
export const studioCatalogueCsvEndpoints = {
  previewProductsCsv: endpoint({
    method: 'POST',
    path: '/api/Studio/PreviewProductsCsv',
    caller: 'owner',
    answer: catalogueCsvPreviewAnswer,
    bodyLimit: MAX_CATALOGUE_CSV_BYTES,
  }),
  importProductsCsv: endpoint({
    method: 'POST',
    path: '/api/Studio/ImportProductsCsv',
    caller: 'owner',
    body: catalogueImportRequest,
    answer: catalogueImportAnswer,
    status: 202,
  }),
  getProductsImport: endpoint({
    method: 'GET',
    path: '/api/Studio/GetProductsImport',
    caller: 'owner',
    query: catalogueImportQuery,
    answer: catalogueImportAnswer,
  }),
  cancelProductsImport: endpoint({
    method: 'POST',
    path: '/api/Studio/CancelProductsImport',
    caller: 'owner',
    body: catalogueImportRequest,
    answer: catalogueImportAnswer,
  }),
  exportProducts: endpoint({
    method: 'GET',
    path: '/api/Studio/ExportProducts',
    caller: 'owner',
    query: exportProductsQuery,
    answer: null,
  }),
};
