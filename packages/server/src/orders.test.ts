import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCartCode,
  orderEndpoints,
  studioOrderEndpoints,
  type CartCodeParts,
  type OrderSummary,
  type PlaceOrderRequest,
} from '@vitrine/commerce';
import { backends, guestToken, signInOwner, signInCustomer, startOnBackend, type BackendServer } from './test-support.ts';

describe.each(backends)('checkout and orders on $name', ({ create }) => {
  let started: BackendServer;
  let guest: string;
  let shopper: string;
  let harborOption: number;
  let key = 0;

  const address = { fullName: 'Ada Guest', line1: '1 Quay Street', city: 'Leith', postalCode: 'EH6 6AA', country: 'gb' };
  const db = () => started.server.db;
  const place = (token: string, body: Partial<PlaceOrderRequest>, host = 'localhost') =>
    started.server.call('/api/Order/PlaceOrder', {
      method: 'POST',
      host,
      headers: { authorization: `Bearer ${token}` },
      body: {
        idempotencyKey: `checkout-${Date.now()}-${key++}`,
        email: 'ada@example.test',
        shippingAddress: address,
        deliveryOptionId: harborOption,
        paymentMethod: 'cod',
        currency: 'USD',
        ...body,
      },
    });
  const placed = async (response: Response): Promise<OrderSummary> => {
    expect(response.status, await response.clone().text()).toBe(200);
    return orderEndpoints.placeOrder.answer.parse(await response.json()).data.order;
  };
  /** The `skip`th product of Harbor & Pine bought as its first variant (or itself), with `stock` of it in stock. */
  async function productWithStock(stock: number, skip = 0): Promise<CartCodeParts & { price: number }> {
    const product = await db()
      .selectFrom('products')
      .select(['product_id', 'price'])
      .where('web_id', '=', started.harborId)
      .where('is_published', '=', true)
      .orderBy('product_id')
      .offset(skip)
      .limit(1)
      .executeTakeFirstOrThrow();
    await db().updateTable('products').set({ stock, stock_status_id: 1 }).where('product_id', '=', product.product_id).execute();
    const variant = await db()
      .selectFrom('variants')
      .select(['variant_id', 'price'])
      .where('product_id', '=', product.product_id)
      .orderBy('variant_id')
      .executeTakeFirst();
    if (variant) await db().updateTable('variants').set({ stock }).where('variant_id', '=', variant.variant_id).execute();
    return {
      productId: product.product_id,
      quantity: 1,
      variantId: variant?.variant_id ?? 0,
      addonIds: [],
      price: variant?.price ?? product.price,
    };
  }
  const stockOf = async (line: CartCodeParts) =>
    line.variantId
      ? (await db().selectFrom('variants').select('stock').where('variant_id', '=', line.variantId).executeTakeFirstOrThrow()).stock
      : (await db().selectFrom('products').select('stock').where('product_id', '=', line.productId).executeTakeFirstOrThrow()).stock;
  const ordersOf = async (productId: number) =>
    (await db().selectFrom('order_lines').select('order_id').where('product_id', '=', productId).execute()).length;

  beforeAll(async () => {
    started = await startOnBackend(create);
    guest = await guestToken(started.server);
    shopper = await signInCustomer(started.server, 'shopper@harbor.test', 'harbor-shopper-demo', '10.6.0.1');
    const options = await started.server.call('/api/Order/GetCheckoutOptions');
    const checkout = orderEndpoints.getCheckoutOptions.answer.parse(await options.json()).data;
    expect(checkout.options.map((o) => o.name)).toEqual(['Standard delivery (3–5 days)', 'Express delivery (next day)']);
    harborOption = checkout.options[0]!.deliveryOptionId;
  });
  afterAll(() => started?.stop());

  it('places a guest’s order: priced again, stock taken, first status recorded, mails queued, read back by its code', async () => {
    const line = await productWithStock(7);
    const order = await placed(await place(guest, { cartCodes: buildCartCode({ ...line, quantity: 2 }) }));
    expect(order.orderCode).toMatch(/^[A-Z0-9]{16}$/);
    expect(order.lines).toEqual([
      expect.objectContaining({ productID: line.productId, quantity: 2, unitPrice: line.price, lineTotal: 2 * line.price }),
    ]);
    expect(order.subtotal).toBe(2 * line.price);
    // Standard delivery: 4.95, free from 75.00.
    expect(order.shippingTotal).toBe(order.subtotal >= 7500 ? 0 : 495);
    expect(order.total).toBe(order.subtotal + order.shippingTotal);
    expect(order.status).toBe('Pending');
    expect(order.paymentMethod).toBe('Cash on delivery');
    expect(order.history.map((h) => h.status)).toEqual(['Pending']);
    expect(await stockOf(line)).toBe(5);
    const read = await started.server.call(`/api/Order/GetOrder?OrderCode=${order.orderCode}&Email=ada@example.test`);
    expect(orderEndpoints.getOrder.answer.parse(await read.json()).data.order).toEqual(order);
    // Another store does not know the code.
    expect((await started.server.call(`/api/Order/GetOrder?OrderCode=${order.orderCode}`, { host: 'second.localhost' })).status).toBe(404);
    // Mail goes out in the background, once each.
    const mails = () => readdirSync(started.server.outboxDir).map((file) => readFileSync(join(started.server.outboxDir, file), 'utf8'));
    const sent = (subject: string, to: string) => mails().filter((mail) => mail.includes(subject) && mail.includes(to)).length;
    await expect.poll(() => sent(`Your order ${order.orderCode}`, 'ada@example.test')).toBe(1);
    await expect.poll(() => sent(`New order ${order.orderCode}`, 'owner@harbor.test')).toBe(1);
  });

  it('gives one order, one stock take, to one checkout sent twenty times at once', async () => {
    const line = await productWithStock(50, 1);
    const body = { idempotencyKey: `double-click-${Date.now()}`, cartCodes: buildCartCode({ ...line, quantity: 3 }) };
    const answers = await Promise.all(Array.from({ length: 20 }, () => place(guest, body).then(placed)));
    expect(new Set(answers.map((order) => order.orderCode)).size).toBe(1);
    expect(await ordersOf(line.productId)).toBe(1);
    expect(await stockOf(line)).toBe(47);
  });

  it('answers an order key only to the checkout that placed it: anyone else gets a 409 and nothing of the order (issue 33)', async () => {
    const line = await productWithStock(20, 7);
    const body = { idempotencyKey: `private-key-${Date.now()}`, cartCodes: buildCartCode(line) };
    const order = await placed(await place(guest, body));
    // The same checkout sent again (a retry, a second click) is answered its order.
    expect((await placed(await place(guest, body))).orderCode).toBe(order.orderCode);
    const stranger = await guestToken(started.server);
    const attempts: [token: string, changed: Partial<PlaceOrderRequest>][] = [
      [guest, { cartCodes: buildCartCode({ ...line, quantity: 2 }) }],
      [guest, { email: 'mallory@example.test' }],
      [stranger, { email: 'mallory@example.test', shippingAddress: { ...address, fullName: 'Mallory' } }],
      [stranger, { paymentMethod: 'card' }],
      // A customer sending the guest's very checkout is someone else too.
      [shopper, {}],
    ];
    for (const [token, changed] of attempts) {
      const response = await place(token, { ...body, ...changed });
      const text = await response.text();
      expect(response.status, text).toBe(409);
      expect(JSON.parse(text)).toEqual({
        error: {
          code: 'ORDER_KEY_USED',
          message: 'This checkout key was already used for a different order. Reload the checkout page to place your order.',
          field: 'idempotencyKey',
        },
      });
      for (const secret of [order.orderCode, 'ada@example.test', address.line1]) expect(text).not.toContain(secret);
    }
    expect(await ordersOf(line.productId)).toBe(1);
    expect(await stockOf(line)).toBe(19);
  });

  it('sells the last ten units to exactly ten of two hundred buyers at once, and never below zero', async () => {
    const line = await productWithStock(10, 2);
    const answers = await Promise.all(Array.from({ length: 200 }, () => place(guest, { cartCodes: buildCartCode(line) })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    expect(await ordersOf(line.productId)).toBe(10);
    expect(await stockOf(line)).toBe(0);
    // Sold out now, as the next shopper is told.
    const next = await started.server.call(`/api/Cart/GetCart?CartCodes=${buildCartCode(line)}`, {
      headers: { authorization: `Bearer ${guest}` },
    });
    expect(((await next.json()) as { data: { data: { status: string }[] } }).data.data[0]!.status).toBe('outofstock');
  });

  it('refuses what is wrong naming the field, and changes nothing', async () => {
    const line = await productWithStock(5, 3);
    const code = buildCartCode(line);
    const atelierOption = (
      await db()
        .selectFrom('delivery_options')
        .select('delivery_option_id')
        .where('web_id', '=', started.atelierId)
        .executeTakeFirstOrThrow()
    ).delivery_option_id;
    const cases: [Partial<PlaceOrderRequest>, number, string][] = [
      [{ cartCodes: '' }, 400, 'cartCodes'],
      [{ cartCodes: code, email: '' }, 400, 'email'],
      [{ cartCodes: code, shippingAddress: undefined }, 400, 'shippingAddress'],
      [{ cartCodes: code, deliveryOptionId: atelierOption }, 404, 'deliveryOptionId'],
      [{ cartCodes: code, currency: 'XYZ' }, 400, 'currency'],
      [{ cartCodes: code, addressId: 1, shippingAddress: undefined }, 404, 'addressId'],
      [{ cartCodes: buildCartCode({ ...line, quantity: 6 }) }, 409, 'cartCodes'],
      [{ cartCodes: code, paymentMethod: 'cheque' as never }, 400, 'paymentMethod'],
    ];
    for (const [body, status, field] of cases) {
      const response = await place(guest, body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(((await response.json()) as { error: { field: string } }).error.field, JSON.stringify(body)).toBe(field);
    }
    expect(await ordersOf(line.productId)).toBe(0);
    expect(await stockOf(line)).toBe(5);
    // A store that requires an account refuses a guest.
    await db().updateTable('sites').set({ account_mode: 1 }).where('web_id', '=', started.harborId).execute();
    expect((await place(guest, { cartCodes: code })).status).toBe(401);
    await db().updateTable('sites').set({ account_mode: 2 }).where('web_id', '=', started.harborId).execute();
  });

  it('lets a customer pay to a saved address; what they bought leaves their cart; they list their own orders', async () => {
    const [bought, kept] = [await productWithStock(9, 4), await productWithStock(9, 5)];
    await started.server.call('/api/Cart/SyncCart', {
      method: 'POST',
      headers: { authorization: `Bearer ${shopper}` },
      body: { CartCodes: [bought, kept].map(buildCartCode).join('|') },
    });
    const saved = await started.server.call('/api/Account/SaveAddress', {
      method: 'POST',
      headers: { authorization: `Bearer ${shopper}` },
      body: { fullName: 'Sam Rivera', line1: '2 Shore Road', city: 'Leith', postalCode: 'EH6 7AB', country: 'gb' },
    });
    const addressId = ((await saved.json()) as { data: { addresses: { addressId: number }[] } }).data.addresses[0]!.addressId;
    const order = await placed(
      await place(shopper, { cartCodes: buildCartCode(bought), email: undefined, shippingAddress: undefined, addressId }),
    );
    expect(order.email).toBe('shopper@harbor.test');
    expect(order.shippingAddress['line1']).toBe('2 Shore Road');
    const cart = await started.server.call('/api/Cart/GetCart', { headers: { authorization: `Bearer ${shopper}` } });
    const left = ((await cart.json()) as { data: { data: { product: { productID: number } }[] } }).data.data;
    expect(left.map((item) => item.product.productID)).toEqual([kept.productId]);
    const list = await started.server.call('/api/Order/GetOrders', { headers: { authorization: `Bearer ${shopper}` } });
    const orders = orderEndpoints.getOrders.answer.parse(await list.json()).data.orders;
    expect(orders.map((o) => o.orderCode)).toEqual([order.orderCode]);
    // A guest's token cannot list orders.
    expect((await started.server.call('/api/Order/GetOrders', { headers: { authorization: `Bearer ${guest}` } })).status).toBe(401);
  });

  it('lets the owner list, search, move on, mark paid and cancel orders, each change recorded and shown to the customer', async () => {
    const owner = await signInOwner(started.server, 'owner@harbor.test', 'harbor-owner-demo');
    const studio = (path: string, body?: unknown, host = 'localhost') =>
      started.server.call(`/api/Studio/${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        host,
        headers: { authorization: `Bearer ${owner}` },
        ...(body === undefined ? {} : { body }),
      });
    const line = await productWithStock(6, 6);
    const order = await placed(await place(guest, { cartCodes: buildCartCode({ ...line, quantity: 2 }), email: 'zoe@example.test' }));
    const listed = await studio('GetOrders?Status=Pending&Q=ZOE@example');
    const { orders, total } = studioOrderEndpoints.getOrders.answer.parse(await listed.json()).data;
    expect(orders.map((o) => o.orderCode)).toEqual([order.orderCode]);
    expect(total).toBe(1);
    expect(orders[0]).toMatchObject({ customerName: 'Ada Guest', items: 2, status: 'Pending' });
    // A wildcard typed in the search is a character, not "anything".
    expect(studioOrderEndpoints.getOrders.answer.parse(await (await studio('GetOrders?Q=%25')).json()).data.total).toBe(0);

    const move = async (body: Record<string, unknown>) => studio('SetOrderStatus', { orderCode: order.orderCode, ...body });
    for (const status of ['Confirmed', 'Shipped'] as const) expect((await move({ status, note: `to ${status}` })).status).toBe(200);
    const refused = await move({ status: 'Cancelled' });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { field: string; message: string } }).error).toMatchObject({
      field: 'status',
      message: 'A Shipped order cannot become Cancelled',
    });
    expect((await move({ status: 'Delivered' })).status).toBe(200);
    expect((await move({ paymentStatus: 'Paid' })).status).toBe(200);
    expect((await move({ paymentStatus: 'Paid' })).status).toBe(409);
    expect((await move({})).status).toBe(400);
    // The customer's view of the order shows each change, in order.
    const read = await started.server.call(`/api/Order/GetOrder?OrderCode=${order.orderCode}`);
    const seen = orderEndpoints.getOrder.answer.parse(await read.json()).data.order;
    expect(seen.history.map((h) => h.status)).toEqual(['Pending', 'Confirmed', 'Shipped', 'Delivered', 'Paid']);
    expect(seen).toMatchObject({ status: 'Delivered', paymentStatus: 'Paid' });

    // Cancelling gives the stock back.
    const other = await placed(await place(guest, { cartCodes: buildCartCode({ ...line, quantity: 3 }) }));
    expect(await stockOf(line)).toBe(1);
    expect((await studio('SetOrderStatus', { orderCode: other.orderCode, status: 'Cancelled', note: 'Asked by phone' })).status).toBe(200);
    expect(await stockOf(line)).toBe(4);

    // Atelier Nord's owner is refused; Harbor & Pine's owner does not find Atelier Nord's orders.
    const nordOwner = await signInOwner(started.server, 'owner@atelier.test', 'atelier-owner-demo');
    const byNord = await started.server.call('/api/Studio/GetOrders', { headers: { authorization: `Bearer ${nordOwner}` } });
    expect(byNord.status).toBe(403);
    const nordGuest = await guestToken(started.server, 'second.localhost');
    const nordProduct = await db()
      .selectFrom('products')
      .select('product_id')
      .where('web_id', '=', started.atelierId)
      .executeTakeFirstOrThrow();
    const nordVariant = await db()
      .selectFrom('variants')
      .select('variant_id')
      .where('product_id', '=', nordProduct.product_id)
      .executeTakeFirst();
    const nordOption = await db()
      .selectFrom('delivery_options')
      .select('delivery_option_id')
      .where('web_id', '=', started.atelierId)
      .executeTakeFirstOrThrow();
    const nordCurrency = await db()
      .selectFrom('currencies')
      .select('code')
      .where('web_id', '=', started.atelierId)
      .executeTakeFirstOrThrow();
    const nordOrder = await placed(
      await place(
        nordGuest,
        {
          cartCodes: `${nordProduct.product_id}_1_${nordVariant?.variant_id ?? 0}_`,
          deliveryOptionId: nordOption.delivery_option_id,
          currency: nordCurrency.code,
        },
        'second.localhost',
      ),
    );
    expect((await studio(`GetOrder?OrderCode=${nordOrder.orderCode}`)).status).toBe(404);
    expect((await studio('SetOrderStatus', { orderCode: nordOrder.orderCode, status: 'Cancelled' })).status).toBe(404);
    const untouched = await started.server.call(`/api/Order/GetOrder?OrderCode=${nordOrder.orderCode}`, { host: 'second.localhost' });
    expect(orderEndpoints.getOrder.answer.parse(await untouched.json()).data.order.status).toBe('Pending');
  });

  it('shows who an order is for only with its e-mail or to its customer; the code alone shows its status (issue 33)', async () => {
    const line = await productWithStock(5, 9);
    const order = await placed(
      await place(guest, { cartCodes: buildCartCode(line), phone: '+441314960000', email: 'Ada.Guest@Example.test' }),
    );
    const read = async (query: string, init?: Parameters<typeof started.server.call>[1]) => {
      const response = await started.server.call(`/api/Order/GetOrder?OrderCode=${order.orderCode}${query}`, init);
      expect(response.status, await response.clone().text()).toBe(200);
      return orderEndpoints.getOrder.answer.parse(await response.json()).data.order;
    };
    const withheld = { email: null, phone: null, shippingAddress: {} };
    // The code alone: the status, lines and totals, not the name, address, e-mail or phone.
    const byCode = await read('');
    expect(byCode).toMatchObject({ ...withheld, status: 'Pending', total: order.total, lines: order.lines });
    expect(JSON.stringify(byCode)).not.toMatch(/Ada|Quay|Leith|example\.test|4960000/i);
    expect(await read('&Email=someone@example.test')).toMatchObject(withheld);
    expect(await read('&Email=', { headers: { authorization: `Bearer ${guest}` } })).toMatchObject(withheld);
    // With the order's e-mail, in any case and with spaces around it: all of it.
    expect(await read(`&Email=${encodeURIComponent('  ada.guest@EXAMPLE.test ')}`)).toEqual(order);
    // Another store does not know the code, e-mail or not.
    const elsewhere = await started.server.call(`/api/Order/GetOrder?OrderCode=${order.orderCode}&Email=ada.guest@example.test`, {
      host: 'second.localhost',
    });
    expect(elsewhere.status).toBe(404);

    // A signed-in customer sees their own order whole; another customer sees what the code alone shows.
    const mine = await placed(await place(shopper, { cartCodes: buildCartCode(line), email: undefined }));
    const readMine = (token: string) =>
      started.server
        .call(`/api/Order/GetOrder?OrderCode=${mine.orderCode}`, { headers: { authorization: `Bearer ${token}` } })
        .then(async (response) => orderEndpoints.getOrder.answer.parse(await response.json()).data.order);
    expect(await readMine(shopper)).toEqual(mine);
    expect(await readMine(guest)).toMatchObject(withheld);
  });
});
