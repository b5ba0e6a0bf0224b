import type { Migration } from 'kysely';
import { runStatements } from './statements.ts';

/**
 * Checkout and orders (issue 16): each store's delivery options (a flat rate, free from a threshold), and every
 * change of an order's status with its time, which the customer sees. Stores that exist get one free "Standard
 * delivery" so their checkout works at once. Shipped: never edit; add a migration.
 */
export const migration: Migration = {
  up: (db) => runStatements(db, /* sql */ `
CREATE TABLE delivery_options (
  delivery_option_id serial PRIMARY KEY,
  web_id integer NOT NULL REFERENCES sites ON DELETE CASCADE,
  name text NOT NULL,
  price integer NOT NULL CHECK (price >= 0),
  free_from integer CHECK (free_from >= 0),
  sort integer NOT NULL DEFAULT 0,
  UNIQUE (web_id, delivery_option_id)
);

CREATE TABLE order_events (
  event_id serial PRIMARY KEY,
  web_id integer NOT NULL,
  order_id integer NOT NULL,
  status text NOT NULL,
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (web_id, order_id) REFERENCES orders (web_id, order_id) ON DELETE CASCADE
);
CREATE INDEX order_events_order ON order_events (web_id, order_id, created_at);
CREATE INDEX orders_customer ON orders (web_id, customer_id, created_at DESC);

INSERT INTO delivery_options (web_id, name, price) SELECT web_id, 'Standard delivery', 0 FROM sites;
`),
};
