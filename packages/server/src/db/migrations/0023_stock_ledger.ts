import type { Migration } from 'kysely';
import { runStatements } from './statements.ts';

/**
 * Owners keep their stock from the back office (issue 34). `stock_movements` is the ledger: every change of a tracked
 * stock, by whom and why (an order placed or cancelled, an owner's correction, an import), with the count it left,
 * read newest first for the store and for one product. The product goes with its ledger; a variant removed later
 * leaves its rows (`variant_id` then finds no variant, so no label). The ledger is the owner's only: no shopper's page
 * shows it, so it tells no server process of its writes. A store's `low_stock_threshold` is the count under which its
 * stock is "low"; products and variants gain a `barcode` (GTIN, EAN or UPC; '' when none). Shipped: never edit; add a
 * migration.
 */
export const migration: Migration = {
  up: (db) => runStatements(db, /* sql */ `
CREATE TABLE stock_movements (
  movement_id bigserial PRIMARY KEY,
  web_id integer NOT NULL REFERENCES sites ON DELETE CASCADE,
  product_id integer NOT NULL,
  variant_id integer,
  change integer NOT NULL,
  stock_after integer NOT NULL,
  reason text NOT NULL CHECK (reason IN ('order', 'cancel', 'correction', 'import')),
  order_code text,
  actor text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (web_id, product_id) REFERENCES products (web_id, product_id) ON DELETE CASCADE
);
CREATE INDEX stock_movements_newest ON stock_movements (web_id, movement_id DESC);
CREATE INDEX stock_movements_product ON stock_movements (web_id, product_id, movement_id DESC);
ALTER TABLE sites ADD COLUMN low_stock_threshold integer NOT NULL DEFAULT 5 CHECK (low_stock_threshold >= 0);
ALTER TABLE products ADD COLUMN barcode text NOT NULL DEFAULT '' CHECK (char_length(barcode) <= 50);
ALTER TABLE variants ADD COLUMN barcode text NOT NULL DEFAULT '' CHECK (char_length(barcode) <= 50);
`),
};
