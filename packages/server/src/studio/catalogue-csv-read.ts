// Reading a Shopify product CSV into what an import writes (issue 34): the file streamed through csv-parse, each row
// checked as the product editor checks its fields, then the whole checked against the store (addresses, SKUs,
// categories, brands). Nothing here writes: the preview answers from it and keeps it for the import.
import type { Readable } from 'node:stream';
import { parse, CsvError } from 'csv-parse';
import {
  MAX_PRODUCT_PICTURES,
  MAX_VARIANTS,
  PageType,
  displayDecimals,
  productSlug,
  productStatuses,
  type CatalogueCsvColumn,
  type CatalogueCsvProblem,
  type ProductStatus,
} from '@vitrine/commerce';
import type { Db } from '../db/connect.ts';
import { HttpError } from '../http/errors.ts';

/** One variant of a product as its row gives it; `values` follow the product's option names. */
export interface CsvVariant {
  row: number;
  values: string[];
  sku: string;
  barcode: string;
  stock: number;
  price: number;
  compareAtPrice: number | null;
  /** The variant's picture's address, as `CsvPicture.src`; null for none. */
  image: string | null;
}

/** One picture as its row gives it: an http(s) address, or a media path of a store on this server. */
export interface CsvPicture {
  row: number;
  src: string;
  position: number | null;
  alt: string;
}

/** A product as its Handle's rows give it. A product without options has one variant, which is the product's own price, SKU and stock. */
export interface CsvProduct {
  row: number;
  handle: string;
  name: string;
  description: string;
  status: ProductStatus;
  vendor: string;
  /** The category's trail of names, from the top ("Kitchen > Cookware"); empty for none. */
  category: string[];
  optionNames: string[];
  variants: CsvVariant[];
  pictures: CsvPicture[];
  seo: { title: string; description: string };
  /** The store's product at this address, which the import changes; null for a new one. */
  existingId: number | null;
}

/** What a preview read: the products to import, the problems found, and what the import will make. */
export interface CsvCatalogue {
  rows: number;
  products: CsvProduct[];
  problems: CatalogueCsvProblem[];
  newCategories: number;
  newBrands: number;
}

const column = {
  handle: 'Handle',
  title: 'Title',
  body: 'Body (HTML)',
  vendor: 'Vendor',
  type: 'Product Category / Type',
  published: 'Published',
  sku: 'Variant SKU',
  barcode: 'Variant Barcode',
  stock: 'Variant Inventory Qty',
  price: 'Variant Price',
  compareAt: 'Variant Compare At Price',
  variantImage: 'Variant Image',
  imageSrc: 'Image Src',
  imagePosition: 'Image Position',
  imageAlt: 'Image Alt Text',
  seoTitle: 'SEO Title',
  seoDescription: 'SEO Description',
  status: 'Status',
} as const satisfies Record<string, CatalogueCsvColumn>;
const optionName = (i: number) => `Option${i + 1} Name` as CatalogueCsvColumn;
const optionValue = (i: number) => `Option${i + 1} Value` as CatalogueCsvColumn;

/** Shopify's category column is "Product Category" in its newer files and "Type" in older ones; either is read. */
const categoryColumns = ['Product Category / Type', 'Product Category', 'Type'];

/** A row as read: each column's text by header name. */
type Record_ = Record<string, string | undefined>;

/** Why a row cannot be imported. */
class RowProblem extends Error {
  constructor(
    readonly column: string,
    readonly reason: string,
  ) {
    super(`${column}: ${reason}`);
  }
}

/** The largest price a field takes, as the product editor's (minor units). */
const MAX_MINOR_UNITS = 1_000_000_000;

/** A decimal price of the store's currency ("12.50") in minor units (1250); `digits` decimals at most. */
export function minorUnits(text: string, columnName: string, digits: number): number {
  const trimmed = text.trim().replace(/^\$/, '');
  if (/^-\s*\d/.test(trimmed)) throw new RowProblem(columnName, 'must not be negative');
  const match = /^(\d+)(?:\.(\d*))?$/.exec(trimmed);
  if (!match) throw new RowProblem(columnName, `must be a price like ${digits ? '12.50' : '1250'}, not “${text.slice(0, 40)}”`);
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > digits)
    throw new RowProblem(columnName, digits ? `must have at most ${digits} decimals` : 'must be a whole number in this store’s currency');
  const units = Number(match[1]) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  if (!Number.isSafeInteger(units) || units > MAX_MINOR_UNITS)
    throw new RowProblem(columnName, 'is more than the largest price a product takes');
  return units;
}

/** Minor units as the CSV writes them: "12.50", or "1250" in a currency without decimals. */
export function decimalPrice(units: number, digits: number): string {
  const whole = Math.floor(units / 100);
  const cents = units % 100;
  if (digits === 0) return cents === 0 ? String(whole) : (units / 100).toFixed(2);
  return `${whole}.${String(cents).padStart(2, '0')}`;
}

function wholeStock(text: string): number {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (!/^-?\d+$/.test(trimmed)) throw new RowProblem(column.stock, `must be a whole number, not “${trimmed.slice(0, 40)}”`);
  const stock = Number(trimmed);
  if (stock < 0) throw new RowProblem(column.stock, 'must not be negative');
  if (stock > 1_000_000_000) throw new RowProblem(column.stock, 'must be at most 1000000000');
  return stock;
}

function limited(text: string, columnName: string, max: number): string {
  const trimmed = text.trim();
  if (trimmed.length > max) throw new RowProblem(columnName, `must be at most ${max} characters`);
  return trimmed;
}

function statusOf(record: Record_): ProductStatus {
  const status = (record[column.status] ?? '').trim().toLowerCase();
  if (status) {
    if (!(productStatuses as readonly string[]).includes(status)) throw new RowProblem(column.status, 'must be active, draft or archived');
    return status as ProductStatus;
  }
  const published = (record[column.published] ?? '').trim().toLowerCase();
  if (published === '') return 'active';
  if (published === 'true') return 'active';
  if (published === 'false') return 'draft';
  throw new RowProblem(column.published, 'must be TRUE or FALSE');
}

/** A picture's address: http(s), or a path of the store's media (what an export of this server writes, or `/media/…`). */
function pictureSrc(record: Record_, columnName: CatalogueCsvColumn): string | null {
  const src = (record[columnName] ?? '').trim();
  if (!src) return null;
  let fine = src.startsWith('/media/') && !src.includes('..');
  if (!fine)
    try {
      const url = new URL(src);
      fine = url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      fine = false;
    }
  if (!fine || src.length > 2000) throw new RowProblem(columnName, 'must be an http(s) address or a /media/ path');
  return src;
}

/** A row's picture (Image Src, its position and alt text), or null when it has none. */
function pictureOf(record: Record_, row: number): CsvPicture | null {
  const src = pictureSrc(record, column.imageSrc);
  if (!src) return null;
  const positionText = (record[column.imagePosition] ?? '').trim();
  if (positionText && !/^\d{1,4}$/.test(positionText)) throw new RowProblem(column.imagePosition, 'must be a whole number from 1');
  const position = positionText ? Number(positionText) : null;
  if (position === 0) throw new RowProblem(column.imagePosition, 'must be a whole number from 1');
  return { row, src, position, alt: limited(record[column.imageAlt] ?? '', column.imageAlt, 500) };
}

const VARIANT_COLUMNS = [
  optionValue(0),
  optionValue(1),
  optionValue(2),
  column.sku,
  column.barcode,
  column.stock,
  column.price,
  column.compareAt,
];
const hasVariantFields = (record: Record_) => VARIANT_COLUMNS.some((name) => (record[name] ?? '').trim() !== '');

/** Shopify writes a product without options as one variant of option "Title", value "Default Title". */
const isDefaultTitle = (record: Record_) =>
  (record[optionName(0)] ?? '').trim() === 'Title' && (record[optionValue(0)] ?? '').trim() === 'Default Title';

/** Reads a product's first row: its own fields, its option names. */
function productOf(record: Record_, row: number, handle: string): CsvProduct {
  const checked = productSlug.safeParse(handle);
  if (!checked.success) throw new RowProblem(column.handle, checked.error.issues[0]?.message ?? 'is not a valid address');
  const name = (record[column.title] ?? '').trim();
  if (!name) throw new RowProblem(column.title, 'is a required field on a product’s first row');
  const body = record[column.body] ?? '';
  if (body.length > 100_000) throw new RowProblem(column.body, 'must be at most 100000 characters');
  const category = categoryColumns.map((name) => (record[name] ?? '').trim()).find(Boolean) ?? '';
  const trail = category ? category.split('>').map((part) => part.trim()) : [];
  if (trail.some((part) => !part)) throw new RowProblem(column.type, 'must be names separated by " > "');
  if (trail.some((part) => part.length > 100)) throw new RowProblem(column.type, 'must have names of at most 100 characters');
  const optionNames: string[] = [];
  if (!isDefaultTitle(record))
    for (let i = 0; i < 3; i++) {
      const option = limited(record[optionName(i)] ?? '', optionName(i), 100);
      if (!option) continue;
      if (optionNames.length < i) throw new RowProblem(optionName(i), `needs ${optionName(i - 1)} first`);
      if (optionNames.some((other) => other.toLowerCase() === option.toLowerCase()))
        throw new RowProblem(optionName(i), 'is already an option of this product');
      optionNames.push(option);
    }
  return {
    row,
    handle,
    name: limited(name, column.title, 200),
    description: body,
    status: statusOf(record),
    vendor: limited(record[column.vendor] ?? '', column.vendor, 100),
    category: trail,
    optionNames,
    variants: [],
    pictures: [],
    seo: {
      title: limited(record[column.seoTitle] ?? '', column.seoTitle, 200),
      description: limited(record[column.seoDescription] ?? '', column.seoDescription, 500),
    },
    existingId: null,
  };
}

/** Reads a row's variant: its option values under the product's option names, SKU, stock and prices. */
function variantOf(record: Record_, row: number, product: CsvProduct, digits: number): CsvVariant {
  const values: string[] = [];
  const noOptions = !product.optionNames.length;
  for (let i = 0; i < 3; i++) {
    const value = limited(record[optionValue(i)] ?? '', optionValue(i), 100);
    const name = product.optionNames[i];
    if (name === undefined) {
      if (value && !(noOptions && i === 0 && value === 'Default Title'))
        throw new RowProblem(optionValue(i), `is given, but the product has no ${optionName(i)} (on its first row)`);
    } else if (!value) throw new RowProblem(optionValue(i), `is a required field: the product’s ${optionName(i)} is ${name}`);
    else values.push(value);
  }
  if (noOptions && product.variants.length)
    throw new RowProblem(
      optionValue(0),
      'is a second variant of a product without options: give the product Option1 Name on its first row',
    );
  const priceText = (record[column.price] ?? '').trim();
  if (!priceText) throw new RowProblem(column.price, 'is a required field for a variant');
  const compareText = (record[column.compareAt] ?? '').trim();
  return {
    row,
    values,
    sku: limited(record[column.sku] ?? '', column.sku, 100),
    barcode: limited(record[column.barcode] ?? '', column.barcode, 50),
    stock: wholeStock(record[column.stock] ?? ''),
    price: minorUnits(priceText, column.price, digits),
    compareAtPrice: compareText ? minorUnits(compareText, column.compareAt, digits) : null,
    image: pictureSrc(record, column.variantImage),
  };
}

/** The file's header, checked: the columns it must have. */
function checkHeader(header: string[]): string[] {
  const names = header.map((name) => name.trim());
  if (!names.includes(column.handle))
    throw new HttpError(
      400,
      'BAD_REQUEST',
      'file: must be a CSV whose first row names its columns, Handle among them (Shopify’s product CSV)',
      'file',
    );
  return names;
}

/**
 * Reads the CSV of `input` for store `store`: every row checked, the products grouped by Handle. A file that is not a
 * CSV at all (an unclosed quote, no Handle column) is a 400 naming `file`; rows that cannot be imported are listed.
 */
export async function readCatalogueCsv(store: Db, input: Readable): Promise<CsvCatalogue> {
  // Empty lines are read as rows (and passed over), so that rows are numbered as a spreadsheet shows them.
  const parser = parse({ bom: true, columns: checkHeader, relax_column_count: true, skip_empty_lines: false });
  // A body that stops (too large, or the client gone) ends the reading with its error: pipe alone would leave it
  // waiting. Listened to before anything is awaited, so an error the body raises meanwhile is not missed; the parser's
  // own errors meanwhile (a file without a Handle column) are kept by it and thrown by the reading loop below.
  input.on('error', (error) => parser.destroy(error));
  parser.on('error', () => {});
  input.pipe(parser);
  const site = await store.selectFrom('sites').select('base_currency').executeTakeFirstOrThrow();
  const digits = displayDecimals(site.base_currency);
  const products = new Map<string, CsvProduct>();
  const skipped = new Set<string>();
  const problems: CatalogueCsvProblem[] = [];
  const skus = new Map<string, number>();
  const combinations = new Map<string, number>();
  let row = 1;
  try {
    for await (const record of parser as AsyncIterable<Record_>) {
      row++;
      if (Object.values(record).every((value) => !value?.trim())) continue;
      const handle = (record[column.handle] ?? '').trim();
      if (!handle) {
        problems.push({ row, column: column.handle, reason: 'is a required field' });
        continue;
      }
      if (skipped.has(handle)) continue;
      try {
        let product = products.get(handle);
        const first = !product;
        product ??= productOf(record, row, handle);
        const picture = pictureOf(record, row);
        const variant = first || hasVariantFields(record) ? variantOf(record, row, product, digits) : null;
        if (variant) {
          if (product.variants.length >= MAX_VARIANTS)
            throw new RowProblem(optionValue(0), `is one variant too many: a product has at most ${MAX_VARIANTS}`);
          const key = `${handle}\u0000${variant.values.map((value) => value.toLowerCase()).join('\u0000')}`;
          const same = combinations.get(key);
          if (same !== undefined && product.optionNames.length) throw new RowProblem(optionValue(0), `is the same choice as row ${same}`);
          const skuKey = variant.sku.toLowerCase();
          const other = variant.sku ? skus.get(skuKey) : undefined;
          if (other !== undefined) throw new RowProblem(column.sku, `is already the SKU of row ${other}`);
          combinations.set(key, row);
          if (variant.sku) skus.set(skuKey, row);
          product.variants.push(variant);
        }
        if (picture) {
          if (product.pictures.length >= MAX_PRODUCT_PICTURES)
            throw new RowProblem(column.imageSrc, `is one picture too many: a product has at most ${MAX_PRODUCT_PICTURES}`);
          product.pictures.push(picture);
        }
        if (first) products.set(handle, product);
      } catch (error) {
        if (!(error instanceof RowProblem)) throw error;
        problems.push({ row, column: error.column, reason: error.reason });
        // A product's first row at fault: the product is skipped, with every row of it.
        if (!products.has(handle)) skipped.add(handle);
      }
    }
  } catch (error) {
    if (error instanceof CsvError)
      throw new HttpError(400, 'BAD_REQUEST', `file: is not a readable CSV at line ${error.lines ?? row}: ${error.message}`, 'file');
    throw error;
  }
  const checked = await checkAgainstStore(store, [...products.values()], problems);
  const { newCategories, newBrands } = await newNames(store, checked);
  for (const product of checked)
    product.pictures.sort((a, b) => (a.position ?? Number.MAX_SAFE_INTEGER) - (b.position ?? Number.MAX_SAFE_INTEGER));
  problems.sort((a, b) => a.row - b.row);
  return { rows: row, products: checked, problems, newCategories, newBrands };
}

/** Values in slices small enough for one `in (…)` each. */
function* slices<T>(values: readonly T[], size = 5000): Generator<T[]> {
  for (let i = 0; i < values.length; i += size) yield values.slice(i, i + size);
}

/**
 * The products the store lets in: a Handle that is a category's or page's address is refused, one that is a
 * product's updates it; a SKU another product of the store has is refused (its row, or its product on a first row).
 */
async function checkAgainstStore(store: Db, products: CsvProduct[], problems: CatalogueCsvProblem[]): Promise<CsvProduct[]> {
  const handles = products.map((product) => product.handle);
  const byHandle = new Map(products.map((product) => [product.handle, product]));
  const refusedProducts = new Set<CsvProduct>();
  for (const part of slices(handles)) {
    const [own, categories, pages] = await Promise.all([
      store.selectFrom('products').select(['product_id', 'slug']).where('slug', 'in', part).execute(),
      store.selectFrom('categories').select('slug').where('slug', 'in', part).execute(),
      store.selectFrom('pages').select('slug').where('page_type_id', '=', PageType.Custom).where('slug', 'in', part).execute(),
    ]);
    for (const row of own) byHandle.get(row.slug)!.existingId = row.product_id;
    for (const [rows, holder] of [
      [categories, 'a category'],
      [pages, 'a page'],
    ] as const)
      for (const { slug } of rows) {
        const product = byHandle.get(slug)!;
        problems.push({ row: product.row, column: column.handle, reason: `is already the address of ${holder} of this store` });
        refusedProducts.add(product);
      }
  }
  const skuRows = new Map<string, { product: CsvProduct; variant: CsvVariant }>();
  for (const product of products)
    for (const variant of product.variants) if (variant.sku) skuRows.set(variant.sku.toLowerCase(), { product, variant });
  const refusedVariants = new Set<CsvVariant>();
  for (const part of slices([...skuRows.keys()])) {
    const [own, ofVariants] = await Promise.all([
      store
        .selectFrom('products')
        .select(['product_id', 'name', 'sku'])
        .where((eb) => eb(eb.fn('lower', ['sku']), 'in', part))
        .execute(),
      store
        .selectFrom('variants as v')
        .innerJoin('products as p', 'p.product_id', 'v.product_id')
        .select(['p.product_id', 'p.name', 'v.sku'])
        .where((eb) => eb(eb.fn('lower', ['v.sku']), 'in', part))
        .execute(),
    ]);
    for (const taken of [...own, ...ofVariants]) {
      const found = skuRows.get(taken.sku.toLowerCase());
      if (!found || found.product.existingId === taken.product_id) continue;
      problems.push({
        row: found.variant.row,
        column: column.sku,
        reason: `is already the SKU of ${taken.name}, another product of this store`,
      });
      if (found.variant === found.product.variants[0]) refusedProducts.add(found.product);
      else refusedVariants.add(found.variant);
    }
  }
  return products
    .filter((product) => !refusedProducts.has(product))
    .map((product) =>
      product.variants.some((v) => refusedVariants.has(v))
        ? { ...product, variants: product.variants.filter((v) => !refusedVariants.has(v)) }
        : product,
    );
}

/** The category trails and brands the import will make: those of no category or brand of the store by that name (case aside). */
async function newNames(store: Db, products: readonly CsvProduct[]): Promise<{ newCategories: number; newBrands: number }> {
  const [categories, brands] = await Promise.all([
    store.selectFrom('categories').select(['category_id', 'parent_id', 'name']).execute(),
    store.selectFrom('brands').select('name').execute(),
  ]);
  const known = new Set(brands.map((brand) => brand.name.toLowerCase()));
  const newBrands = new Set(products.map((p) => p.vendor.toLowerCase()).filter((vendor) => vendor && !known.has(vendor)));
  const tree = new CategoryTrails(categories);
  const made = new Set<string>();
  for (const product of products)
    for (let depth = 1; depth <= product.category.length; depth++) {
      const trail = product.category.slice(0, depth);
      if (tree.find(trail) === null) made.add(trailKey(trail));
    }
  return { newCategories: made.size, newBrands: newBrands.size };
}

/** A trail of names as one key, case aside. */
export const trailKey = (trail: readonly string[]) => trail.map((name) => name.toLowerCase()).join('\u0000');

/** The store's categories found by their trail of names from the top, case aside (the first of two of one name). */
export class CategoryTrails {
  private readonly children = new Map<string, number>();
  constructor(rows: readonly { category_id: number; parent_id: number | null; name: string }[]) {
    for (const row of [...rows].sort((a, b) => a.category_id - b.category_id)) {
      const key = `${row.parent_id ?? 0}\u0000${row.name.toLowerCase()}`;
      if (!this.children.has(key)) this.children.set(key, row.category_id);
    }
  }
  /** The category at the end of `trail`, or null when some name of it is missing. */
  find(trail: readonly string[]): number | null {
    let parent = 0;
    for (const name of trail) {
      const id = this.children.get(`${parent}\u0000${name.toLowerCase()}`);
      if (id === undefined) return null;
      parent = id;
    }
    return parent || null;
  }
  /** Records a category made under `parentId` (null at the top). */
  add(parentId: number | null, name: string, categoryId: number): void {
    this.children.set(`${parentId ?? 0}\u0000${name.toLowerCase()}`, categoryId);
  }
}
