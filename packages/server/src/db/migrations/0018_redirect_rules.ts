import type { Migration } from 'kysely';
import { runStatements } from './statements.ts';

/**
 * Redirect rules (§2.1, issue 39): each store's own, one per source path as rules compare paths (decoded, lower-case,
 * no trailing slash), each to a path of the store or an address elsewhere, answered 301 or 302. The server keeps a
 * store's rules in memory with its page data; migration 0014's `vt_store_changed()` tells every process when a store's
 * rules change, so none applies a rule removed elsewhere. Shipped: never edit; add a migration.
 */
export const migration: Migration = {
  up: (db) => runStatements(db, /* sql */ `
CREATE TABLE redirect_rules (
  rule_id serial PRIMARY KEY,
  web_id integer NOT NULL REFERENCES sites ON DELETE CASCADE,
  from_path text NOT NULL CHECK (from_path LIKE '/%'),
  target text NOT NULL,
  status smallint NOT NULL CHECK (status IN (301, 302)),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (web_id, from_path)
);
CREATE TRIGGER redirect_rules_store_added AFTER INSERT ON redirect_rules REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vt_store_changed();
CREATE TRIGGER redirect_rules_store_changed AFTER UPDATE ON redirect_rules REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vt_store_changed();
CREATE TRIGGER redirect_rules_store_removed AFTER DELETE ON redirect_rules REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vt_store_changed();
`),
};
