import type { Migration } from 'kysely';
import { runStatements } from './statements.ts';

/**
 * Owners edit their catalogue's categories and brands (issue 34). A category gains `meta` (its SEO title and
 * description, as a product's `meta` holds them); a brand gains a description. Both tables already tell every server
 * process of their writes (migration 0014). Shipped: never edit; add a migration.
 */
export const migration: Migration = {
  async up(db) {
    await runStatements(db, /* sql */ `
ALTER TABLE categories ADD COLUMN meta jsonb NOT NULL DEFAULT '{}';
ALTER TABLE brands ADD COLUMN description text NOT NULL DEFAULT '';
`);
  },
};
