import type { Migration } from 'kysely';
import { runStatements } from './statements.ts';

/**
 * Checkout integrity (issue 33). A line has each add-on once: repeats saved before codes were read without them go,
 * and the database refuses them. An order is paid by at most one card payment: `pays_order` marks the payment that
 * did (the first authorised one of a paid order, for orders paid before this), and a partial unique index refuses a
 * second. An order keeps a hash of the checkout that placed it (`request_hash`: who sent it and what), so its order
 * key replays it only to that same checkout. Shipped: never edit; add a migration.
 */
export const migration: Migration = {
  up: (db) => runStatements(db, /* sql */ `
DELETE FROM cart_line_addons a
  USING cart_line_addons b
  WHERE a.cart_item_id = b.cart_item_id AND a.addon_id = b.addon_id AND a.cart_addon_id > b.cart_addon_id;
CREATE UNIQUE INDEX cart_line_addons_once ON cart_line_addons (cart_item_id, addon_id);

ALTER TABLE payments ADD COLUMN pays_order boolean NOT NULL DEFAULT false;
UPDATE payments SET pays_order = true
  WHERE payment_id IN (
    SELECT DISTINCT ON (p.web_id, p.order_id) p.payment_id
    FROM payments p
    JOIN orders o ON o.web_id = p.web_id AND o.order_id = p.order_id
    WHERE p.status = 'authorised' AND o.payment_status = 'Paid'
    ORDER BY p.web_id, p.order_id, p.updated_at, p.payment_id
  );
CREATE UNIQUE INDEX payments_one_paying ON payments (web_id, order_id) WHERE pays_order;

ALTER TABLE orders ADD COLUMN request_hash text;
`),
};
