import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCartCode, cartAnswer, orderEndpoints, type CartCodeParts } from '@vitrine/commerce';
import { backends, guestToken, signInCustomer, startOnBackend, type BackendServer } from './test-support.ts';

/**
 * Issue 33's checkout repairs, over HTTP: the country is one of the list (the store's first), the phone is asked once
 * and goes with the address, and a line whose size is gone asks for a size rather than saying it is no longer sold.
 */
describe.each(backends)('the checkout’s choices on $name', ({ create }) => {
  let started: BackendServer;
  let guest: string;
  let shopper: string;
  let key = 0;
  const db = () => started.server.db;
  const post = (path: string, token: string, body: unknown) =>
    started.server.call(path, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body });
  const fieldOf = async (response: Response) => ((await response.json()) as { error: { field: string } }).error.field;

  beforeAll(async () => {
    started = await startOnBackend(create);
    guest = await guestToken(started.server);
    shopper = await signInCustomer(started.server, 'shopper@harbor.test', 'harbor-shopper-demo', '10.7.3.1');
  });
  afterAll(() => started?.stop());

  /** A product of Harbor & Pine with sizes, its variants made to differ in size alone and in stock; its first variant's line. */
  async function productWithSizes(): Promise<{ line: CartCodeParts }> {
    const rows = await db()
      .selectFrom('variants as v')
      .innerJoin('variant_values as vv', 'vv.variant_id', 'v.variant_id')
      .innerJoin('attribute_values as av', 'av.value_id', 'vv.value_id')
      .innerJoin('attributes as at', 'at.attribute_id', 'av.attribute_id')
      .select(['v.product_id', 'v.variant_id', 'at.name'])
      .where('v.web_id', '=', started.harborId)
      .orderBy('v.variant_id')
      .execute();
    const namesOf = (productId: number) => [...new Set(rows.filter((r) => r.product_id === productId).map((r) => r.name))];
    const variantsOf = (productId: number) => [...new Set(rows.filter((r) => r.product_id === productId).map((r) => r.variant_id))];
    const productId = rows.find((r) => variantsOf(r.product_id).length >= 2 && namesOf(r.product_id).includes('Size'))!.product_id;
    // Its variants made to differ in size alone (the demo's vary in colour too).
    const otherValues = db()
      .selectFrom('attribute_values as av')
      .innerJoin('attributes as at', 'at.attribute_id', 'av.attribute_id')
      .select('av.value_id')
      .where('at.name', '<>', 'Size');
    await db().deleteFrom('variant_values').where('variant_id', 'in', variantsOf(productId)).where('value_id', 'in', otherValues).execute();
    await db().updateTable('products').set({ is_published: true, stock_status_id: 1 }).where('product_id', '=', productId).execute();
    await db().updateTable('variants').set({ stock: 20 }).where('product_id', '=', productId).execute();
    await db().deleteFrom('addons').where('product_id', '=', productId).execute();
    return { line: { productId, quantity: 1, variantId: variantsOf(productId)[0]!, addonIds: [] } };
  }

  it('answers the store’s country with its checkout options: Harbor & Pine sells in US dollars', async () => {
    const answer = await started.server.call('/api/Order/GetCheckoutOptions');
    expect(orderEndpoints.getCheckoutOptions.answer.parse(await answer.json()).data.storeCountry).toBe('US');
  });

  it('refuses a country not on the list, naming the field, and takes one that is; the contact’s phone goes with the address', async () => {
    const { line } = await productWithSizes();
    const address = { fullName: 'Ada Guest', line1: '1 Quay Street', city: 'Leith', country: 'gb' };
    const place = async (shippingAddress: Record<string, string>) =>
      post('/api/Order/PlaceOrder', guest, {
        idempotencyKey: `country-choice-${Date.now()}-${key++}`,
        cartCodes: buildCartCode(line),
        email: 'ada@example.test',
        phone: '+44 131 496 0000',
        shippingAddress,
        deliveryOptionId: (
          await db()
            .selectFrom('delivery_options')
            .select('delivery_option_id')
            .where('web_id', '=', started.harborId)
            .executeTakeFirstOrThrow()
        ).delivery_option_id,
        paymentMethod: 'cod',
        currency: 'USD',
      });
    for (const country of ['UK', 'XX', 'EU']) {
      const refused = await place({ ...address, country });
      expect(refused.status, country).toBe(400);
      expect(await fieldOf(refused)).toBe('shippingAddress.country');
    }
    const response = await place(address);
    expect(response.status, await response.clone().text()).toBe(200);
    const order = orderEndpoints.placeOrder.answer.parse(await response.json()).data.order;
    expect(order.shippingAddress).toMatchObject({ country: 'GB', phone: '+441314960000' });
    // A saved address is held to the same list.
    const saved = await post('/api/Account/SaveAddress', shopper, { ...address, country: 'UK' });
    expect(saved.status).toBe(400);
    expect(await fieldOf(saved)).toBe('country');
  });

  it('says a line whose variant is gone needs a size, when the product is sold in others', async () => {
    const { line } = await productWithSizes();
    const gone = { ...line, variantId: 999_999 };
    const response = await started.server.call(`/api/Cart/GetCart?CartCodes=${encodeURIComponent(buildCartCode(gone))}`, {
      headers: { authorization: `Bearer ${guest}` },
    });
    expect(response.status).toBe(200);
    const answer = cartAnswer.parse(await response.json()).data;
    expect(answer.data[0]).toMatchObject({ status: 'choosevariant', statusMessage: 'Choose a size' });
    expect(answer.cartStatusMessage).toContain('Choose a size for');
    expect(answer.cartStatusMessage).not.toContain('no longer available');
    // With none of its sizes in stock, the line is out of stock, not a choice to make again.
    await db().updateTable('variants').set({ stock: 0 }).where('product_id', '=', line.productId).execute();
    const none = await started.server.call(`/api/Cart/GetCart?CartCodes=${encodeURIComponent(buildCartCode(gone))}`, {
      headers: { authorization: `Bearer ${guest}` },
    });
    expect(cartAnswer.parse(await none.json()).data.data[0]!.status).not.toBe('choosevariant');
    await db().updateTable('variants').set({ stock: 20 }).where('product_id', '=', line.productId).execute();
  });
});
