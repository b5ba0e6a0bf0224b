import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { buildCartCode, orderEndpoints, studioPageAnswer, studioPagesAnswer, type PageDocument } from '@vitrine/commerce';
import type { Db } from './db/connect.ts';
import { LISTENER_NAME, watchStoreChanges } from './db/store-changes.ts';
import { StoreDataCache } from './shop/store-data-cache.ts';
import {
  backends,
  guestToken,
  signInOwner,
  startOnBackend,
  startTestServer,
  studioCaller,
  type BackendServer,
  type TestServer,
} from './test-support.ts';

/**
 * Rendered pages come from each store's page data kept in memory (issue 18), dropped when the database says the
 * store changed. A write must show on the next page (within the time its notification takes: polled, never slept
 * for), in this process and in every other on the database; a write another store makes must not touch its data.
 */
describe.each(backends)('page data kept in memory on $name', ({ name, create }) => {
  let started: BackendServer;
  let server: TestServer;
  let harbor: number;
  let atelier: number;
  let renames = 0;

  /** A page rendered for this request alone: a shopper's access cookie keeps it out of the guests' page cache. */
  const rendered = async (path: string, host = 'localhost', on = server) => {
    const response = await on.call(path, { host, headers: { cookie: 'vt_at=not-a-token' } });
    expect(response.status).toBe(200);
    return response.text();
  };

  /** A published product of the store that its home page shows by name. */
  async function homeProduct(webId: number, host: string) {
    const html = await rendered('/', host);
    const products = await server.db
      .selectFrom('products')
      .select(['product_id', 'name', 'slug', 'price'])
      .where('web_id', '=', webId)
      .where('is_published', '=', true)
      .orderBy('product_id')
      .execute();
    const shown = products.find((product) => /^[\w ]+$/.test(product.name) && html.includes(product.name));
    if (!shown) throw new Error(`No product of store ${webId} is shown by name on its home page`);
    return shown;
  }

  /** Writes as the triggers never hear (replication mode skips them): what a page then shows is what was kept. */
  const untold = (write: (db: Db) => Promise<unknown>) =>
    server.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      await write(trx);
    });

  const rename = (db: Db, productId: number, name: string) =>
    db.updateTable('products').set({ name }).where('product_id', '=', productId).execute();

  beforeAll(async () => {
    started = await startOnBackend(create);
    ({ server, harborId: harbor, atelierId: atelier } = started);
  });
  afterAll(() => started?.stop());

  it("keeps each store's page data, drops a store's on its own change only, and never another store's", async () => {
    const harborProduct = await homeProduct(harbor, 'localhost');
    const atelierProduct = await homeProduct(atelier, 'second.localhost');
    const untoldName = `Quietly Renamed ${++renames}`;
    await untold(async (db) => {
      await rename(db, harborProduct.product_id, untoldName);
      await rename(db, atelierProduct.product_id, `${untoldName} Nord`);
    });
    // Both pages come from what was kept: the database was not read again.
    expect(await rendered('/')).toContain(harborProduct.name);
    expect(await rendered('/', 'second.localhost')).toContain(atelierProduct.name);

    // A write Harbor & Pine's triggers tell: its page reads afresh, and shows the untold name too…
    const toldName = `Loudly Renamed ${renames}`;
    await server.db.updateTable('products').set({ price: 123457 }).where('product_id', '=', harborProduct.product_id).execute();
    await expect.poll(() => rendered('/')).toContain('1,234.57');
    expect(await rendered('/')).toContain(untoldName);
    // …while Atelier Nord's kept data is untouched, and shows nothing of Harbor's.
    const nord = await rendered('/', 'second.localhost');
    expect(nord).toContain(atelierProduct.name);
    expect(nord).not.toContain(untoldName);
    expect(nord).not.toContain('1,234.57');

    await rename(server.db, atelierProduct.product_id, `${toldName} Nord`);
    await expect.poll(() => rendered('/', 'second.localhost')).toContain(`${toldName} Nord`);
    expect(await rendered('/')).toContain(untoldName);
  });

  it('shows a publish from the studio on the next rendered page', async () => {
    const studio = studioCaller(server, await signInOwner(server, 'owner@harbor.test', 'harbor-owner-demo'));
    const pages = studioPagesAnswer.parse(await (await studio('/api/Studio/GetPages')).json()).data.pages;
    const pageId = pages.find((page) => page.pageTypeId === 1)!.pageId;
    const page = studioPageAnswer.parse(await (await studio(`/api/Studio/GetPage?PageID=${pageId}`)).json()).data.page;
    const heading = `Fresh from the studio on ${name}`;
    const document: PageDocument = {
      ...page.draft,
      sections: page.draft.sections.map((s) => (s.id === 'home-hero' ? { ...s, settings: { ...s.settings, heading } } : s)),
    };
    expect((await rendered('/')).includes(heading)).toBe(false);
    expect((await studio('/api/Studio/SavePage', { body: { pageId, draftRevision: page.draftRevision, document } })).status).toBe(200);
    // A saved draft is no page a shopper sees.
    expect((await rendered('/')).includes(heading)).toBe(false);
    const published = await studio('/api/Studio/Publish', { body: { page: { pageId, draftRevision: page.draftRevision + 1 } } });
    expect(published.status).toBe(200);
    await expect.poll(() => rendered('/')).toContain(heading);
  });

  it('shows a product sold out by an order on its next rendered page', async () => {
    const product = await server.db
      .selectFrom('products as p')
      .select(['p.product_id', 'p.slug'])
      .where('p.web_id', '=', harbor)
      .where('p.is_published', '=', true)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('variants as v').select('v.variant_id').whereRef('v.product_id', '=', 'p.product_id'))),
      )
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('product_options as o').select('o.option_id').whereRef('o.product_id', '=', 'p.product_id'))),
      )
      .orderBy('p.product_id')
      .executeTakeFirstOrThrow();
    await server.db.updateTable('products').set({ stock: 1, stock_status_id: 1 }).where('product_id', '=', product.product_id).execute();
    await expect.poll(() => rendered(`/${product.slug}`)).toContain('In stock');

    const checkout = orderEndpoints.getCheckoutOptions.answer.parse(await (await server.call('/api/Order/GetCheckoutOptions')).json());
    const order = await server.call('/api/Order/PlaceOrder', {
      method: 'POST',
      headers: { authorization: `Bearer ${await guestToken(server)}` },
      body: {
        idempotencyKey: `last-unit-${Date.now()}`,
        email: 'ada@example.test',
        shippingAddress: { fullName: 'Ada Guest', line1: '1 Quay Street', city: 'Leith', postalCode: 'EH6 6AA', country: 'gb' },
        deliveryOptionId: checkout.data.options[0]!.deliveryOptionId,
        paymentMethod: 'cod',
        currency: 'USD',
        cartCodes: buildCartCode({ productId: product.product_id, quantity: 1, variantId: 0, addonIds: [] }),
      },
    });
    expect(order.status, await order.clone().text()).toBe(200);
    await expect.poll(() => rendered(`/${product.slug}`)).toContain('Out of stock');
  });

  it('never keeps what a load read before a write it outlived (the stale read), on the real database', async () => {
    const cache = new StoreDataCache();
    const told = new Map<number, () => void>();
    const feed = await watchStoreChanges(server.db, {
      changed(webId) {
        cache.changed(webId);
        told.get(webId)?.();
      },
      hearing: (on) => cache.hearing(on),
    });
    try {
      expect(feed.hearing).toBe(true);
      const { product_id: productId } = await homeProduct(harbor, 'localhost');
      const priceOf = async () =>
        (await server.db.selectFrom('products').select('price').where('product_id', '=', productId).executeTakeFirstOrThrow()).price;
      const before = await priceOf();
      const heard = new Promise<void>((resolve) => told.set(harbor, resolve));
      // The load reads, then the store changes (and the change is heard) before the load ends.
      const stale = cache.get(harbor, 'price', async () => {
        const read = await priceOf();
        await server.db
          .updateTable('products')
          .set({ price: before + 100 })
          .where('product_id', '=', productId)
          .execute();
        await heard;
        return read;
      });
      expect(await stale).toBe(before);
      expect(await cache.get(harbor, 'price', priceOf)).toBe(before + 100);
      // What is kept now is kept: no load runs for it.
      expect(await cache.get(harbor, 'price', async () => -1)).toBe(before + 100);
    } finally {
      await feed.close();
    }
  });

  // Only PostgreSQL serves several processes; PGlite's notifications never leave its own.
  it.runIf(name === 'PostgreSQL')("shows another server process's write on this one's next rendered page", async () => {
    const second = await startTestServer(started.databaseUrl, { seedDemo: false });
    try {
      const product = await homeProduct(harbor, 'localhost');
      expect(await rendered('/', 'localhost', second)).toContain(product.name);
      const renamed = `Renamed Elsewhere ${++renames}`;
      // Written through the second process's own database connections.
      await rename(second.db, product.product_id, renamed);
      await expect.poll(() => rendered('/')).toContain(renamed);
      await expect.poll(() => rendered('/', 'localhost', second)).toContain(renamed);
    } finally {
      await second.close();
    }
  });

  it.runIf(name === 'PostgreSQL')('keeps nothing while its listening connection is lost, and listens again', async () => {
    const cache = new StoreDataCache();
    const heard: boolean[] = [];
    const feed = await watchStoreChanges(
      server.db,
      {
        changed: (webId) => cache.changed(webId),
        hearing(on) {
          heard.push(on);
          cache.hearing(on);
        },
      },
      { onError: () => {} },
    );
    try {
      expect(heard).toEqual([true]);
      await cache.get(harbor, 'home', async () => 'kept');
      const admin = new pg.Client({ connectionString: started.databaseUrl });
      await admin.connect();
      try {
        // Every listener of the test database is cut off (the server's own too, which listens again the same way).
        await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
          [LISTENER_NAME],
        );
      } finally {
        await admin.end();
      }
      await expect.poll(() => heard).toEqual([true, false, true]);
      // What was kept before may have missed a change: it is gone.
      expect(await cache.get(harbor, 'home', async () => 'read again')).toBe('read again');
      // And the new connection hears changes.
      await cache.get(atelier, 'home', async () => 'kept');
      await rename(server.db, (await homeProduct(atelier, 'second.localhost')).product_id, `Heard Again ${++renames}`);
      await expect.poll(() => cache.get(atelier, 'home', async () => 'read after the change')).toBe('read after the change');
    } finally {
      await feed.close();
    }
  });
});
