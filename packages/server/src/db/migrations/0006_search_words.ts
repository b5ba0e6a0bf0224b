import type { Migration } from 'kysely';
import { runStatements } from './statements.ts';

/**
 * The words of each store's catalogue, for correcting typos that trigrams miss (a swapped pair of letters in a
 * short word: "tbale"), kept from the products' search text by triggers; and indexes for the listing's sort orders,
 * so a page of a large category is read in order instead of sorted whole. Shipped: never edit; add a migration.
 */
export const migration: Migration = {
  up: (db) => runStatements(db, /* sql */ `
CREATE TABLE search_words (
  web_id integer NOT NULL REFERENCES sites ON DELETE CASCADE,
  word text NOT NULL,
  PRIMARY KEY (web_id, word)
);
CREATE INDEX search_words_length ON search_words (web_id, length(word));

-- Words of three letters or more, without digits (a SKU's number is no word to correct towards); a word that no
-- product uses any more stays, and only ever widens a search.
CREATE FUNCTION vt_search_words_added() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO search_words (web_id, word) SELECT DISTINCT c.web_id, w FROM changed_rows c, regexp_split_to_table(c.search_text, '[^a-z]+') w WHERE length(w) >= 3 ON CONFLICT DO NOTHING; RETURN NULL; END $$;
CREATE TRIGGER products_words_added AFTER INSERT ON products REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION vt_search_words_added();
CREATE TRIGGER products_words_changed AFTER UPDATE ON products REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION vt_search_words_added();

INSERT INTO search_words (web_id, word) SELECT DISTINCT p.web_id, w FROM products p, regexp_split_to_table(p.search_text, '[^a-z]+') w WHERE length(w) >= 3 ON CONFLICT DO NOTHING;

CREATE INDEX products_by_popularity ON products (web_id, popularity DESC, product_id);
CREATE INDEX products_by_newest ON products (web_id, created_at DESC, product_id);
CREATE INDEX products_by_rating ON products (web_id, rating DESC, rating_count DESC, product_id);
CREATE INDEX products_by_name ON products (web_id, name, product_id);
`),
};
