import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { expect, test } from '@playwright/test';
import { startStore } from '../fixtures/server.ts';

/**
 * Issue 16: the server killed (SIGKILL) in the middle of placing orders and started again — every order it
 * acknowledged is there once, with its lines, its first status and the stock it took, and none is half-written.
 * Real processes, real HTTP, the embedded database on disk.
 */

/** Each variant's stock, read from the store's database while no server holds it. */
async function stocks(dataDir: string): Promise<Map<number, number>> {
  const db = await PGlite.create({ dataDir: join(dataDir, 'db') });
  try {
    const rows = await db.query<{ variant_id: number; stock: number }>('SELECT variant_id, stock FROM variants');
    return new Map(rows.rows.map((row) => [row.variant_id, row.stock]));
  } finally {
    await db.close();
  }
}

test('orders acknowledged before a SIGKILL are all there after a restart, each once and whole', async ({}, testInfo) => {
  testInfo.setTimeout(180_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-kill-'));
  try {
    // First start seeds the demo stores; the stock before any order is read with the server stopped.
    let store = await startStore({ DATA_DIR: dataDir });
    await store.stop();
    const before = await stocks(dataDir);

    store = await startStore({ DATA_DIR: dataDir });
    const api = (path: string, init: RequestInit = {}) =>
      fetch(store.url('localhost', path), { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
    const info = await (await api('/api/Web/GetWebInfo?Domain=localhost')).json();
    const token: string = info.tokens.accessToken;
    const checkout = (await (await api('/api/Order/GetCheckoutOptions')).json()).data;
    const listing = (await (await api('/api/Product/GetProducts?Scope=search')).json()).data;
    const lines: string[] = [];
    for (const card of listing.products as { productURL: string }[]) {
      const product = (await (await api(`/api/Product/GetProduct?Slug=${card.productURL.slice(1)}`)).json()).data;
      for (const variant of product.variants as { variantID: number; stockStatusID: number }[])
        if (variant.stockStatusID === 1) lines.push(`${product.productID}_1_${variant.variantID}_`);
    }
    expect(lines.length).toBeGreaterThan(10);

    const acknowledged: string[] = [];
    let next = 0;
    let placing = true;
    const buyer = async () => {
      while (placing) {
        const n = next++;
        const response = await api('/api/Order/PlaceOrder', {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: JSON.stringify({
            idempotencyKey: `durability-${n}-${Date.now()}`,
            cartCodes: lines[n % lines.length],
            email: 'durable@example.test',
            shippingAddress: { fullName: 'Dee Rable', line1: '1 Harbour Row', city: 'Leith', country: 'gb' },
            deliveryOptionId: checkout.options[0].deliveryOptionId,
            paymentMethod: 'cod',
            currency: 'USD',
          }),
        }).catch(() => null);
        // Only an order whose answer arrived counts as acknowledged.
        if (response?.status === 200) acknowledged.push((await response.json()).data.order.orderCode);
      }
    };
    const buyers = Array.from({ length: 6 }, buyer);
    // Killed while orders are in flight: once a few have been answered.
    await expect.poll(() => acknowledged.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(12);
    await store.crash();
    placing = false;
    await Promise.all(buyers);

    // With the server down, the database as the kill left it: every order whole, stock taken exactly by the orders.
    const db = await PGlite.create({ dataDir: join(dataDir, 'db') });
    try {
      const orders = await db.query<{ order_code: string; lines: number; events: number }>(
        `SELECT o.order_code,
           (SELECT count(*)::int FROM order_lines l WHERE l.order_id = o.order_id) AS lines,
           (SELECT count(*)::int FROM order_events e WHERE e.order_id = o.order_id) AS events
         FROM orders o`,
      );
      const codes = orders.rows.map((row) => row.order_code);
      for (const code of acknowledged)
        expect(
          codes.filter((c) => c === code),
          code,
        ).toHaveLength(1);
      for (const order of orders.rows) expect(order, order.order_code).toMatchObject({ lines: 1, events: 1 });
      const taken = await db.query<{ variant_id: number; quantity: number }>(
        'SELECT variant_id, sum(quantity)::int AS quantity FROM order_lines GROUP BY variant_id',
      );
      const after = await db.query<{ variant_id: number; stock: number }>('SELECT variant_id, stock FROM variants');
      for (const row of after.rows) {
        const quantity = taken.rows.find((t) => t.variant_id === row.variant_id)?.quantity ?? 0;
        expect(row.stock + quantity, `variant ${row.variant_id}`).toBe(before.get(row.variant_id));
      }
    } finally {
      await db.close();
    }

    // And the restarted server serves each acknowledged order.
    store = await startStore({ DATA_DIR: dataDir });
    for (const code of acknowledged) {
      const response = await fetch(store.url('localhost', `/api/Order/GetOrder?OrderCode=${code}`));
      expect(response.status, code).toBe(200);
    }
    await store.stop();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
