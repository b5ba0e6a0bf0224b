import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCartCode, cartAnswer, orderEndpoints, parseCartCode, sameLine, type CartAnswer, type CartCodeParts } from '@vitrine/commerce';
import { random } from './seed/seed-catalogue.ts';
import { backends, guestToken, signInCustomer, startOnBackend, type BackendServer } from './test-support.ts';

/** A product of Harbor & Pine as a cart sees it: its variants with their stock, or its own stock, and its add-ons. */
interface Sellable {
  productId: number;
  name: string;
  stock: number;
  variants: { variantId: number; stock: number }[];
  addons: number[];
}

describe.each(backends)('the cart on $name', ({ create }) => {
  let started: BackendServer;
  let guest: string;
  let shopper: string;
  let customerId: number;
  let sellable: Sellable[];

  const call = async (path: string, token: string, init: { body?: unknown; host?: string } = {}) =>
    started.server.call(`/api/Cart/${path}`, {
      method: init.body === undefined ? 'GET' : 'POST',
      host: init.host ?? 'localhost',
      headers: { authorization: `Bearer ${token}` },
      ...(init.body === undefined ? {} : { body: init.body }),
    });
  /** A call that must succeed: its answer as §3.6 shapes it. */
  const cart = async (path: string, token: string, init: { body?: unknown; host?: string } = {}): Promise<CartAnswer['data']> => {
    const response = await call(path, token, init);
    expect(response.status, await response.clone().text()).toBe(200);
    return cartAnswer.parse(await response.json()).data;
  };
  const codes = (parts: readonly CartCodeParts[]) => parts.map(buildCartCode).join('|');
  const lines = (answer: CartAnswer['data']) => answer.data.map((item) => `${item.cartItemCode} ${item.status}`);
  const clearCart = () => started.server.db.deleteFrom('carts').where('customer_id', '=', customerId).execute();

  beforeAll(async () => {
    started = await startOnBackend(create);
    guest = await guestToken(started.server);
    shopper = await signInCustomer(started.server, 'shopper@harbor.test', 'harbor-shopper-demo', '10.7.0.1');
    const db = started.server.db;
    customerId = (
      await db.selectFrom('customers').select('customer_id').where('email', '=', 'shopper@harbor.test').executeTakeFirstOrThrow()
    ).customer_id;
    const products = await db
      .selectFrom('products')
      .select(['product_id', 'name', 'stock', 'stock_status_id'])
      .where('web_id', '=', started.harborId)
      .where('is_published', '=', true)
      .orderBy('product_id')
      .execute();
    const variants = await db
      .selectFrom('variants')
      .select(['variant_id', 'product_id', 'stock'])
      .where('web_id', '=', started.harborId)
      .execute();
    const addons = await db.selectFrom('addons').select(['addon_id', 'product_id']).where('web_id', '=', started.harborId).execute();
    sellable = products.map((p) => ({
      productId: p.product_id,
      name: p.name,
      stock: p.stock_status_id === 2 ? 0 : p.stock,
      variants: variants.filter((v) => v.product_id === p.product_id).map((v) => ({ variantId: v.variant_id, stock: v.stock })),
      addons: addons.filter((a) => a.product_id === p.product_id).map((a) => a.addon_id),
    }));
  });
  afterAll(() => started?.stop());

  const stockOf = (parts: CartCodeParts) => {
    const product = sellable.find((p) => p.productId === parts.productId)!;
    if (product.stock === 0) return 0;
    return product.variants.length ? product.variants.find((v) => v.variantId === parts.variantId)!.stock : product.stock;
  };
  /** A line of the `i`th product with five or more in stock: its first variant, or the product itself. */
  const inStock = (i = 0, quantity = 1, withAddons = false): CartCodeParts => {
    // Stock for a few of it, so a test's quantities stay within it.
    const product = sellable.filter((p) => p.stock >= 5 && (!withAddons || p.addons.length) && (p.variants[0]?.stock ?? 5) >= 5)[i]!;
    return {
      productId: product.productId,
      quantity,
      variantId: product.variants[0]?.variantId ?? 0,
      addonIds: withAddons ? product.addons.slice(0, 1) : [],
    };
  };

  it('prices a guest’s codes as they are now: ok, lowered to the stock, out of stock, no longer sold', async () => {
    const ok = inStock(0, 2, true);
    const tooMany = { ...inStock(1), quantity: stockOf(inStock(1)) + 5 };
    const soldOut = sellable.find((p) => p.stock === 0)!;
    const gone: CartCodeParts = { productId: 999_999, quantity: 1, variantId: 0, addonIds: [] };
    const answer = await cart(
      `GetCart?CartCodes=${encodeURIComponent(codes([ok, tooMany, { ...gone, productId: soldOut.productId, variantId: soldOut.variants[0]?.variantId ?? 0 }, gone]))}`,
      guest,
    );
    expect(answer.data.map((item) => item.status)).toEqual(['ok', 'lessstock', 'outofstock', 'unavailable']);
    const [first, lowered] = answer.data;
    expect(first!.cartItemID).toBe('0');
    expect(first!.quantity).toBe('2');
    expect(first!.addons).toHaveLength(1);
    expect(first!.addons[0]!.totalPrice).toBe(first!.addons[0]!.price * 2);
    expect(lowered!.quantity).toBe(String(stockOf(tooMany)));
    expect(lowered!.cartItemCode).toBe(buildCartCode({ ...tooMany, quantity: stockOf(tooMany) }));
    expect(lowered!.statusMessage).toBe(`Only ${stockOf(tooMany)} left: the quantity is now ${stockOf(tooMany)}`);
    expect(answer.cartStatusHeading).toBe('Some items left your cart');
    expect(answer.cartStatusMessage).toContain(soldOut.name);
    expect(answer.cartResponse).toBeNull();
    // The same line twice merges (§4); a quantity below 1 is 1.
    const twice = await cart(
      `GetCart?CartCodes=${encodeURIComponent(`${buildCartCode(ok)}|${buildCartCode({ ...ok, quantity: 0 })}`)}`,
      guest,
    );
    expect(lines(twice)).toEqual([`${buildCartCode({ ...ok, quantity: 3 })} ok`]);
    expect(twice.cartStatusHeading).toBe('');
    // A guest's AddCartItem prices the cart with the named line, and says how that line fared.
    const added = await cart('AddCartItem', guest, {
      body: { CartCodes: buildCartCode(ok), CartCode: buildCartCode(tooMany), CartItemID: '0' },
    });
    expect(added.cartResponse).toEqual({ cartCode: lowered!.cartItemCode, status: 'lessstock', statusMessage: lowered!.statusMessage });
    // Buy now prices one code and touches no cart.
    expect(lines(await cart(`GetBuyCart?CartCodes=${buildCartCode(ok)}`, guest))).toEqual([`${buildCartCode(ok)} ok`]);
  });

  it('refuses a malformed code naming the field, and a product that needs a variant without one', async () => {
    for (const bad of ['12', '1_x_0_', '1_2_0_a', '1_1000_0_']) {
      const response = await call(`GetCart?CartCodes=${encodeURIComponent(bad)}`, guest);
      expect(response.status, bad).toBe(400);
      expect(((await response.json()) as { error: { field: string } }).error.field).toBe('CartCodes');
    }
    const withVariants = sellable.find((p) => p.variants.length)!;
    const answer = await cart(`GetCart?CartCodes=${withVariants.productId}_1_0_`, guest);
    // It leaves the cart, saying a size is to be chosen while another is in stock (issue 33).
    expect(answer.data[0]!.status).toBe(withVariants.variants.some((v) => v.stock > 0) ? 'choosevariant' : 'unavailable');
  });

  it('keeps a customer’s cart on the server: add, merge, change the quantity, remove a line and an add-on', async () => {
    await clearCart();
    const line = inStock(2, 1, true);
    let answer = await cart('AddCartItem', shopper, { body: { CartCodes: '', CartCode: buildCartCode(line), CartItemID: '0' } });
    expect(answer.data).toHaveLength(1);
    const saved = answer.data[0]!;
    expect(Number(saved.cartItemID)).toBeGreaterThan(0);
    expect(Number(saved.addons[0]!.cartAddonID)).toBeGreaterThan(0);
    expect(answer.cartResponse?.status).toBe('ok');
    // The same line again merges.
    answer = await cart('AddCartItem', shopper, { body: { CartCode: buildCartCode(line), CartItemID: 0 } });
    expect(lines(answer)).toEqual([`${buildCartCode({ ...line, quantity: 2 })} ok`]);
    // GetCart reads what was saved, whatever codes the browser sends.
    expect(lines(await cart('GetCart?CartCodes=', shopper))).toEqual(lines(answer));
    // A quantity change names the saved line.
    answer = await cart('AddCartItem', shopper, {
      body: { CartCode: buildCartCode({ ...line, quantity: 1 }), CartItemID: saved.cartItemID },
    });
    expect(answer.data[0]!.quantity).toBe('1');
    const other = { ...line, addonIds: [] };
    answer = await cart('SyncCart', shopper, { body: { CartCodes: buildCartCode({ ...other, quantity: 2 }) } });
    expect(answer.data).toHaveLength(2);
    // Without its add-on the first line is the second: they merge.
    answer = await cart('RemoveCartAddon', shopper, { body: { CartItemID: saved.cartItemID, CartAddonID: saved.addons[0]!.cartAddonID } });
    expect(lines(answer)).toEqual([`${buildCartCode({ ...other, quantity: 3 })} ok`]);
    answer = await cart('RemoveCartItem', shopper, { body: { CartItemID: answer.data[0]!.cartItemID } });
    expect(answer.data).toEqual([]);
    // Lines that are not in this cart are 404 and name the field.
    for (const [path, body, field] of [
      ['RemoveCartItem', { CartItemID: 999_999 }, 'CartItemID'],
      ['RemoveCartAddon', { CartItemID: 999_999, CartAddonID: 1 }, 'CartItemID'],
      ['AddCartItem', { CartCode: buildCartCode(line), CartItemID: 999_999 }, 'CartItemID'],
    ] as const) {
      const response = await call(path, shopper, { body });
      expect(response.status, path).toBe(404);
      expect(((await response.json()) as { error: { field: string } }).error.field).toBe(field);
    }
  });

  it('merges a guest’s cart into the account’s at sign-in, nothing lost, in 30 random cases', async () => {
    const rnd = random(16);
    const candidates = sellable.filter((p) => p.stock > 0);
    const someLine = (): CartCodeParts => {
      const product = candidates[Math.floor(rnd() * candidates.length)]!;
      const variant = product.variants[Math.floor(rnd() * product.variants.length)];
      return {
        productId: product.productId,
        quantity: 1 + Math.floor(rnd() * 4),
        variantId: variant?.variantId ?? 0,
        addonIds: product.addons.filter(() => rnd() < 0.4),
      };
    };
    for (let n = 0; n < 30; n++) {
      await clearCart();
      const account = Array.from({ length: Math.floor(rnd() * 4) }, someLine);
      const guestLines = Array.from({ length: 1 + Math.floor(rnd() * 4) }, someLine);
      if (account.length) await cart('SyncCart', shopper, { body: { CartCodes: codes(account) } });
      const answer = await cart('SyncCart', shopper, { body: { CartCodes: codes(guestLines) } });
      // Written out plainly: every line once, the same lines summed, then lowered to the stock there is.
      const expected: CartCodeParts[] = [];
      for (const parts of [...account, ...guestLines]) {
        const same = expected.find((line) => sameLine(line, parts));
        if (same) same.quantity += parts.quantity;
        else expected.push({ ...parts, addonIds: [...parts.addonIds].sort((a, b) => a - b) });
      }
      const want = expected
        .filter((parts) => stockOf(parts) > 0)
        .map((parts) => `${buildCartCode({ ...parts, quantity: Math.min(parts.quantity, stockOf(parts)) })}`);
      expect(answer.data.map((item) => item.cartItemCode).sort(), `case ${n}`).toEqual(want.sort());
      // And what the server keeps is what it answered.
      const kept = await cart('GetCart', shopper);
      expect(kept.data.map((item) => item.cartItemCode).sort()).toEqual(want.sort());
      expect(kept.data.every((item) => item.status === 'ok')).toBe(true);
    }
  });

  it('loses nothing to twenty quick clicks at once', async () => {
    await clearCart();
    const line = inStock(3);
    const clicks = Math.min(20, stockOf(line));
    const answers = await Promise.all(
      Array.from({ length: clicks }, () => call('AddCartItem', shopper, { body: { CartCode: buildCartCode(line), CartItemID: '0' } })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(clicks).fill(200));
    expect(lines(await cart('GetCart', shopper))).toEqual([`${buildCartCode({ ...line, quantity: clicks })} ok`]);
  });

  it('reports a saved line that went out of stock on reading, and takes it out on the next change', async () => {
    await clearCart();
    const [keep, lose] = [inStock(4), inStock(5)];
    await cart('SyncCart', shopper, { body: { CartCodes: codes([keep, lose]) } });
    const db = started.server.db;
    if (lose.variantId) await db.updateTable('variants').set({ stock: 0 }).where('variant_id', '=', lose.variantId).execute();
    else await db.updateTable('products').set({ stock: 0 }).where('product_id', '=', lose.productId).execute();
    const read = await cart('GetCart', shopper);
    expect(read.data.map((item) => item.status)).toEqual(['ok', 'outofstock']);
    expect(read.cartStatusHeading).toBe('Some items left your cart');
    const changed = await cart('AddCartItem', shopper, { body: { CartCode: buildCartCode(keep), CartItemID: read.data[0]!.cartItemID } });
    expect(changed.data.map((item) => item.status)).toEqual(['ok', 'outofstock']);
    expect((await cart('GetCart', shopper)).data.map((item) => parseCartCode(item.cartItemCode)!.productId)).toEqual([keep.productId]);
  });

  it('draws the cart a browser keeps from its cookie: priced now, gone lines left out, another store’s never (issue 18)', async () => {
    const ok = inStock(0, 2, true);
    const tooMany = { ...inStock(1), quantity: stockOf(inStock(1)) + 5 };
    const soldOut = sellable.find((p) => p.stock === 0)!;
    // One of the other store's products that its own cart would keep: published, in stock, without variants.
    const nord = await started.server.db
      .selectFrom('products as p')
      .select(['p.product_id', 'p.name'])
      .where('p.web_id', '=', started.atelierId)
      .where('p.is_published', '=', true)
      .where('p.stock', '>', 0)
      .where('p.stock_status_id', '!=', 2)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('variants as v').select('v.variant_id').whereRef('v.product_id', '=', 'p.product_id'))),
      )
      .executeTakeFirstOrThrow();
    const kept = [ok, tooMany, { productId: soldOut.productId, quantity: 1, variantId: soldOut.variants[0]?.variantId ?? 0, addonIds: [] }];
    const foreign: CartCodeParts = { productId: nord.product_id, quantity: 1, variantId: 0, addonIds: [] };
    const page = async (cookie: string | null, host = 'localhost') => {
      const response = await started.server.call('/cart', { host, headers: cookie === null ? {} : { cookie } });
      expect(response.status).toBe(200);
      const html = await response.text();
      const data = JSON.parse(/<script type="application\/json" id="vt-data">(.*?)<\/script>/s.exec(html)![1]!) as {
        hydration: { loaderData: Record<string, { cart?: { cartItemCode: string }[] | null; cartCodes?: string[] }> };
      };
      return { html, cart: data.hydration.loaderData['cart:cart']!.cart, codes: data.hydration.loaderData['root']!.cartCodes };
    };
    const cookieOf = (parts: readonly CartCodeParts[], junk = '') => `vt_cart=${encodeURIComponent(codes(parts) + junk)}`;

    const drawn = await page(cookieOf([...kept, foreign], '|not-a-code|1_x_0_'));
    // Priced as GetCart prices them: the line over the stock lowered, the sold-out and the foreign ones left out.
    expect(drawn.cart!.map((item) => item.cartItemCode)).toEqual([
      buildCartCode(ok),
      buildCartCode({ ...tooMany, quantity: stockOf(tooMany) }),
    ]);
    expect(drawn.html).toContain(sellable.find((p) => p.productId === ok.productId)!.name);
    expect(drawn.html).not.toContain(nord.name);
    expect(drawn.html).not.toContain('Loading your cart');
    // What the header counted, as the cookie held it (what did not read as a code left out).
    expect(drawn.codes).toEqual([...kept, foreign].map(buildCartCode));
    // An empty cart told is drawn empty, as is the cart of a browser that has kept none here (no cookie); one too long
    // for a cookie is drawn by the app.
    expect((await page('vt_cart=')).html).toContain('Your cart is empty.');
    expect((await page(null)).cart).toEqual([]);
    expect((await page('vt_cart=-')).cart).toBeNull();
    expect((await page('vt_cart=-')).html).toContain('Loading your cart');
    // The other store draws the same cookie against its own catalogue: only its own product.
    const other = await page(cookieOf([ok, foreign]), 'second.localhost');
    expect(other.cart!.map((item) => item.cartItemCode)).toEqual([buildCartCode(foreign)]);
    expect(other.html).not.toContain(sellable.find((p) => p.productId === ok.productId)!.name);
    // Its checkout is drawn with its own delivery options, never the other store's.
    const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const optionsOf = async (webId: number) =>
      (await started.server.db.selectFrom('delivery_options').select('name').where('web_id', '=', webId).execute()).map((o) => o.name);
    const [harborOptions, atelierOptions] = await Promise.all([optionsOf(started.harborId), optionsOf(started.atelierId)]);
    const checkout = async (host: string, parts: readonly CartCodeParts[]) =>
      (await started.server.call('/checkout', { host, headers: { cookie: cookieOf(parts) } })).text();
    for (const [host, own, others, parts] of [
      ['localhost', harborOptions, atelierOptions, [ok]],
      ['second.localhost', atelierOptions, harborOptions, [foreign]],
    ] as const) {
      const html = await checkout(host, parts);
      expect(html).not.toContain('Loading your checkout');
      for (const name of own) expect(html).toContain(escapeHtml(name));
      for (const name of others.filter((name) => !own.includes(name))) expect(html).not.toContain(escapeHtml(name));
    }
  });

  it('never reads or changes another store’s products or carts', async () => {
    const db = started.server.db;
    const nordProduct = await db
      .selectFrom('products')
      .select(['product_id', 'name'])
      .where('web_id', '=', started.atelierId)
      .executeTakeFirstOrThrow();
    const foreign: CartCodeParts = { productId: nordProduct.product_id, quantity: 1, variantId: 0, addonIds: [] };
    // A guest of Harbor & Pine learns nothing of it: not its name, not its price.
    const priced = await cart(`GetCart?CartCodes=${buildCartCode(foreign)}`, guest);
    expect(priced.data[0]!.status).toBe('unavailable');
    expect(JSON.stringify(priced)).not.toContain(nordProduct.name);
    expect(priced.data[0]!.price).toBe('0');
    // A customer cannot save it.
    await clearCart();
    const response = await call('SyncCart', shopper, { body: { CartCodes: buildCartCode(foreign) } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { field: string } }).error.field).toBe('CartCodes');
    expect(await db.selectFrom('cart_lines').select('cart_item_id').where('product_id', '=', nordProduct.product_id).execute()).toEqual([]);
    // Another store's token is refused on this store's cart.
    const nordGuest = await guestToken(started.server, 'second.localhost');
    expect((await call('GetCart', nordGuest)).status).toBe(401);
  });

  // Last: it places an order, which takes stock the tests above priced against.
  it('counts an add-on a code repeats once, in GetCart, AddCartItem, SyncCart and PlaceOrder alike (issue 33)', async () => {
    const db = started.server.db;
    const line = inStock(0, 2, true);
    const addonId = line.addonIds[0]!;
    const repeated = `${line.productId}_2_${line.variantId}_${addonId},${addonId},${addonId}`;
    const once = buildCartCode(line);
    const twice = buildCartCode({ ...line, quantity: 4 });
    // A guest's codes: one add-on, charged once per unit, and the line is the one with the add-on named once.
    const guestCart = await cart(`GetCart?CartCodes=${encodeURIComponent(repeated)}`, guest);
    expect(lines(guestCart)).toEqual([`${once} ok`]);
    const item = guestCart.data[0]!;
    expect(item.addons).toHaveLength(1);
    expect(item.addons[0]!.totalPrice).toBe(item.addons[0]!.price * 2);
    expect(lines(await cart(`GetCart?CartCodes=${encodeURIComponent(`${repeated}|${once}`)}`, guest))).toEqual([`${twice} ok`]);
    // A customer's cart saves it once, whether added or synced, and merges it with the same line.
    await clearCart();
    const added = await cart('AddCartItem', shopper, { body: { CartCodes: '', CartCode: repeated, CartItemID: '0' } });
    expect(lines(added)).toEqual([`${once} ok`]);
    expect(added.data[0]!.addons).toHaveLength(1);
    const synced = await cart('SyncCart', shopper, { body: { CartCodes: repeated } });
    expect(lines(synced)).toEqual([`${twice} ok`]);
    expect(synced.data[0]!.addons).toHaveLength(1);
    const savedAddons = await db
      .selectFrom('cart_line_addons')
      .select('addon_id')
      .where('cart_item_id', '=', Number(synced.data[0]!.cartItemID))
      .execute();
    expect(savedAddons).toEqual([{ addon_id: addonId }]);
    expect(lines(await cart('GetCart?CartCodes=', shopper))).toEqual(lines(synced));
    await clearCart();
    // PlaceOrder charges it once too.
    const option = await db
      .selectFrom('delivery_options')
      .select('delivery_option_id')
      .where('web_id', '=', started.harborId)
      .orderBy('sort')
      .executeTakeFirstOrThrow();
    const response = await started.server.call('/api/Order/PlaceOrder', {
      method: 'POST',
      headers: { authorization: `Bearer ${guest}` },
      body: {
        idempotencyKey: `repeated-addon-${Date.now()}`,
        cartCodes: repeated,
        email: 'ada@example.test',
        shippingAddress: { fullName: 'Ada Guest', line1: '1 Quay Street', city: 'Leith', postalCode: 'EH6 6AA', country: 'gb' },
        deliveryOptionId: option.delivery_option_id,
        paymentMethod: 'cod',
        currency: 'USD',
      },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const order = orderEndpoints.placeOrder.answer.parse(await response.json()).data.order;
    const addon = item.addons[0]!;
    expect(order.lines).toHaveLength(1);
    expect(order.lines[0]!.addons).toEqual([{ name: addon.addonName, price: addon.price, quantity: 2 }]);
    expect(order.lines[0]!.lineTotal).toBe((Number(item.price) + addon.price) * 2);
  });
});
