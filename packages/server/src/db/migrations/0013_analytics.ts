import type { Migration } from 'kysely';
import { runStatements } from './statements.ts';

/**
 * The owner's analytics (issue 17): daily rollups of each store's tracking and orders, which the dashboard reads
 * instead of the raw events, so a report over 30 days reads about 60 rows per figure whatever the traffic.
 *
 * - `analytics_days`: one row per store and UTC day: sessions started that day, their page views, duration and
 *   bounces, the day's distinct visitors (exact), its orders and revenue, and when it was last rolled up.
 *   `visitor_sketch` holds the day's visitor ids for counting a period's distinct visitors, which per-day counts
 *   cannot add up to: up to 1,024 visitors their 64-bit hashes (exact), past that a HyperLogLog of 2^14 one-byte
 *   registers (standard error 0.8 %).
 * - `analytics_breakdown`: per store, day and dimension (page, referrer, campaign, device, browser, country), the
 *   count of each name; a day keeps its most frequent names only (see shop/analytics.ts), so a store with endless
 *   distinct paths cannot grow it without bound.
 *
 * Orders and their status changes get an index by time, as the raw tracking tables have: the job reads a day's
 * orders, and the days whose orders were placed or moved on since its last run.
 *
 * Shipped: never edit.
 */
export const migration: Migration = {
  up: (db) => runStatements(db, /* sql */ `
CREATE TABLE analytics_days (
  web_id integer NOT NULL REFERENCES sites ON DELETE CASCADE,
  day date NOT NULL,
  visitors integer NOT NULL DEFAULT 0,
  sessions integer NOT NULL DEFAULT 0,
  page_views integer NOT NULL DEFAULT 0,
  duration_ms bigint NOT NULL DEFAULT 0,
  bounces integer NOT NULL DEFAULT 0,
  orders integer NOT NULL DEFAULT 0,
  revenue bigint NOT NULL DEFAULT 0,
  visitor_sketch bytea,
  rolled_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (web_id, day)
);

CREATE TABLE analytics_breakdown (
  web_id integer NOT NULL REFERENCES sites ON DELETE CASCADE,
  day date NOT NULL,
  dimension text NOT NULL,
  name text NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (web_id, day, dimension, name)
);

CREATE INDEX orders_created ON orders (web_id, created_at);
CREATE INDEX order_events_created ON order_events (web_id, created_at);
`),
};
