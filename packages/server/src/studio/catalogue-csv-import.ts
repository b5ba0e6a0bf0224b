// The import of a previewed CSV (issue 34). A preview's products wait here, in this process's memory, by import id
// and store, for `CATALOGUE_IMPORT_MINUTES`; the import takes their pictures, then writes every product in ONE
// transaction, in batches of many rows a statement, checking between batches whether the owner cancelled. A failure
// or a cancel rolls the transaction back: the catalogue is as it was (pictures already stored as files stay on disk,
// unreferenced, named by their content). The owner's client polls the progress, kept beside the products.
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import {
  CATALOGUE_IMPORT_MINUTES,
  MAX_LISTED_CSV_PROBLEMS,
  type CatalogueCsvPreviewAnswer,
  type CatalogueImportAnswer,
  type CatalogueImportState,
  type CatalogueCsvProblem,
  PageType,
  slugFromName,
} from '@vitrine/commerce';
import { sanitizeProductDescription } from '@vitrine/sections/owner-html';
import type { Db } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { recordStockMovements, type StockMovement } from '../shop/stock-ledger.ts';
import { firstFree } from './addresses.ts';
import { CategoryTrails, type CsvCatalogue, type CsvProduct, type CsvVariant } from './catalogue-csv-read.ts';
import { takePictures, type TakenPicture } from './catalogue-csv-pictures.ts';

type Trx = Transaction<Database>;

/** Products written a batch: each batch is a handful of statements, whatever its size. */
export const IMPORT_BATCH = 500;
/** Previews one store keeps waiting; a newer one lets the oldest go. */
const PREVIEWS_PER_STORE = 3;

interface ImportJob {
  id: string;
  webId: number;
  catalogue: CsvCatalogue;
  expiresAt: number;
  state: CatalogueImportState;
  /** The products previewed; let go once the import ends. */
  total: number;
  done: number;
  created: number;
  updated: number;
  problems: CatalogueCsvProblem[];
  error: string | null;
  cancelled: boolean;
}

/** Thrown between batches when the owner cancelled: the transaction rolls back. */
class ImportCancelled extends Error {}

/** What the import needs of the server. */
export interface ImportDeps {
  everyStore: Db;
  mediaDir: string;
}

/**
 * The store's imports waiting or running, in this process. A server of several processes (`WORKERS`) answers an
 * import id only on the process that previewed it: the owner's client keeps one connection, and a miss is a clear 404.
 */
export class CatalogueImports {
  private readonly jobs = new Map<string, ImportJob>();

  /** Keeps a preview's products for its import; answers the preview. */
  keep(webId: number, catalogue: CsvCatalogue, now = Date.now()): CatalogueCsvPreviewAnswer['data'] {
    this.sweep(now);
    const waiting = [...this.jobs.values()].filter((job) => job.webId === webId && job.state === 'previewed');
    for (const job of waiting.slice(0, Math.max(0, waiting.length - PREVIEWS_PER_STORE + 1))) this.jobs.delete(job.id);
    const job: ImportJob = {
      id: randomUUID(),
      webId,
      catalogue,
      expiresAt: now + CATALOGUE_IMPORT_MINUTES * 60_000,
      state: 'previewed',
      total: catalogue.products.length,
      done: 0,
      created: 0,
      updated: 0,
      problems: [],
      error: null,
      cancelled: false,
    };
    this.jobs.set(job.id, job);
    const { products, problems } = catalogue;
    const created = products.filter((product) => product.existingId === null).length;
    return {
      importId: job.id,
      expiresAt: new Date(job.expiresAt).toISOString(),
      rows: catalogue.rows,
      products: products.length,
      created,
      updated: products.length - created,
      variants: products.reduce((sum, product) => sum + (product.optionNames.length ? product.variants.length : 0), 0),
      pictures: products.reduce((sum, product) => sum + product.pictures.length, 0),
      newCategories: catalogue.newCategories,
      newBrands: catalogue.newBrands,
      problems: problems.slice(0, MAX_LISTED_CSV_PROBLEMS),
      moreProblems: Math.max(0, problems.length - MAX_LISTED_CSV_PROBLEMS),
    };
  }

  /** Lets go of previews past their time, and of finished imports an hour after. */
  private sweep(now: number): void {
    for (const job of this.jobs.values()) if (job.state !== 'running' && job.expiresAt < now) this.jobs.delete(job.id);
  }

  private find(webId: number, importId: string): ImportJob {
    this.sweep(Date.now());
    const job = this.jobs.get(importId);
    if (!job || job.webId !== webId)
      throw new HttpError(
        404,
        'NOT_FOUND',
        'importId: this store has no such import (a preview waits 30 minutes); preview the file again',
        'importId',
      );
    return job;
  }

  /** An import's progress. */
  progress(webId: number, importId: string): CatalogueImportAnswer['data'] {
    const job = this.find(webId, importId);
    return {
      importId: job.id,
      state: job.state,
      done: job.done,
      total: job.total,
      created: job.created,
      updated: job.updated,
      problems: job.problems.slice(0, MAX_LISTED_CSV_PROBLEMS),
      error: job.error,
    };
  }

  /** Starts the import of a preview, once: it runs on after the answer, which is its progress. */
  start(deps: ImportDeps, store: Db, webId: number, importId: string, actor: string): CatalogueImportAnswer['data'] {
    const job = this.find(webId, importId);
    if (job.state !== 'previewed')
      throw new HttpError(409, 'IMPORT_STARTED', 'importId: this import has already run; preview the file again', 'importId');
    const running = [...this.jobs.values()].find((other) => other.webId === webId && other.state === 'running');
    if (running)
      throw new HttpError(409, 'IMPORT_RUNNING', 'importId: another import of this store is running; wait for it to end', 'importId');
    job.state = 'running';
    job.expiresAt = Date.now() + 60 * 60_000;
    void runImport(deps, store, webId, job, actor).then(
      () => {
        job.state = 'done';
        job.catalogue = { ...job.catalogue, products: [], problems: [] };
      },
      (error: unknown) => {
        job.catalogue = { ...job.catalogue, products: [], problems: [] };
        job.done = 0;
        job.created = 0;
        job.updated = 0;
        if (error instanceof ImportCancelled) job.state = 'cancelled';
        else {
          job.state = 'failed';
          job.error = `The import failed and changed nothing: ${error instanceof Error ? error.message : String(error)}`;
        }
      },
    );
    return this.progress(webId, importId);
  }

  /** Asks a running import to stop; it rolls back at its next batch. A preview not yet imported is let go. */
  cancel(webId: number, importId: string): CatalogueImportAnswer['data'] {
    const job = this.find(webId, importId);
    if (job.state === 'previewed') {
      job.state = 'cancelled';
      job.catalogue = { ...job.catalogue, products: [], problems: [] };
    } else if (job.state === 'running') job.cancelled = true;
    return this.progress(webId, importId);
  }
}

/** Takes the pictures, then writes the products in one transaction, batch by batch. */
async function runImport(deps: ImportDeps, store: Db, webId: number, job: ImportJob, actor: string): Promise<void> {
  const { products } = job.catalogue;
  const { taken, problems } = await takePictures(store, deps.everyStore, deps.mediaDir, webId, products);
  job.problems = problems;
  if (job.cancelled) throw new ImportCancelled();
  await store.transaction().execute(async (trx) => {
    await trx.selectFrom('sites').select('web_id').forUpdate().executeTakeFirstOrThrow();
    const brands = await brandIds(trx, webId, products);
    const categories = await categoryIds(trx, webId, products);
    const axes = await optionValueIds(trx, webId, products);
    const uploads = [...taken.values()].flatMap((picture) => (picture.upload ? [picture.upload] : []));
    for (let i = 0; i < uploads.length; i += 2000)
      await trx
        .insertInto('media')
        .values(uploads.slice(i, i + 2000).map((upload) => ({ web_id: webId, mime: 'image/webp', ...upload })))
        .onConflict((conflict) => conflict.columns(['web_id', 'path']).doNothing())
        .execute();
    for (let i = 0; i < products.length; i += IMPORT_BATCH) {
      if (job.cancelled) throw new ImportCancelled();
      const batch = products.slice(i, i + IMPORT_BATCH);
      const counted = await writeBatch(trx, webId, batch, { brands, categories, axes, taken, actor });
      job.done += batch.length;
      job.created += counted.created;
      job.updated += counted.updated;
      // Other requests are answered between batches (a progress poll, a cancel).
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (job.cancelled) throw new ImportCancelled();
  });
}

/** Rows in parts of at most `size`, for statements under PostgreSQL's 65,535 parameters. */
function* parts<T>(rows: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/** The store's brand of each Vendor (case aside), made when missing; by lower-case name. */
async function brandIds(trx: Trx, webId: number, products: readonly CsvProduct[]): Promise<Map<string, number>> {
  const rows = await trx.selectFrom('brands').select(['brand_id', 'name', 'slug']).orderBy('brand_id').execute();
  const ids = new Map<string, number>();
  for (const row of rows) if (!ids.has(row.name.toLowerCase())) ids.set(row.name.toLowerCase(), row.brand_id);
  const slugs = new Set(rows.map((row) => row.slug));
  const missing = new Map<string, string>();
  for (const { vendor } of products) if (vendor && !ids.has(vendor.toLowerCase())) missing.set(vendor.toLowerCase(), vendor);
  const made = [...missing.values()].map((name) => {
    const slug = firstFree(slugFromName(name) || 'brand', slugs);
    slugs.add(slug);
    return { web_id: webId, name, slug };
  });
  for (const part of parts(made, 5000))
    for (const row of await trx.insertInto('brands').values(part).returning(['brand_id', 'name']).execute())
      ids.set(row.name.toLowerCase(), row.brand_id);
  return ids;
}

/**
 * The store's category at the end of each product's trail, the missing ones made level by level (the address made
 * from the name, free among the store's products, categories and pages and the file's handles); by trail key.
 */
async function categoryIds(trx: Trx, webId: number, products: readonly CsvProduct[]): Promise<Map<string, number>> {
  const rows = await trx.selectFrom('categories').select(['category_id', 'parent_id', 'name', 'slug']).execute();
  const tree = new CategoryTrails(rows);
  const ids = new Map<string, number>();
  const trails = new Map(
    products.filter((p) => p.category.length).map((p) => [p.category.map((n) => n.toLowerCase()).join('\u0000'), p.category]),
  );
  const deepest = Math.max(0, ...[...trails.values()].map((trail) => trail.length));
  let taken: Set<string> | null = null;
  for (let depth = 1; depth <= deepest; depth++) {
    const missing = new Map<string, { parentId: number | null; name: string }>();
    for (const trail of trails.values()) {
      if (trail.length < depth || tree.find(trail.slice(0, depth)) !== null) continue;
      const parentId = depth === 1 ? null : tree.find(trail.slice(0, depth - 1));
      missing.set(`${parentId ?? 0}\u0000${trail[depth - 1]!.toLowerCase()}`, { parentId, name: trail[depth - 1]! });
    }
    if (!missing.size) continue;
    taken ??= await takenAddresses(trx, products);
    const made = [...missing.values()].map(({ parentId, name }) => {
      const slug = firstFree(slugFromName(name).slice(0, 180).replace(/-$/, '') || 'category', taken!);
      taken!.add(slug);
      return { web_id: webId, parent_id: parentId, name, slug };
    });
    for (const part of parts(made, 5000))
      for (const row of await trx.insertInto('categories').values(part).returning(['category_id', 'parent_id', 'name']).execute())
        tree.add(row.parent_id, row.name, row.category_id);
  }
  for (const [key, trail] of trails) ids.set(key, tree.find(trail)!);
  return ids;
}

/** Every address the store's products, categories and pages hold, and the file's handles. */
async function takenAddresses(trx: Trx, products: readonly CsvProduct[]): Promise<Set<string>> {
  const [own, categories, pages] = await Promise.all([
    trx.selectFrom('products').select('slug').execute(),
    trx.selectFrom('categories').select('slug').execute(),
    trx.selectFrom('pages').select('slug').execute(),
  ]);
  return new Set([...own, ...categories, ...pages].map((row) => row.slug).concat(products.map((product) => product.handle)));
}

/** The store's attribute values for each option name and value (case aside), made when missing: `name\0value` → value id. */
async function optionValueIds(trx: Trx, webId: number, products: readonly CsvProduct[]): Promise<Map<string, number>> {
  const wanted = new Map<string, { name: string; values: Map<string, string> }>();
  for (const product of products)
    product.optionNames.forEach((name, i) => {
      const axis = wanted.get(name.toLowerCase()) ?? { name, values: new Map<string, string>() };
      wanted.set(name.toLowerCase(), axis);
      for (const variant of product.variants) axis.values.set(variant.values[i]!.toLowerCase(), variant.values[i]!);
    });
  const ids = new Map<string, number>();
  if (!wanted.size) return ids;
  const attributes = await trx.selectFrom('attributes').select(['attribute_id', 'name']).orderBy('attribute_id').execute();
  const attributeOf = new Map<string, number>();
  for (const row of attributes) if (!attributeOf.has(row.name.toLowerCase())) attributeOf.set(row.name.toLowerCase(), row.attribute_id);
  const newAttributes = [...wanted.entries()].filter(([key]) => !attributeOf.has(key));
  if (newAttributes.length)
    for (const row of await trx
      .insertInto('attributes')
      .values(newAttributes.map(([, axis]) => ({ web_id: webId, name: axis.name, display_type: 'dropdown' as const })))
      .returning(['attribute_id', 'name'])
      .execute())
      attributeOf.set(row.name.toLowerCase(), row.attribute_id);
  const attributeIds = [...wanted.keys()].map((key) => attributeOf.get(key)!);
  const values = await trx
    .selectFrom('attribute_values')
    .select(['value_id', 'attribute_id', 'name', 'sort'])
    .where('attribute_id', 'in', attributeIds)
    .orderBy('value_id')
    .execute();
  const sortOf = new Map<number, number>();
  for (const value of values) {
    const key = `${value.attribute_id}\u0000${value.name.toLowerCase()}`;
    if (!ids.has(key)) ids.set(key, value.value_id);
    sortOf.set(value.attribute_id, Math.max(sortOf.get(value.attribute_id) ?? 0, value.sort));
  }
  const made: { web_id: number; attribute_id: number; name: string; sort: number }[] = [];
  for (const [key, axis] of wanted) {
    const attributeId = attributeOf.get(key)!;
    for (const [lower, name] of axis.values) {
      if (ids.has(`${attributeId}\u0000${lower}`)) continue;
      const sort = (sortOf.get(attributeId) ?? 0) + 1;
      sortOf.set(attributeId, sort);
      made.push({ web_id: webId, attribute_id: attributeId, name, sort });
    }
  }
  for (const part of parts(made, 10_000))
    for (const row of await trx.insertInto('attribute_values').values(part).returning(['value_id', 'attribute_id', 'name']).execute())
      ids.set(`${row.attribute_id}\u0000${row.name.toLowerCase()}`, row.value_id);
  // Keyed by option name, as the products name them.
  const byOption = new Map<string, number>();
  for (const [key] of wanted) {
    const attributeId = attributeOf.get(key)!;
    for (const [mapKey, valueId] of ids) {
      const [attribute, value] = mapKey.split('\u0000') as [string, string];
      if (Number(attribute) === attributeId) byOption.set(`${key}\u0000${value}`, valueId);
    }
  }
  return byOption;
}

interface BatchContext {
  brands: Map<string, number>;
  categories: Map<string, number>;
  axes: Map<string, number>;
  taken: Map<string, TakenPicture>;
  actor: string;
}

/** An existing variant of a product the import changes. */
interface StoredVariant {
  variant_id: number;
  product_id: number;
  sku: string;
  stock: number;
  image_file: string | null;
  key: string;
}

/** The key of a variant's option values, in any order and case. */
const valuesKey = (values: readonly string[]) =>
  values
    .map((value) => value.toLowerCase())
    .sort()
    .join('\u0000');

/** Writes one batch of products: created or changed, with their pictures, variants, option values and stock ledger. */
async function writeBatch(
  trx: Trx,
  webId: number,
  batch: readonly CsvProduct[],
  context: BatchContext,
): Promise<{ created: number; updated: number }> {
  // The store as it is now, not as the preview saw it: a product made since at a handle is changed, not doubled.
  const existing = await trx
    .selectFrom('products')
    .select(['product_id', 'slug', 'meta', 'version', 'stock', 'track_stock', 'sku', 'barcode'])
    .where(
      'slug',
      'in',
      batch.map((product) => product.handle),
    )
    .forUpdate()
    .execute();
  const existingBySlug = new Map(existing.map((row) => [row.slug, row]));
  /** A variant's picture as taken; null for none, or one that could not be taken. */
  const variantFile = (variant: CsvVariant) => (variant.image ? (context.taken.get(variant.image)?.file ?? null) : null);
  /** The product's pictures as taken, in order, then its variants' pictures it does not show yet (a variant's is one of the product's). */
  const pictureOf = (product: CsvProduct) => {
    const pictures = product.pictures.flatMap((picture) => {
      const taken = context.taken.get(picture.src);
      return taken ? [{ file: taken.file, width: taken.width, height: taken.height, alt: picture.alt }] : [];
    });
    for (const variant of product.variants) {
      const taken = variant.image ? context.taken.get(variant.image) : undefined;
      if (taken && !pictures.some((picture) => picture.file === taken.file))
        pictures.push({ file: taken.file, width: taken.width, height: taken.height, alt: '' });
    }
    return pictures;
  };
  const givesPictures = (product: CsvProduct) => product.pictures.length > 0 || product.variants.some((variant) => variant.image);
  const rowOf = (product: CsvProduct) => {
    const first = product.variants[0]!;
    const hasVariants = product.optionNames.length > 0;
    const stock = product.variants.reduce((sum, variant) => sum + variant.stock, 0);
    return {
      name: product.name,
      slug: product.handle,
      description: sanitizeProductDescription(product.description),
      status: product.status,
      price: first.price,
      compare_at_price: first.compareAtPrice,
      stock,
      stock_status_id: product.variants.some((variant) => variant.stock > 0) ? 1 : 2,
      category_id: product.category.length
        ? (context.categories.get(product.category.map((n) => n.toLowerCase()).join('\u0000')) ?? null)
        : null,
      brand_id: product.vendor ? (context.brands.get(product.vendor.toLowerCase()) ?? null) : null,
      ...(hasVariants ? {} : { sku: first.sku, barcode: first.barcode }),
    };
  };

  const fresh = batch.filter((product) => !existingBySlug.has(product.handle));
  const changed = batch.filter((product) => existingBySlug.has(product.handle));
  const productIds = new Map<CsvProduct, number>();
  for (const part of parts(fresh, 2000)) {
    const inserted = await trx
      .insertInto('products')
      .values(
        part.map((product) => ({
          web_id: webId,
          sku: '',
          ...rowOf(product),
          meta: JSON.stringify({ title: product.seo.title, description: product.seo.description }),
        })),
      )
      .returning(['product_id', 'slug'])
      .execute();
    const bySlug = new Map(inserted.map((row) => [row.slug, row.product_id]));
    for (const product of part) productIds.set(product, bySlug.get(product.handle)!);
  }
  for (const product of changed) {
    const before = existingBySlug.get(product.handle)!;
    productIds.set(product, before.product_id);
    const row = rowOf(product);
    await trx
      .updateTable('products')
      .set({
        ...row,
        // A product with variants keeps its own SKU: Shopify's CSV has none beside its variants'.
        stock_status_id: before.track_stock ? row.stock_status_id : 1,
        meta: JSON.stringify({ ...before.meta, title: product.seo.title, description: product.seo.description }),
        version: before.version + 1,
      })
      .where('product_id', '=', before.product_id)
      .execute();
  }
  if (fresh.length)
    await trx
      .deleteFrom('redirect_rules')
      .where(
        'from_path',
        'in',
        fresh.map((product) => `/${product.handle}`),
      )
      .execute();

  // Pictures: the file's replace a changed product's when it gives any.
  const changedIds = changed.map((product) => productIds.get(product)!);
  const replacing = changed.filter(givesPictures).map((product) => productIds.get(product)!);
  if (replacing.length) await trx.deleteFrom('product_images').where('product_id', 'in', replacing).execute();
  const images = batch.flatMap((product) =>
    pictureOf(product).map((picture, sort) => ({ web_id: webId, product_id: productIds.get(product)!, ...picture, sort })),
  );
  for (const part of parts(images, 5000)) await trx.insertInto('product_images').values(part).execute();

  // Variants: a changed product's matched by SKU, else by option values; the rest of its variants removed.
  const stored: StoredVariant[] = [];
  if (changedIds.length) {
    const [variants, values] = await Promise.all([
      trx
        .selectFrom('variants')
        .select(['variant_id', 'product_id', 'sku', 'stock', 'image_file'])
        .where('product_id', 'in', changedIds)
        .orderBy('variant_id')
        .execute(),
      trx
        .selectFrom('variant_values as vv')
        .innerJoin('variants as v', 'v.variant_id', 'vv.variant_id')
        .innerJoin('attribute_values as av', 'av.value_id', 'vv.value_id')
        .select(['vv.variant_id', 'av.name'])
        .where('v.product_id', 'in', changedIds)
        .execute(),
    ]);
    const namesOf = new Map<number, string[]>();
    for (const value of values) namesOf.set(value.variant_id, [...(namesOf.get(value.variant_id) ?? []), value.name]);
    for (const variant of variants) stored.push({ ...variant, key: valuesKey(namesOf.get(variant.variant_id) ?? []) });
  }
  const movements: StockMovement[] = [];
  const kept: { variantId: number; product: CsvProduct; variant: CsvVariant; file: string | null }[] = [];
  const added: { product: CsvProduct; variant: CsvVariant }[] = [];
  const removed: number[] = [];
  for (const product of batch) {
    const productId = productIds.get(product)!;
    const before = existingBySlug.get(product.handle);
    if (!product.optionNames.length) {
      // No options: the product's own stock, and any variants it had go.
      for (const variant of stored) if (variant.product_id === productId) removed.push(variant.variant_id);
      const stockBefore = before ? before.stock : 0;
      const stockAfter = product.variants[0]!.stock;
      if ((before?.track_stock ?? true) && stockAfter !== stockBefore)
        movements.push({
          productId,
          variantId: null,
          change: stockAfter - stockBefore,
          stockAfter,
          reason: 'import',
          actor: context.actor,
        });
      continue;
    }
    const own = stored.filter((variant) => variant.product_id === productId);
    const pictures = new Set(pictureOf(product).map((picture) => picture.file));
    const claimed = new Set<number>();
    for (const variant of product.variants) {
      const match =
        own.find((old) => !claimed.has(old.variant_id) && variant.sku && old.sku.toLowerCase() === variant.sku.toLowerCase()) ??
        own.find((old) => !claimed.has(old.variant_id) && old.key === valuesKey(variant.values));
      if (match) {
        claimed.add(match.variant_id);
        // The file's picture for the variant; else the one it had, while the product still shows it.
        const file = variant.image
          ? variantFile(variant)
          : match.image_file && (!givesPictures(product) || pictures.has(match.image_file))
            ? match.image_file
            : null;
        kept.push({ variantId: match.variant_id, product, variant, file });
        if ((before?.track_stock ?? true) && match.stock !== variant.stock)
          movements.push({
            productId,
            variantId: match.variant_id,
            change: variant.stock - match.stock,
            stockAfter: variant.stock,
            reason: 'import',
            actor: context.actor,
          });
      } else added.push({ product, variant });
    }
    for (const old of own) if (!claimed.has(old.variant_id)) removed.push(old.variant_id);
  }
  if (removed.length) {
    await trx.updateTable('cart_lines').set({ variant_id: null }).where('variant_id', 'in', removed).execute();
    await trx.deleteFrom('variants').where('variant_id', 'in', removed).execute();
  }
  const variantRow = (variant: CsvVariant) => ({
    sku: variant.sku,
    barcode: variant.barcode,
    name: variant.values.join(' / '),
    price: variant.price,
    compare_at_price: variant.compareAtPrice,
    stock: variant.stock,
  });
  for (const { variantId, variant, file } of kept)
    await trx
      .updateTable('variants')
      .set({ ...variantRow(variant), image_file: file })
      .where('variant_id', '=', variantId)
      .execute();
  const variantIds = new Map<CsvVariant, number>(kept.map(({ variantId, variant }) => [variant, variantId]));
  for (const part of parts(added, 5000)) {
    const inserted = await trx
      .insertInto('variants')
      .values(
        part.map(({ product, variant }) => ({
          web_id: webId,
          product_id: productIds.get(product)!,
          image_file: variantFile(variant),
          ...variantRow(variant),
        })),
      )
      .returning('variant_id')
      .execute();
    // PostgreSQL answers an INSERT's RETURNING rows in the order of its VALUES.
    part.forEach(({ product, variant }, i) => {
      const variantId = inserted[i]!.variant_id;
      variantIds.set(variant, variantId);
      if (variant.stock !== 0)
        movements.push({
          productId: productIds.get(product)!,
          variantId,
          change: variant.stock,
          stockAfter: variant.stock,
          reason: 'import',
          actor: context.actor,
        });
    });
  }
  if (kept.length)
    for (const part of parts(kept, 10_000))
      await trx
        .deleteFrom('variant_values')
        .where(
          'variant_id',
          'in',
          part.map((k) => k.variantId),
        )
        .execute();
  const values = batch.flatMap((product) =>
    product.optionNames.length
      ? product.variants.flatMap((variant) =>
          variant.values.map((value, i) => ({
            web_id: webId,
            variant_id: variantIds.get(variant)!,
            value_id: context.axes.get(`${product.optionNames[i]!.toLowerCase()}\u0000${value.toLowerCase()}`)!,
          })),
        )
      : [],
  );
  for (const part of parts(values, 10_000)) await trx.insertInto('variant_values').values(part).execute();
  for (const part of parts(movements, 5000)) await recordStockMovements(trx, webId, part);
  await checkStillFree(trx, batch, [...productIds.values()]);
  return { created: fresh.length, updated: changed.length };
}

/**
 * What the preview checked, checked again on the rows as written, inside the transaction that holds the store's row
 * (as a product save does): a SKU of the batch another product has taken since, or a handle a category or page has
 * taken since, fails the import, naming the row, and the transaction leaves nothing behind.
 */
async function checkStillFree(trx: Trx, batch: readonly CsvProduct[], productIds: readonly number[]): Promise<void> {
  const rows = new Map<string, number>();
  for (const product of batch) for (const variant of product.variants) if (variant.sku) rows.set(variant.sku.toLowerCase(), variant.row);
  const skus = [...rows.keys()];
  const [products, variants, categories, pages] = await Promise.all([
    skus.length
      ? trx
          .selectFrom('products')
          .select(['name', 'sku'])
          .where((eb) => eb(eb.fn('lower', ['sku']), 'in', skus))
          .where('product_id', 'not in', productIds)
          .execute()
      : [],
    skus.length
      ? trx
          .selectFrom('variants as v')
          .innerJoin('products as p', 'p.product_id', 'v.product_id')
          .select(['p.name', 'v.sku'])
          .where((eb) => eb(eb.fn('lower', ['v.sku']), 'in', skus))
          .where('v.product_id', 'not in', productIds)
          .execute()
      : [],
    trx
      .selectFrom('categories')
      .select('slug')
      .where(
        'slug',
        'in',
        batch.map((product) => product.handle),
      )
      .execute(),
    trx
      .selectFrom('pages')
      .select('slug')
      .where('page_type_id', '=', PageType.Custom)
      .where(
        'slug',
        'in',
        batch.map((product) => product.handle),
      )
      .execute(),
  ]);
  const taken = [...products, ...variants][0];
  if (taken)
    throw new Error(
      `row ${rows.get(taken.sku.toLowerCase())}: Variant SKU ${taken.sku} is now the SKU of ${taken.name}, another product of this store; preview the file again`,
    );
  const address = [...categories, ...pages][0];
  if (address) {
    const product = batch.find((p) => p.handle === address.slug)!;
    throw new Error(
      `row ${product.row}: Handle ${address.slug} is now the address of a category or page of this store; preview the file again`,
    );
  }
}
