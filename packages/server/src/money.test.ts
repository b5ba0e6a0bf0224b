import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCartCode,
  cartEndpoints,
  cartTotalUnits,
  convertedUnits,
  formatUnits,
  orderEndpoints,
  perUnitExtras,
  studioOrderEndpoints,
  wholeUnits,
  type CartItem,
  type Currency,
} from '@vitrine/commerce';
import { MetaConversionsApi } from './infra/conversions-api.ts';
import { backends, guestToken, signInOwner, startOnBackend, type BackendServer } from './test-support.ts';

/**
 * One money path (issue 33): whatever a store's rates, every surface that shows or records an order's amount says
 * what its checkout said, to the cent — the order's pages, both mails, the studio, the payment provider and the
 * Purchase event — and a product page's structured data says the price the page shows.
 */
describe.each(backends)('one money path on $name', ({ create }) => {
  let started: BackendServer;
  let graph: http.Server;
  const server = () => started.server;
  const db = () => started.server.db;
  const stores = [
    { host: 'localhost', owner: ['owner@harbor.test', 'harbor-owner-demo'] },
    { host: 'second.localhost', owner: ['owner@atelier.test', 'atelier-owner-demo'] },
  ] as const;
  const webIdOf = (host: string) => (host === 'localhost' ? started.harborId : started.atelierId);

  beforeAll(async () => {
    // The Conversions API's events are read where they are queued; this Graph API takes them and says no more.
    graph = http.createServer((request, response) => {
      request.resume();
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"events_received":1}');
    });
    await new Promise<void>((resolve) => graph.listen(0, '127.0.0.1', resolve));
    const { port } = graph.address() as AddressInfo;
    started = await startOnBackend(create, { app: { conversionsApi: new MetaConversionsApi(`http://127.0.0.1:${port}`) } });
  });
  afterAll(async () => {
    await started?.stop();
    graph?.close();
  });

  it('keeps a store’s own currency at rate 1, so its pages show the prices it keeps', async () => {
    for (const { host } of stores) {
      const site = await db().selectFrom('sites').select('base_currency').where('web_id', '=', webIdOf(host)).executeTakeFirstOrThrow();
      const own = await db()
        .selectFrom('currencies')
        .select('rate')
        .where('web_id', '=', webIdOf(host))
        .where('code', '=', site.base_currency)
        .executeTakeFirstOrThrow();
      expect(own.rate, host).toBe(1);
    }
  });

  it('shows on every product page the price its structured data gives', async () => {
    for (const { host } of stores) {
      const products = await db()
        .selectFrom('products')
        .select(['slug'])
        .where('web_id', '=', webIdOf(host))
        .where('is_published', '=', true)
        .where('is_hide_price', '=', false)
        .execute();
      expect(products.length).toBeGreaterThan(5);
      for (const { slug } of products) {
        const html = await (await server().call(`/${slug}`, { host })).text();
        const shown = /class="vt-product-price"[^>]*><span[^>]*>([^<]+)</.exec(html)?.[1];
        expect(shown, `${host}/${slug} shows a price`).toBeDefined();
        const offers = [...html.matchAll(/"price":"([\d.]+)","priceCurrency":"([A-Z]{3})"/g)].map((m) => Number(m[1]));
        expect(offers.length, `${host}/${slug} has offers`).toBeGreaterThan(0);
        // "€46.99" → 46.99: the figure shown is one of the offers' (the page shows the variant chosen first).
        expect(offers, `${host}/${slug}`).toContain(Number(shown!.replace(/[^\d.]/g, '')));
      }
    }
  });

  it('tells the shopper, the owner, the studio, the payment page and the Purchase event what the checkout said, in every currency', async () => {
    let key = 0;
    for (const { host, owner } of stores) {
      const webId = webIdOf(host);
      const guest = await guestToken(server(), host);
      const api = (path: string, body?: unknown, token = guest) =>
        server().call(path, {
          method: body === undefined ? 'GET' : 'POST',
          host,
          headers: { authorization: `Bearer ${token}` },
          ...(body === undefined ? {} : { body }),
        });
      const currencies = await db()
        .selectFrom('currencies')
        .select(['code', 'symbol', 'rate'])
        .where('web_id', '=', webId)
        .orderBy('sort')
        .execute();
      // Rates that make every rounding matter: the store's own, and an awkward one beside them.
      await db()
        .insertInto('currencies')
        .values({ web_id: webId, code: 'JPY', symbol: '¥', rate: 151.37, is_default: false, sort: 9 })
        .execute();
      currencies.push({ code: 'JPY', symbol: '¥', rate: 151.37 });
      // Lines with variants and add-ons, two of each, priced so that converting each unit rounds differently from
      // converting the sum.
      const withAddons = await db()
        .selectFrom('addons as a')
        .innerJoin('variants as v', (join) => join.onRef('v.product_id', '=', 'a.product_id'))
        .select(['a.product_id', 'v.variant_id', 'a.addon_id'])
        .where('a.web_id', '=', webId)
        .orderBy('a.product_id')
        .orderBy('v.variant_id')
        .limit(2)
        .execute();
      expect(withAddons.length, `${host} has products with variants and add-ons`).toBe(2);
      for (const [i, line] of withAddons.entries()) {
        await db()
          .updateTable('variants')
          .set({ price: 1005 + i * 333, stock: 1000 })
          .where('variant_id', '=', line.variant_id)
          .execute();
        await db().updateTable('addons').set({ price: 255 }).where('addon_id', '=', line.addon_id).execute();
      }
      const codes = withAddons.map((line) =>
        buildCartCode({ productId: line.product_id, quantity: 3, variantId: line.variant_id, addonIds: [line.addon_id] }),
      );
      const options = orderEndpoints.getCheckoutOptions.answer.parse(await (await api('/api/Order/GetCheckoutOptions')).json()).data;
      const delivery = options.options.find((option) => option.price > 0 && option.freeFrom === null) ?? options.options[0]!;
      if (delivery.freeFrom !== null)
        await db()
          .updateTable('delivery_options')
          .set({ free_from: null })
          .where('delivery_option_id', '=', delivery.deliveryOptionId)
          .execute();
      const ownerToken = await signInOwner(server(), owner[0], owner[1]);
      const marketing = await api(
        '/api/Studio/SaveMarketing',
        { scripts: { facebookPixelID: '1234567890123' }, facebookPixelToken: 'EAAB-token', consentBanner: false },
        ownerToken,
      );
      expect(marketing.status, await marketing.text()).toBe(200);

      for (const row of currencies) {
        const currency: Currency = { currencyAbbreviation: row.code.trim(), currencySymbol: row.symbol, currencyRate: row.rate };
        const label = `${host} in ${currency.currencyAbbreviation}`;
        // What the checkout shows: the cart's lines as GetCart prices them, each unit converted, and the delivery.
        const cart = cartEndpoints.getCart.answer.parse(
          await (await api(`/api/Cart/GetCart?CartCodes=${encodeURIComponent(codes.join('|'))}`)).json(),
        ).data.data as CartItem[];
        const checkoutUnits =
          cartTotalUnits(
            cart.map((item) => ({ price: Number(item.price), quantity: Number(item.quantity), addonPrices: perUnitExtras(item) })),
            currency,
          ) + convertedUnits(delivery.price, currency);
        const checkoutText = formatUnits(checkoutUnits, currency);

        const answer = await api('/api/Order/PlaceOrder', {
          idempotencyKey: `money-${webId}-${Date.now()}-${key++}`,
          cartCodes: codes.join('|'),
          email: 'ada@example.test',
          shippingAddress: { fullName: 'Ada Guest', line1: '1 Quay Street', city: 'Leith', country: 'gb' },
          deliveryOptionId: delivery.deliveryOptionId,
          paymentMethod: options.paymentMethods.includes('card') ? 'card' : 'cod',
          currency: currency.currencyAbbreviation,
        });
        expect(answer.status, await answer.clone().text()).toBe(200);
        const order = orderEndpoints.placeOrder.answer.parse(await answer.json()).data.order;
        expect(order.totalUnits, label).toBe(checkoutUnits);
        expect(order.currencySymbol, label).toBe(row.symbol);

        // Its page and /status read GetOrder.
        const read = orderEndpoints.getOrder.answer.parse(await (await api(`/api/Order/GetOrder?OrderCode=${order.orderCode}`)).json()).data
          .order;
        expect(formatUnits(read.totalUnits, currency), label).toBe(checkoutText);

        // The mails to the shopper and to the owner.
        const mails = await db()
          .selectFrom('mail_outbox')
          .select(['to_address', 'text_body'])
          .where('web_id', '=', webId)
          .where('text_body', 'like', `Order ${order.orderCode}%`)
          .execute();
        expect(mails.map((mail) => mail.to_address).sort(), label).toEqual(['ada@example.test', owner[0]].sort());
        for (const mail of mails) expect(mail.text_body, label).toContain(`Total: ${checkoutText}\n`);

        // The owner's list of orders.
        const listed = studioOrderEndpoints.getOrders.answer
          .parse(await (await api(`/api/Studio/GetOrders?Q=${order.orderCode}`, undefined, ownerToken)).json())
          .data.orders.find((entry) => entry.orderCode === order.orderCode);
        expect(listed && formatUnits(listed.totalUnits, currency), label).toBe(checkoutText);

        if (order.paymentMethod === 'Card') {
          // The payment provider is asked for the same amount.
          const started = await api('/api/Order/StartPayment', { orderCode: order.orderCode });
          expect(started.status, label).toBe(200);
          const payment = await db()
            .selectFrom('payments')
            .select(['amount', 'currency_code'])
            .where('order_id', '=', db().selectFrom('orders').select('order_id').where('order_code', '=', order.orderCode))
            .executeTakeFirstOrThrow();
          expect([payment.amount, payment.currency_code.trim()], label).toEqual([checkoutUnits, currency.currencyAbbreviation]);
        }
        // The Purchase event the store reports to the Conversions API.
        const purchase = await db()
          .selectFrom('conversion_events')
          .select('event')
          .where('web_id', '=', webId)
          .where('event_id', '=', `purchase-${order.orderCode}`)
          .executeTakeFirstOrThrow();
        expect((purchase.event as { custom_data: unknown }).custom_data, label).toMatchObject({
          value: wholeUnits(checkoutUnits, currency),
          currency: currency.currencyAbbreviation,
        });
      }
    }
  });
});
