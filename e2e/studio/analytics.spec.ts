import { expect, test as base, type Page } from '@playwright/test';
import { callStore } from '../fixtures/api.ts';
import { startStore, type RunningStore } from '../fixtures/server.ts';
import { axeProblems } from '../fixtures/studio.ts';

/**
 * The owner's analytics dashboard, end to end: visits reported through the real tracking beacons and an order
 * placed through the checkout, on the production server (its own, as its figures must be only this file's), rolled
 * up by the server's job, and read in Chromium on the back office's Analytics screen (`/editor/analytics`).
 */
const harbor = { email: 'owner@harbor.test', password: 'harbor-owner-demo' };
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const test = base.extend<object, { studio: RunningStore }>({
  studio: [
    async ({}, use) => {
      const store = await startStore();
      await use(store);
      await store.stop();
    },
    { scope: 'worker' },
  ],
});

/** A call to Harbor & Pine's API as a browser of `agent` (a desktop Chrome unless told). */
const call = (
  store: RunningStore,
  method: 'GET' | 'POST',
  path: string,
  { token, body, agent = CHROME, cookie }: { token?: string; body?: unknown; agent?: string; cookie?: string } = {},
) => callStore(store, method, path, { token, body, userAgent: agent, ...(cookie ? { cookie } : {}) });

/** One visit as the storefront's tracker reports it: the session, then each page's view and its time on the page. */
async function visit(
  store: RunningStore,
  webId: number,
  {
    session,
    visitor,
    referrer = '',
    landing,
    pages,
    agent,
    utm,
  }: {
    session: string;
    visitor: string;
    referrer?: string;
    landing: string;
    pages: string[];
    agent: string;
    utm?: Record<string, string>;
  },
) {
  // The tracking token the page hands the browser (issue 33): a session beacon without it is dropped.
  const page = await callStore(store, 'GET', '/', { userAgent: agent });
  const pageToken = page.setCookie.find((cookie) => cookie.startsWith('vt_tt='))?.split(';')[0];
  const added = await callStore(store, 'POST', '/api/track/add-session', {
    userAgent: agent,
    ...(pageToken ? { cookie: pageToken } : {}),
    body: {
      SessionID: session,
      VisitorID: visitor,
      WebID: webId,
      LandingUrl: landing,
      Referrer: referrer,
      Timestamp: Date.now(),
      ...(utm ? { utm } : {}),
    },
  });
  expect(added.status, JSON.stringify(added.json)).toBe(202);
  for (const [i, url] of pages.entries()) {
    const event = { SessionID: session, EventID: `${session}-page-${i}`, WebID: webId };
    const viewed = await call(store, 'POST', '/api/track/event', {
      agent,
      body: { ...event, EventType: 'page_view', Url: url, Timestamp: Date.now() },
    });
    expect(viewed.status, JSON.stringify(viewed.json)).toBe(202);
    const stayed = await call(store, 'POST', '/api/track/update-duration', { agent, body: { ...event, Duration: '30000' } });
    expect(stayed.status, JSON.stringify(stayed.json)).toBe(202);
  }
}

/** A guest's order of one product in stock, through the checkout's API; its total. */
async function placeOrder(store: RunningStore, session: string): Promise<number> {
  const info = await call(store, 'GET', '/api/Web/GetWebInfo?Domain=localhost');
  const guest = (info.json as { tokens: { accessToken: string } }).tokens.accessToken;
  const options = await call(store, 'GET', '/api/Order/GetCheckoutOptions');
  const deliveryOptionId = (options.json as { data: { options: { deliveryOptionId: number }[] } }).data.options[0]!.deliveryOptionId;
  const listing = await call(store, 'GET', '/api/Product/GetProducts?Scope=search');
  let cartCode = '';
  for (const card of (listing.json as { data: { products: { productURL: string }[] } }).data.products) {
    const product = (await call(store, 'GET', `/api/Product/GetProduct?Slug=${card.productURL.slice(1)}`)).json as {
      data: { productID: number; variants: { variantID: number; stockStatusID: number }[] };
    };
    const variant = product.data.variants.find((v) => v.stockStatusID === 1);
    if (variant) {
      cartCode = `${product.data.productID}_1_${variant.variantID}_`;
      break;
    }
  }
  expect(cartCode).not.toBe('');
  const placed = await call(store, 'POST', '/api/Order/PlaceOrder', {
    token: guest,
    // Placed in the third session (its tracker cookie), which the conversion rate counts as the one that bought.
    cookie: `vt_sid=${session}`,
    body: {
      idempotencyKey: `analytics-${Date.now()}`,
      cartCodes: cartCode,
      email: `analytics-${Date.now()}@example.test`,
      shippingAddress: { fullName: 'Ana Lytics', line1: '4 Quay Street', city: 'Leith', postalCode: 'EH6 6AA', country: 'gb' },
      deliveryOptionId,
      paymentMethod: 'cod',
      currency: 'USD',
    },
  });
  expect(placed.status, JSON.stringify(placed.json)).toBe(200);
  return (placed.json as { data: { order: { total: number } } }).data.order.total;
}

const card = (page: Page, label: string) =>
  page
    .getByRole('main', { name: 'Analytics' })
    .locator('dl > div')
    .filter({ has: page.getByText(label, { exact: true }) });

test('the owner reads the visits and the order of today on the Analytics dashboard, at 1280 and 375 px, by keyboard too', async ({
  browser,
  studio,
}) => {
  // The rollup is refreshed when a dashboard finds it over a minute old: this test may wait that long.
  test.setTimeout(180_000);
  const signIn = await call(studio, 'POST', '/api/Studio/SignIn', { body: harbor });
  expect(signIn.status).toBe(200);
  const session = (signIn.json as { data: { sessionToken: string; sites: { webId: number; domain: string }[] } }).data;
  const webId = session.sites.find((site) => site.domain === 'localhost')!.webId;

  // Two visitors, three sessions, six page views; one session of one page (a bounce); a campaign; two devices.
  await visit(studio, webId, {
    session: 'e2e-session-a1',
    visitor: 'e2e-visitor-1',
    landing: '/',
    pages: ['/', '/kitchen'],
    agent: CHROME,
    referrer: 'https://www.google.com/search?q=pans',
  });
  await visit(studio, webId, {
    session: 'e2e-session-b1',
    visitor: 'e2e-visitor-2',
    landing: '/?utm_campaign=spring',
    pages: ['/'],
    agent: IPHONE,
    utm: { utm_campaign: 'spring', utm_source: 'newsletter', utm_medium: 'email' },
  });
  await visit(studio, webId, {
    session: 'e2e-session-a2',
    visitor: 'e2e-visitor-1',
    landing: '/cast-iron-skillet',
    pages: ['/cast-iron-skillet', '/', '/kitchen'],
    agent: CHROME,
  });
  const total = await placeOrder(studio, 'e2e-session-a2');

  // The figures reach the report once the intake wrote them and the rollup is refreshed (within a minute).
  const report = async () =>
    (
      (await call(studio, 'GET', '/api/Studio/GetAnalytics?', { token: session.sessionToken })).json as {
        data: { totals: { sessions: number; pageViews: number; orders: number } };
      }
    ).data.totals;
  await expect.poll(report, { timeout: 120_000, intervals: [2_000] }).toMatchObject({ sessions: 3, pageViews: 6, orders: 1 });

  const context = await browser.newContext({
    storageState: {
      cookies: [],
      origins: [
        {
          origin: studio.url('localhost', '').replace(/\/$/, ''),
          localStorage: [{ name: 'vitrine.studio.session', value: JSON.stringify(session) }],
        },
      ],
    },
  });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(studio.url('localhost', '/editor'));
  const open = page.getByRole('banner').getByRole('link', { name: 'Analytics', exact: true });
  await expect(open).toBeVisible({ timeout: 30_000 });
  // Opened from the keyboard, a link of the editor's top bar; the screen's chunk (and the chart library) loads then.
  // The network fails at first.
  await page.route('**/api/Studio/GetAnalytics**', (route) => route.abort('internetdisconnected'));
  await open.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/editor\/analytics$/);
  const analytics = page.getByRole('main', { name: 'Analytics' });
  await expect(analytics.getByRole('alert')).toContainText('The figures could not be loaded');
  await page.unroute('**/api/Studio/GetAnalytics**');
  await analytics.getByRole('button', { name: 'Try again' }).click();
  await expect(analytics.getByRole('alert')).toHaveCount(0);
  await expect(analytics.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');

  await expect(card(page, 'Visitors').locator('dd').first()).toHaveText('2');
  await expect(card(page, 'Sessions').locator('dd').first()).toHaveText('3');
  await expect(card(page, 'Page views').locator('dd').first()).toHaveText('6');
  await expect(card(page, 'Bounce rate').locator('dd').first()).toHaveText('33.3%');
  await expect(card(page, 'Avg. visit duration').locator('dd').first()).toHaveText('1 min 00 s');
  await expect(card(page, 'Orders').locator('dd').first()).toHaveText('1');
  await expect(card(page, 'Revenue').locator('dd').first()).toHaveText(new RegExp(`^\\$${(total / 100).toFixed(2).replace(/\.00$/, '')}`));
  await expect(card(page, 'Conversion rate').locator('dd').first()).toHaveText('33.3%');
  // Nothing before today: each figure is new.
  await expect(card(page, 'Sessions').locator('dd').nth(1)).toContainText('new');

  const rows = (name: string) => analytics.getByRole('table', { name }).getByRole('row');
  await expect(rows('Top pages').nth(1)).toHaveText(/^\/\s*3$/);
  await expect(rows('Top pages').nth(2)).toHaveText(/^\/kitchen\s*2$/);
  await expect(rows('Referrers').filter({ hasText: 'www.google.com' })).toHaveText(/1$/);
  await expect(rows('Referrers').filter({ hasText: 'Direct' })).toHaveText(/2$/);
  await expect(rows('Campaigns').nth(1)).toHaveText(/^spring · newsletter \/ email\s*1$/);
  await expect(rows('Devices').nth(1)).toHaveText(/^Desktop\s*2$/);
  await expect(analytics.locator('.uplot')).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath('analytics-1280.png'), fullPage: false });

  expect(await axeProblems(page)).toEqual([]);

  // Another period by keyboard: the figures of the last 7 days are the same visits.
  await analytics.getByRole('button', { name: 'Last 7 days' }).focus();
  await page.keyboard.press('Enter');
  await expect(analytics.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(analytics.getByRole('status')).toHaveText(/^Showing/);
  await expect(card(page, 'Sessions').locator('dd').first()).toHaveText('3');
  // A custom period that ends before the first is refused where it was typed.
  await analytics.getByRole('button', { name: 'Custom…' }).click();
  await analytics.getByLabel('From', { exact: true }).fill('2026-03-10');
  await analytics.getByLabel('To', { exact: true }).fill('2026-03-01');
  await analytics.getByRole('button', { name: 'Show' }).click();
  await expect(analytics.getByRole('alert')).toHaveText('The first day must not be after the last.');

  await page.setViewportSize({ width: 375, height: 800 });
  await analytics.getByRole('button', { name: 'Last 30 days' }).click();
  await expect(card(page, 'Page views').locator('dd').first()).toHaveText('6');
  await page.screenshot({ path: test.info().outputPath('analytics-375.png'), fullPage: false });
  await analytics.getByRole('heading', { name: 'Top pages' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('analytics-375-breakdowns.png'), fullPage: false });
  // Nothing wider than the window at 375 px: the breakdowns and charts fit (the table by day scrolls in its own box).
  const overflowing = await analytics.evaluate((element) => {
    const right = element.getBoundingClientRect().right;
    return [...element.querySelectorAll('section table, .uplot, dl, section')]
      .filter((e) => e.getBoundingClientRect().right > right + 1)
      .map((e) => `${e.tagName.toLowerCase()}.${e.className} ${Math.round(e.getBoundingClientRect().right)} > ${Math.round(right)}`);
  });
  expect(overflowing).toEqual([]);

  // On a phone the back office's navigation is a menu, with Analytics marked as the screen shown.
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await nav.getByRole('button', { name: 'Menu' }).click();
  await expect(nav.getByRole('link', { name: 'Analytics' })).toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('Escape');
  await expect(nav.getByRole('link', { name: 'Analytics' })).toBeHidden();
  // A reload opens the same screen; Back leads to the editor, which says it needs a wider screen and links here.
  await page.reload();
  await expect(card(page, 'Page views').locator('dd').first()).toHaveText('6', { timeout: 15_000 });
  await page.goBack();
  await expect(page).toHaveURL(/\/editor$/);
  await expect(page.getByRole('heading', { name: 'The page editor needs a wider screen' })).toBeVisible({ timeout: 15_000 });
  await expect(open).toBeVisible();
  await context.close();
});
