import type { Migration } from 'kysely';
import { runStatements } from './statements.ts';

/**
 * Order lines placed before 0019 get the id of their chosen options (issue 33), so Back to cart puts them back with
 * their options too. Such a line kept its choices in words (option, name, value); the options were kept then, as
 * now, under an id in `option_sets`, which nothing deletes but the product's own deletion. The line's id is the one
 * set of its product whose choices read the same, in the same order (prices aside: a line keeps what it was charged).
 * A line that names no set, or more than one (two files of the same name, two values of the same name), keeps none,
 * and goes back to the cart without options, as before. Shipped: never edit; add a migration.
 */
export const migration: Migration = {
  up: (db) => runStatements(db, /* sql */ `
WITH old_lines AS (
  SELECT l.line_id, l.web_id, l.product_id,
    (SELECT jsonb_agg(jsonb_build_array(c.e -> 'optionID', c.e -> 'name', c.e -> 'value') ORDER BY c.n)
      FROM jsonb_array_elements(l.options) WITH ORDINALITY AS c(e, n)) AS shown
  FROM order_lines l
  WHERE l.option_set IS NULL AND l.product_id IS NOT NULL AND jsonb_array_length(l.options) > 0
),
kept_sets AS (
  SELECT s.web_id, s.product_id, s.option_set_id,
    (SELECT jsonb_agg(jsonb_build_array(c.e -> 'optionID', c.e -> 'name', c.e -> 'value') ORDER BY c.n)
      FROM jsonb_array_elements(s.chosen) WITH ORDINALITY AS c(e, n)) AS shown
  FROM option_sets s
),
matched AS (
  SELECT o.line_id, min(k.option_set_id) AS option_set_id
  FROM old_lines o
  JOIN kept_sets k ON k.web_id = o.web_id AND k.product_id = o.product_id AND k.shown = o.shown
  GROUP BY o.line_id
  HAVING count(*) = 1
)
UPDATE order_lines l SET option_set = m.option_set_id FROM matched m WHERE l.line_id = m.line_id;
`),
};
