import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCartCode, marketingEndpoints, orderEndpoints, type SaveMarketingRequest } from '@vitrine/commerce';
import { MetaConversionsApi, type ServerEvent } from './infra/conversions-api.ts';
import { ConversionOutbox, hashedUserData, queueConversion } from './shop/conversions.ts';
import { openDatabase } from './db/connect.ts';
import { backends, guestToken, signInOwner, startOnBackend, studioCaller, type BackendServer } from './test-support.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** An event as the server queues it, for queueing many directly. */
const serverEvent: ServerEvent = {
  event_name: 'AddToCart',
  event_id: '',
  event_time: 1_790_000_000,
  action_source: 'website',
  event_source_url: 'http://localhost/stoneware-mug',
  user_data: { client_user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/150' },
  custom_data: { currency: 'USD', value: 18.5 },
};

describe('customer data for the Conversions API', () => {
  it('hashes personal data in Meta’s normal form and keeps address, agent and pixel cookies as they are', () => {
    const data = hashedUserData({
      email: '  Ada@Example.TEST ',
      phone: '+44 (0)20 7946 0958',
      firstName: 'Ada',
      lastName: 'Lovelace',
      city: 'New York',
      postalCode: 'SW1A 1AA',
      country: 'GB',
      externalId: 'visitor-1',
      ip: '203.0.113.9',
      userAgent: 'Mozilla/5.0',
      fbp: 'fb.1.1700000000.123',
    });
    expect(data).toEqual({
      em: [sha256('ada@example.test')],
      ph: [sha256('4402079460958')],
      fn: [sha256('ada')],
      ln: [sha256('lovelace')],
      ct: [sha256('newyork')],
      zp: [sha256('sw1a1aa')],
      country: [sha256('gb')],
      external_id: [sha256('visitor-1')],
      client_ip_address: '203.0.113.9',
      client_user_agent: 'Mozilla/5.0',
      fbp: 'fb.1.1700000000.123',
    });
    expect(hashedUserData({ email: '', country: 'United Kingdom' })).toEqual({});
  });
});

/** A stand-in for Meta's Graph API on loopback, speaking its protocol: it keeps what it is sent and can refuse once. */
async function fakeGraphApi() {
  const received: { pixelId: string; accessToken: string; events: Record<string, unknown>[] }[] = [];
  let refuseNext = false;
  const app: FastifyInstance = Fastify();
  app.post<{ Params: { version: string; pixel: string }; Body: { data: Record<string, unknown>[]; access_token: string } }>(
    '/:version/:pixel/events',
    async (request, reply) => {
      if (refuseNext) {
        refuseNext = false;
        return reply.code(500).send({ error: { message: 'Service temporarily unavailable' } });
      }
      received.push({ pixelId: request.params.pixel, accessToken: request.body.access_token, events: request.body.data });
      return { events_received: request.body.data.length };
    },
  );
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    received,
    refuseOnce: () => {
      refuseNext = true;
    },
    events: () => received.flatMap((batch) => batch.events),
    close: () => app.close(),
  };
}

/** Waits until `check` holds (what the server sends after its answer), failing after a few seconds. */
async function eventually(check: () => boolean, what: string) {
  for (let tries = 0; tries < 100; tries++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Never happened: ${what}`);
}

const configured: SaveMarketingRequest = {
  scripts: {
    facebookPixelID: '1234567890123',
    gA4ID: 'G-TEST12345',
    tagManagerID: 'GTM-ABC1234',
    liveChatID: 'https://tawk.to/chat/abc123/def456',
  },
  facebookPixelToken: 'EAAB-secret-token',
  consentBanner: false,
};

describe.each(backends)('marketing settings, page policy and the Conversions API on $name', ({ create }) => {
  let started: BackendServer;
  let graph: Awaited<ReturnType<typeof fakeGraphApi>>;
  let harborOwner: ReturnType<typeof studioCaller>;
  let atelierOwner: ReturnType<typeof studioCaller>;
  let guest: string;
  let key = 0;
  const server = () => started.server;

  beforeAll(async () => {
    graph = await fakeGraphApi();
    started = await startOnBackend(create, { app: { conversionsApi: new MetaConversionsApi(graph.url) } });
    harborOwner = studioCaller(server(), await signInOwner(server(), 'owner@harbor.test', 'harbor-owner-demo'));
    atelierOwner = studioCaller(server(), await signInOwner(server(), 'owner@atelier.test', 'atelier-owner-demo'));
    guest = await guestToken(server());
  }, 120_000);
  afterAll(async () => {
    await started?.stop();
    await graph?.close();
  });

  const save = (body: SaveMarketingRequest, owner = harborOwner, host = 'localhost') => owner('/api/Studio/SaveMarketing', { body, host });
  const capi = (body: unknown, init: { host?: string; cookie?: string } = {}) =>
    server().call('/api/facebook/capi', {
      method: 'POST',
      host: init.host ?? 'localhost',
      body,
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/150', ...(init.cookie ? { cookie: init.cookie } : {}) },
    });
  const addToCart = (eventId: string, host = 'localhost') => ({
    event_name: 'AddToCart',
    action_source: 'website',
    url: `http://${host}/stoneware-mug`,
    custom_data: {
      event_id: eventId,
      content_name: 'Stoneware Mug',
      content_ids: ['12'],
      content_type: 'product',
      value: 18.5,
      currency: 'USD',
      category: 'Kitchen',
      brand: 'Harbor',
    },
  });

  it('keeps the token on the server: the studio learns only that it is set, and shoppers’ pages never see it', async () => {
    const saved = await save(configured);
    expect(saved.status, await saved.clone().text()).toBe(200);
    const { data } = marketingEndpoints.saveMarketing.answer.parse(await saved.json());
    expect(data).toEqual({ scripts: configured.scripts, hasFacebookPixelToken: true, consentBanner: false });
    expect(JSON.stringify(data)).not.toContain('EAAB');

    // null keeps the token; the page config has the scripts without it.
    await save({ ...configured, facebookPixelToken: null });
    const read = marketingEndpoints.getMarketing.answer.parse(await (await harborOwner('/api/Studio/GetMarketing')).json()).data;
    expect(read.hasFacebookPixelToken).toBe(true);
    const info = await (await server().call('/api/Web/GetWebInfo?Domain=localhost')).text();
    expect(info).toContain('"facebookPixelID":"1234567890123"');
    expect(info).not.toContain('EAAB');
    expect(info).not.toContain('facebookPixelToken');
  });

  it('refuses a malformed setting with a 400 naming it, and changes nothing', async () => {
    for (const [field, scripts] of [
      ['scripts.gA4ID', { gA4ID: 'UA-1' }],
      ['scripts.liveChatID', { liveChatID: 'https://example.test/chat' }],
      ['scripts.customScript', { customScript: '{"src": "http://insecure.test/x.js"' }],
      ['scripts.tagManagerID', { tagManagerID: 'GTM' }],
    ] as const) {
      const answer = await save({ ...configured, scripts: { ...configured.scripts, ...scripts } });
      expect(answer.status, field).toBe(400);
      expect(((await answer.json()) as { error: { field: string } }).error.field).toBe(field);
    }
    const read = marketingEndpoints.getMarketing.answer.parse(await (await harborOwner('/api/Studio/GetMarketing')).json()).data;
    expect(read.scripts).toEqual(configured.scripts);
  });

  it('lets only the store’s own owner read or change its marketing settings', async () => {
    expect((await atelierOwner('/api/Studio/GetMarketing', { host: 'localhost' })).status).toBe(403);
    expect((await save({ ...configured, facebookPixelToken: 'stolen' }, atelierOwner, 'localhost')).status).toBe(403);
    expect((await studioCaller(server(), null)('/api/Studio/GetMarketing')).status).toBe(401);
    const atelier = marketingEndpoints.getMarketing.answer.parse(
      await (await atelierOwner('/api/Studio/GetMarketing', { host: 'second.localhost' })).json(),
    ).data;
    expect(atelier).toEqual({ scripts: {}, hasFacebookPixelToken: false, consentBanner: false });
  });

  it('gives every page its own nonce and allows exactly the outside origins its store’s scripts need', async () => {
    await save(configured);
    const policyOf = async (path: string, host = 'localhost') => {
      const answer = await server().call(path, { host });
      expect(answer.status, path).toBe(200);
      return answer.headers.get('content-security-policy') ?? '';
    };
    const first = await policyOf('/');
    const second = await policyOf('/');
    const script = (policy: string) => policy.split(';').find((part) => part.startsWith('script-src')) ?? '';
    expect(script(first)).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' /);
    expect(script(first)).not.toBe(script(second));
    for (const origin of ['https://connect.facebook.net', 'https://www.googletagmanager.com', 'https://embed.tawk.to'])
      expect(script(first)).toContain(origin);
    expect(script(first)).not.toContain('tiktok');
    expect(first).toContain("frame-src 'self' https://www.googletagmanager.com");
    // Another store, with no scripts: only its own origin and its nonce. The studio's preview: no marketing at all.
    expect(script(await policyOf('/', 'second.localhost'))).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'$/);
    const preview = await policyOf('/preview');
    expect(script(preview)).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'$/);
    expect(preview).toContain("frame-ancestors 'self'");
  });

  it('relays a page’s event with the store’s token and the same event id, once however often it is sent', async () => {
    await save(configured);
    const before = graph.events().length;
    for (let send = 0; send < 2; send++) {
      const answer = await capi(addToCart('atc-0001-abcdef'), { cookie: '_fbp=fb.1.1700000000.42; vt_vid=visitor-42' });
      expect(answer.status, await answer.clone().text()).toBe(200);
      expect(await answer.json()).toEqual({ data: { sent: true } });
    }
    await eventually(() => graph.events().length > before, 'the AddToCart reached the Graph API');
    const batch = graph.received.at(-1)!;
    expect(batch.pixelId).toBe('1234567890123');
    expect(batch.accessToken).toBe('EAAB-secret-token');
    const sent = graph.events().filter((event) => event['event_id'] === 'atc-0001-abcdef');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      event_name: 'AddToCart',
      action_source: 'website',
      event_source_url: 'http://localhost/stoneware-mug',
      custom_data: {
        content_name: 'Stoneware Mug',
        content_ids: ['12'],
        content_type: 'product',
        value: 18.5,
        currency: 'USD',
        category: 'Kitchen',
        brand: 'Harbor',
      },
      user_data: {
        fbp: 'fb.1.1700000000.42',
        external_id: [sha256('visitor-42')],
        client_user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/150',
      },
    });
  });

  it('refuses a Purchase, the order ids’ space, another site’s address and any token from the browser', async () => {
    for (const [field, body] of [
      ['event_name', { ...addToCart('purchase-fake-001'), event_name: 'Purchase' }],
      ['custom_data.event_id', addToCart('purchase-ABCDEF12')],
      ['url', { ...addToCart('atc-0002-abcdef'), url: 'https://elsewhere.test/x' }],
      ['custom_data.access_token', { ...addToCart('atc-0003-abcdef'), custom_data: { event_id: 'atc-0003-abcdef', access_token: 'x' } }],
      ['action_source', { ...addToCart('atc-0004-abcdef'), action_source: 'app' }],
    ] as const) {
      const answer = await capi(body);
      expect(answer.status, field).toBe(400);
      expect(((await answer.json()) as { error: { field: string } }).error.field, field).toBe(field);
    }
  });

  it('sends nothing for a store without a token, nor for a shopper who has not consented where the store asks', async () => {
    expect(await (await capi(addToCart('atc-0005-abcdef', 'second.localhost'), { host: 'second.localhost' })).json()).toEqual({
      data: { sent: false },
    });
    await save({ ...configured, consentBanner: true });
    expect(await (await capi(addToCart('atc-0006-abcdef'))).json()).toEqual({ data: { sent: false } });
    expect(await (await capi(addToCart('atc-0007-abcdef'), { cookie: 'vt_consent=denied' })).json()).toEqual({ data: { sent: false } });
    expect(await (await capi(addToCart('atc-0008-abcdef'), { cookie: 'vt_consent=granted' })).json()).toEqual({ data: { sent: true } });
    await save(configured);
    const unsent = await server()
      .db.selectFrom('conversion_events')
      .select('event_id')
      .where('event_id', 'in', ['atc-0005-abcdef', 'atc-0006-abcdef', 'atc-0007-abcdef'])
      .execute();
    expect(unsent).toEqual([]);
  });

  it('keeps an event Meta could not take and sends it with the next', async () => {
    await save(configured);
    graph.refuseOnce();
    await capi(addToCart('atc-0009-abcdef'));
    const failed = async () =>
      server()
        .db.selectFrom('conversion_events')
        .select(['attempts', 'last_error', 'sent_at'])
        .where('web_id', '=', started.harborId)
        .where('event_id', '=', 'atc-0009-abcdef')
        .executeTakeFirstOrThrow();
    for (let tries = 0; tries < 100 && (await failed()).attempts === 0; tries++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await failed()).toMatchObject({ attempts: 1, sent_at: null, last_error: expect.stringContaining('500') });
    await capi(addToCart('atc-0010-abcdef'));
    await eventually(() => graph.events().some((event) => event['event_id'] === 'atc-0009-abcdef'), 'the kept event sent with the next');
    expect((await failed()).sent_at).not.toBeNull();
  });

  it('sends each event once when two processes’ outboxes send at the same moment, and takes over a dead round’s claim once it lapses', async () => {
    await save(configured);
    // On PostgreSQL the second outbox has a database connection pool of its own, as another server process would.
    const otherDb = started.databaseUrl ? await openDatabase({ databaseUrl: started.databaseUrl }) : server().db;
    const log: string[] = [];
    const outboxes = [server().db, otherDb].map(
      (db) => new ConversionOutbox(db, new MetaConversionsApi(graph.url), (_, message) => log.push(message)),
    );
    try {
      const ids = Array.from({ length: 40 }, (_, i) => `atc-race-${String(i).padStart(4, '0')}`);
      for (const id of ids) await queueConversion(server().db, started.harborId, { ...serverEvent, event_id: id });
      await Promise.all([...outboxes, ...outboxes].map((outbox) => outbox.sendQueued()));
      const times = (id: string) => graph.events().filter((event) => event['event_id'] === id).length;
      expect(ids.filter((id) => times(id) !== 1)).toEqual([]);

      // A round that died left two events claimed: one whose claim has lapsed is sent, one still held is not.
      await queueConversion(server().db, started.harborId, { ...serverEvent, event_id: 'atc-lapsed-0001' });
      await queueConversion(server().db, started.harborId, { ...serverEvent, event_id: 'atc-held-0001' });
      const claim = (id: string, seconds: number) =>
        server()
          .db.updateTable('conversion_events')
          .set({ claimed_until: sql<Date>`now() + make_interval(secs => ${seconds})` })
          .where('web_id', '=', started.harborId)
          .where('event_id', '=', id)
          .execute();
      await claim('atc-lapsed-0001', -1);
      await claim('atc-held-0001', 60);
      await outboxes[1]!.sendQueued();
      expect([times('atc-lapsed-0001'), times('atc-held-0001')]).toEqual([1, 0]);
      await claim('atc-held-0001', -1);
      await outboxes[0]!.sendQueued();
      expect(times('atc-held-0001')).toBe(1);
      expect(log).toEqual([]);
    } finally {
      if (otherDb !== server().db) await otherDb.destroy();
    }
  });

  it('reports each order’s Purchase once, from the server, with the id the confirmation page’s pixel uses', async () => {
    await save(configured);
    const product = await server()
      .db.selectFrom('products')
      .select('product_id')
      .where('web_id', '=', started.harborId)
      .where('is_published', '=', true)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('variants').select('variant_id').whereRef('variants.product_id', '=', 'products.product_id'))),
      )
      .orderBy('product_id')
      .limit(1)
      .executeTakeFirstOrThrow();
    await server()
      .db.updateTable('products')
      .set({ stock: 1000, stock_status_id: 1 })
      .where('product_id', '=', product.product_id)
      .execute();
    const option = await server()
      .db.selectFrom('delivery_options')
      .select('delivery_option_id')
      .where('web_id', '=', started.harborId)
      .orderBy('delivery_option_id')
      .executeTakeFirstOrThrow();
    const body = {
      idempotencyKey: `purchase-once-${Date.now()}-${key++}`,
      cartCodes: buildCartCode({ productId: product.product_id, quantity: 2, variantId: 0, addonIds: [] }),
      email: 'Ada@Example.test',
      shippingAddress: { fullName: 'Ada Lovelace', line1: '1 Quay Street', city: 'Leith', postalCode: 'EH6 6QU', country: 'GB' },
      deliveryOptionId: option.delivery_option_id,
      paymentMethod: 'cod',
      currency: 'USD',
    };
    const place = () =>
      server().call('/api/Order/PlaceOrder', {
        method: 'POST',
        body,
        headers: { authorization: `Bearer ${guest}`, cookie: '_fbp=fb.1.17.99' },
      });
    const answers = await Promise.all([place(), place(), place()]);
    const codes = new Set<string>();
    for (const answer of answers) {
      expect(answer.status, await answer.clone().text()).toBe(200);
      codes.add(orderEndpoints.placeOrder.answer.parse(await answer.json()).data.order.orderCode);
    }
    expect(codes.size).toBe(1);
    const [orderCode] = [...codes];
    await eventually(() => graph.events().some((event) => event['event_id'] === `purchase-${orderCode}`), 'the Purchase sent');
    // Given time to send a second one, if there were one.
    await capi(addToCart(`atc-after-${orderCode}`));
    await eventually(() => graph.events().some((event) => event['event_id'] === `atc-after-${orderCode}`), 'the next event sent');
    const purchases = graph.events().filter((event) => event['event_id'] === `purchase-${orderCode}`);
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatchObject({
      event_name: 'Purchase',
      event_source_url: 'http://localhost/checkout',
      custom_data: { currency: 'USD', order_id: orderCode, content_ids: [String(product.product_id)], num_items: 2 },
      user_data: {
        em: [sha256('ada@example.test')],
        fn: [sha256('ada')],
        ln: [sha256('lovelace')],
        country: [sha256('gb')],
        fbp: 'fb.1.17.99',
      },
    });
    expect(typeof (purchases[0]!['custom_data'] as { value: unknown }).value).toBe('number');
  });
});
