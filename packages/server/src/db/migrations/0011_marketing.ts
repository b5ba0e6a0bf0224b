import type { Migration } from 'kysely';
import { runStatements } from './statements.ts';

/**
 * Marketing (issue 17): whether a store asks shoppers for consent before any marketing script, and the Conversions
 * API outbox: every event the server reports to Meta, kept once per store and event id (a browser's retry, or an
 * order placed twice by a double click, is one row), sent in batches after the request, retried when Meta cannot be
 * reached. A Purchase's id is made from its order code, so each order is reported exactly once. Shipped: never edit.
 */
export const migration: Migration = {
  up: (db) => runStatements(db, /* sql */ `
ALTER TABLE sites ADD COLUMN consent_banner boolean NOT NULL DEFAULT false;

CREATE TABLE conversion_events (
  web_id integer NOT NULL REFERENCES sites ON DELETE CASCADE,
  event_id text NOT NULL,
  event_name text NOT NULL,
  event jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  sent_at timestamptz,
  PRIMARY KEY (web_id, event_id)
);
CREATE INDEX conversion_events_unsent ON conversion_events (created_at) WHERE sent_at IS NULL;
`),
};
