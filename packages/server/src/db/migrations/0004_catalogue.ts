import type { Migration } from 'kysely';
import { runStatements } from './statements.ts';

/**
 * What listings filter, count and search by (§2.3): a product's specification values, the values of its variants
 * and its search text, kept on the product row by triggers so that a listing reads one table. Shipped: never edit;
 * add a migration instead.
 */
export const migration: Migration = {
  up: (db) => runStatements(db, /* sql */ `
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;

-- unaccent() is only stable (its dictionary could change); an index needs an immutable function, and ours is fixed.
CREATE FUNCTION vt_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS 'SELECT lower(unaccent(''unaccent'', $1))';

-- A product's specification values (a material, a fit): the listing's sf key.
CREATE TABLE product_values (
  web_id integer NOT NULL,
  product_id integer NOT NULL,
  value_id integer NOT NULL,
  PRIMARY KEY (product_id, value_id),
  FOREIGN KEY (web_id, product_id) REFERENCES products (web_id, product_id) ON DELETE CASCADE,
  FOREIGN KEY (web_id, value_id) REFERENCES attribute_values (web_id, value_id) ON DELETE CASCADE
);
CREATE INDEX product_values_value ON product_values (web_id, value_id);

ALTER TABLE products ADD COLUMN search_text text NOT NULL DEFAULT '';
ALTER TABLE products ADD COLUMN spec_value_ids integer[] NOT NULL DEFAULT '{}';
ALTER TABLE products ADD COLUMN variant_value_ids integer[] NOT NULL DEFAULT '{}';

-- The words a search matches: name, brand, category and SKU, folded to lower case without accents.
CREATE FUNCTION vt_product_search_text() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.search_text := vt_fold(concat_ws(' ', NEW.name, (SELECT b.name FROM brands b WHERE b.web_id = NEW.web_id AND b.brand_id = NEW.brand_id), (SELECT c.name FROM categories c WHERE c.web_id = NEW.web_id AND c.category_id = NEW.category_id), NEW.sku)); RETURN NEW; END $$;
CREATE TRIGGER products_search_text BEFORE INSERT OR UPDATE OF name, sku, brand_id, category_id ON products FOR EACH ROW EXECUTE FUNCTION vt_product_search_text();

-- A renamed brand or category renames its products' search text.
CREATE FUNCTION vt_brand_renamed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE products SET name = name WHERE web_id = NEW.web_id AND brand_id = NEW.brand_id; RETURN NULL; END $$;
CREATE TRIGGER brands_renamed AFTER UPDATE OF name ON brands FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION vt_brand_renamed();
CREATE FUNCTION vt_category_renamed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE products SET name = name WHERE web_id = NEW.web_id AND category_id = NEW.category_id; RETURN NULL; END $$;
CREATE TRIGGER categories_renamed AFTER UPDATE OF name ON categories FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION vt_category_renamed();

-- The value ids on the product row follow product_values and variant_values, once per statement.
CREATE FUNCTION vt_spec_values_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE products p SET spec_value_ids = coalesce((SELECT array_agg(DISTINCT pv.value_id ORDER BY pv.value_id) FROM product_values pv WHERE pv.web_id = p.web_id AND pv.product_id = p.product_id), '{}') WHERE p.product_id IN (SELECT DISTINCT product_id FROM changed_rows); RETURN NULL; END $$;
CREATE TRIGGER product_values_added AFTER INSERT ON product_values REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION vt_spec_values_changed();
CREATE TRIGGER product_values_removed AFTER DELETE ON product_values REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION vt_spec_values_changed();

CREATE FUNCTION vt_variant_values_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE products p SET variant_value_ids = coalesce((SELECT array_agg(DISTINCT vv.value_id ORDER BY vv.value_id) FROM variants v JOIN variant_values vv ON vv.web_id = v.web_id AND vv.variant_id = v.variant_id WHERE v.web_id = p.web_id AND v.product_id = p.product_id), '{}') WHERE p.product_id IN (SELECT DISTINCT v.product_id FROM changed_rows c JOIN variants v ON v.variant_id = c.variant_id); RETURN NULL; END $$;
CREATE TRIGGER variant_values_added AFTER INSERT ON variant_values REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION vt_variant_values_changed();
CREATE TRIGGER variant_values_removed AFTER DELETE ON variant_values REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION vt_variant_values_changed();

-- Products already stored get their search text and value ids.
UPDATE products SET name = name;
UPDATE products p SET variant_value_ids = coalesce((SELECT array_agg(DISTINCT vv.value_id ORDER BY vv.value_id) FROM variants v JOIN variant_values vv ON vv.web_id = v.web_id AND vv.variant_id = v.variant_id WHERE v.web_id = p.web_id AND v.product_id = p.product_id), '{}');

CREATE INDEX products_search ON products USING gin (search_text gin_trgm_ops);
CREATE INDEX products_spec_values ON products USING gin (spec_value_ids);
CREATE INDEX products_variant_values ON products USING gin (variant_value_ids);
CREATE INDEX products_price ON products (web_id, price);
CREATE INDEX products_brand ON products (web_id, brand_id);
CREATE INDEX categories_parent ON categories (web_id, parent_id);
`),
};
