import type { Migration } from 'kysely';
import { runStatements } from './statements.ts';

/**
 * An order line keeps the id of its chosen options (`option_sets`, issue 33), beside the choices in words it kept
 * already: its cart code is then the one it was bought with, so Back to cart after a failed card payment puts the line
 * back with its options (a personal note, a monogram), as the shopper chose them. Lines ordered before keep none.
 * Shipped: never edit; add a migration.
 */
export const migration: Migration = {
  up: (db) => runStatements(db, /* sql */ `
ALTER TABLE order_lines ADD COLUMN option_set text;
`),
};
