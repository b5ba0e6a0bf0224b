import { performance } from 'node:perf_hooks';
import type { Db } from '../packages/server/src/db/connect.ts';
import { random } from '../packages/server/src/seed/seed-catalogue.ts';
import { httpRequest } from './processes.ts';
import { percentile } from './timing.ts';

/** Clients at once, as the issue asks; each sends its requests one after another. */
export const CHECKOUT_CLIENTS = 100;
const ADDS_PER_CLIENT = 10;
const ORDERS_PER_CLIENT = 3;
/** What the issue asks for, printed beside the numbers; nothing is asserted. */
export const CHECKOUT_TARGETS = { addToCartP95Ms: 20, placeOrderP95Ms: 60 } as const;
export const CHECKOUT_ANCHOR = 'Medusa users report 5–10 s add-to-cart at 10,000 products';

export interface CheckoutBenchResult {
  clients: number;
  addToCart: { runs: number; p50Ms: number; p95Ms: number; errors: number; perSecond: number };
  placeOrder: { runs: number; p50Ms: number; p95Ms: number; errors: number; perSecond: number };
}

/** Cart codes of products (or their first variants) with stock enough for every order, from the generated catalogue. */
export async function checkoutLines(db: Db, webId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('products as p')
    .leftJoin('variants as v', 'v.product_id', 'p.product_id')
    .select(['p.product_id', 'v.variant_id', 'p.stock', 'v.stock as variant_stock'])
    .where('p.web_id', '=', webId)
    .where('p.is_published', '=', true)
    .where('p.stock_status_id', '=', 1)
    .where('p.sku', 'like', 'GEN-%')
    .limit(20_000)
    .execute();
  const rnd = random(16);
  return rows
    .filter((row) => (row.variant_id === null ? row.stock : (row.variant_stock ?? 0)) >= 5)
    .map((row) => `${row.product_id}_1_${row.variant_id ?? 0}_`)
    .sort(() => rnd() - 0.5);
}

/**
 * Add-to-cart and place-order on the running server, `CHECKOUT_CLIENTS` guests at once: each adds lines to its cart
 * (AddCartItem prices the cart with the new line), then places orders of one line each (cash on delivery).
 */
export async function benchCheckout(origin: string, host: string, lines: readonly string[]): Promise<CheckoutBenchResult> {
  const call = (path: string, token: string, body: unknown) =>
    httpRequest(`${origin}${path}`, { method: 'POST', headers: { host, authorization: `Bearer ${token}` }, body, timeoutMs: 60_000 });
  const info = await httpRequest(`${origin}/api/Web/GetWebInfo?Domain=${host}`, { headers: { host } });
  const token = (JSON.parse(info.body.toString('utf8')) as { tokens: { accessToken: string } }).tokens.accessToken;
  const options = await httpRequest(`${origin}/api/Order/GetCheckoutOptions`, { headers: { host } });
  const deliveryOptionId = (JSON.parse(options.body.toString('utf8')) as { data: { options: { deliveryOptionId: number }[] } }).data
    .options[0]!.deliveryOptionId;
  let next = 0;
  const line = () => lines[next++ % lines.length]!;

  const timed = async (samples: number[], errors: string[], send: () => Promise<{ status: number; body: Buffer }>) => {
    const start = performance.now();
    const response = await send().catch((error: unknown) => ({ status: 0, body: Buffer.from(String(error)) }));
    samples.push(performance.now() - start);
    if (response.status !== 200) errors.push(`${response.status} ${response.body.toString('utf8').slice(0, 160)}`);
  };

  const adds: number[] = [];
  const addErrors: string[] = [];
  let began = performance.now();
  await Promise.all(
    Array.from({ length: CHECKOUT_CLIENTS }, async () => {
      const cart: string[] = [];
      for (let i = 0; i < ADDS_PER_CLIENT; i++) {
        const code = line();
        await timed(adds, addErrors, () =>
          call('/api/Cart/AddCartItem', token, { CartCodes: cart.join('|'), CartCode: code, CartItemID: '0' }),
        );
        cart.push(code);
      }
    }),
  );
  const addSeconds = (performance.now() - began) / 1000;

  const orders: number[] = [];
  const orderErrors: string[] = [];
  began = performance.now();
  await Promise.all(
    Array.from({ length: CHECKOUT_CLIENTS }, async (_, client) => {
      for (let i = 0; i < ORDERS_PER_CLIENT; i++)
        await timed(orders, orderErrors, () =>
          call('/api/Order/PlaceOrder', token, {
            idempotencyKey: `bench-${client}-${i}-${Date.now()}`,
            cartCodes: line(),
            email: 'bench@example.test',
            shippingAddress: { fullName: 'Bench Buyer', line1: '1 Load Lane', city: 'Leith', country: 'gb' },
            deliveryOptionId,
            paymentMethod: 'cod',
            currency: 'USD',
          }),
        );
    }),
  );
  const orderSeconds = (performance.now() - began) / 1000;
  for (const error of [...new Set([...addErrors, ...orderErrors])].slice(0, 5)) console.log(`bench: checkout error: ${error}`);
  return {
    clients: CHECKOUT_CLIENTS,
    addToCart: {
      runs: adds.length,
      p50Ms: percentile(adds, 50),
      p95Ms: percentile(adds, 95),
      errors: addErrors.length,
      perSecond: adds.length / addSeconds,
    },
    placeOrder: {
      runs: orders.length,
      p50Ms: percentile(orders, 50),
      p95Ms: percentile(orders, 95),
      errors: orderErrors.length,
      perSecond: orders.length / orderSeconds,
    },
  };
}
