import { sql, type Migration } from 'kysely';
import { runStatements } from './statements.ts';

/**
 * What keeps listings and search quick at 100,000 products (issue 15). Each store's catalogue has a version, raised
 * by every statement that changes what a listing filters, counts and sorts by (a product added, removed, published,
 * moved to another category or brand, priced, given other values, rated, bought), with the products it changed: the
 * server keeps each store's products in memory for its listings (shop/facet-index.ts) and brings them up to date from
 * these changes before it answers. The version is one row per store, so writers of one store take their turns on it
 * and versions follow commit order: a reader that has seen version n has seen every change up to n. The last 100
 * versions' changes are kept; a reader further behind reads the store afresh. And an index of each product's words
 * with a trigram index over the store's vocabulary, so a search finds the words close to its own first and then the
 * products that have them. Shipped: never edit; add a migration.
 */
export const migration: Migration = {
  async up(db) {
    await runStatements(db, /* sql */ `
CREATE TABLE catalogue_versions (
  web_id integer PRIMARY KEY REFERENCES sites ON DELETE CASCADE,
  version bigint NOT NULL
);

CREATE TABLE catalogue_changes (
  web_id integer NOT NULL REFERENCES sites ON DELETE CASCADE,
  version bigint NOT NULL,
  product_id integer NOT NULL,
  PRIMARY KEY (web_id, version, product_id)
);

CREATE INDEX search_words_trigrams ON search_words USING gin (word gin_trgm_ops);
CREATE INDEX products_words ON products USING gin (regexp_split_to_array(search_text, '[^a-z]+'));
`);
    // A function body holds several statements, so it is run whole rather than split on semicolons.
    await sql.raw(changed).execute(db);
    await runStatements(db, /* sql */ `
CREATE TRIGGER products_catalogue_added AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vt_catalogue_changed();
CREATE TRIGGER products_catalogue_changed AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vt_catalogue_changed();
CREATE TRIGGER products_catalogue_removed AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vt_catalogue_changed();
ANALYZE products, search_words;
`);
  },
};

const changed = /* sql */ `
-- The products a statement changed as listings see them (what they are filtered, counted and sorted by, but for the
-- name: a new stock level or description changes no listing's counts), and
-- for each store they belong to one version more, listing them. A store being deleted is left alone.
CREATE FUNCTION vt_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  web_ids integer[];
  product_ids integer[];
  stores integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n.web_id), array_agg(n.product_id) INTO web_ids, product_ids FROM new_rows n WHERE n.is_published;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(o.web_id), array_agg(o.product_id) INTO web_ids, product_ids FROM old_rows o WHERE o.is_published;
  ELSE
    SELECT array_agg(n.web_id), array_agg(n.product_id) INTO web_ids, product_ids
    FROM new_rows n JOIN old_rows o ON o.product_id = n.product_id
    WHERE (o.is_published OR n.is_published)
      AND (o.web_id, o.is_published, o.category_id, o.brand_id, o.price, o.spec_value_ids, o.variant_value_ids, o.popularity, o.rating, o.rating_count, o.created_at)
        IS DISTINCT FROM (n.web_id, n.is_published, n.category_id, n.brand_id, n.price, n.spec_value_ids, n.variant_value_ids, n.popularity, n.rating, n.rating_count, n.created_at);
  END IF;
  IF product_ids IS NULL THEN
    RETURN NULL;
  END IF;
  WITH changed AS (
    SELECT c.web_id, c.product_id FROM unnest(web_ids, product_ids) AS c(web_id, product_id)
    WHERE EXISTS (SELECT FROM sites s WHERE s.web_id = c.web_id)
  ),
  bumped AS (
    INSERT INTO catalogue_versions AS v (web_id, version)
    SELECT DISTINCT web_id, 1 FROM changed ORDER BY 1
    ON CONFLICT (web_id) DO UPDATE SET version = v.version + 1
    RETURNING v.web_id, v.version
  ),
  listed AS (
    INSERT INTO catalogue_changes (web_id, version, product_id)
    SELECT DISTINCT b.web_id, b.version, c.product_id FROM bumped b JOIN changed c ON c.web_id = b.web_id
  )
  SELECT array_agg(web_id) INTO stores FROM bumped;
  DELETE FROM catalogue_changes c USING catalogue_versions v
  WHERE v.web_id = ANY (stores) AND c.web_id = v.web_id AND c.version <= v.version - 100;
  RETURN NULL;
END $$`;
