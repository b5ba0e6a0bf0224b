import type { Migration } from 'kysely';
import { runStatements } from './statements.ts';

/**
 * Several server processes on one PostgreSQL (WORKERS, issue 18) each send the Conversions API outbox. A round claims
 * the events it sends, until `claimed_until`, in the statement that picks them (skipping rows another round holds), so
 * two processes never send one event twice, and an event a killed process claimed is sent by another once its claim
 * has lapsed. Shipped: never edit.
 */
export const migration: Migration = {
  up: (db) => runStatements(db, /* sql */ `
ALTER TABLE conversion_events ADD COLUMN claimed_until timestamptz;
`),
};
