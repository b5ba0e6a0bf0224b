import type { Migration } from 'kysely';
import { runStatements } from './statements.ts';

/**
 * Visitor tracking (issue 17). The tables of 0001 were never written; they are made again scoped by store: a session
 * and an event are keyed by (web_id, id), so the ids a browser makes up for one store can never reach another store's
 * rows. An event does not reference its session: the intake writes in batches and a late or lost session beacon must
 * not cost the page views. The device, browser, OS and country are columns of their own because the owner's analytics
 * group by them. Shipped: never edit.
 */
export const migration: Migration = {
  up: (db) => runStatements(db, /* sql */ `
DROP TABLE tracking_events;
DROP TABLE tracking_sessions;

CREATE TABLE tracking_sessions (
  web_id integer NOT NULL REFERENCES sites ON DELETE CASCADE,
  session_id text NOT NULL,
  visitor_id text NOT NULL,
  customer_id integer,
  landing_url text NOT NULL,
  referrer text NOT NULL DEFAULT '',
  referrer_host text NOT NULL DEFAULT '',
  ip_address text NOT NULL DEFAULT 'Unknown',
  geo jsonb,
  country text NOT NULL DEFAULT '',
  browser text NOT NULL DEFAULT '',
  os text NOT NULL DEFAULT '',
  device text NOT NULL DEFAULT '',
  utm jsonb,
  started_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (web_id, session_id)
);
CREATE INDEX tracking_sessions_started ON tracking_sessions (web_id, started_at);

CREATE TABLE tracking_events (
  web_id integer NOT NULL REFERENCES sites ON DELETE CASCADE,
  event_id text NOT NULL,
  session_id text NOT NULL,
  event_type text NOT NULL,
  url text NOT NULL,
  duration_ms bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (web_id, event_id)
);
CREATE INDEX tracking_events_created ON tracking_events (web_id, created_at);
`),
};
