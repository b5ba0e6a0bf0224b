import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type Caller, type Endpoint, type EndpointGroup } from '@vitrine/commerce';
import { backends, signInOwner, startOnBackend, type BackendServer, type CallInit } from './test-support.ts';

/**
 * Walks every endpoint of commerce's table, checked against Fastify's own route table (so the two cannot drift),
 * and checks what must hold for all of them, by the caller each declares: no credentials → 401; another store's
 * owner → 403; another store's customer → 401 (its token is not one of this store's); another store's ids → not
 * found; a malformed body → a 400 naming its field; a GET changes nothing in the database.
 */
let started: BackendServer;
let routes: { method: string; path: string }[];
let harborOwner: string;
let nordOwner: string;
let shopper: string;
let nordShopper: string;
let nordPageId: number;
let nordCategoryId: number;
let nordBrandId: number;
let nordAddressId: number;
let nordCustomerId: number;
let nordReview: { review_id: number; product_id: number };
let nordCartLine: { cartItem: number; cartAddon: number; code: string };
/** What a Harbor & Pine checkout needs besides an address: a line and a delivery option. */
let harborCheckout: { cartCodes: string; deliveryOptionId: number };

const table = Object.values(endpoints).flatMap((group) => Object.entries(group as EndpointGroup).map(([name, e]) => ({ name, ...e })));
const byCaller = (...callers: Caller[]) => table.filter((endpoint) => callers.includes(endpoint.caller));
/** A credential each caller accepts at Harbor & Pine. */
const tokenFor = (caller: Caller) =>
  caller === 'owner' || caller === 'studio-session' ? harborOwner : caller === 'customer' || caller === 'token' ? shopper : null;

beforeAll(async () => {
  started = await startOnBackend(backends[0]!.create);
  // Fastify prints its radix tree: a child line holds the rest of its parent's path, one level of indent deeper.
  const paths: string[] = [];
  routes = started.server.app
    .printRoutes({ commonPrefix: false })
    .split('\n')
    .flatMap((line) => {
      const match = /^([│ ]*)(?:├── |└── )(\S+) \(([A-Z, ]+)\)/.exec(line);
      if (!match) return [];
      const depth = match[1]!.length / 4;
      const path = (depth > 0 ? paths[depth - 1]! : '') + match[2]!;
      paths[depth] = path;
      return path.startsWith('/api/')
        ? match[3]!
            .split(', ')
            .filter((method) => method === 'GET' || method === 'POST')
            .map((method) => ({ method, path }))
        : [];
    });
  harborOwner = await signInOwner(started.server, 'owner@harbor.test', 'harbor-owner-demo');
  nordOwner = await signInOwner(started.server, 'owner@atelier.test', 'atelier-owner-demo');
  const signIn = await started.server.call('/api/Auth/SignIn', {
    method: 'POST',
    body: { email: 'shopper@harbor.test', password: 'harbor-shopper-demo' },
    ip: '10.9.0.1',
  });
  shopper = ((await signIn.json()) as { tokens: { accessToken: string } }).tokens.accessToken;
  // A customer of Atelier Nord with an address, and one of its pages: ids that Harbor & Pine must not find.
  const nord = { host: 'second.localhost', ip: '10.9.0.2' };
  const signUp = await started.server.call('/api/Auth/SignUp', {
    method: 'POST',
    ...nord,
    body: { customerTypeId: 1, firstName: 'Nora', lastName: 'Nord', email: 'nora@nord.test', password: 'nord-shopper-1' },
  });
  expect(signUp.status).toBe(201);
  // Sign-up with an email signs nobody in (issue 33): the new customer signs in.
  const nordSignIn = await started.server.call('/api/Auth/SignIn', {
    method: 'POST',
    ...nord,
    body: { email: 'nora@nord.test', password: 'nord-shopper-1' },
  });
  nordShopper = ((await nordSignIn.json()) as { tokens: { accessToken: string } }).tokens.accessToken;
  const saved = await started.server.call('/api/Account/SaveAddress', {
    method: 'POST',
    ...nord,
    headers: { authorization: `Bearer ${nordShopper}` },
    body: { fullName: 'Nora Nord', line1: '1 Fjord Road', city: 'Bergen', postalCode: '5003', country: 'no' },
  });
  nordAddressId = ((await saved.json()) as { data: { addresses: { addressId: number }[] } }).data.addresses[0]!.addressId;
  nordCustomerId = (
    await started.server.db.selectFrom('customers').select('customer_id').where('email', '=', 'nora@nord.test').executeTakeFirstOrThrow()
  ).customer_id;
  nordPageId = (
    await started.server.db.selectFrom('pages').select('page_id').where('web_id', '=', started.atelierId).executeTakeFirstOrThrow()
  ).page_id;
  nordCategoryId = (
    await started.server.db.selectFrom('categories').select('category_id').where('web_id', '=', started.atelierId).executeTakeFirstOrThrow()
  ).category_id;
  nordBrandId = (
    await started.server.db.selectFrom('brands').select('brand_id').where('web_id', '=', started.atelierId).executeTakeFirstOrThrow()
  ).brand_id;
  nordReview = await started.server.db
    .selectFrom('reviews')
    .select(['review_id', 'product_id'])
    .where('web_id', '=', started.atelierId)
    .executeTakeFirstOrThrow();
  // A line with an add-on in the Atelier Nord customer's cart.
  const db = started.server.db;
  const addon = await db
    .selectFrom('addons')
    .select(['addon_id', 'product_id'])
    .where('web_id', '=', started.atelierId)
    .executeTakeFirstOrThrow();
  const variant = await db.selectFrom('variants').select('variant_id').where('product_id', '=', addon.product_id).executeTakeFirst();
  const code = `${addon.product_id}_1_${variant?.variant_id ?? 0}_${addon.addon_id}`;
  const synced = await started.server.call('/api/Cart/SyncCart', {
    method: 'POST',
    ...nord,
    headers: { authorization: `Bearer ${nordShopper}` },
    body: { CartCodes: code },
  });
  const line = ((await synced.json()) as { data: { data: { cartItemID: string; addons: { cartAddonID: string }[] }[] } }).data.data[0]!;
  nordCartLine = { cartItem: Number(line.cartItemID), cartAddon: Number(line.addons[0]!.cartAddonID), code };
  const harborProduct = await db
    .selectFrom('products')
    .select('product_id')
    .where('web_id', '=', started.harborId)
    .executeTakeFirstOrThrow();
  const harborVariant = await db
    .selectFrom('variants')
    .select('variant_id')
    .where('product_id', '=', harborProduct.product_id)
    .executeTakeFirst();
  const harborOption = await db
    .selectFrom('delivery_options')
    .select('delivery_option_id')
    .where('web_id', '=', started.harborId)
    .executeTakeFirstOrThrow();
  harborCheckout = {
    cartCodes: `${harborProduct.product_id}_1_${harborVariant?.variant_id ?? 0}_`,
    deliveryOptionId: harborOption.delivery_option_id,
  };
});
afterAll(() => started?.stop());

const call = (route: { method: string; path: string }, token: string | null, init: CallInit = {}) =>
  started.server.call(route.path, {
    method: route.method,
    ...(route.method === 'POST' && init.body === undefined && init.rawBody === undefined ? { body: {} } : {}),
    ...init,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers },
  });

/** Every store table's rows, hashed: what a GET must leave as it found it. */
async function fingerprint(): Promise<string> {
  const tables = await started.server.db.introspection.getTables();
  const hash = createHash('sha256');
  for (const table of tables
    // The analytics rollups are derived rows the server's own timer rewrites (and a dashboard's call refreshes).
    .filter(
      (t) => t.schema === 'public' && t.name !== 'rate_limit_hits' && !t.name.startsWith('kysely_') && !t.name.startsWith('analytics_'),
    )
    .sort((a, b) => a.name.localeCompare(b.name))) {
    const rows = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table.name)} ORDER BY 1`.execute(started.server.db);
    hash.update(table.name).update(JSON.stringify(rows.rows));
  }
  return hash.digest('hex');
}

/** A request of each endpoint that names an id, carrying one of Atelier Nord's. */
const strangerIds: Record<
  string,
  (ids: {
    page: number;
    address: number;
    product: number;
    category: number;
    brand: number;
    review: number;
    cartLine: typeof nordCartLine;
  }) => CallInit & { query?: string }
> = {
  getPage: ({ page }) => ({ query: `PageID=${page}` }),
  getVersions: ({ page }) => ({ query: `PageID=${page}` }),
  savePage: ({ page }) => ({
    body: { pageId: page, draftRevision: 1, document: { pageTypeId: 2, slug: 'taken', title: 'Taken', sections: [] } },
  }),
  publishPage: ({ page }) => ({ body: { pageId: page, draftRevision: 1 } }),
  rollback: ({ page }) => ({ body: { pageId: page, version: 1 } }),
  updatePage: ({ page }) => ({ body: { pageId: page, title: 'Taken' } }),
  deletePage: ({ page }) => ({ body: { pageId: page } }),
  publish: ({ page }) => ({ body: { page: { pageId: page, draftRevision: 1 } } }),
  saveAddress: ({ address }) => ({
    body: { addressId: address, fullName: 'Taken', line1: '1 Harbour Row', city: 'Leith', postalCode: 'EH6', country: 'gb' },
  }),
  removeAddress: ({ address }) => ({ body: { addressId: address } }),
  submitForm: ({ page }) => ({ body: { pageId: page, sectionId: 'contact', values: {} } }),
  getReviews: ({ product }) => ({ query: `ProductID=${product}` }),
  addReview: ({ product }) => ({ body: { ProductID: product, rating: 5, title: 'Taken', body: 'Taken' } }),
  voteReview: ({ review }) => ({ body: { ReviewID: review } }),
  addCartItem: ({ cartLine }) => ({ body: { CartCode: cartLine.code, CartItemID: cartLine.cartItem } }),
  removeCartItem: ({ cartLine }) => ({ body: { CartItemID: cartLine.cartItem } }),
  removeCartAddon: ({ cartLine }) => ({ body: { CartItemID: cartLine.cartItem, CartAddonID: cartLine.cartAddon } }),
  saveOptions: ({ product }) => ({ body: { ProductID: product, Options: {} } }),
  addItem: ({ product }) => ({ body: { ProductID: product } }),
  // A visit credited to another store's customer (Atelier Nord's shopper, by id).
  addSession: () => ({
    body: {
      SessionID: 'stranger-session-1',
      VisitorID: 'stranger-visitor-1',
      WebID: 1,
      CustomerID: nordCustomerId,
      LandingUrl: '/',
      Referrer: '',
      Timestamp: Date.now(),
    },
  }),
  removeItem: ({ product }) => ({ body: { ProductID: product } }),
  getProduct: ({ product }) => ({ query: `productId=${product}` }),
  saveProduct: ({ product }) => ({ body: { productId: product, version: 1, name: 'Taken', price: 1 } }),
  bulkProducts: ({ product }) => ({ body: { productIds: [product], action: 'delete' } }),
  setStock: ({ product }) => ({ body: { items: [{ productId: product, variantId: null, stock: 1 }] } }),
  getStockMovements: ({ product }) => ({ query: `productId=${product}` }),
  saveCategory: ({ category }) => ({ body: { categoryId: category, name: 'Taken' } }),
  moveCategory: ({ category }) => ({ body: { categoryId: category, parentId: null, position: 0 } }),
  deleteCategory: ({ category }) => ({ body: { categoryId: category, moveTo: null } }),
  saveBrand: ({ brand }) => ({ body: { brandId: brand, name: 'Taken' } }),
  deleteBrand: ({ brand }) => ({ body: { brandId: brand } }),
  placeOrder: ({ address }) => ({
    body: { idempotencyKey: 'stranger-address-0001', ...harborCheckout, addressId: address, paymentMethod: 'cod', currency: 'USD' },
  }),
};

/** The top-level request fields of an endpoint that hold an id (pageId, PageID, addressId, page.pageId…). */
function idFields(endpoint: Endpoint): string[] {
  const fields: string[] = [];
  const visit = (schema: unknown, prefix: string) => {
    const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
    if (!shape) return;
    for (const [key, child] of Object.entries(shape)) {
      if (/^(page|address|product|category|brand|order|customer|review|cartitem|cartaddon)id$/i.test(key)) fields.push(prefix + key);
      const inner = (child as { unwrap?: () => unknown }).unwrap?.() ?? child;
      visit(inner, `${prefix}${key}.`);
    }
  };
  visit(endpoint.query, '');
  visit(endpoint.body, '');
  return fields;
}

const callEndpoint = (endpoint: Endpoint, token: string | null, init: CallInit & { query?: string } = {}) => {
  const { query, ...rest } = init;
  return call({ method: endpoint.method, path: query ? `${endpoint.path}?${query}` : endpoint.path }, token, rest);
};

describe('every endpoint of the table', () => {
  it('is a route of the server, and every API route is in the table', () => {
    const served = new Set(routes.map((route) => `${route.method} ${route.path}`));
    const listed = new Set(table.map((endpoint) => `${endpoint.method} ${endpoint.path}`));
    expect(table.length).toBeGreaterThanOrEqual(45);
    for (const endpoint of listed) expect(served, endpoint).toContain(endpoint);
    for (const route of served) if (!route.endsWith('/api/*')) expect(listed, route).toContain(route);
  });

  it('that needs an owner refuses a caller without a studio session (401) and the owner of another store (403)', async () => {
    for (const endpoint of byCaller('owner', 'studio-session')) {
      const anonymous = await callEndpoint(endpoint, null);
      expect(anonymous.status, `${endpoint.method} ${endpoint.path} without a session`).toBe(401);
      if (endpoint.caller === 'studio-session') continue; // Ends the caller's own session, whatever the store.
      const stranger = await callEndpoint(endpoint, nordOwner);
      expect(stranger.status, `${endpoint.method} ${endpoint.path} by another store's owner`).toBe(403);
      expect(((await stranger.json()) as { error: { code: string } }).error.code).toBe('NOT_SITE_OWNER');
    }
  });

  it('that needs a token refuses a caller without one, and another store’s; a customer’s refuses a guest’s (401)', async () => {
    const guest = await started.server.call('/api/Web/GetWebInfo?Domain=localhost');
    const guestToken = ((await guest.json()) as { tokens: { accessToken: string } }).tokens.accessToken;
    const callers = byCaller('customer', 'token');
    expect(callers.length).toBeGreaterThanOrEqual(6);
    for (const endpoint of callers) {
      const what = `${endpoint.method} ${endpoint.path}`;
      expect((await callEndpoint(endpoint, null)).status, `${what} without a token`).toBe(401);
      const stranger = await callEndpoint(endpoint, nordShopper);
      expect(stranger.status, `${what} with another store's customer`).toBe(401);
      expect(((await stranger.json()) as { error: { code: string } }).error.code).toBe('TOKEN_OTHER_SITE');
      if (endpoint.caller === 'customer')
        expect((await callEndpoint(endpoint, guestToken)).status, `${what} with a guest's token`).toBe(401);
    }
  });

  it('that names an id does not find another store’s (404), and changes nothing', async () => {
    // A contact message and a newsletter sign-up name the page they came from only as a note beside the message.
    const notes = new Set(['sendContact', 'subscribe']);
    const named = table.filter((endpoint) => idFields(endpoint).length > 0 && !notes.has(endpoint.name));
    expect(named.map((endpoint) => endpoint.name).sort()).toEqual(Object.keys(strangerIds).sort());
    const before = await fingerprint();
    for (const endpoint of named) {
      const answer = await callEndpoint(endpoint, tokenFor(endpoint.caller), {
        ...strangerIds[endpoint.name]!({
          page: nordPageId,
          address: nordAddressId,
          product: nordReview.product_id,
          category: nordCategoryId,
          brand: nordBrandId,
          review: nordReview.review_id,
          cartLine: nordCartLine,
        }),
        ip: '10.9.2.1',
      });
      expect(answer.status, `${endpoint.method} ${endpoint.path} with another store's id`).toBe(404);
    }
    expect(await fingerprint()).toBe(before);
  });

  it('that takes a body answers a malformed one with 400 naming the field, and changes nothing', async () => {
    const before = await fingerprint();
    for (const endpoint of table.filter((e) => e.body)) {
      const answer = await callEndpoint(endpoint, tokenFor(endpoint.caller), { rawBody: '"not an object"', ip: '10.9.1.1' });
      expect(answer.status, `${endpoint.path} with a string for a body`).toBe(400);
      const body = (await answer.json()) as { error?: { field?: string }; errors?: unknown };
      expect(body.error?.field ?? body.errors, `${endpoint.path} names the field at fault`).toBeTruthy();
    }
    expect(await fingerprint()).toBe(before);
  });

  it('that is a GET changes nothing in the database, whoever calls it', async () => {
    const before = await fingerprint();
    for (const endpoint of table.filter((e) => e.method === 'GET' && e.answer !== null)) {
      const answer = await callEndpoint(
        endpoint,
        tokenFor(endpoint.caller),
        endpoint.name === 'getWebInfo' ? { query: 'Domain=localhost' } : {},
      );
      expect(answer.status, `GET ${endpoint.path}`).toBeLessThan(500);
    }
    expect(await fingerprint()).toBe(before);
  });
});
