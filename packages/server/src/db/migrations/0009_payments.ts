import type { Migration } from 'kysely';
import { runStatements } from './statements.ts';

/**
 * Card payments (issue 16): each payment a shopper opened at the payment provider for an order, with what the
 * provider said became of it. One row per provider payment (`provider`, `provider_ref`), so a return from the
 * provider is recorded once however often the shopper reloads it. Shipped: never edit; add a migration.
 */
export const migration: Migration = {
  up: (db) => runStatements(db, /* sql */ `
CREATE TABLE payments (
  payment_id serial PRIMARY KEY,
  web_id integer NOT NULL,
  order_id integer NOT NULL,
  provider text NOT NULL,
  provider_ref text NOT NULL,
  amount integer NOT NULL CHECK (amount >= 0),
  currency_code char(3) NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'authorised', 'declined')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (web_id, provider, provider_ref),
  FOREIGN KEY (web_id, order_id) REFERENCES orders (web_id, order_id) ON DELETE CASCADE
);
CREATE INDEX payments_order ON payments (web_id, order_id);
`),
};
