// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { capiRequest, type CartItem, type WebConfig } from '@vitrine/commerce';
import type { ApiClient } from '../client/api-client.ts';
import { connectMarketing, marketingEvent } from './emitter.ts';
import { addToCartFacts } from './facts.ts';
import { customDataOf, pixelCalls, startMarketing } from './runtime.client.ts';

const usd = { currencyAbbreviation: 'USD', currencySymbol: '$', currencyRate: 1 };

const line: CartItem = {
  cartItemID: '0',
  cartItemCode: '12-2-0-0',
  quantity: '2',
  price: '2450',
  status: 'ok',
  statusMessage: '',
  product: {
    productID: 12,
    variantID: 0,
    sku: 'MUG-1',
    itemName: 'Stoneware Mug',
    variantName: '',
    price: 2450,
    imageFile: null,
    thumbnailFile: null,
    productURL: 'stoneware-mug',
  },
  addons: [{ cartAddonID: '0', addonID: 1, addonName: 'Greeting card', quantity: '2', price: 350, totalPrice: 700 }],
  options: [],
};

describe('AddToCart', () => {
  it('carries content_name, content_ids, content_type, value, currency, category and brand (§7)', () => {
    const data = customDataOf(addToCartFacts(line, { brand: 'Fjord Works', category: 'Kitchen' }), usd);
    expect(data).toEqual({
      content_name: 'Stoneware Mug',
      content_ids: ['12'],
      content_type: 'product',
      value: 56,
      currency: 'USD',
      num_items: 2,
      brand: 'Fjord Works',
      category: 'Kitchen',
    });
  });

  it('reports the value in the shopper’s currency, as the shop shows it', () => {
    const data = customDataOf(addToCartFacts(line), { currencyAbbreviation: 'EUR', currencySymbol: '€', currencyRate: 0.5 });
    expect(data).toMatchObject({ value: 28, currency: 'EUR' });
  });

  it('goes to each configured pixel and the Conversions API with one event id', () => {
    const data = customDataOf(addToCartFacts(line, { brand: 'Fjord Works', category: 'Kitchen' }), usd);
    const calls = pixelCalls(
      { facebookPixelID: '1234567890123456', tiktokPixelID: 'C4ABCDEFGH12345678', gA4ID: 'G-ABCDEF1234' },
      'AddToCart',
      data,
      'addtocart-0123456789abcdef',
      'http://localhost:3000/stoneware-mug',
    );
    expect(calls.facebook).toEqual(['track', 'AddToCart', data, { eventID: 'addtocart-0123456789abcdef' }]);
    expect(calls.tiktok).toEqual([
      'track',
      'AddToCart',
      {
        contents: [
          { content_id: '12', content_type: 'product', content_name: 'Stoneware Mug', brand: 'Fjord Works', content_category: 'Kitchen' },
        ],
        value: 56,
        currency: 'USD',
      },
      { event_id: 'addtocart-0123456789abcdef' },
    ]);
    expect(calls.google).toEqual([
      'event',
      'add_to_cart',
      {
        event_id: 'addtocart-0123456789abcdef',
        value: 56,
        currency: 'USD',
        items: [{ item_id: '12', item_name: 'Stoneware Mug', item_brand: 'Fjord Works', item_category: 'Kitchen' }],
      },
    ]);
    expect(calls.tagManager).toBeNull();
    expect(calls.capi).toEqual({
      event_name: 'AddToCart',
      action_source: 'website',
      url: 'http://localhost:3000/stoneware-mug',
      custom_data: { event_id: 'addtocart-0123456789abcdef', ...data },
    });
    // The body the server reads (§7 POST /api/facebook/capi).
    expect(capiRequest.safeParse(calls.capi).success).toBe(true);
  });

  it('asks nothing of a service that is not configured', () => {
    const calls = pixelCalls({ addThisID: 'ra-1234567890abcdef' }, 'AddToCart', {}, 'addtocart-0123456789', 'http://x.test/');
    expect(calls).toEqual({ facebook: null, tiktok: null, google: null, tagManager: null, capi: null });
  });
});

describe('Purchase', () => {
  it('is not sent to the Conversions API by the page (the store reports each order itself), and names the order to Google', () => {
    const calls = pixelCalls(
      { facebookPixelID: '1234567890123456', gA4ID: 'G-ABCDEF1234', tiktokPixelID: 'C4ABCDEFGH12345678' },
      'Purchase',
      { value: 10, currency: 'USD' },
      'purchase-HP-000123',
      'http://x.test/order/HP-000123',
    );
    expect(calls.capi).toBeNull();
    expect(calls.facebook).toEqual(['track', 'Purchase', { value: 10, currency: 'USD' }, { eventID: 'purchase-HP-000123' }]);
    expect(calls.google?.[2]).toMatchObject({ transaction_id: 'HP-000123', event_id: 'purchase-HP-000123' });
    expect(calls.tiktok?.[1]).toBe('CompletePayment');
  });
});

describe('the emitter', () => {
  afterEach(() => connectMarketing(false));

  it('holds events until the runtime connects, then reports them with their ids', () => {
    connectMarketing(null as never);
    const seen: string[] = [];
    marketingEvent('ViewContent', { content_ids: ['1'] });
    marketingEvent('Search', { search_string: 'mug' }, 'search-fixed-id');
    connectMarketing((name, _facts, id) => seen.push(`${name} ${id}`));
    expect(seen).toEqual([expect.stringMatching(/^ViewContent viewcontent-[0-9a-f]{24}$/), 'Search search-fixed-id']);
  });

  it('drops events on a page without marketing, and only logs a failing report', () => {
    connectMarketing(false);
    const sink = vi.fn();
    marketingEvent('PageView');
    connectMarketing(() => {
      throw new Error('pixel broke');
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => marketingEvent('PageView')).not.toThrow();
    expect(error).toHaveBeenCalled();
    expect(sink).not.toHaveBeenCalled();
    error.mockRestore();
  });
});

describe('consent', () => {
  const site = {
    scripts: { facebookPixelID: '1234567890123456' },
    consentBanner: true,
    currency: usd,
    currencies: [usd],
  } as unknown as WebConfig;
  const request = vi.fn(() => Promise.resolve({ data: { sent: true } }));
  const api = { request } as unknown as ApiClient;

  beforeEach(() => {
    document.head.innerHTML = '<script nonce="abc" data-vt-consent></script>';
    document.cookie = 'vt_consent=; Max-Age=0; Path=/';
    request.mockClear();
    window.fbq = vi.fn();
  });
  afterEach(() => {
    connectMarketing(false);
    delete window.fbq;
  });

  it('reports nothing and loads nothing before the shopper accepts', () => {
    const controls = startMarketing(site, api);
    expect(controls.ask).toBe(true);
    marketingEvent('AddToCart', addToCartFacts(line));
    expect(window.fbq).not.toHaveBeenCalled();
    expect(request).not.toHaveBeenCalled();
    expect(document.querySelectorAll('script[data-vt-marketing]')).toHaveLength(0);
  });

  it('on Accept keeps the choice a year, loads the tags with the page’s nonce and reports from then on', () => {
    const controls = startMarketing(site, api);
    controls.accept();
    expect(document.cookie).toContain('vt_consent=granted');
    const loaded = [...document.querySelectorAll<HTMLScriptElement>('script[data-vt-marketing]')];
    expect(loaded.map((s) => s.src).filter(Boolean)).toEqual(['https://connect.facebook.net/en_US/fbevents.js']);
    for (const script of loaded) expect(script.nonce).toBe('abc');
    // The first PageView to the Conversions API, with the id the loaded pixel tag carries.
    const pageViewId = loaded.find((s) => s.dataset.vtPageView)?.dataset.vtPageView;
    expect(pageViewId).toMatch(/^pageview-[0-9a-f]{24}$/);
    expect(request).toHaveBeenCalledWith(expect.anything(), {
      body: expect.objectContaining({ event_name: 'PageView', custom_data: { event_id: pageViewId } }),
    });
    marketingEvent('AddToCart', addToCartFacts(line), 'addtocart-fixed-id');
    expect(window.fbq).toHaveBeenCalledWith('track', 'AddToCart', expect.objectContaining({ content_ids: ['12'] }), {
      eventID: 'addtocart-fixed-id',
    });
  });

  it('logs a customScript that does not parse, and still starts', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const controls = startMarketing({ ...site, scripts: { ...site.scripts, customScript: '{oops' } } as WebConfig, api);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('customScript'), expect.any(SyntaxError));
    controls.accept();
    expect([...document.querySelectorAll<HTMLScriptElement>('script[data-vt-marketing]')].map((s) => s.src).filter(Boolean)).toEqual([
      'https://connect.facebook.net/en_US/fbevents.js',
    ]);
    error.mockRestore();
  });

  it('on Decline keeps the choice and never loads or reports', () => {
    const controls = startMarketing(site, api);
    controls.decline();
    expect(document.cookie).toContain('vt_consent=denied');
    marketingEvent('AddToCart', addToCartFacts(line));
    expect(window.fbq).not.toHaveBeenCalled();
    expect(startMarketing(site, api).ask).toBe(false);
    expect(document.querySelectorAll('script[data-vt-marketing]')).toHaveLength(0);
  });
});
