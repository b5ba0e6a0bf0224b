import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type BrowserContext, type Page, type Request } from '@playwright/test';
import { callStore } from '../fixtures/api.ts';
import { startStore, type RunningStore } from '../fixtures/server.ts';
import { minor } from './shopper.ts';

/** The built shopper app the server serves. */
const builtAssets = fileURLToPath(new URL('../../packages/storefront/dist/assets/', import.meta.url));

/**
 * Marketing scripts on shoppers' pages (issue 17), in Chromium against the real server: what the owner saves through
 * the studio API is what pages load, nothing loads in the studio's frame, the consent banner holds every third-party
 * request and marketing cookie until Accept, and the pixel's AddToCart goes out with the §7 fields and the same event
 * id as the page's Conversions API call. A server of its own: these tests change Harbor & Pine's scripts, which other
 * files' pages must not load. Third-party hosts never reach the network: each is answered with a small fake script,
 * and every request to them is logged.
 */

/** Where the screenshots go to be looked at (outside test-results, which every Playwright run empties). */
const shots = join(tmpdir(), 'vitrine-shots', 'marketing');

interface StudioSession {
  sessionToken: string;
}

const test = base.extend<object, { shop: RunningStore; owner: StudioSession }>({
  shop: [
    async ({}, use) => {
      const store = await startStore();
      await use(store);
      await store.stop();
    },
    { scope: 'worker' },
  ],
  owner: [
    async ({ shop }, use) => {
      const answer = await call(shop, 'POST', '/api/Studio/SignIn', undefined, {
        email: 'owner@harbor.test',
        password: 'harbor-owner-demo',
      });
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      await use((answer.json as { data: StudioSession }).data);
    },
    { scope: 'worker' },
  ],
});

/** A call to Harbor & Pine's API. */
const call = (store: RunningStore, method: 'GET' | 'POST', path: string, token?: string, body?: unknown) =>
  callStore(store, method, path, { token, body });

const scripts = {
  facebookPixelID: '1234567890123456',
  gA4ID: 'G-ABCDEF1234',
  tagManagerID: 'GTM-ABC1234',
  tiktokPixelID: 'C4ABCDEFGH12345678',
  liveChatID: 'https://tawk.to/chat/abc123/def456',
  customScript: '[{"src":"https://cdn.example.com/widget.js"},{"content":"window.vtCustomRan = true;"}]',
};

async function saveMarketing(shop: RunningStore, owner: StudioSession, consentBanner: boolean, chosen: Record<string, string> = scripts) {
  const answer = await call(shop, 'POST', '/api/Studio/SaveMarketing', owner.sessionToken, {
    scripts: chosen,
    facebookPixelToken: null,
    consentBanner,
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
}

/**
 * The fake Facebook pixel: sets the browser cookie the real one sets, and reports each call it is given as a request
 * the network log shows (like the real one's).
 */
const FAKE_FBEVENTS = `(function(){var f=window.fbq;document.cookie='_fbp=fb.1.1.1; path=/; max-age=7776000';function send(a){if(a[0]!=='track')return;
fetch('https://www.facebook.com/tr/',{method:'POST',mode:'no-cors',body:JSON.stringify({ev:a[1],cd:a[2]||{},eid:(a[3]||{}).eventID})})}
var q=f.queue||[];f.callMethod=function(){send([].slice.call(arguments))};q.forEach(function(a){send([].slice.call(a))});})();`;

const isThirdParty = (url: string) =>
  !/^https?:\/\/(localhost|127\.0\.0\.1|[a-z0-9-]+\.localhost)(:\d+)?\//.test(url) && !url.startsWith('data:');

/** Routes every third-party request of the context to a fake answer, and logs them in order. */
async function fakeThirdParties(context: BrowserContext): Promise<Request[]> {
  const log: Request[] = [];
  context.on('request', (request) => {
    if (isThirdParty(request.url())) log.push(request);
  });
  await context.route(
    (url) => isThirdParty(url.href),
    (route) => {
      const url = route.request().url();
      const body = url.startsWith('https://connect.facebook.net/') ? FAKE_FBEVENTS : '/* fake */';
      return route.fulfill({ status: 200, contentType: url.endsWith('.html') ? 'text/html' : 'text/javascript', body });
    },
  );
  return log;
}

const urls = (log: Request[]) => log.map((request) => request.url());
/**
 * Cookies of the marketing services (Meta, Google, TikTok, AdRoll, tawk.to, AddThis), or any cookie of another site.
 * The store's own (its session, the shopper's viewport, its first-party visit counting) are not marketing's.
 */
const marketingCookies = async (context: BrowserContext) =>
  (await context.cookies())
    .filter(
      (cookie) =>
        /^(_fbp|_fbc|_ga|_gid|_gcl|_ttp|_tt_|__adroll|__ar_|tawk|__atuv|_gat)/i.test(cookie.name) ||
        !/^(localhost|127\.0\.0\.1|[a-z0-9-]+\.localhost)$/.test(cookie.domain.replace(/^\./, '')),
    )
    .map((cookie) => `${cookie.name} (${cookie.domain})`);

/** What axe finds wrong in one part of the page. */
const axeFindings = async (page: Page, selector: string) =>
  (await new AxeBuilder({ page }).include(selector).analyze()).violations.map(
    (v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );

/** Chromium's report of anything the Content-Security-Policy refused, on the page's console. */
function cspRefusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  return refused;
}

test('the scripts the owner saves are the scripts a shopper page loads, nonce’d, and the policy refuses none', async ({
  browser,
  shop,
  owner,
}) => {
  await saveMarketing(shop, owner, false);
  const context = await browser.newContext();
  const log = await fakeThirdParties(context);
  const page = await context.newPage();
  const refused = cspRefusals(page);
  const scripts: string[] = [];
  const fetchedAhead: Promise<string[]>[] = [];
  page.on('response', (response) => {
    // The app's code, fetched ahead once the page has loaded (issue 33), is not run: it is set apart below.
    if (response.url().includes('/_app/code/')) fetchedAhead.push(response.json() as Promise<string[]>);
    const file = /\/assets\/([^/?#]+\.js)$/.exec(response.url())?.[1];
    if (file) scripts.push(file);
  });
  const loadedAt = { page: 0, files: [] as number[] };
  page.on('load', () => (loadedAt.page = Date.now()));
  page.on('request', (request) => {
    if (isThirdParty(request.url()) && request.resourceType() === 'script') loadedAt.files.push(Date.now());
  });
  await page.goto(shop.url('localhost', '/'), { waitUntil: 'networkidle' });
  // The marketing runtime runs beside the page's entry, without the app (which waits for the shopper's first touch;
  // its code is only fetched ahead) and without any schema library or endpoint table.
  await expect(page.locator('html[data-vt-app]')).toHaveCount(0);
  const ahead = new Set((await Promise.all(fetchedAhead)).flat().map((href) => href.replace(/^\/assets\//, '')));
  scripts.splice(0, scripts.length, ...scripts.filter((file) => !ahead.has(file)));
  expect(scripts.some((file) => file.startsWith('runtime.client-'))).toBe(true);
  expect(scripts.some((file) => file.startsWith('app-'))).toBe(false);
  const code = scripts.map((file) => readFileSync(`${builtAssets}${file}`, 'utf8'));
  expect(code.filter((text) => text.includes('/api/Studio/'))).toEqual([]);
  // The app's chunk alone is 250 KB, the schema library's 90 KB.
  expect(code.reduce((sum, text) => sum + text.length, 0)).toBeLessThan(40_000);
  // The services' files load once the page has loaded, never before what the shopper sees.
  expect(loadedAt.files.length).toBeGreaterThanOrEqual(6);
  expect(Math.min(...loadedAt.files)).toBeGreaterThanOrEqual(loadedAt.page);
  expect(urls(log)).toEqual(
    expect.arrayContaining([
      'https://www.googletagmanager.com/gtm.js?id=GTM-ABC1234',
      'https://www.googletagmanager.com/gtag/js?id=G-ABCDEF1234',
      'https://connect.facebook.net/en_US/fbevents.js',
      'https://analytics.tiktok.com/i18n/pixel/events.js?sdkid=C4ABCDEFGH12345678&lib=ttq',
      // The chat's share link, rewritten to its embed host (§7).
      'https://embed.tawk.to/abc123/def456',
      'https://cdn.example.com/widget.js',
    ]),
  );
  // The inline custom script ran: the policy let its nonce through.
  expect(await page.evaluate(() => (window as unknown as { vtCustomRan?: boolean }).vtCustomRan)).toBe(true);
  // The first PageView went to the pixel, with an event id.
  const pageView = log.find((request) => request.url() === 'https://www.facebook.com/tr/')?.postDataJSON() as { ev: string; eid: string };
  expect(pageView).toMatchObject({ ev: 'PageView', eid: expect.stringMatching(/^pageview-[0-9a-f]{24}$/) });
  expect(refused).toEqual([]);

  // Every tag in the HTML carries the nonce the policy names.
  const answer = await page.request.get(shop.url('localhost', '/?nonce-check'));
  const nonce = /'nonce-([^']+)'/.exec(answer.headers()['content-security-policy'] ?? '')?.[1];
  expect(nonce).toBeTruthy();
  const html = await answer.text();
  const tags = html.match(/<script[^>]*data-vt-marketing[^>]*>/g) ?? [];
  expect(tags.length).toBeGreaterThanOrEqual(10);
  for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
  // AddThis is shut down: the studio no longer offers it, and a stored id loads nothing (issue 33).
  expect(html).not.toContain('addthis');
  expect(html).toContain('<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-ABC1234"');
  await context.close();
});

test('the studio’s preview frame loads no marketing script, nor does a store without any: a console note says so', async ({
  browser,
  shop,
  owner,
}) => {
  await saveMarketing(shop, owner, false);
  const context = await browser.newContext();
  const log = await fakeThirdParties(context);
  const page = await context.newPage();
  const notes: string[] = [];
  page.on('console', (message) => notes.push(message.text()));
  const answer = await page.goto(shop.url('localhost', '/preview'), { waitUntil: 'networkidle' });
  expect(await answer?.text()).not.toContain('data-vt-marketing');
  await expect.poll(() => notes).toContain('Vitrine: no marketing scripts in builder mode; nothing injected');
  // A store with no scripts configured (Atelier Nord) says so too.
  await page.goto(shop.url('second.localhost', '/'), { waitUntil: 'networkidle' });
  await expect.poll(() => notes).toContain('Vitrine: no marketing scripts configured for this store; nothing injected');
  expect(urls(log)).toEqual([]);
  await context.close();
});

test('with the consent banner: nothing third-party and no marketing cookie before Accept; Accept loads them, on this page and the next', async ({
  browser,
  shop,
  owner,
}) => {
  await saveMarketing(shop, owner, true);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const log = await fakeThirdParties(context);
  const page = await context.newPage();
  const refused = cspRefusals(page);
  await page.goto(shop.url('localhost', '/'), { waitUntil: 'networkidle' });
  const banner = page.getByRole('region', { name: 'Cookies and ads' });
  await expect(banner).toBeVisible();
  await page.goto(shop.url('localhost', '/kitchen'), { waitUntil: 'networkidle' });
  await expect(banner).toBeVisible();
  expect(urls(log)).toEqual([]);
  expect(await marketingCookies(context)).toEqual([]);
  // Consent Mode's defaults are on the page from the server, before any tag.
  expect(await page.evaluate(() => JSON.stringify((window as unknown as { dataLayer: unknown[] }).dataLayer[0]))).toContain('denied');

  expect(await axeFindings(page, '.vt-consent')).toEqual([]);
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/consent-banner-1280.png` });
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(banner.getByRole('button', { name: 'Accept' })).toBeInViewport();
  await page.screenshot({ path: `${shots}/consent-banner-375.png` });

  // By keyboard: Tab reaches Decline then Accept.
  await banner.getByRole('button', { name: 'Decline' }).focus();
  await page.keyboard.press('Tab');
  await expect(banner.getByRole('button', { name: 'Accept' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(banner).toBeHidden();
  await expect.poll(() => urls(log)).toEqual(expect.arrayContaining(['https://connect.facebook.net/en_US/fbevents.js']));
  const consent = (await context.cookies()).find((cookie) => cookie.name === 'vt_consent');
  expect(consent).toMatchObject({ value: 'granted', sameSite: 'Lax' });
  expect(consent!.expires - Date.now() / 1000).toBeGreaterThan(364 * 86_400);
  // Now the pixel may set its cookie (the check above would have seen it). Its file was
  // requested above; it sets the cookie when it runs, a moment later.
  await expect.poll(() => marketingCookies(context)).toEqual([expect.stringMatching(/^_fbp /)]);

  // The next page has them from the server, and no banner.
  const before = log.length;
  const answer = await page.goto(shop.url('localhost', '/'), { waitUntil: 'networkidle' });
  expect(await answer?.text()).toContain('data-vt-marketing');
  await expect(banner).toBeHidden();
  expect(urls(log.slice(before))).toEqual(expect.arrayContaining(['https://www.googletagmanager.com/gtm.js?id=GTM-ABC1234']));
  expect(refused).toEqual([]);
  await context.close();
});

test('Decline: nothing third-party ever loads', async ({ browser, shop, owner }) => {
  await saveMarketing(shop, owner, true);
  const context = await browser.newContext();
  const log = await fakeThirdParties(context);
  const page = await context.newPage();
  await page.goto(shop.url('localhost', '/'), { waitUntil: 'networkidle' });
  await page.getByRole('region', { name: 'Cookies and ads' }).getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('region', { name: 'Cookies and ads' })).toBeHidden();
  await page.goto(shop.url('localhost', '/kitchen'), { waitUntil: 'networkidle' });
  await expect(page.getByRole('region', { name: 'Cookies and ads' })).toBeHidden();
  // The choice can be changed at any time, from the footer's Cookie settings, on the same banner (issue 33).
  await page.getByRole('button', { name: 'Cookie settings' }).click();
  await expect(page.getByRole('region', { name: 'Cookies and ads' })).toBeVisible();
  await page.getByRole('region', { name: 'Cookies and ads' }).getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('region', { name: 'Cookies and ads' })).toBeHidden();
  expect(urls(log)).toEqual([]);
  expect(await marketingCookies(context)).toEqual([]);
  await context.close();
});

test('AddToCart goes to the pixel with the §7 fields and to the Conversions API with the same event id', async ({
  browser,
  shop,
  owner,
}) => {
  await saveMarketing(shop, owner, false, { facebookPixelID: scripts.facebookPixelID });
  const context = await browser.newContext();
  const log = await fakeThirdParties(context);
  const page = await context.newPage();
  const relayed: Request[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/facebook/capi')) relayed.push(request);
  });
  await page.goto(shop.url('localhost', '/ceramic-vase'), { waitUntil: 'networkidle' });
  // Seen without a touch: the product's ViewContent went out as the page loaded, the app not started.
  const relayedNames = () => relayed.map((request) => (request.postDataJSON() as { event_name: string }).event_name);
  await expect.poll(relayedNames).toEqual(expect.arrayContaining(['PageView', 'ViewContent']));
  expect(await page.locator('html[data-vt-app]').count()).toBe(0);
  const price = minor(await page.locator('.vt-product-price').first().textContent());
  await page.getByRole('button', { name: 'Add to cart' }).click();

  const pixelCall = () =>
    log
      .filter((request) => request.url() === 'https://www.facebook.com/tr/')
      .map((request) => request.postDataJSON() as { ev: string; cd: Record<string, unknown>; eid: string })
      .find((sent) => sent.ev === 'AddToCart');
  await expect.poll(pixelCall).toBeTruthy();
  const sent = pixelCall()!;
  expect(sent.cd).toMatchObject({
    content_name: 'Ceramic Vase',
    content_ids: [expect.stringMatching(/^\d+$/)],
    content_type: 'product',
    value: price / 100,
    currency: 'USD',
    category: expect.any(String),
    brand: expect.any(String),
  });
  expect(sent.eid).toMatch(/^addtocart-[0-9a-f]{24}$/);

  const relayedAddToCart = () =>
    relayed
      .map((request) => request.postDataJSON() as { event_name: string; custom_data: { event_id: string } })
      .find((body) => body.event_name === 'AddToCart');
  await expect.poll(relayedAddToCart).toBeTruthy();
  expect(relayedAddToCart()).toEqual({
    event_name: 'AddToCart',
    action_source: 'website',
    url: shop.url('localhost', '/ceramic-vase'),
    custom_data: { event_id: sent.eid, ...sent.cd },
  });
  // Each once: the app, started by the click, did not report the page it started on again.
  expect(relayedNames().filter((name) => name !== 'AddToCart')).toEqual(['PageView', 'ViewContent']);
  await context.close();
});

test('the studio’s Marketing group, at 375 and 1280 px', async ({ browser, shop, owner }) => {
  await saveMarketing(shop, owner, true);
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    storageState: {
      cookies: [],
      origins: [
        {
          origin: shop.url('localhost', '').replace(/\/$/, ''),
          localStorage: [{ name: 'vitrine.studio.session', value: JSON.stringify(owner) }],
        },
      ],
    },
  });
  const log = await fakeThirdParties(context);
  const page = await context.newPage();
  await page.goto(shop.url('localhost', '/editor'));
  const settings = page.getByRole('complementary', { name: 'Settings' });
  await settings.getByRole('tab', { name: 'Store' }).click({ timeout: 30_000 });
  const form = settings.getByRole('form', { name: 'Marketing settings' });
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Facebook pixel ID')).toHaveValue(scripts.facebookPixelID);
  await expect(form.getByRole('switch', { name: /Ask shoppers for consent/ })).toBeChecked();
  await form.getByLabel('Google Analytics 4 measurement ID').fill('not-an-id');
  await form.getByRole('button', { name: 'Save marketing settings' }).click();
  await expect(form.getByLabel('Google Analytics 4 measurement ID')).toBeFocused();
  await expect(form.getByText('Must look like G-ABCDEF1234.')).toBeVisible();
  expect(await axeFindings(page, 'form[aria-label="Marketing settings"]')).toEqual([]);
  await form.getByRole('switch', { name: /Ask shoppers for consent/ }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/studio-marketing-1280.png` });
  await form.getByLabel('Google Analytics 4 measurement ID').fill('G-ABCDEF1234');
  await form.getByRole('button', { name: 'Save marketing settings' }).click();
  await expect(page.getByText(/Marketing settings saved/)).toBeVisible();
  // On a phone the studio's settings give way to Orders and Analytics (issue 33): the page editor asks for a wider screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('heading', { name: 'The page editor needs a wider screen' })).toBeVisible();
  await page.screenshot({ path: `${shots}/studio-marketing-375.png` });
  // The studio (and its preview frame) loaded nothing of the store's marketing.
  expect(urls(log)).toEqual([]);
  await context.close();
});

test('a search, the checkout and the order placed reach the pixel; the Purchase with the order’s own event id, and never through the page’s Conversions API call', async ({
  browser,
  shop,
  owner,
}) => {
  await saveMarketing(shop, owner, false, { facebookPixelID: scripts.facebookPixelID });
  const context = await browser.newContext();
  const log = await fakeThirdParties(context);
  const page = await context.newPage();
  const relayed: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/facebook/capi')) relayed.push((request.postDataJSON() as { event_name: string }).event_name);
  });
  const pixel = (name: string) =>
    log
      .filter((request) => request.url() === 'https://www.facebook.com/tr/')
      .map((request) => request.postDataJSON() as { ev: string; cd: Record<string, unknown>; eid: string })
      .filter((sent) => sent.ev === name);

  await page.goto(shop.url('localhost', '/search?kw=vase'), { waitUntil: 'networkidle' });
  await expect.poll(() => pixel('Search').map((sent) => sent.cd)).toEqual([{ search_string: 'vase' }]);

  await page.goto(shop.url('localhost', '/ceramic-vase'), { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('dialog', { name: 'Your cart' }).getByRole('link', { name: 'View cart' }).click();
  await page.locator('main').getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect.poll(() => pixel('InitiateCheckout').length).toBe(1);
  expect(pixel('InitiateCheckout')[0]!.cd).toMatchObject({ content_type: 'product', num_items: 1, currency: 'USD' });
  // Landed on, the checkout is drawn by the server, and its InitiateCheckout is told as the page loads, the same as
  // the app told it; the app, started by the first touch, does not tell it again.
  await page.reload({ waitUntil: 'networkidle' });
  await expect(page.locator('html[data-vt-app]')).toHaveCount(0);
  await expect.poll(() => pixel('InitiateCheckout').length).toBe(2);
  expect(pixel('InitiateCheckout')[1]!.cd).toEqual(pixel('InitiateCheckout')[0]!.cd);

  await page.getByLabel('Email').fill('pixel@example.test');
  await page.getByLabel('Full name').fill('Pia Pixel');
  await page.getByLabel('Address', { exact: true }).fill('1 Quay Street');
  await page.getByLabel('City').fill('Leith');
  await page.getByLabel('Country').selectOption('GB');
  await page.getByRole('radio', { name: /Standard delivery/ }).check();
  await page.getByRole('radio', { name: /Cash on delivery/ }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  const code = new URL(page.url()).pathname.split('/').pop()!;
  const total = minor(await page.getByTestId('order-total').textContent());
  await expect.poll(() => pixel('Purchase').length).toBe(1);
  expect(pixel('Purchase')[0]).toMatchObject({
    eid: `purchase-${code}`,
    cd: { value: total / 100, currency: 'USD', content_type: 'product' },
  });
  expect(pixel('InitiateCheckout')).toHaveLength(2);
  // The store reports the order to the Conversions API itself; the page only ever relays the others.
  expect(relayed).toEqual(expect.arrayContaining(['PageView', 'Search', 'ViewContent', 'AddToCart', 'InitiateCheckout']));
  expect(relayed).not.toContain('Purchase');
  await context.close();
});
