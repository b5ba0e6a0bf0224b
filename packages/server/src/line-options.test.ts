import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCartCode, cartEndpoints, orderEndpoints, parseCartCode, type CartItem } from '@vitrine/commerce';
import { backends, guestToken, signInCustomer, startOnBackend, type BackendServer } from './test-support.ts';

describe.each(backends)('product options on cart lines and orders on $name', ({ create }) => {
  let started: BackendServer;
  let guest: string;
  let customer: string;
  /** Harbor & Pine's Stoneware Mug: its first variant, its note (type 2) and its greeting card (type 4). */
  let mug: { productId: number; variantId: number; price: number; note: number; card: number; plain: number; lettered: number };
  const server = () => started.server;
  const api = (token: string, path: string, body?: unknown, host = 'localhost') =>
    server().call(path, {
      method: body === undefined ? 'GET' : 'POST',
      host,
      headers: { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { body }),
    });
  const save = (options: Record<string, unknown>, token = guest, productId = mug.productId, host = 'localhost') =>
    api(token, '/api/Cart/SaveOptions', { ProductID: productId, Options: options }, host);
  const saved = async (options: Record<string, unknown>) => {
    const answer = await save(options);
    expect(answer.status, await answer.clone().text()).toBe(200);
    return cartEndpoints.saveOptions.answer.parse(await answer.json()).data;
  };
  const code = (quantity: number, options?: string) =>
    buildCartCode({ productId: mug.productId, quantity, variantId: mug.variantId, addonIds: [], options });
  /** A guest's order of `cartCodes` in USD, to be paid as `paymentMethod`. */
  const guestOrder = async (cartCodes: string, paymentMethod: 'cod' | 'card') => {
    const checkout = await api(guest, '/api/Order/GetCheckoutOptions');
    const deliveryOptionId = orderEndpoints.getCheckoutOptions.answer.parse(await checkout.json()).data.options[0]!.deliveryOptionId;
    const answer = await api(guest, '/api/Order/PlaceOrder', {
      idempotencyKey: `options-order-${Date.now()}-${paymentMethod}`,
      cartCodes,
      email: 'sam@example.test',
      shippingAddress: { fullName: 'Sam Guest', line1: '1 Quay Street', city: 'Leith', country: 'gb' },
      deliveryOptionId,
      paymentMethod,
      currency: 'USD',
    });
    expect(answer.status, await answer.clone().text()).toBe(200);
    return orderEndpoints.placeOrder.answer.parse(await answer.json()).data.order;
  };
  const items = async (answer: Response): Promise<CartItem[]> => {
    expect(answer.status, await answer.clone().text()).toBe(200);
    return cartEndpoints.getCart.answer.parse(await answer.json()).data.data;
  };

  beforeAll(async () => {
    started = await startOnBackend(create);
    guest = await guestToken(server());
    customer = await signInCustomer(server(), 'shopper@harbor.test', 'harbor-shopper-demo', '10.7.0.1');
    const db = server().db;
    const product = await db
      .selectFrom('products')
      .select(['product_id'])
      .where('web_id', '=', started.harborId)
      .where('slug', '=', 'stoneware-mug')
      .executeTakeFirstOrThrow();
    const variant = await db
      .selectFrom('variants')
      .select(['variant_id', 'price'])
      .where('product_id', '=', product.product_id)
      .orderBy('variant_id')
      .executeTakeFirstOrThrow();
    await db.updateTable('variants').set({ stock: 500 }).where('variant_id', '=', variant.variant_id).execute();
    const options = await db
      .selectFrom('product_options')
      .select(['option_id', 'name'])
      .where('product_id', '=', product.product_id)
      .orderBy('sort')
      .execute();
    const values = await db
      .selectFrom('product_option_values')
      .select(['value_id', 'name'])
      .where('option_id', '=', options[1]!.option_id)
      .orderBy('value_id')
      .execute();
    expect(options.map((o) => o.name)).toEqual(['Personal note', 'Greeting card']);
    mug = {
      productId: product.product_id,
      variantId: variant.variant_id,
      price: variant.price,
      note: options[0]!.option_id,
      card: options[1]!.option_id,
      plain: values[0]!.value_id,
      lettered: values[1]!.value_id,
    };
  });
  afterAll(() => started?.stop());

  it('keeps chosen options under one id per choice, priced with the line, and merges only lines chosen alike', async () => {
    const choice = { [mug.note]: '  Happy birthday, Jo!  ', [mug.card]: String(mug.lettered) };
    const first = await saved(choice);
    expect(first.options).toMatch(/^[0-9a-f]{20}$/);
    expect(first.chosen).toEqual([
      { optionID: mug.note, name: 'Personal note', value: 'Happy birthday, Jo!', price: 0 },
      { optionID: mug.card, name: 'Greeting card', value: 'Hand-lettered card', price: 350 },
    ]);
    // The same choices, the same id; others, another.
    expect((await saved(choice)).options).toBe(first.options);
    const plain = await saved({ [mug.card]: String(mug.plain) });
    expect(plain.options).not.toBe(first.options);

    // A guest's cart priced: the options travel in the code, and a line of each choice stays its own line.
    const priced = await items(
      await api(guest, `/api/Cart/GetCart?CartCodes=${code(2, first.options)}|${code(1, plain.options)}|${code(1)}`),
    );
    expect(priced.map((item) => [item.status, item.cartItemCode, item.options.map((o) => o.value)])).toEqual([
      ['ok', code(2, first.options), ['Happy birthday, Jo!', 'Hand-lettered card']],
      ['ok', code(1, plain.options), ['Plain card']],
      ['ok', code(1), []],
    ]);

    // A customer's adds: the same choices merge into one line; the line is saved with its options.
    for (const line of [code(1, first.options), code(2, first.options), code(1)])
      await items(await api(customer, '/api/Cart/AddCartItem', { CartCodes: '', CartCode: line, CartItemID: '0' }));
    const cart = await items(await api(customer, '/api/Cart/GetCart'));
    expect(cart.map((item) => item.cartItemCode)).toEqual([code(3, first.options), code(1)]);
  });

  it('orders a line with its options: priced with what they add, shown on the order and in its mail', async () => {
    const { options } = await saved({ [mug.note]: 'For Sam', [mug.card]: String(mug.lettered) });
    const order = await guestOrder(code(2, options), 'cod');
    expect(order.lines[0]).toMatchObject({
      quantity: 2,
      unitPrice: mug.price,
      lineTotal: (mug.price + 350) * 2,
      options: [
        { name: 'Personal note', value: 'For Sam', price: 0 },
        { name: 'Greeting card', value: 'Hand-lettered card', price: 350 },
      ],
    });
    expect(order.subtotal).toBe((mug.price + 350) * 2);
    const mail = () =>
      readdirSync(server().outboxDir)
        .map((file) => readFileSync(join(server().outboxDir, file), 'utf8'))
        .find((text) => text.includes(`Your order ${order.orderCode}`));
    await expect.poll(mail).toContain('Greeting card: Hand-lettered card');
  });

  it('answers a card order’s lines as a cart with their options, so Back to cart puts each back as chosen (issue 33)', async () => {
    const { options } = await saved({ [mug.note]: 'To Jo, with love', [mug.card]: String(mug.lettered) });
    const plain = await saved({ [mug.card]: String(mug.plain) });
    const bought = [code(2, options), code(1, plain.options)];
    const order = await guestOrder(bought.join('|'), 'card');
    const back = await api(guest, `/api/Cart/GetOrderCart?CartCodes=${order.orderCode}`);
    const lines = cartEndpoints.getOrderCart.answer.parse(await back.json()).data.data;
    // The codes it was bought with, the options' id last, which the cart prices with the same choices.
    expect(lines.map((line) => line.cartItemCode)).toEqual(bought);
    const priced = await items(await api(guest, `/api/Cart/GetCart?CartCodes=${lines.map((line) => line.cartItemCode).join('|')}`));
    expect(priced.map((item) => [item.status, item.options.map((o) => o.value)])).toEqual([
      ['ok', ['To Jo, with love', 'Hand-lettered card']],
      ['ok', ['Plain card']],
    ]);
  });

  it('names the option at fault and keeps nothing; another store neither sees the product nor the options', async () => {
    const refused = async (options: Record<string, unknown>, field: string, message: string) => {
      const answer = await save(options);
      expect(answer.status, JSON.stringify(options)).toBe(400);
      const body = (await answer.json()) as { error: { field: string; message: string }; errors?: Record<string, string> };
      expect(body.error.field).toBe(field);
      expect(body.errors?.[field] ?? body.error.message).toContain(message);
    };
    const before = await server()
      .db.selectFrom('option_sets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await refused({ 999999: 'x' }, 'Options.999999', 'is not an option of this product');
    await refused({ [mug.card]: '999999' }, `Options.${mug.card}`, 'Greeting card must be one of its choices');
    await refused(
      { [mug.card]: [String(mug.plain), String(mug.lettered)] },
      `Options.${mug.card}`,
      'Greeting card must be one of its choices',
    );
    await refused({ [mug.note]: 'x'.repeat(2001) }, `Options.${mug.note}`, 'must be at most 2000 characters');
    await refused({ [mug.note]: ['a'] }, `Options.${mug.note}`, 'Personal note must be text');
    // A mandatory option left empty: "{name} is required" (§5).
    await server().db.updateTable('product_options').set({ is_mandatory: true }).where('option_id', '=', mug.card).execute();
    await refused({ [mug.note]: 'Hi' }, `Options.${mug.card}`, 'Greeting card is required');
    await server().db.updateTable('product_options').set({ is_mandatory: false }).where('option_id', '=', mug.card).execute();
    const after = await server()
      .db.selectFrom('option_sets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    // Atelier Nord: Harbor's product is not found, and Harbor's options make no line there.
    const atelier = await guestToken(server(), 'second.localhost');
    expect((await save({}, atelier, mug.productId, 'second.localhost')).status).toBe(404);
    const { options } = await saved({ [mug.note]: 'Mine' });
    const nordProduct = await server()
      .db.selectFrom('products')
      .select('product_id')
      .where('web_id', '<>', started.harborId)
      .where('is_published', '=', true)
      .orderBy('product_id')
      .executeTakeFirstOrThrow();
    const nordVariant = await server()
      .db.selectFrom('variants')
      .select('variant_id')
      .where('product_id', '=', nordProduct.product_id)
      .executeTakeFirst();
    const stranger = buildCartCode({
      productId: nordProduct.product_id,
      quantity: 1,
      variantId: nordVariant?.variant_id ?? 0,
      addonIds: [],
      options,
    });
    expect(parseCartCode(stranger)?.options).toBe(options);
    const there = await items(await api(atelier, `/api/Cart/GetCart?CartCodes=${stranger}`, undefined, 'second.localhost'));
    expect(there.map((item) => item.status)).toEqual(['unavailable']);
  });
});
