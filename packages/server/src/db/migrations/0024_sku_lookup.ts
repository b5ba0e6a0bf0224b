import type { Migration } from 'kysely';
import { runStatements } from './statements.ts';

/**
 * Saving a product at 100,000 products (issue 34). A SKU is the store's own, whatever its case: a save looks each of
 * its SKUs up among the store's other products and variants by `lower(sku)`, and the CSV import does the same for
 * every row; a product's options, their values and its add-ons are read and replaced by product (the product page
 * reads them too, and deleting a product removes them). Without these indexes each of those read the whole table:
 * 70 ms of a save at 20,000 products for the SKUs alone, growing with the catalogue. Shipped: never edit; add a
 * migration.
 */
export const migration: Migration = {
  up: (db) =>
    runStatements(db, /* sql */ `
CREATE INDEX products_sku_lower ON products (web_id, lower(sku));
CREATE INDEX variants_sku_lower ON variants (web_id, lower(sku));
CREATE INDEX product_options_product ON product_options (web_id, product_id);
CREATE INDEX product_option_values_option ON product_option_values (web_id, option_id);
CREATE INDEX addons_product ON addons (web_id, product_id);
`),
};
