import { sql, type Migration } from 'kysely';
import { runStatements } from './statements.ts';

/**
 * Tells every server process when a store's rows that shoppers' pages show have changed (issue 18): each statement
 * that writes one of the tables below sends `NOTIFY vitrine_store_changed` with the web id of each store it touched,
 * delivered once the transaction commits (a rolled-back write sends nothing, and PostgreSQL folds identical ones of a
 * transaction into one). The server keeps each store's page data in memory (shop/store-data-cache.ts) and drops a
 * store's data when told, so no write path has to remember to say it changed something.
 *
 * The tables: the store's settings (maintenance, marketing scripts, meta, active theme), its currencies, themes and
 * pages (their published documents: a draft saved in the studio changes no page, so on those two an update that
 * changes only the draft columns is not told), and the catalogue as pages show it: products (prices, stock, which
 * orders change too), their images, specification values, variants and their values, options, add-ons and reviews,
 * categories, brands and attributes. Triggers are per statement over its transition tables, so a bulk write (the
 * catalogue seed's 100,000 products) costs one scan of the written rows and one notification per store per
 * statement, not a function call per row. Shipped: never edit; add a migration.
 */
export const migration: Migration = {
  async up(db) {
    // A function body holds several statements, so it is run whole rather than split on semicolons.
    await sql.raw(storeChanged).execute(db);
    const statements: string[] = [];
    for (const table of catalogueTables) statements.push(...triggersOn(table, []));
    for (const table of documentTables) statements.push(...triggersOn(table, draftColumns));
    await runStatements(db, statements.map((statement) => `${statement};\n`).join(''));
  },
};

/** The tables whose every write may change what a shopper's page shows. */
const catalogueTables = [
  'sites',
  'currencies',
  'categories',
  'brands',
  'products',
  'product_values',
  'product_images',
  'attributes',
  'attribute_values',
  'variants',
  'variant_values',
  'product_options',
  'product_option_values',
  'addons',
  'reviews',
];

/** Pages and themes: what shoppers see is their published document; the studio saves their drafts as the owner types. */
const documentTables = ['pages', 'themes'];
const draftColumns = ['draft', 'draft_revision', 'updated_at'];

/** The three statement triggers of `table` (a trigger with transition tables has one event); `ignored`: columns whose changes alone are not told. */
function triggersOn(table: string, ignored: readonly string[]): string[] {
  const args = ignored.map((column) => `'${column}'`).join(', ');
  return [
    `CREATE TRIGGER ${table}_store_added AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vt_store_changed()`,
    `CREATE TRIGGER ${table}_store_changed AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vt_store_changed(${args})`,
    `CREATE TRIGGER ${table}_store_removed AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vt_store_changed()`,
  ];
}

const storeChanged = /* sql */ `
-- One notification per store whose rows the statement wrote. The trigger's arguments name columns whose changes alone
-- are not told: an update is then told for the stores of the rows that differ in any other column.
CREATE FUNCTION vt_store_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  store integer;
  ignored text[] := TG_ARGV::text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR store IN SELECT DISTINCT web_id FROM new_rows WHERE web_id IS NOT NULL LOOP
      PERFORM pg_notify('vitrine_store_changed', store::text);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR store IN SELECT DISTINCT web_id FROM old_rows WHERE web_id IS NOT NULL LOOP
      PERFORM pg_notify('vitrine_store_changed', store::text);
    END LOOP;
  ELSIF TG_NARGS = 0 THEN
    FOR store IN SELECT web_id FROM new_rows WHERE web_id IS NOT NULL UNION SELECT web_id FROM old_rows WHERE web_id IS NOT NULL LOOP
      PERFORM pg_notify('vitrine_store_changed', store::text);
    END LOOP;
  ELSE
    FOR store IN
      SELECT DISTINCT (r ->> 'web_id')::integer FROM (
        (SELECT to_jsonb(n) - ignored AS r FROM new_rows n EXCEPT ALL SELECT to_jsonb(o) - ignored FROM old_rows o)
        UNION ALL
        (SELECT to_jsonb(o) - ignored FROM old_rows o EXCEPT ALL SELECT to_jsonb(n) - ignored FROM new_rows n)
      ) AS changed
      WHERE r ->> 'web_id' IS NOT NULL
    LOOP
      PERFORM pg_notify('vitrine_store_changed', store::text);
    END LOOP;
  END IF;
  RETURN NULL;
END $$`;
