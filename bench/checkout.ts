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

/** One measure of one load: how long each call took, how many went through, and how many failed. */
export interface CallTimes {
  runs: number;
  p50Ms: number;
  p95Ms: number;
  errors: number;
  perSecond: number;
}

/**
 * The two loads the same 100 clients make. `paced`: each client is a shopper, with a pause between its calls (0.5–1.5 s
 * before an add, 1–3 s before an order), so about 100 adds and 50 orders a second arrive, as from 100 people shopping
 * at once: what each of them waits. `flat`: each client sends its next call the moment the last is answered, 100 calls
 * always in flight: the server's capacity, where the wait is mostly the queue (Little's law: 100 ÷ calls per second).
 */
export interface CheckoutBenchResult {
  clients: number;
  paced: { addToCart: CallTimes; placeOrder: CallTimes };
  flat: { addToCart: CallTimes; placeOrder: CallTimes };
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

/** A pause of `min`–`max` ms, drawn from `rnd`. */
const pause = (rnd: () => number, [min, max]: readonly [number, number]) =>
  new Promise<void>((resolve) => setTimeout(resolve, min + rnd() * (max - min)));

/**
 * Add-to-cart and place-order on the running server, `CHECKOUT_CLIENTS` guests at once, paced as shoppers and then
 * back to back: each adds lines to its cart (AddCartItem prices the cart with the new line), then places orders of
 * one line each (cash on delivery). A few calls of each warm the server first.
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
  let orderNumber = 0;
  const line = () => lines[next++ % lines.length]!;
  const add = (cart: string[]) => {
    const code = line();
    const sent = call('/api/Cart/AddCartItem', token, { CartCodes: cart.join('|'), CartCode: code, CartItemID: '0' });
    cart.push(code);
    return sent;
  };
  const order = () =>
    call('/api/Order/PlaceOrder', token, {
      idempotencyKey: `bench-${Date.now()}-${orderNumber++}`,
      cartCodes: line(),
      email: 'bench@example.test',
      shippingAddress: { fullName: 'Bench Buyer', line1: '1 Load Lane', city: 'Leith', country: 'gb' },
      deliveryOptionId,
      paymentMethod: 'cod',
      currency: 'USD',
    });
  const errors: string[] = [];

  /** Each client's `count` calls one after another, after a pause each when paced; the times of all of them. */
  const run = async (
    count: number,
    send: (cart: string[]) => Promise<{ status: number; body: Buffer }>,
    paused?: readonly [number, number],
  ) => {
    const samples: number[] = [];
    let failed = 0;
    const rnd = random(27);
    const began = performance.now();
    await Promise.all(
      Array.from({ length: CHECKOUT_CLIENTS }, async () => {
        const cart: string[] = [];
        for (let i = 0; i < count; i++) {
          if (paused) await pause(rnd, paused);
          const start = performance.now();
          const response = await send(cart).catch((error: unknown) => ({ status: 0, body: Buffer.from(String(error)) }));
          samples.push(performance.now() - start);
          if (response.status !== 200) {
            failed++;
            errors.push(`${response.status} ${response.body.toString('utf8').slice(0, 160)}`);
          }
        }
      }),
    );
    const seconds = (performance.now() - began) / 1000;
    return {
      runs: samples.length,
      p50Ms: percentile(samples, 50),
      p95Ms: percentile(samples, 95),
      errors: failed,
      perSecond: samples.length / seconds,
    } satisfies CallTimes;
  };

  for (let i = 0; i < 20; i++) await add([]);
  for (let i = 0; i < 10; i++) await order();
  const paced = {
    addToCart: await run(ADDS_PER_CLIENT, add, [500, 1500]),
    placeOrder: await run(ORDERS_PER_CLIENT, order, [1000, 3000]),
  };
  const flat = { addToCart: await run(ADDS_PER_CLIENT, add), placeOrder: await run(ORDERS_PER_CLIENT, order) };
  for (const error of [...new Set(errors)].slice(0, 5)) console.log(`bench: checkout error: ${error}`);
  return { clients: CHECKOUT_CLIENTS, paced, flat };
}
