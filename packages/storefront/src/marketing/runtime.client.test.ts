// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { capiRequest, type CartItem } from '@vitrine/commerce';
import { connectMarketing, marketingEvent } from './emitter.ts';
import { addToCartFacts } from './facts.ts';
import { CONSENT_BANNER_HTML, marketingHead } from './head.server.ts';
import { customDataOf, pixelCalls, startMarketing, type MarketingSite } from './runtime.client.ts';

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

/** A shopper page of a store with `site`'s scripts, as the server writes it for a request with `cookie`. */
function drawPage(site: MarketingSite, cookie: string | null) {
  const drawn = marketingHead({
    scripts: site.scripts,
    consentBanner: site.consentBanner,
    cookieHeader: cookie,
    nonce: 'abc',
    builder: false,
  });
  document.head.innerHTML = drawn.head;
  document.body.innerHTML = `<div id="root"></div>${drawn.bodyEnd}`;
}

const clickChoice = (name: 'Accept' | 'Decline') =>
  [...document.querySelectorAll<HTMLButtonElement>('#vt-consent button')].find((button) => button.textContent === name)!.click();

const tagsIn = () => [...document.head.querySelectorAll<HTMLScriptElement>('script[data-vt-marketing]')];
const files = () =>
  tagsIn()
    .map((script) => script.src)
    .filter(Boolean);

describe('the runtime on a page', () => {
  const site: MarketingSite = {
    scripts: { facebookPixelID: '1234567890123456' },
    consentBanner: true,
    currency: usd,
    currencies: [usd],
  };
  const relay = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(new Response('{"data":{"sent":true}}')));
  const relayed = () => relay.mock.calls.map(([url, init]) => ({ url, body: JSON.parse(String(init.body)) as Record<string, unknown> }));
  const product = { product: { productID: 12, itemName: 'Stoneware Mug', price: 2450, isHidePrice: false, brand: null, category: null } };

  beforeEach(() => {
    document.cookie = 'vt_consent=; Max-Age=0; Path=/';
    relay.mockClear();
    vi.stubGlobal('fetch', relay);
    window.fbq = vi.fn();
  });
  afterEach(() => {
    connectMarketing(false);
    vi.unstubAllGlobals();
    delete window.fbq;
  });

  it('with the banner, reports nothing and puts no tag in before the shopper accepts', () => {
    drawPage(site, null);
    startMarketing({ site, routeData: [product] });
    marketingEvent('AddToCart', addToCartFacts(line));
    expect(window.fbq).not.toHaveBeenCalled();
    expect(relay).not.toHaveBeenCalled();
    expect(tagsIn()).toHaveLength(0);
    expect(document.getElementById('vt-consent')).not.toBeNull();
  });

  it('on Accept keeps the choice a year, puts the tags in with their nonce, and reports from then on', () => {
    drawPage(site, null);
    startMarketing({ site, store: 'harbor', routeData: [] });
    clickChoice('Accept');
    expect(document.cookie).toContain('vt_consent=granted');
    expect(document.getElementById('vt-consent')).toBeNull();
    expect(files()).toEqual(['https://connect.facebook.net/en_US/fbevents.js']);
    for (const script of tagsIn()) expect(script.nonce).toBe('abc');
    // The first PageView to the Conversions API, with the id the pixel's tag left on itself.
    const pageViewId = tagsIn().find((s) => s.dataset.vtPageView)?.dataset.vtPageView;
    expect(pageViewId).toMatch(/^pageview-[0-9a-f]{24}$/);
    expect(relayed()).toEqual([
      {
        url: '/api/facebook/capi?store=harbor',
        body: { event_name: 'PageView', action_source: 'website', url: window.location.href, custom_data: { event_id: pageViewId } },
      },
    ]);
    expect(capiRequest.safeParse(relayed()[0]!.body).success).toBe(true);
    marketingEvent('AddToCart', addToCartFacts(line), 'addtocart-fixed-id');
    expect(window.fbq).toHaveBeenCalledWith('track', 'AddToCart', expect.objectContaining({ content_ids: ['12'] }), {
      eventID: 'addtocart-fixed-id',
    });
  });

  it('on Decline keeps the choice and never puts a tag in or reports', () => {
    drawPage(site, null);
    startMarketing({ site, routeData: [] });
    clickChoice('Decline');
    expect(document.cookie).toContain('vt_consent=denied');
    expect(document.getElementById('vt-consent')).toBeNull();
    marketingEvent('AddToCart', addToCartFacts(line));
    expect(window.fbq).not.toHaveBeenCalled();
    expect(relay).not.toHaveBeenCalled();
    expect(tagsIn()).toHaveLength(0);
    // The next page the server draws for them has no tags, and the banner only hidden, for Cookie settings.
    drawPage(site, 'vt_consent=denied');
    expect(document.body.innerHTML).toBe(`<div id="root"></div>${CONSENT_BANNER_HTML.replace('<section ', '<section hidden="" ')}`);
  });

  it('lets a shopper change their choice at any time from the footer’s Cookie settings, on the same banner (issue 33)', () => {
    const settings = () => document.querySelector<HTMLButtonElement>('[data-vt-consent-settings]')!;
    const withFooter = () =>
      document
        .getElementById('root')!
        .insertAdjacentHTML('beforeend', '<footer><button type="button" data-vt-consent-settings="">Cookie settings</button></footer>');
    // Declined before: the page carries the banner hidden, which Cookie settings shows again.
    document.cookie = 'vt_consent=denied; Path=/';
    drawPage(site, 'vt_consent=denied');
    withFooter();
    startMarketing({ site, routeData: [] });
    expect(document.getElementById('vt-consent')).toBeNull();
    settings().click();
    expect(document.getElementById('vt-consent')?.hidden).toBe(false);
    clickChoice('Accept');
    expect(document.cookie).toContain('vt_consent=granted');
    expect(document.getElementById('vt-consent')).toBeNull();
    marketingEvent('AddToCart', addToCartFacts(line));
    expect(window.fbq).toHaveBeenCalledWith('track', 'AddToCart', expect.anything(), expect.anything());
    connectMarketing(false);
    vi.mocked(window.fbq!).mockClear();

    // Accepted before: withdrawn as easily, and nothing is reported from then on.
    drawPage(site, 'vt_consent=granted');
    withFooter();
    startMarketing({ site, routeData: [] });
    settings().click();
    clickChoice('Decline');
    expect(document.cookie).toContain('vt_consent=denied');
    expect(document.getElementById('vt-consent')).toBeNull();
    marketingEvent('AddToCart', addToCartFacts(line));
    expect(window.fbq).not.toHaveBeenCalled();
  });

  it('takes a choice made in another tab since the page was drawn', () => {
    drawPage(site, null);
    document.cookie = 'vt_consent=granted; Path=/';
    startMarketing({ site, routeData: [] });
    expect(document.getElementById('vt-consent')).toBeNull();
    expect(files()).toEqual(['https://connect.facebook.net/en_US/fbevents.js']);
  });

  it('without the banner, puts the tags in and reports the first page’s own events as it starts', () => {
    const open = { ...site, consentBanner: false };
    drawPage(open, null);
    startMarketing({ site: open, routeData: [{ site: {} }, product] });
    expect(files()).toEqual(['https://connect.facebook.net/en_US/fbevents.js']);
    expect(window.fbq).toHaveBeenCalledWith(
      'track',
      'ViewContent',
      { content_name: 'Stoneware Mug', content_ids: ['12'], content_type: 'product', value: 24.5, currency: 'USD' },
      { eventID: expect.stringMatching(/^viewcontent-[0-9a-f]{24}$/) },
    );
    expect(relayed().map((call) => call.body['event_name'])).toEqual(['PageView', 'ViewContent']);
  });

  it('loads the services’ files only once the page has loaded; their queues take events at once', () => {
    const open = { ...site, consentBanner: false };
    drawPage(open, null);
    Object.defineProperty(document, 'readyState', { value: 'interactive', configurable: true });
    try {
      startMarketing({ site: open, routeData: [] });
      expect(tagsIn().length).toBeGreaterThan(0);
      expect(files()).toEqual([]);
      window.dispatchEvent(new Event('load'));
      expect(files()).toEqual(['https://connect.facebook.net/en_US/fbevents.js']);
    } finally {
      delete (document as { readyState?: unknown }).readyState;
    }
  });

  it('says in the console that a customScript does not parse, and puts the rest in', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = { ...site, consentBanner: false, scripts: { ...site.scripts, customScript: '{oops' } };
    drawPage(broken, null);
    startMarketing({ site: broken, routeData: [] });
    expect(error).toHaveBeenCalledWith(expect.stringContaining('customScript'));
    expect(files()).toEqual(['https://connect.facebook.net/en_US/fbevents.js']);
    error.mockRestore();
  });
});
