import { sql, type Migration } from 'kysely';
import { runStatements } from './statements.ts';

/**
 * Owners edit their products (issue 34). A product's `status` is draft, active or archived; `is_published`, which
 * every storefront query reads, keeps meaning "active": a trigger sets it from the status on every write, and a write
 * that sets only `is_published` (older code, tests) moves the status with it (true → active, false → draft unless it
 * is archived); a row written without a status (the default '', which the trigger replaces and the check refuses to
 * keep) takes it from `is_published`, as the rows stored before this migration do. `version` is raised by each save
 * of the studio, so a save made from an older read is refused rather than silently lost. `track_stock`: whether sales
 * count the stock down (off for made-to-order goods). Variants gain a compare-at price of their own. Shipped: never
 * edit; add a migration.
 */
export const migration: Migration = {
  async up(db) {
    await runStatements(db, /* sql */ `
ALTER TABLE products ADD COLUMN status text NOT NULL DEFAULT '';
UPDATE products SET status = CASE WHEN is_published THEN 'active' ELSE 'draft' END;
ALTER TABLE products ADD CONSTRAINT products_status_known CHECK (status IN ('draft', 'active', 'archived'));
ALTER TABLE products ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE products ADD COLUMN track_stock boolean NOT NULL DEFAULT true;
ALTER TABLE variants ADD COLUMN compare_at_price integer CHECK (compare_at_price >= 0);
CREATE INDEX products_status ON products (web_id, status);
`);
    // A function body holds several statements, so it is run whole rather than split on semicolons.
    await sql.raw(statusFollows).execute(db);
    await sql
      .raw('CREATE TRIGGER products_status BEFORE INSERT OR UPDATE ON products FOR EACH ROW EXECUTE FUNCTION vt_product_status()')
      .execute(db);
  },
};

const statusFollows = /* sql */ `
-- The status decides is_published; a write that names only is_published moves the status with it.
CREATE FUNCTION vt_product_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = '' THEN
    NEW.status := CASE WHEN NEW.is_published THEN 'active' ELSE 'draft' END;
  ELSIF TG_OP = 'UPDATE' AND NEW.status IS NOT DISTINCT FROM OLD.status AND NEW.is_published IS DISTINCT FROM OLD.is_published THEN
    NEW.status := CASE WHEN NEW.is_published THEN 'active' WHEN OLD.status = 'archived' THEN 'archived' ELSE 'draft' END;
  END IF;
  NEW.is_published := NEW.status = 'active';
  RETURN NEW;
END $$`;
