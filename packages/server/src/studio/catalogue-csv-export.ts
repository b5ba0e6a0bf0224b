// The catalogue as Shopify's product CSV (issue 34), streamed: products read a page at a time in id order (keyset,
// never the whole catalogue in memory), each page's variants, option values and pictures read in one query each, and
// written through csv-stringify as the answer drains. One row per variant (a product without options is one row of
// Shopify's "Title: Default Title"), a product's pictures beside its rows and on rows of their own past them, and each
// variant's picture in its Variant Image.
import { stringify, type Stringifier } from 'csv-stringify';
import { catalogueCsvColumns, displayDecimals, type CatalogueCsvColumn } from '@vitrine/commerce';
import type { Db } from '../db/connect.ts';
import { decimalPrice } from './catalogue-csv-read.ts';

/** Products read a page. */
const EXPORT_PAGE = 1000;

type CsvRow = Partial<Record<CatalogueCsvColumn, string>>;

/** The CSV writer of an export: the header first, then whatever `writeCatalogueCsv` gives it. */
export function catalogueCsvWriter(): Stringifier {
  return stringify({ header: true, columns: [...catalogueCsvColumns], bom: false, record_delimiter: 'unix' });
}

/** Rows by a key, in their order (`Map.groupBy` is not in Node 20). */
function groupedBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** Each category's trail of names from the top: "Kitchen > Cookware". */
function categoryTrails(rows: readonly { category_id: number; parent_id: number | null; name: string }[]): Map<number, string> {
  const byId = new Map(rows.map((row) => [row.category_id, row]));
  const trails = new Map<number, string>();
  const trailOf = (id: number, depth = 0): string => {
    const known = trails.get(id);
    if (known !== undefined) return known;
    const row = byId.get(id);
    if (!row) return '';
    const parent = row.parent_id !== null && depth < 50 ? trailOf(row.parent_id, depth + 1) : '';
    const trail = parent ? `${parent} > ${row.name}` : row.name;
    trails.set(id, trail);
    return trail;
  };
  for (const row of rows) trailOf(row.category_id);
  return trails;
}

/**
 * Writes the store's products (`ids`, or all) to `out` as Shopify's product CSV and ends it. `origin` (the store's
 * own, `http://localhost:3000`) makes a picture's media path a whole address, as Shopify's files have them; an
 * import of this store's (or another store's on this server) finds the file by it. Waits while `out` is full.
 */
export async function writeCatalogueCsv(store: Db, out: Stringifier, origin: string, ids?: readonly number[]): Promise<void> {
  const [site, categories, brands] = await Promise.all([
    store.selectFrom('sites').select('base_currency').executeTakeFirstOrThrow(),
    store.selectFrom('categories').select(['category_id', 'parent_id', 'name']).execute(),
    store.selectFrom('brands').select(['brand_id', 'name']).execute(),
  ]);
  const digits = displayDecimals(site.base_currency);
  const price = (units: number | null) => (units === null ? '' : decimalPrice(units, digits));
  const trails = categoryTrails(categories);
  const brandNames = new Map(brands.map((brand) => [brand.brand_id, brand.name]));
  const address = (file: string) => (file.startsWith('/') ? `${origin}${file}` : file);
  const write = async (row: CsvRow) => {
    if (!out.write(row))
      await new Promise<void>((resolve, reject) => {
        const onDrain = () => {
          out.off('error', onError);
          resolve();
        };
        const onError = (error: Error) => {
          out.off('drain', onDrain);
          reject(error);
        };
        out.once('drain', onDrain);
        out.once('error', onError);
      });
  };

  let after = 0;
  for (;;) {
    if (out.destroyed) return;
    const products = await store
      .selectFrom('products')
      .select([
        'product_id',
        'name',
        'slug',
        'description',
        'status',
        'price',
        'compare_at_price',
        'sku',
        'barcode',
        'stock',
        'category_id',
        'brand_id',
        'meta',
      ])
      .where('product_id', '>', after)
      .$if(ids !== undefined, (q) => q.where('product_id', 'in', ids!.length ? ids! : [0]))
      .orderBy('product_id')
      .limit(EXPORT_PAGE)
      .execute();
    if (!products.length) break;
    const [from, to] = [after, products.at(-1)!.product_id];
    after = to;
    const productIds = products.map((product) => product.product_id);
    // The page's rows: by the page's id range (one index range scan), or by its ids when a selection is asked.
    const whole = ids === undefined;
    const [variants, values, pictures] = await Promise.all([
      store
        .selectFrom('variants')
        .select(['variant_id', 'product_id', 'sku', 'barcode', 'price', 'compare_at_price', 'stock', 'image_file'])
        .$if(whole, (q) => q.where('product_id', '>', from).where('product_id', '<=', to))
        .$if(!whole, (q) => q.where('product_id', 'in', productIds))
        .orderBy('variant_id')
        .execute(),
      store
        .selectFrom('variant_values as vv')
        .innerJoin('variants as v', 'v.variant_id', 'vv.variant_id')
        .innerJoin('attribute_values as av', 'av.value_id', 'vv.value_id')
        .innerJoin('attributes as a', 'a.attribute_id', 'av.attribute_id')
        .select(['vv.variant_id', 'a.attribute_id', 'a.name as attribute', 'av.name'])
        .$if(whole, (q) => q.where('v.product_id', '>', from).where('v.product_id', '<=', to))
        .$if(!whole, (q) => q.where('v.product_id', 'in', productIds))
        .orderBy('a.attribute_id')
        .execute(),
      store
        .selectFrom('product_images')
        .select(['product_id', 'file', 'alt'])
        .$if(whole, (q) => q.where('product_id', '>', from).where('product_id', '<=', to))
        .$if(!whole, (q) => q.where('product_id', 'in', productIds))
        .orderBy('product_id')
        .orderBy('sort')
        .orderBy('image_id')
        .execute(),
    ]);
    const variantsOf = groupedBy(variants, (variant) => variant.product_id);
    const valuesOf = groupedBy(values, (value) => value.variant_id);
    const picturesOf = groupedBy(pictures, (picture) => picture.product_id);

    for (const product of products) {
      const own = variantsOf.get(product.product_id) ?? [];
      const images = picturesOf.get(product.product_id) ?? [];
      // The product's options: the attributes its variants' values are of, in the order the editor shows them.
      const axes: { id: number; name: string }[] = [];
      for (const variant of own)
        for (const value of valuesOf.get(variant.variant_id) ?? [])
          if (!axes.some((axis) => axis.id === value.attribute_id)) axes.push({ id: value.attribute_id, name: value.attribute });
      axes.sort((a, b) => a.id - b.id);
      const meta = product.meta as Record<string, string>;
      const first: CsvRow = {
        Handle: product.slug,
        Title: product.name,
        'Body (HTML)': product.description,
        Vendor: product.brand_id === null ? '' : (brandNames.get(product.brand_id) ?? ''),
        'Product Category / Type': product.category_id === null ? '' : (trails.get(product.category_id) ?? ''),
        Tags: '',
        Published: product.status === 'active' ? 'TRUE' : 'FALSE',
        'SEO Title': meta['title'] ?? '',
        'SEO Description': meta['description'] ?? '',
        Status: product.status,
      };
      const rows: CsvRow[] = own.length
        ? own.map((variant, i) => {
            const named = valuesOf.get(variant.variant_id) ?? [];
            const row: CsvRow = {
              ...(i === 0 ? first : { Handle: product.slug }),
              'Variant SKU': variant.sku,
              'Variant Barcode': variant.barcode,
              'Variant Inventory Qty': String(variant.stock),
              'Variant Price': price(variant.price),
              // The product's compare-at price is its variants' when they have none of their own.
              'Variant Compare At Price': price(variant.compare_at_price ?? product.compare_at_price),
              'Variant Image': variant.image_file ? address(variant.image_file) : '',
            };
            axes.forEach((axis, j) => {
              if (i === 0) row[`Option${j + 1} Name` as CatalogueCsvColumn] = axis.name;
              row[`Option${j + 1} Value` as CatalogueCsvColumn] = named.find((value) => value.attribute_id === axis.id)?.name ?? '';
            });
            return row;
          })
        : [
            {
              ...first,
              'Option1 Name': 'Title',
              'Option1 Value': 'Default Title',
              'Variant SKU': product.sku,
              'Variant Barcode': product.barcode,
              'Variant Inventory Qty': String(product.stock),
              'Variant Price': price(product.price),
              'Variant Compare At Price': price(product.compare_at_price),
            },
          ];
      images.forEach((image, i) => {
        const picture = { 'Image Src': address(image.file), 'Image Position': String(i + 1), 'Image Alt Text': image.alt };
        if (i < rows.length) Object.assign(rows[i]!, picture);
        else rows.push({ Handle: product.slug, ...picture });
      });
      for (const row of rows) await write(row);
    }
    if (products.length < EXPORT_PAGE) break;
  }
  out.end();
}
