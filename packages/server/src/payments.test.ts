import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCartCode, cartEndpoints, orderEndpoints, studioOrderEndpoints, type OrderSummary } from '@vitrine/commerce';
import { TEST_CARDS, cardErrors } from './infra/test-payment-provider.ts';
import { backends, guestToken, signInCustomer, signInOwner, startOnBackend, studioCaller, type BackendServer } from './test-support.ts';

describe('the test provider’s card form', () => {
  const good = { name: 'Ada Guest', number: TEST_CARDS.authorised, expiry: '12/30', cvc: '123' };
  const now = new Date('2026-11-26T12:00:00Z');
  it('accepts a whole card, to the end of its expiry month', () => {
    expect(cardErrors(good, now)).toEqual({});
    expect(cardErrors({ ...good, expiry: '11/26' }, now)).toEqual({});
  });
  it('names each field that is wrong', () => {
    expect(cardErrors({}, now)).toEqual({
      name: 'is a required field',
      number: 'is a required field',
      expiry: 'is a required field',
      cvc: 'is a required field',
    });
    expect(cardErrors({ ...good, number: '4242 4242 4242 4241', expiry: '10/26', cvc: '12' }, now)).toEqual({
      number: 'is not a valid card number',
      expiry: 'is in the past',
      cvc: 'must be 3 or 4 digits',
    });
    expect(cardErrors({ ...good, expiry: '13/30' }, now)).toEqual({ expiry: 'must be MM/YY' });
  });
});

describe.each(backends)('paying an order by card on $name', ({ create }) => {
  let started: BackendServer;
  let guest: string;
  let option: number;
  let key = 0;
  const server = () => started.server;
  const api = (path: string, body?: unknown, host = 'localhost', token = guest) =>
    server().call(path, {
      method: body === undefined ? 'GET' : 'POST',
      host,
      headers: { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { body }),
    });

  /** An order of one in-stock product, to be paid by card: a guest's, or the customer's whose access `token` is given. */
  async function cardOrder(token = guest): Promise<OrderSummary> {
    const product = await server()
      .db.selectFrom('products')
      .select(['product_id'])
      .where('web_id', '=', started.harborId)
      .where('is_published', '=', true)
      .orderBy('product_id')
      .limit(1)
      .executeTakeFirstOrThrow();
    await server()
      .db.updateTable('products')
      .set({ stock: 1000, stock_status_id: 1 })
      .where('product_id', '=', product.product_id)
      .execute();
    const variant = await server()
      .db.selectFrom('variants')
      .select('variant_id')
      .where('product_id', '=', product.product_id)
      .orderBy('variant_id')
      .executeTakeFirst();
    if (variant) await server().db.updateTable('variants').set({ stock: 1000 }).where('variant_id', '=', variant.variant_id).execute();
    const answer = await api(
      '/api/Order/PlaceOrder',
      {
        idempotencyKey: `card-order-${Date.now()}-${key++}`,
        cartCodes: buildCartCode({ productId: product.product_id, quantity: 1, variantId: variant?.variant_id ?? 0, addonIds: [] }),
        email: 'ada@example.test',
        shippingAddress: { fullName: 'Ada Guest', line1: '1 Quay Street', city: 'Leith', country: 'gb' },
        deliveryOptionId: option,
        paymentMethod: 'card',
        currency: 'EUR',
      },
      'localhost',
      token,
    );
    expect(answer.status, await answer.clone().text()).toBe(200);
    return orderEndpoints.placeOrder.answer.parse(await answer.json()).data.order;
  }

  /** Opens a payment of `order` and answers the provider page's address. */
  async function start(order: OrderSummary): Promise<string> {
    const answer = await api('/api/Order/StartPayment', { orderCode: order.orderCode });
    expect(answer.status, await answer.clone().text()).toBe(200);
    const { redirectUrl } = orderEndpoints.startPayment.answer.parse(await answer.json()).data;
    expect(redirectUrl).toMatch(/^\/_pay\/test\/pay_[0-9a-f]{24}$/);
    return redirectUrl;
  }

  /** Posts the provider's form as a browser does, answering the status and where it sends the shopper. */
  async function post(path: string, form: Record<string, string>) {
    const answer = await server().call(path, {
      method: 'POST',
      rawBody: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    return { status: answer.status, location: answer.headers.get('location'), text: await answer.text() };
  }

  const pay = (page: string, number: string) => post(page, { name: 'Ada Guest', number, expiry: '12/39', cvc: '123' });
  const confirm = async (order: OrderSummary, paymentId: string, host = 'localhost') => {
    const answer = await api('/api/Order/ConfirmPayment', { orderCode: order.orderCode, paymentId }, host);
    return { status: answer.status, body: (await answer.json()) as Record<string, never> };
  };
  const confirmed = async (order: OrderSummary, paymentId: string) => {
    const answer = await confirm(order, paymentId);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return orderEndpoints.confirmPayment.answer.parse(answer.body).data;
  };
  /** The payment id the provider sent the shopper back with, to the order's page. */
  const returned = (order: OrderSummary, location: string | null) => {
    const url = new URL(location!);
    expect(`${url.host}${url.pathname}`).toBe(`localhost/order/${order.orderCode}`);
    return url.searchParams.get('payment')!;
  };

  beforeAll(async () => {
    started = await startOnBackend(create);
    guest = await guestToken(started.server);
    const options = orderEndpoints.getCheckoutOptions.answer.parse(await (await api('/api/Order/GetCheckoutOptions')).json()).data;
    expect(options.paymentMethods).toContain('card');
    option = options.options[0]!.deliveryOptionId;
  });
  afterAll(() => started?.stop());

  it('authorises a card on the provider’s page and marks the order Paid once, however often the shopper comes back', async () => {
    const order = await cardOrder();
    expect(order).toMatchObject({ paymentMethod: 'Card', paymentStatus: 'Pending' });
    const page = await start(order);
    const form = await server().call(page);
    expect(form.status).toBe(200);
    const html = await form.text();
    // The amount the shopper chose to see, at the rate the order recorded.
    expect(html).toContain(`order ${order.orderCode}`);
    expect(html).toMatch(/Pay €[\d,]+\.\d\d/);
    const paid = await pay(page, TEST_CARDS.authorised);
    expect(paid.status).toBe(303);
    const paymentId = returned(order, paid.location);
    const answers = await Promise.all(Array.from({ length: 8 }, () => confirmed(order, paymentId)));
    for (const answer of answers) expect(answer).toMatchObject({ outcome: 'authorised', message: 'Payment received. Thank you!' });
    const after = answers[0]!.order;
    expect(after.paymentStatus).toBe('Paid');
    expect(after.history.filter((event) => event.status === 'Paid')).toEqual([expect.objectContaining({ note: 'Paid by card' })]);
    // A paid order is not paid again.
    const again = await api('/api/Order/StartPayment', { orderCode: order.orderCode });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      error: { code: 'ORDER_NOT_PAYABLE', field: 'orderCode', message: 'This order is already paid' },
    });
    // Back on the provider's page, the shopper is sent back to the store.
    expect((await server().call(page)).status).toBe(303);
  });

  it('says why a card was declined, and the order can be paid again', async () => {
    const order = await cardOrder();
    const declined = await pay(await start(order), TEST_CARDS.declined);
    const first = await confirmed(order, returned(order, declined.location));
    expect(first).toMatchObject({ outcome: 'declined', message: 'Your card was declined.' });
    // The order says its payment failed, wherever it is read (issue 33); it is not paid, so no sale, and stays payable.
    expect(first.order.paymentStatus).toBe('Payment failed');
    const read = await server().call(`/api/Order/GetOrder?OrderCode=${order.orderCode}`);
    expect(orderEndpoints.getOrder.answer.parse(await read.json()).data.order.paymentStatus).toBe('Payment failed');
    const kept = await server()
      .db.selectFrom('orders')
      .select('payment_status')
      .where('order_code', '=', order.orderCode)
      .executeTakeFirstOrThrow();
    expect(kept.payment_status).toBe('Pending');
    expect(first.order.history.at(-1)).toMatchObject({ status: 'Payment declined', note: 'Your card was declined.' });
    const poor = await pay(await start(order), TEST_CARDS.insufficientFunds);
    expect(await confirmed(order, returned(order, poor.location))).toMatchObject({ message: 'Your card has insufficient funds.' });
    const paid = await pay(await start(order), TEST_CARDS.authorised);
    expect((await confirmed(order, returned(order, paid.location))).order.paymentStatus).toBe('Paid');
  });

  it('says Payment failed in the customer’s order list and the studio’s, as the order page does (issue 33)', async () => {
    const customer = await signInCustomer(server(), 'shopper@harbor.test', 'harbor-shopper-demo', '10.61.0.1');
    const order = await cardOrder(customer);
    const listed = async () => {
      const mine = await api('/api/Order/GetOrders', undefined, 'localhost', customer);
      const owner = studioCaller(server(), await signInOwner(server(), 'owner@harbor.test', 'harbor-owner-demo'));
      const studio = await owner(`/api/Studio/GetOrders?Q=${order.orderCode}`);
      return {
        customer: orderEndpoints.getOrders.answer.parse(await mine.json()).data.orders.find((o) => o.orderCode === order.orderCode)
          ?.paymentStatus,
        studio: studioOrderEndpoints.getOrders.answer.parse(await studio.json()).data.orders.map((o) => o.paymentStatus),
      };
    };
    expect(await listed()).toEqual({ customer: 'Pending', studio: ['Pending'] });
    const declined = await pay(await start(order), TEST_CARDS.declined);
    const page = (await confirmed(order, returned(order, declined.location))).order.paymentStatus;
    expect(page).toBe('Payment failed');
    expect(await listed()).toEqual({ customer: page, studio: [page] });
    // Paid at the next try, every list says so.
    const paid = await pay(await start(order), TEST_CARDS.authorised);
    expect((await confirmed(order, returned(order, paid.location))).order.paymentStatus).toBe('Paid');
    expect(await listed()).toEqual({ customer: 'Paid', studio: ['Paid'] });
  });

  it('asks for a 3-D Secure check first, and records what the check decided', async () => {
    for (const [result, outcome] of [
      ['complete', 'authorised'],
      ['fail', 'declined'],
    ] as const) {
      const order = await cardOrder();
      const page = await start(order);
      const challenged = await pay(page, TEST_CARDS.threeDSecure);
      expect(challenged).toMatchObject({ status: 303, location: page });
      const check = await (await server().call(page)).text();
      expect(check).toContain('Complete authentication');
      // Until the check is done, the payment is still open.
      const paymentId = page.split('/').at(-1)!;
      expect((await confirmed(order, paymentId)).outcome).toBe('pending');
      const back = await post(`${page}/challenge`, { result });
      expect(returned(order, back.location)).toBe(paymentId);
      expect((await confirmed(order, paymentId)).outcome).toBe(outcome);
    }
  });

  it('names the card field at fault and keeps the payment open; a shopper who cancels comes back to an unpaid order', async () => {
    const order = await cardOrder();
    const page = await start(order);
    const wrong = await post(page, { name: 'Ada Guest', number: '4242 4242 4242 4241', expiry: '12/39', cvc: '1' });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('Card number is not a valid card number');
    expect(wrong.text).toContain('Security code must be 3 or 4 digits');
    expect(wrong.text).toContain('value="Ada Guest"');
    const cancelled = await post(page, { cancel: '1' });
    const answer = await confirmed(order, returned(order, cancelled.location));
    expect(answer).toMatchObject({ outcome: 'pending', order: { paymentStatus: 'Pending' } });
    expect(answer.order.history.map((event) => event.status)).toEqual(['Pending']);
  });

  it('answers an order’s lines as a cart to pay it (GetOrderCart), and says when it cannot be paid', async () => {
    const order = await cardOrder();
    const cart = async () => {
      const answer = await api(`/api/Cart/GetOrderCart?CartCodes=${order.orderCode}`);
      expect(answer.status).toBe(200);
      return cartEndpoints.getOrderCart.answer.parse(await answer.json()).data;
    };
    const open = await cart();
    expect(open.data).toEqual([
      expect.objectContaining({
        quantity: '1',
        price: String(order.lines[0]!.unitPrice),
        status: 'ok',
        product: expect.objectContaining({ itemName: order.lines[0]!.name, productID: order.lines[0]!.productID }),
      }),
    ]);
    expect(open.cartStatusMessage).toBe('');
    // Cancelled by the owner: it cannot be paid any more.
    const owner = studioCaller(server(), await signInOwner(server(), 'owner@harbor.test', 'harbor-owner-demo'));
    expect((await owner('/api/Studio/SetOrderStatus', { body: { orderCode: order.orderCode, status: 'Cancelled' } })).status).toBe(200);
    expect(await cart()).toMatchObject({
      cartStatusHeading: 'This order cannot be paid',
      cartStatusMessage: 'This order was cancelled and cannot be paid',
    });
    expect((await api('/api/Order/StartPayment', { orderCode: order.orderCode })).status).toBe(409);
  });

  it('answers an order’s lines as a cart with their add-ons, so Back to cart puts them back as bought (issue 33)', async () => {
    const addon = await server()
      .db.selectFrom('addons as a')
      .innerJoin('products as p', 'p.product_id', 'a.product_id')
      .select(['a.addon_id', 'a.name', 'p.product_id'])
      .where('p.web_id', '=', started.harborId)
      .where('p.is_published', '=', true)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('variants as v').select('v.variant_id').whereRef('v.product_id', '=', 'p.product_id'))))
      .orderBy('a.addon_id')
      .limit(1)
      .executeTakeFirstOrThrow();
    await server().db.updateTable('products').set({ stock: 1000, stock_status_id: 1 }).where('product_id', '=', addon.product_id).execute();
    const code = buildCartCode({ productId: addon.product_id, quantity: 2, variantId: 0, addonIds: [addon.addon_id] });
    const placed = await api('/api/Order/PlaceOrder', {
      idempotencyKey: `card-order-${Date.now()}-${key++}`,
      cartCodes: code,
      email: 'ada@example.test',
      shippingAddress: { fullName: 'Ada Guest', line1: '1 Quay Street', city: 'Leith', country: 'gb' },
      deliveryOptionId: option,
      paymentMethod: 'card',
      currency: 'EUR',
    });
    expect(placed.status, await placed.clone().text()).toBe(200);
    const order = orderEndpoints.placeOrder.answer.parse(await placed.json()).data.order;
    const answer = await api(`/api/Cart/GetOrderCart?CartCodes=${order.orderCode}`);
    const [line] = cartEndpoints.getOrderCart.answer.parse(await answer.json()).data.data;
    expect(line!.cartItemCode).toBe(code);
    expect(line!.addons).toEqual([expect.objectContaining({ addonID: addon.addon_id, addonName: addon.name })]);
  });

  it('lets one payment pay an order: a second one paid at once is recorded as not paying it (issue 33)', async () => {
    const order = await cardOrder();
    // Two tabs open a payment each, and both are paid on the provider's page before either comes back.
    const pages = [await start(order), await start(order)];
    const paymentIds: string[] = [];
    for (const page of pages) paymentIds.push(returned(order, (await pay(page, TEST_CARDS.authorised)).location));
    // Both come back at once, each several times.
    const answers = await Promise.all(paymentIds.flatMap((id) => Array.from({ length: 3 }, () => confirmed(order, id))));
    const outcomes = new Map(paymentIds.map((id, i) => [id, new Set(answers.slice(i * 3, i * 3 + 3).map((a) => a.outcome))]));
    expect([...outcomes.values()].map((set) => [...set].join()).sort()).toEqual(['authorised', 'unapplied']);
    const loser = answers.find((answer) => answer.outcome === 'unapplied')!;
    expect(loser.message).toBe('This order was already paid, so this card payment does not pay it. The store will refund it.');
    const after = (await confirmed(order, paymentIds[0]!)).order;
    expect(after.paymentStatus).toBe('Paid');
    expect(after.history.map((event) => event.status).filter((status) => status !== 'Pending')).toEqual(['Paid', 'Payment not applied']);
    expect(after.history.at(-1)!.note).toBe(loser.message);
    const paying = await server()
      .db.selectFrom('payments as p')
      .innerJoin('orders as o', 'o.order_id', 'p.order_id')
      .select(['p.status', 'p.pays_order'])
      .where('o.order_code', '=', order.orderCode)
      .orderBy('p.pays_order', 'desc')
      .execute();
    expect(paying).toEqual([
      { status: 'authorised', pays_order: true },
      { status: 'authorised', pays_order: false },
    ]);
  });

  it('never records a payment of an order cancelled while it was being paid as paying it (issue 33)', async () => {
    const order = await cardOrder();
    const page = await start(order);
    const owner = studioCaller(server(), await signInOwner(server(), 'owner@harbor.test', 'harbor-owner-demo'));
    expect((await owner('/api/Studio/SetOrderStatus', { body: { orderCode: order.orderCode, status: 'Cancelled' } })).status).toBe(200);
    const paymentId = returned(order, (await pay(page, TEST_CARDS.authorised)).location);
    const answer = await confirmed(order, paymentId);
    expect(answer).toMatchObject({
      outcome: 'unapplied',
      message: 'This order was cancelled, so this card payment does not pay it. The store will refund it.',
    });
    expect(answer.order).toMatchObject({ status: 'Cancelled', paymentStatus: 'Pending' });
    expect(answer.order.history.at(-1)).toMatchObject({ status: 'Payment not applied', note: answer.message });
    // Coming back again changes nothing.
    expect((await confirmed(order, paymentId)).order.history).toEqual(answer.order.history);
  });

  it('keeps each store’s orders and payments to itself, and refuses a payment of another order', async () => {
    const order = await cardOrder();
    const other = await cardOrder();
    const paid = await pay(await start(other), TEST_CARDS.authorised);
    const paymentId = returned(other, paid.location);
    // Another order's payment does not pay this one.
    expect(await confirm(order, paymentId)).toMatchObject({ status: 404, body: { error: { field: 'paymentId' } } });
    // Another store knows neither the order nor the payment.
    const atelier = await guestToken(server(), 'second.localhost');
    const asAtelier = (path: string, body?: unknown) =>
      server().call(path, {
        method: body === undefined ? 'GET' : 'POST',
        host: 'second.localhost',
        headers: { authorization: `Bearer ${atelier}` },
        ...(body === undefined ? {} : { body }),
      });
    expect((await asAtelier('/api/Order/StartPayment', { orderCode: order.orderCode })).status).toBe(404);
    expect((await asAtelier('/api/Order/ConfirmPayment', { orderCode: other.orderCode, paymentId })).status).toBe(404);
    expect((await asAtelier(`/api/Cart/GetOrderCart?CartCodes=${order.orderCode}`)).status).toBe(404);
    expect((await confirmed(other, paymentId)).order.paymentStatus).toBe('Paid');
    // A payment id the provider never made is refused.
    expect((await confirm(order, 'pay_000000000000000000000000')).status).toBe(404);
    // Bad input names its field.
    const bad = await api('/api/Order/StartPayment', { orderCode: 'nope' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { field: 'orderCode' } });
  });
});
