import type { Migration } from 'kysely';
import { runStatements } from './statements.ts';

/**
 * Reviews as shoppers write and weigh them (§3.15): one review per customer and product, a helpful vote once per
 * customer, and a product's rating and count kept from its reviews, so the stars on a card and the summary on the
 * product page always agree. Shipped: never edit; add a migration instead.
 */
export const migration: Migration = {
  up: (db) => runStatements(db, /* sql */ `
ALTER TABLE reviews ADD CONSTRAINT reviews_store_id UNIQUE (web_id, review_id);
CREATE UNIQUE INDEX reviews_one_per_customer ON reviews (web_id, product_id, customer_id) WHERE customer_id IS NOT NULL;
CREATE INDEX reviews_product_helpful ON reviews (web_id, product_id, helpful_count DESC, review_id DESC);
CREATE INDEX reviews_product_recent ON reviews (web_id, product_id, created_at DESC, review_id DESC);

CREATE TABLE review_votes (
  web_id integer NOT NULL,
  review_id integer NOT NULL,
  customer_id integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (review_id, customer_id),
  FOREIGN KEY (web_id, review_id) REFERENCES reviews (web_id, review_id) ON DELETE CASCADE,
  FOREIGN KEY (web_id, customer_id) REFERENCES customers (web_id, customer_id) ON DELETE CASCADE
);

-- A product's rating is the mean of its reviews (0 with none), its count how many there are.
CREATE FUNCTION vt_product_rating() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE products p SET rating = coalesce((SELECT avg(r.rating) FROM reviews r WHERE r.web_id = p.web_id AND r.product_id = p.product_id), 0), rating_count = (SELECT count(*) FROM reviews r WHERE r.web_id = p.web_id AND r.product_id = p.product_id) WHERE p.product_id IN (SELECT DISTINCT product_id FROM changed_rows); RETURN NULL; END $$;
CREATE TRIGGER reviews_added AFTER INSERT ON reviews REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION vt_product_rating();
CREATE TRIGGER reviews_removed AFTER DELETE ON reviews REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION vt_product_rating();
CREATE TRIGGER reviews_changed AFTER UPDATE ON reviews REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION vt_product_rating();

UPDATE products p SET rating = coalesce((SELECT avg(r.rating) FROM reviews r WHERE r.web_id = p.web_id AND r.product_id = p.product_id), 0), rating_count = (SELECT count(*) FROM reviews r WHERE r.web_id = p.web_id AND r.product_id = p.product_id);
`),
};
