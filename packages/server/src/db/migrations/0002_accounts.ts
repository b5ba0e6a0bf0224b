import type { Migration } from 'kysely';
import { runStatements } from './statements.ts';

/**
 * Rate-limit counters shared by every server process, the time a password last changed, and indexes for accounts.
 * Shipped: never edit; add a migration instead.
 */
export const migration: Migration = {
  up: (db) => runStatements(db, /* sql */ `
-- Fixed-window counters shared by every server process on the database: one row per key and window.
CREATE TABLE rate_limit_hits (
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL,
  PRIMARY KEY (key, window_start)
);
CREATE INDEX rate_limit_hits_window ON rate_limit_hits (window_start);

-- Access tokens issued before a password change are refused from then on, not only after their 15 minutes.
ALTER TABLE customers ADD COLUMN password_changed_at timestamptz;

CREATE INDEX refresh_tokens_customer ON refresh_tokens (web_id, customer_id);
CREATE INDEX password_resets_customer ON password_resets (web_id, customer_id);
CREATE INDEX customer_addresses_customer ON customer_addresses (web_id, customer_id);
CREATE INDEX owner_sessions_owner ON owner_sessions (owner_id);
`),
};
