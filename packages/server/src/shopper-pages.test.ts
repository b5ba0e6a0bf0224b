import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCartCode, cartEndpoints, studioThemeAnswer } from '@vitrine/commerce';
import { backends, guestToken, signInOwner, startOnBackend, studioCaller, type BackendServer } from './test-support.ts';

/** Shopper pages as the server draws them, over real HTTP (issue 33). */
describe.each(backends)('shopper pages drawn by the server on $name', ({ create }) => {
  let started: BackendServer;
  /** Harbor & Pine's Stoneware Mug: its first variant and its Personal note option. */
  let mug: { productId: number; variantId: number; note: number };
  const page = (path: string, headers: Record<string, string> = {}) => started.server.call(path, { headers });

  beforeAll(async () => {
    started = await startOnBackend(create);
    const db = started.server.db;
    const product = await db
      .selectFrom('products')
      .select('product_id')
      .where('web_id', '=', started.harborId)
      .where('slug', '=', 'stoneware-mug')
      .executeTakeFirstOrThrow();
    const variant = await db
      .selectFrom('variants')
      .select('variant_id')
      .where('product_id', '=', product.product_id)
      .orderBy('variant_id')
      .executeTakeFirstOrThrow();
    const note = await db
      .selectFrom('product_options')
      .select('option_id')
      .where('product_id', '=', product.product_id)
      .where('name', '=', 'Personal note')
      .executeTakeFirstOrThrow();
    mug = { productId: product.product_id, variantId: variant.variant_id, note: note.option_id };
  });
  afterAll(() => started?.stop());

  it('draws Buy now’s checkout for a line with options chosen: the five-part code GetBuyCart takes', async () => {
    const guest = await guestToken(started.server);
    const saved = await started.server.call('/api/Cart/SaveOptions', {
      method: 'POST',
      headers: { authorization: `Bearer ${guest}` },
      body: { ProductID: mug.productId, Options: { [mug.note]: 'For Jo' } },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const { options } = cartEndpoints.saveOptions.answer.parse(await saved.json()).data;
    const code = buildCartCode({ productId: mug.productId, quantity: 1, variantId: mug.variantId, addonIds: [], options });
    expect(code.split('_')).toHaveLength(5);

    // GetBuyCart prices it…
    const priced = await started.server.call(`/api/Cart/GetBuyCart?CartCodes=${code}`, { headers: { authorization: `Bearer ${guest}` } });
    expect(priced.status).toBe(200);
    expect(cartEndpoints.getBuyCart.answer.parse(await priced.json()).data.data.map((item) => item.status)).toEqual(['ok']);
    // …and its page is the checkout, not Page Not Found.
    const response = await page(`/checkout/bn/${code}`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).not.toContain('Page Not Found');
    expect(html).toContain('<title>Checkout Id | Harbor &#38; Pine</title>');
    // What is no cart code stays a 404.
    expect((await page(`/checkout/bn/${mug.productId}_1_${mug.variantId}__not-an-options-id`)).status).toBe(404);
  });

  it('counts the items in the header it draws before the app starts, not the lines', async () => {
    const codes = [
      buildCartCode({ productId: mug.productId, quantity: 2, variantId: mug.variantId, addonIds: [] }),
      buildCartCode({ productId: mug.productId, quantity: 3, variantId: mug.variantId, addonIds: [], options: '0123456789abcdef0123' }),
    ];
    for (const path of ['/', '/stoneware-mug', '/cart']) {
      const response = await page(path, { cookie: `vt_cart=${encodeURIComponent(codes.join('|'))}` });
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html, path).toContain('Cart, 5 items');
      expect(html, path).toMatch(/<span class="vt-header-count" aria-hidden="true">5<\/span>/);
    }
    expect(await (await page('/', { cookie: 'vt_cart=' })).text()).toContain('Cart, 0 items');
  });

  it('sends a guest from /orderdetail/{id} to sign in before looking at the id, and back after', async () => {
    for (const path of ['/orderdetail/12', '/orderdetail/a!b', '/orderdetail/HK4M7Q2ZP9XW3RTA']) {
      const response = await page(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get('location'), path).toBe(`/signin?redirect=${encodeURIComponent(path)}`);
    }
  });

  it('draws prices with the currency code and cards without brand or rating as the published theme says', async () => {
    const cardParts = (html: string) => ({
      brands: (html.match(/class="vt-product-card-brand"/g) ?? []).length,
      ratings: (html.match(/class="vt-product-card-rating"/g) ?? []).length,
    });
    const before = await (await page('/kitchen')).text();
    expect(cardParts(before).brands).toBeGreaterThan(0);
    expect(cardParts(before).ratings).toBeGreaterThan(0);
    expect(before).not.toMatch(/\$[\d,.]+ USD/);

    const studio = studioCaller(started.server, await signInOwner(started.server, 'owner@harbor.test', 'harbor-owner-demo'));
    const theme = studioThemeAnswer.parse(await (await studio('/api/Studio/GetTheme')).json()).data;
    const settings = theme.draft.settings as Record<string, unknown>;
    const document = {
      ...theme.draft,
      settings: {
        ...settings,
        show_currency: true,
        productCard: { ...(settings['productCard'] as object), showBrand: false, showRating: false },
      },
    };
    const saved = await studio('/api/Studio/SaveTheme', { body: { draftRevision: theme.draftRevision, document } });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const published = await studio('/api/Studio/PublishTheme', { body: { draftRevision: theme.draftRevision + 1 } });
    expect(published.status, await published.clone().text()).toBe(200);

    const after = await (await page('/kitchen')).text();
    expect(cardParts(after)).toEqual({ brands: 0, ratings: 0 });
    expect(after).toMatch(/\$[\d,.]+ USD/);
    // The product page's price too, and what the app reads when it starts: the same root data.
    const product = await (await page('/stoneware-mug')).text();
    expect(product).toMatch(/\$[\d,.]+ USD/);
    expect(product).toContain('"shopSettings":{"showCurrency":true,"productCard":{"showBrand":false,"showRating":false}}');
  });
});
