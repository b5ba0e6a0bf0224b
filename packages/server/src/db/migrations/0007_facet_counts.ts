import { sql, type Migration } from 'kysely';
import { runStatements } from './statements.ts';

/**
 * What keeps listings and search quick at 100,000 products (issue 15). Facet counts kept ahead of time: for each
 * category with everything below it, and for the whole store (category 0), how many published products there are and
 * how many of each brand, price, specification value and variant value, kept by statement triggers on products in the
 * writing transaction, so a listing without filters reads a few hundred rows instead of counting a top-level
 * category's tens of thousands of products (prices are counted one by one, so the price range stays exact). A
 * covering index, so the listings that still count (filters, keywords) read it alone instead of the wide product
 * rows. And an index of each product's words with a trigram index over the store's vocabulary, so a search finds the
 * words close to its own first and then the products that have them. Shipped: never edit; add a migration.
 */
export const migration: Migration = {
  async up(db) {
    await runStatements(db, /* sql */ `
-- Room left on each page lets a count change in place (a HOT update), which needs no VACUUM to clean up after: PGlite
-- never runs one by itself.
CREATE TABLE facet_counts (
  web_id integer NOT NULL REFERENCES sites ON DELETE CASCADE,
  category_id integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('total', 'brand', 'price', 'spec', 'variant')),
  value_id integer NOT NULL,
  products integer NOT NULL,
  PRIMARY KEY (web_id, category_id, kind, value_id)
) WITH (fillfactor = 80);

-- A product as its facets see it, added (sign 1) or taken away (sign -1).
CREATE TYPE vt_facet_change AS (web_id integer, category_id integer, brand_id integer, price integer, spec_value_ids integer[], variant_value_ids integer[], sign integer);

-- What a listing filters, counts and sorts by, so that counting a category's products or sorting the few a filter
-- leaves reads this index alone.
CREATE INDEX products_facets ON products (web_id, category_id, price) INCLUDE (is_published, brand_id, spec_value_ids, variant_value_ids, popularity, rating, rating_count, created_at, name);

-- A search looks each of its words up in the store's vocabulary first (the words close to it, by trigrams), then
-- finds the products that have those words: one index of words instead of trigrams over every product's text.
CREATE INDEX search_words_trigrams ON search_words USING gin (word gin_trgm_ops);
CREATE INDEX products_words ON products USING gin (regexp_split_to_array(search_text, '[^a-z]+'));
`);
    // Function bodies hold several statements each, so they are run one by one rather than split on semicolons.
    for (const statement of functions) await sql.raw(statement).execute(db);
    await runStatements(db, /* sql */ `
CREATE TRIGGER products_facets_added AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vt_products_facets_changed();
CREATE TRIGGER products_facets_changed AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vt_products_facets_changed();
CREATE TRIGGER products_facets_removed AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vt_products_facets_changed();
CREATE TRIGGER categories_facets_moved AFTER UPDATE ON categories REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vt_categories_facets_changed();
CREATE TRIGGER categories_facets_removed AFTER DELETE ON categories REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vt_categories_facets_changed();

SELECT vt_rebuild_facet_counts(web_id) FROM sites;
ANALYZE products, search_words, facet_counts;
`);
  },
};

const functions = [
  /* sql */ `
-- Adds the changes to the counts of each product's category, every category above it and the whole store (0). The
-- changes are summed per category first (the products of one category share most of their values), then per node;
-- rows are written in key order, so two transactions never wait on each other's rows in a cycle; a count that falls
-- to zero is removed. A store being deleted is left alone: its counts go with it.
CREATE FUNCTION vt_count_facets(changes vt_facet_change[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  emptied record;
BEGIN
  IF coalesce(cardinality(changes), 0) = 0 THEN
    RETURN;
  END IF;
  WITH RECURSIVE changed AS (
    SELECT c.web_id, coalesce(c.category_id, 0) AS category_id, f.kind, f.value_id, sum(c.sign) AS products
    FROM unnest(changes) c
    JOIN sites s ON s.web_id = c.web_id
    CROSS JOIN LATERAL (
      SELECT 'total', 0
      UNION ALL SELECT 'brand', c.brand_id WHERE c.brand_id IS NOT NULL
      UNION ALL SELECT 'price', c.price
      UNION ALL SELECT 'spec', v FROM unnest(c.spec_value_ids) v
      UNION ALL SELECT 'variant', v FROM unnest(c.variant_value_ids) v
    ) f(kind, value_id)
    GROUP BY 1, 2, 3, 4
    HAVING sum(c.sign) <> 0
  ),
  above(web_id, category_id, node) AS (
    SELECT DISTINCT web_id, category_id, category_id FROM changed WHERE category_id <> 0
    UNION
    SELECT a.web_id, a.category_id, c.parent_id
    FROM above a JOIN categories c ON c.web_id = a.web_id AND c.category_id = a.node
    WHERE c.parent_id IS NOT NULL
  ),
  nodes AS (
    SELECT web_id, category_id, node FROM above
    UNION ALL
    SELECT DISTINCT web_id, category_id, 0 FROM changed
  ),
  delta AS (
    SELECT n.web_id, n.node, c.kind, c.value_id, sum(c.products)::integer AS products
    FROM changed c JOIN nodes n ON n.web_id = c.web_id AND n.category_id = c.category_id
    GROUP BY 1, 2, 3, 4
    HAVING sum(c.products) <> 0
  ),
  counted AS (
    INSERT INTO facet_counts AS f (web_id, category_id, kind, value_id, products)
    SELECT * FROM delta ORDER BY 1, 2, 3, 4
    ON CONFLICT (web_id, category_id, kind, value_id) DO UPDATE SET products = f.products + excluded.products
    RETURNING f.web_id, f.category_id, f.kind, f.value_id, f.products
  )
  SELECT array_agg(web_id) AS web_ids, array_agg(category_id) AS category_ids, array_agg(kind) AS kinds, array_agg(value_id) AS value_ids
  INTO emptied FROM counted WHERE products = 0;
  DELETE FROM facet_counts f
  USING unnest(emptied.web_ids, emptied.category_ids, emptied.kinds, emptied.value_ids) AS e(web_id, category_id, kind, value_id)
  WHERE f.web_id = e.web_id AND f.category_id = e.category_id AND f.kind = e.kind AND f.value_id = e.value_id AND f.products = 0;
END $$`,

  /* sql */ `
-- Counts a store's facets afresh, as when its category tree changes shape.
CREATE FUNCTION vt_rebuild_facet_counts(store integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM facet_counts WHERE web_id = store;
  PERFORM vt_count_facets(ARRAY(
    SELECT ROW(p.web_id, p.category_id, p.brand_id, p.price, p.spec_value_ids, p.variant_value_ids, 1)::vt_facet_change
    FROM products p WHERE p.web_id = store AND p.is_published
  ));
END $$`,

  /* sql */ `
-- Products added, changed or removed: only those whose facets changed count (a new stock level or rating does not).
CREATE FUNCTION vt_products_facets_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM vt_count_facets(ARRAY(
      SELECT ROW(n.web_id, n.category_id, n.brand_id, n.price, n.spec_value_ids, n.variant_value_ids, 1)::vt_facet_change
      FROM new_rows n WHERE n.is_published
    ));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM vt_count_facets(ARRAY(
      SELECT ROW(o.web_id, o.category_id, o.brand_id, o.price, o.spec_value_ids, o.variant_value_ids, -1)::vt_facet_change
      FROM old_rows o WHERE o.is_published
    ));
  ELSE
    PERFORM vt_count_facets(ARRAY(
      SELECT ROW(n.web_id, n.category_id, n.brand_id, n.price, n.spec_value_ids, n.variant_value_ids, 1)::vt_facet_change
      FROM new_rows n
      WHERE n.is_published AND NOT EXISTS (
        SELECT FROM old_rows o
        WHERE o.product_id = n.product_id AND o.is_published
          AND (o.web_id, o.category_id, o.brand_id, o.price, o.spec_value_ids, o.variant_value_ids)
            IS NOT DISTINCT FROM (n.web_id, n.category_id, n.brand_id, n.price, n.spec_value_ids, n.variant_value_ids)
      )
      UNION ALL
      SELECT ROW(o.web_id, o.category_id, o.brand_id, o.price, o.spec_value_ids, o.variant_value_ids, -1)::vt_facet_change
      FROM old_rows o
      WHERE o.is_published AND NOT EXISTS (
        SELECT FROM new_rows n
        WHERE n.product_id = o.product_id AND n.is_published
          AND (o.web_id, o.category_id, o.brand_id, o.price, o.spec_value_ids, o.variant_value_ids)
            IS NOT DISTINCT FROM (n.web_id, n.category_id, n.brand_id, n.price, n.spec_value_ids, n.variant_value_ids)
      )
    ));
  END IF;
  RETURN NULL;
END $$`,

  /* sql */ `
-- A category moved under another parent, or removed (its products keep no category): the counts of every category
-- above it change, so the store's counts are made afresh. Categories removed with the one removed (ON DELETE
-- CASCADE) run this again inside it; only the outermost statement rebuilds, once everything has moved.
CREATE FUNCTION vt_categories_facets_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    PERFORM vt_rebuild_facet_counts(s.web_id) FROM (SELECT DISTINCT web_id FROM old_rows) s;
  ELSE
    PERFORM vt_rebuild_facet_counts(s.web_id)
    FROM (
      SELECT DISTINCT o.web_id FROM old_rows o JOIN new_rows n ON n.category_id = o.category_id
      WHERE n.parent_id IS DISTINCT FROM o.parent_id
    ) s;
  END IF;
  RETURN NULL;
END $$`,
];
