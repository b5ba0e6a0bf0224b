import type { Migration } from 'kysely';
import { runStatements } from './statements.ts';

/**
 * Product options on cart lines and orders (issue 16): the options a shopper chose for a product, kept once per store
 * under an id made from what was chosen (the same choices, the same id, so such lines merge), which a line's cart
 * code carries as its last segment; a saved cart line keeps that id, and an order line what was chosen, in words,
 * with what each choice added. Shipped: never edit; add a migration.
 */
export const migration: Migration = {
  up: (db) => runStatements(db, /* sql */ `
CREATE TABLE option_sets (
  web_id integer NOT NULL REFERENCES sites ON DELETE CASCADE,
  option_set_id text NOT NULL,
  product_id integer NOT NULL,
  chosen jsonb NOT NULL,
  files jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (web_id, option_set_id),
  FOREIGN KEY (web_id, product_id) REFERENCES products (web_id, product_id) ON DELETE CASCADE
);

ALTER TABLE cart_lines ADD COLUMN option_set text;
ALTER TABLE order_lines ADD COLUMN options jsonb NOT NULL DEFAULT '[]';
`),
};
