import { describe, expect, it } from 'vitest';
import { createStaticHandler } from 'react-router-dom';
import type { CartItem, PublishedPage, WebConfig } from '@vitrine/commerce';
import type { StorefrontData } from './data.ts';
import { serializeForScript } from '@vitrine/renderer/server';
import { sectionSources } from '@vitrine/sections';
import { pricedItem } from './client/cart.fixture.ts';
import { appCodeOf, renderStorefront, serverDataJson, themeStylesheet } from './entry-server.tsx';
import { documentTitle, errorStatus, metaOf } from './meta.ts';
import type { ServerData } from './server-data.ts';
import { createRoutes } from './routes.tsx';
import { webConfig } from './web-config.fixture.ts';

const site: WebConfig = webConfig({
  themeSettings: { themeID: 1, themeData: '{}', themeCSS: ':root{--color-brand:#123456}</style><script>x</script>' },
  webTitle: 'Test <Shop>',
  webMeta: { metaTitle: '', metaDesc: 'A shop', metaKeywords: '', metaImage: '' },
});

const home: PublishedPage = {
  pageId: 1,
  version: 1,
  document: {
    schemaVersion: 1,
    pageTypeId: 1,
    slug: '',
    title: 'Home',
    seo: { title: '', description: '', keywords: '', image: '' },
    sections: [{ id: 'hero', type: 6, version: 1, settings: { heading: 'Hello there' }, style: {} }],
  },
  sectionData: {},
};

/** The storefront's data as the server would answer it, held in memory for these tests. */
function storeData(overrides: Partial<StorefrontData> = {}, siteOverrides: Partial<WebConfig> = {}): StorefrontData {
  return {
    getSite: async () => ({ ...site, ...siteOverrides }),
    getAddress: async (path) => (path === '' ? { kind: 'page', page: home } : null),
    getTemplate: async () => null,
    getDesigns: async () => [],
    getSession: async () => ({ signedIn: false, userId: null }),
    getThemeSectionData: async () => ({}),
    getMaintenance: async () => ({ isMaintenance: false, isPasswordProtected: '0', heading: '', description: '' }),
    hasMaintenanceBypass: async () => false,
    getCartCount: async () => null,
    getKeptCartCodes: async () => null,
    getKeptCart: async () => null,
    getCheckoutOptions: async () => null,
    ...overrides,
  };
}
const data = storeData();
const assets = {
  buildId: 'test-build',
  scripts: ['/assets/app.js'],
  modulePreloads: ['/assets/runtime.js'],
  styles: ['/assets/app.css'],
  inlineStyles: ['.vt-page{margin:0}/* </style><script>alert(1)</script> */'],
};

async function answer(path: string, from: StorefrontData = data, headers: Record<string, string> = {}) {
  return renderStorefront(new Request(`http://shop.test${path}`, { headers }), from, assets);
}

async function render(path: string, from: StorefrontData = data, headers: Record<string, string> = {}) {
  const result = await answer(path, from, headers);
  if (result.kind !== 'page') throw new Error(`expected a page, got a redirect to ${result.location}`);
  return { status: result.status, html: result.body.toString('utf8') };
}

async function redirectOf(path: string, from: StorefrontData = data) {
  const result = await answer(path, from);
  return result.kind === 'redirect' ? result.location : null;
}

describe('renderStorefront', () => {
  it('streams the home page with its title, theme CSS, assets and hydration data', async () => {
    const { status, html } = await render('/');
    expect(status).toBe(200);
    expect(html).toContain('<title>Home | Test &#60;Shop&#62;</title>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css">');
    // The built stylesheet is written into the page, and cannot end its <style> early.
    expect(html).toContain('<style>.vt-page{margin:0}');
    expect(html).not.toContain('</style><script>alert(1)');
    // The server drew all the home page shows: its code comes after its images and fonts.
    expect(html).toContain(
      '<link rel="modulepreload" fetchpriority="low" href="/assets/runtime.js"><script type="module" fetchpriority="low" src="/assets/app.js"></script>',
    );
    expect(html).toContain('<h1 class="vt-h1">Hello there</h1>');
    expect(html).toContain('<script type="application/json" id="vt-data">{"boot":');
    expect(html.endsWith('</body></html>')).toBe(true);
  });

  it("describes a page to search engines and link previews with its SEO fields, or the store's defaults", async () => {
    const sale: PublishedPage = {
      ...home,
      pageId: 2,
      document: {
        ...home.document,
        pageTypeId: 2,
        slug: 'summer-sale',
        title: 'Summer sale',
        seo: { title: 'Linen & oak, 20% off', description: 'Our summer sale', keywords: 'linen, oak', image: '/media/1/sale.webp' },
      },
    };
    const withSale = storeData(
      {
        getAddress: async (path) =>
          path === 'summer-sale' ? { kind: 'page', page: sale } : path === '' ? { kind: 'page', page: home } : null,
      },
      {
        webMeta: { metaTitle: '', metaDesc: 'A shop', metaKeywords: 'shop', metaImage: 'media://share.webp' },
        staticCDN: 'https://cdn.test/1',
      },
    );
    const { html } = await render('/summer-sale', withSale);
    expect(html).toContain('<title>Summer sale | Test &#60;Shop&#62;</title>');
    expect(html).toContain('<meta name="description" content="Our summer sale">');
    expect(html).toContain('<meta name="keywords" content="linen, oak">');
    expect(html).toContain('<meta property="og:title" content="Linen &#38; oak, 20% off">');
    expect(html).toContain('<meta property="og:site_name" content="Test &#60;Shop&#62;">');
    expect(html).toContain('<meta property="og:image" content="http://shop.test/media/1/sale.webp">');

    const fallback = await render('/', withSale);
    expect(fallback.html).toContain('<title>Home | Test &#60;Shop&#62;</title>');
    expect(fallback.html).toContain('<meta property="og:title" content="Home">');
    expect(fallback.html).toContain('<meta name="description" content="A shop">');
    expect(fallback.html).toContain('<meta name="keywords" content="shop">');
    expect(fallback.html).toContain('<meta property="og:image" content="https://cdn.test/1/share.webp">');
  });

  it('keeps the theme CSS inside its style element and out of the hydration data', async () => {
    const { html } = await render('/');
    expect(html).not.toContain('</style><script>x</script>');
    const hydration = html.slice(html.indexOf('id="vt-data"'));
    expect(hydration).not.toContain('--color-brand');
  });

  it("carries the theme's rules the page uses, and names its whole stylesheet for the app, by its text", async () => {
    const themeCSS =
      ':root{--gap:8px}.vt-container{max-width:90rem}.vt-cols-mobileWide-7{--vt-cols:7}@media (width>=768px){.vt-never{color:red}}';
    const page = (wtid = '') => render(`/${wtid}`, storeData({}, { themeSettings: { ...site.themeSettings, themeCSS } }));
    const { html } = await page();
    expect(html).toContain('<style id="vt-theme">:root{--gap:8px}.vt-container{max-width:90rem}</style>');
    const boot = (JSON.parse(html.match(/id="vt-data">(.*?)<\/script>/)![1]!) as ServerData).boot;
    expect(boot.themeStylesheet).toMatch(/^\/_theme\/[\w-]{16}\.css$/);
    expect(themeStylesheet(themeCSS).path).toBe(boot.themeStylesheet);
    expect(themeStylesheet(`${themeCSS} `).path).not.toBe(boot.themeStylesheet);
    // The page carries the theme's font faces; the whole stylesheet leaves them out, not to load each face again.
    const faced = themeStylesheet(`@font-face{font-family:X;src:url(x.woff2)}${themeCSS}`);
    expect(faced.text).toBe(themeCSS);
    // A design shown by its id links that design's stylesheet.
    const design = await page('?wtid=Mg%3D%3D');
    expect((JSON.parse(design.html.match(/id="vt-data">(.*?)<\/script>/)![1]!) as ServerData).boot.themeStylesheet).toBe(
      `${boot.themeStylesheet}?wtid=Mg%3D%3D`,
    );
  });

  it('answers an unknown page with 404 and the Page Not Found page', async () => {
    const { status, html } = await render('/missing-page');
    expect(status).toBe(404);
    expect(html).toContain('<title>Page Not Found | Test &#60;Shop&#62;</title>');
    expect(html).toContain('Page Not Found: /missing-page');
    expect(html).toContain('"__type":"RouteErrorResponse"');
  });

  it('the 404 message shows the path decoded ("/café", not "/caf%C3%A9"), and a stray % still answers 404', async () => {
    const { status, html } = await render('/caf%C3%A9');
    expect(status).toBe(404);
    expect(html).toContain('Page Not Found: /café');
    expect(html).not.toContain('caf%C3%A9</p>');
    const stray = await render('/sale%');
    expect(stray.status).toBe(404);
    expect(stray.html).toContain('Page Not Found: /sale%');
  });

  it('refuses a path that cannot be a page slug with 404, before asking for data', async () => {
    expect((await render('/Bad%20Path')).status).toBe(404);
  });

  it('sends the preview route as an empty shell for the browser to fill', async () => {
    const { status, html } = await render('/preview');
    expect(status).toBe(200);
    expect(html).toContain('data-preview-ready="false"');
    expect(html).not.toContain('Waiting for the studio');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
  });
});

describe('routes, guards and redirects', () => {
  it('names the code the app needs to take over a page it drew, for the page to fetch ahead of the first tap (issue 33)', async () => {
    // A build in which each module is one file named after it, so the files a name stands for say which modules.
    const sources = ['storefront/src/app.tsx', 'storefront/src/pages/page-view.tsx', 'storefront/src/pages/cart-page.tsx'];
    const sections = Array.from({ length: 22 }, (_, at) => at + 1);
    const modules = Object.fromEntries([...sources, ...sectionSources(sections)].map((source) => [source, [`/${source}.js`]]));
    const appCode = appCodeOf(modules, []);
    const bootOf = async (path: string) => {
      const result = await renderStorefront(new Request(`http://shop.test${path}`), data, { ...assets, appCode });
      if (result.kind !== 'page') throw new Error(`expected a page at ${path}`);
      return (JSON.parse(result.body.toString('utf8').match(/id="vt-data">(.*?)<\/script>/)![1]!) as ServerData).boot;
    };
    const home = await bootOf('/');
    // The app, the owner's page view and the one section the home page draws (a hero banner); the theme here has no
    // header or footer.
    expect(appCode.filesOf(home.appCode!)).toEqual([
      '/sections/src/hero-banner/hero-banner.tsx.js',
      '/storefront/src/app.tsx.js',
      '/storefront/src/pages/page-view.tsx.js',
    ]);
    // The app's own pages start it at once: nothing to fetch ahead.
    expect((await bootOf('/cart')).appCode).toBeUndefined();
  });

  it('fetches the app first on its own pages, which draw their content in the browser', async () => {
    const { html } = await render('/cart');
    expect(html).toContain('<link rel="modulepreload" href="/assets/runtime.js"><script type="module" src="/assets/app.js"></script>');
  });

  it('draws the cart the browser keeps when its cookie told the server: priced, with its code after the page', async () => {
    const kept = storeData({
      getKeptCartCodes: async () => ['5_2_0_3', '6_1_0_'],
      getKeptCart: async () => [pricedItem('5_2_0_3', 'ok', 1200, 300), pricedItem('6_1_0_', 'ok', 800)],
    });
    const { html } = await render('/cart', kept);
    expect(html).not.toContain('Loading your cart');
    expect(html).toContain('Product 5');
    expect(html).toContain('aria-label="Remove Add-on 3 from Product 5"');
    expect(html).toContain('aria-label="Quantity of Product 5"');
    expect(html).toMatch(/Subtotal<\/span> <strong>\$38(\.00)?<\/strong>/);
    expect(html).toContain('href="/checkout"');
    expect(html).toContain('<script type="module" fetchpriority="low" src="/assets/app.js"></script>');
    // The browser is told which codes were drawn, to start the app at the first touch when they are its own.
    expect(html).toContain('"cartCodes":["5_2_0_3","6_1_0_"]');
    // An empty cart the cookie told is drawn empty; no cookie, and only the app can draw it.
    const empty = await render('/cart', storeData({ getKeptCartCodes: async () => [], getKeptCart: async () => [] }));
    expect(empty.html).toContain('Your cart is empty.');
    expect(empty.html).not.toContain('cartCodes');
    expect((await render('/cart')).html).toContain('Loading your cart');
    // A line that left the cart: drawn without it, and the app, which says so, comes first.
    const changed = await render(
      '/cart',
      storeData({
        getKeptCartCodes: async () => ['5_2_0_3', '6_1_0_'],
        getKeptCart: async () => [pricedItem('5_2_0_3'), pricedItem('6_1_0_', 'outofstock')],
      }),
    );
    expect(changed.html).toContain('Product 5');
    expect(changed.html).not.toContain('Product 6');
    expect(changed.html).toContain('<script type="module" src="/assets/app.js"></script>');
  });

  it('draws the checkout of the cart the browser keeps, with the store’s options; an empty one goes back to the cart', async () => {
    const options = {
      options: [
        { deliveryOptionId: 7, name: 'Standard delivery', price: 495, freeFrom: 7500 },
        { deliveryOptionId: 8, name: 'Express delivery', price: 1295, freeFrom: null },
      ],
      accountMode: 2,
      contactRequirementMode: 2,
      paymentMethods: ['cod' as const, 'card' as const],
    };
    const kept = (cart: CartItem[], codes = cart.map((item) => item.cartItemCode)) =>
      storeData({ getKeptCartCodes: async () => codes, getKeptCart: async () => cart, getCheckoutOptions: async () => options });
    const { html } = await render('/checkout', kept([pricedItem('5_2_0_3', 'ok', 1200, 300), pricedItem('6_1_0_', 'ok', 800)]));
    expect(html).not.toContain('Loading your checkout');
    expect(html).toContain('Checking out as a guest.');
    expect(html).toContain('<input type="radio" name="deliveryOptionId" checked="" value="7"/>');
    expect(html).toContain('Express delivery');
    expect(html).toContain('Pay the courier when your order arrives.');
    expect(html).toContain('Product 5');
    expect(html).toMatch(/data-testid="checkout-total">\$42\.95</);
    expect(html).toContain('Place order</button>');
    expect(html).toContain('<script type="module" fetchpriority="low" src="/assets/app.js"></script>');
    // No cookie: the app reads the cart and the options; a cookie with an empty cart: back to the cart.
    expect((await render('/checkout')).html).toContain('<script type="module" src="/assets/app.js"></script>');
    expect(await redirectOf('/checkout', kept([]))).toBe('/cart');
    // A line priced out of the cart: the app, which says so, comes first.
    const changed = await render('/checkout', kept([pricedItem('5_2_0_3'), pricedItem('6_1_0_', 'outofstock')]));
    expect(changed.html).toContain('<script type="module" src="/assets/app.js"></script>');
  });

  it('gives every route its title and robots rule', async () => {
    const cases: [string, string, boolean][] = [
      ['/cart', 'Cart', true],
      ['/signin', 'Signin', false],
      ['/forgotpassword', 'Forgot Password', false],
      ['/resetpassword', 'Reset Password', false],
      ['/notfound', 'Notfound', true],
      ['/compare', 'Compare', false],
      ['/order/ABCD-1234', 'Order', true],
      ['/status', 'Status', true],
    ];
    for (const [path, title, noindex] of cases) {
      const { status, html } = await render(path);
      expect(status, path).toBe(200);
      expect(html, path).toContain(`<title>${title} | Test &#60;Shop&#62;</title>`);
      expect(html.includes('<meta name="robots" content="noindex, nofollow">'), path).toBe(noindex);
    }
  });

  it('sends guests from signed-in routes to /signin, returning afterwards', async () => {
    for (const path of ['/account', '/wishlist', '/orderlist', '/changepassword', '/orderdetail/HK4M7Q2ZP9XW3RTA']) {
      expect(await redirectOf(path), path).toBe(`/signin?redirect=${encodeURIComponent(path)}`);
    }
    // Before the id is looked at: a guest is never told which ids read as orders (issue 33).
    for (const path of ['/orderdetail/12', '/orderdetail/a!b']) {
      expect(await redirectOf(path), path).toBe(`/signin?redirect=${encodeURIComponent(path)}`);
    }
    const signedIn = storeData({ getSession: async () => ({ signedIn: true, userId: '5' }) });
    const { status, html } = await render('/account', signedIn);
    expect(status).toBe(200);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  it('draws the checkout’s country as a list by name, the store’s first; the phone once; the summary as a bar that opens (issue 33)', async () => {
    const options = {
      options: [{ deliveryOptionId: 7, name: 'Standard delivery', price: 495, freeFrom: null }],
      accountMode: 2,
      contactRequirementMode: 2,
      paymentMethods: ['cod' as const],
      storeCountry: 'US',
    };
    const drawn = async (contactRequirementMode: number) =>
      (
        await render(
          '/checkout',
          storeData({
            getKeptCartCodes: async () => ['5_2_0_'],
            getKeptCart: async () => [pricedItem('5_2_0_', 'ok', 2500)],
            getCheckoutOptions: async () => ({ ...options, contactRequirementMode }),
          }),
        )
      ).html;
    const html = await drawn(2);
    const select = /<select[^>]*name="shippingAddress\.country"[^>]*>(.*?)<\/select>/s.exec(html);
    expect(select, 'a country list').not.toBeNull();
    expect(html).not.toMatch(/<input[^>]*name="shippingAddress\.country"/);
    const names = [...select![1]!.matchAll(/<option value="([A-Z]{2})"[^>]*>([^<]+)<\/option>/g)];
    expect(names.length).toBeGreaterThan(240);
    expect(names[0]![0]).toBe('<option value="US" selected="">United States of America</option>');
    expect(names[1]![2]).toBe('Afghanistan');
    // Its label names it.
    expect(html).toMatch(/<label for="([^"]+)">Country<\/label><select[^>]*id="\1"/);
    // The phone is asked once, with the contact; a store that asks no phone there asks the courier's with the address.
    expect(html.match(/type="tel"/g)).toHaveLength(1);
    expect(html).toMatch(/<input[^>]*type="tel"[^>]*name="phone"/);
    const emailOnly = await drawn(5);
    expect(emailOnly.match(/type="tel"/g)).toHaveLength(1);
    expect(emailOnly).toMatch(/<input[^>]*name="shippingAddress\.phone"/);
    // The summary comes first, as a bar with the total that opens the lines (a side column on a wide screen, app.css).
    expect(html).toMatch(
      /<button type="button" class="vt-checkout-summary-toggle" aria-expanded="false" aria-controls="checkout-summary-body"><span[^>]*>Show order summary<\/span><span[^>]*>\$54\.95<\/span><\/button>/,
    );
    expect(html.indexOf('Show order summary')).toBeLessThan(html.indexOf('id="checkout-contact"'));
    expect(html.indexOf('id="checkout-contact"')).toBeLessThan(html.indexOf('Place order</button>'));
  });

  it('checks checkout: an account when the site requires one, and a cart for the plain checkout', async () => {
    expect(await redirectOf('/checkout', storeData({}, { accountMode: 1 }))).toBe('/signin?redirect=%2Fcheckout');
    expect(await redirectOf('/checkout', storeData({ getCartCount: async () => 0 }))).toBe('/cart');
    expect((await render('/checkout/bn/12_1_0_')).status).toBe(200);
    // A line with options chosen carries their id as a fifth part, as GetBuyCart reads it (issue 33).
    expect((await render('/checkout/bn/12_1_3_4,5_0123456789abcdef0123')).status).toBe(200);
    expect((await render('/checkout/bn/12_1_3_4,5_not-an-options-id')).status).toBe(404);
  });

  it('answers a failed route validation with 404 Page Not Found: {path}', async () => {
    for (const path of ['/orderdetail/a!b', '/checkout/bn/not-a-code', '/order/!']) {
      const signedIn = storeData({ getSession: async () => ({ signedIn: true, userId: '5' }) });
      const { status, html } = await render(path, signedIn);
      expect(status, path).toBe(404);
      expect(html).toContain(`Page Not Found: ${path}`);
    }
  });

  it('follows route rules that redirect inside the app', async () => {
    expect(await redirectOf('/home')).toBe('/');
    expect(await redirectOf('/login')).toBe('/signin');
  });

  it('sends visitors to /maintenance while the store is in maintenance, except the editor and preview (§2.5)', async () => {
    const closed = storeData({}, { isMaintenance: true });
    expect(await redirectOf('/', closed)).toBe('/maintenance');
    // The page asked for rides along, to be returned to (issue 33); never another site's address.
    expect(await redirectOf('/cart', closed)).toBe('/maintenance?return=%2Fcart');
    expect(await redirectOf('/kitchen?sort=price', closed)).toBe('/maintenance?return=%2Fkitchen%3Fsort%3Dprice');
    expect((await render('/preview', closed)).status).toBe(200);
    const { html } = await render(
      '/maintenance',
      storeData(
        {
          getMaintenance: async () => ({ isMaintenance: true, isPasswordProtected: '1', heading: 'Back soon', description: 'Stocktaking' }),
        },
        { isMaintenance: true },
      ),
    );
    expect(html).toContain('Back soon');
    expect(html).toContain('Stocktaking');
    expect(html).toContain('>Password</label>');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  it('sends visitors home from /maintenance when it is off or they hold the bypass', async () => {
    expect(await redirectOf('/maintenance')).toBe('/');
    const bypassed = storeData({ hasMaintenanceBypass: async () => true }, { isMaintenance: true });
    expect(await redirectOf('/maintenance', bypassed)).toBe('/');
    expect(await redirectOf('/maintenance?return=%2Fcart', bypassed)).toBe('/cart');
    expect(await redirectOf('/maintenance?return=%2F%2Fevil.example', bypassed)).toBe('/');
    expect((await render('/', bypassed)).status).toBe(200);
  });

  it('gives bots no error page', async () => {
    const { status, html } = await render('/missing', data, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' });
    expect(status).toBe(404);
    expect(html).toBe('');
  });

  it('tells the browser its build, theme and store in a data block that runs nothing', async () => {
    const { html } = await render('/');
    const block = html.match(/<script type="application\/json" id="vt-data">(.*?)<\/script>/)?.[1] ?? '';
    expect((JSON.parse(block) as ServerData).boot).toEqual({
      buildId: 'test-build',
      themeId: 1,
      webId: 1,
      themeStylesheet: themeStylesheet(site.themeSettings.themeCSS).path,
    });
  });
});

describe('meta', () => {
  it('follows the page title with the store title', () => {
    expect(documentTitle('Cart', 'Shop')).toBe('Cart | Shop');
    expect(documentTitle('', 'Shop')).toBe('Shop');
  });
  it('lets an error title win and reads 404 from responses', () => {
    expect(metaOf([{ meta: { title: 'Home' } }], { status: 404 })?.title).toBe('Page Not Found');
    expect(metaOf([{ meta: { title: 'Home' } }], new Error('x'))?.title).toBe('Internal Server Error');
    expect(metaOf([{ meta: { title: 'Root' } }, { meta: { title: 'Leaf' } }], undefined)?.title).toBe('Leaf');
    expect(errorStatus(new Error('x'))).toBe(500);
  });
});

describe('the page’s server data', () => {
  it('is written exactly as serializing it whole would write it, each route’s data once however many pages carry it', () => {
    const page = { page: { title: 'A </script><script>alert(1)</script> & more', list: [1, 2] } };
    const shapes: ServerData[] = [
      {
        boot: { buildId: 'b', themeId: 1, webId: 2 },
        hydration: { loaderData: { root: { a: 1 }, 'home:': page }, actionData: null, errors: null },
      },
      {
        boot: { buildId: 'b', themeId: 1, webId: 2, store: 'x' },
        hydration: { loaderData: { root: null, gone: undefined, n: 3 }, errors: { x: 1 } },
      },
      { boot: { buildId: 'b', themeId: 1, webId: 2 }, hydration: { loaderData: {} } },
      { boot: { buildId: 'b', themeId: 1, webId: 2 }, hydration: {} },
    ];
    for (const serverData of shapes) expect(serverDataJson(serverData)).toBe(serializeForScript(serverData));
    // The same object is written as it was the first time, in another page's data too.
    const again: ServerData = { boot: { buildId: 'c', themeId: 1, webId: 2 }, hydration: { loaderData: { other: page } } };
    expect(serverDataJson(again)).toBe(serializeForScript(again));
  });

  it('is the same object request after request while the store’s kept data is, so its JSON is written once', async () => {
    const handler = createStaticHandler(createRoutes(({ context }) => context as StorefrontData));
    const loaded = async (path: string, from: StorefrontData) => {
      const context = await handler.query(new Request(`http://shop.test${path}`), { requestContext: from });
      if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
      return context.loaderData['home:'] as object;
    };
    const first = await loaded('/', data);
    expect(await loaded('/', data)).toBe(first);
    expect(await loaded('/?utm_source=mail', data)).toBe(first);
    // A page published again is another object, and so is its data.
    const republished: PublishedPage = { ...home, version: 2 };
    const changed = await loaded('/', storeData({ getAddress: async () => ({ kind: 'page', page: republished }) }));
    expect(changed).not.toBe(first);
    expect(changed).toMatchObject({ page: republished });
  });

  it('renders the same page the same way twice, from data kept between them', async () => {
    const first = await render('/');
    const second = await render('/');
    const dataOf = (html: string) => html.slice(html.indexOf('id="vt-data"'));
    expect(dataOf(second.html)).toBe(dataOf(first.html));
    expect(JSON.parse(dataOf(first.html).slice(dataOf(first.html).indexOf('>') + 1, -'</script></body></html>'.length))).toMatchObject({
      hydration: { loaderData: { 'home:': { page: home } } },
    });
  });
});
