import type { Migration } from 'kysely';
import { runStatements } from './statements.ts';

/**
 * One money path (issue 33). A store's prices are kept in its base currency, and every rate converts from it, so the
 * base currency's own rate is 1: a store whose base currency carried another rate (the EUR demo store's 0.92) showed
 * one price and charged, mailed and described another. Its rates are divided by the base currency's, which keeps
 * every other currency's price as it was shown. An order keeps the currency it was placed in whole: its code, its
 * rate and now its symbol, so every surface (pages, mails, the studio, the payment page) shows it the same way even
 * after the store changes or drops that currency. It keeps its total as the shopper was shown and charged it
 * (`total_units`, in the smallest shown units of its currency: each unit price converted, then added up, as the
 * checkout does); orders placed before have none, and show their total converted once.
 *
 * Analytics count sales, not attempts: an order counts once it is paid or is paid on delivery (an unpaid or
 * declined card order does not), and the conversion rate is the share of sessions that placed one, so an order
 * keeps the tracker's session it was placed in. The rollups are dropped to be built again from the raw rows under
 * these rules (`daysNeverRolledUp`). Shipped: never edit.
 */
export const migration: Migration = {
  up: (db) => runStatements(db, /* sql */ `
UPDATE currencies AS c SET rate = c.rate / b.rate
  FROM sites AS s JOIN currencies AS b ON b.web_id = s.web_id AND b.code = s.base_currency
  WHERE c.web_id = s.web_id AND b.rate <> 1;
ALTER TABLE orders ADD COLUMN currency_symbol text NOT NULL DEFAULT '';
UPDATE orders AS o SET currency_symbol = c.symbol FROM currencies AS c WHERE c.web_id = o.web_id AND c.code = o.currency_code;
ALTER TABLE orders ADD COLUMN total_units integer;
ALTER TABLE orders ADD COLUMN tracking_session_id text;
CREATE INDEX orders_tracking_session ON orders (web_id, tracking_session_id) WHERE tracking_session_id IS NOT NULL;
ALTER TABLE analytics_days ADD COLUMN converted_sessions integer NOT NULL DEFAULT 0;
DELETE FROM analytics_days;
`),
};
