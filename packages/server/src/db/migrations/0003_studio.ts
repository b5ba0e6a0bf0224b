import type { Migration } from 'kysely';
import { runStatements } from './statements.ts';

/**
 * One page per system page type, and the names of uploaded images for the studio's media library. Shipped: never
 * edit; add a migration instead.
 */
export const migration: Migration = {
  up: (db) => runStatements(db, /* sql */ `
-- One home page, one product template and one listing template per store; custom pages (type 2) are many.
CREATE UNIQUE INDEX pages_one_per_type ON pages (web_id, page_type_id) WHERE page_type_id <> 2;

-- The file name an image was uploaded with, for the studio's media library, listed newest first.
ALTER TABLE media ADD COLUMN name text NOT NULL DEFAULT '';
CREATE INDEX media_newest ON media (web_id, created_at DESC);
`),
};
