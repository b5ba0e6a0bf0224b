import type { ConsoleMessage, Page } from '@playwright/test';
import { expect, test } from '../fixtures/server.ts';

/**
 * A page a shopper lands on is the server's HTML and a few kilobytes of script; the app takes over at their first
 * touch, and what they did meanwhile is done once it has (issue 18, client/app-start.ts).
 */
const app = 'html[data-vt-app="started"]';

test('what a shopper types before the app has started is searched for once it has', async ({ page, store }) => {
  const errors: string[] = [];
  page.on('console', (m: ConsoleMessage) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto(store.url('localhost', '/'), { waitUntil: 'networkidle' });
  // Nothing has touched the page: the app has not started, and the page is whole.
  await expect(page.locator(app)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Made to be used every day' })).toBeVisible();
  const search = page.getByRole('combobox', { name: 'Search' });
  await search.fill('mug');
  await expect(page.locator(app)).toHaveCount(1);
  // The app took the word over: it suggests, and Enter searches for it.
  await expect(page.getByRole('option').first()).toBeVisible();
  await expect(search).toHaveValue('mug');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/search\?kw=mug$/);
  expect(errors).toEqual([]);
});

test('a tap on Add to cart before the app has started adds the product once it has', async ({ page, store }) => {
  await page.goto(store.url('localhost', '/stoneware-mug'), { waitUntil: 'networkidle' });
  await expect(page.locator(app)).toHaveCount(0);
  // The button is there to press from the start (a screen reader's click included, which moves no pointer).
  await page.getByRole('button', { name: 'Add to cart' }).dispatchEvent('click');
  const drawer = page.getByRole('dialog', { name: 'Your cart' });
  await expect(drawer.getByRole('link', { name: 'Stoneware Mug' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeAttached();

  // The browser tells the server the cart it keeps (its cookie): the server draws the header's count, and the app
  // still waits for the first touch.
  await page.goto(store.url('localhost', '/'), { waitUntil: 'networkidle' });
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeAttached();
  await expect(page.locator(app)).toHaveCount(0);
});

test('the page fetches and runs the app’s code ahead once it has loaded, so the first tap starts the app rather than waits for it', async ({
  page,
  store,
}) => {
  // zod calls this hook once for every schema it builds: the app's modules build theirs as they run.
  await page.addInitScript(() => {
    const counter = { built: 0 };
    Object.assign(window, { vtSchemasBuilt: counter });
    Object.assign(globalThis, { __zod_globalConfig: { postProcessor: () => void counter.built++ } });
  });
  await page.goto(store.url('localhost', '/'), { waitUntil: 'networkidle' });
  await expect(page.locator(app)).toHaveCount(0);
  // Once the page has loaded and the browser is idle, the code is fetched and its modules run: the app has not started.
  await expect.poll(() => page.locator('link[rel="modulepreload"]').count()).toBeGreaterThan(10);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { vtSchemasBuilt: { built: number } }).vtSchemasBuilt.built))
    .toBeGreaterThan(500);
  await page.waitForLoadState('networkidle');
  await expect(page.locator(app)).toHaveCount(0);
  const fetched: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && fetched.push(request.url()));
  const heart = page.locator('.vt-product-card .vt-wishlist-heart').first();
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator(app)).toHaveCount(1);
  // Everything the app and the page's sections run was here before the tap.
  expect(fetched).toEqual([]);
});

/**
 * Puts a Garden Trowel in the cart this browser keeps, and collects the page's errors from then on. A product no other
 * test buys: the store is shared by the run's files, and two must be in stock.
 */
async function keepTrowelInCart(page: Page, url: string): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (m: ConsoleMessage) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('dialog', { name: 'Your cart' }).getByRole('link', { name: 'Garden Trowel' })).toBeVisible();
  return errors;
}

test('the cart a browser keeps is drawn by the server, and a change made before the app has started is made once it has', async ({
  page,
  store,
}) => {
  const errors = await keepTrowelInCart(page, store.url('localhost', '/garden-trowel'));

  await page.goto(store.url('localhost', '/cart'), { waitUntil: 'networkidle' });
  await expect(page.locator(app)).toHaveCount(0);
  const lines = page.getByRole('list', { name: 'Items in your cart' });
  await expect(lines.getByRole('link', { name: 'Garden Trowel' })).toBeVisible();
  await expect(page.getByText('Loading your cart')).toHaveCount(0);
  const subtotal = await page.locator('.vt-cart-subtotal strong').textContent();
  // A screen reader's click on + (no pointer moved): held, and done once the app has started.
  const quantity = page.getByRole('group', { name: 'Quantity of Garden Trowel' });
  await quantity.getByRole('button', { name: 'Increase quantity' }).dispatchEvent('click');
  await expect(page.locator(app)).toHaveCount(1);
  await expect(quantity.getByRole('textbox', { name: 'Quantity' })).toHaveValue('2');
  await expect(page.locator('.vt-cart-subtotal strong')).not.toHaveText(subtotal!);
  // The change is the browser's cart, told to the server for the next page it draws.
  await page.reload({ waitUntil: 'networkidle' });
  await expect(page.locator(app)).toHaveCount(0);
  await expect(quantity.getByRole('textbox', { name: 'Quantity' })).toHaveValue('2');
  // The header counts items (the quantities added up), drawn by the server too (issue 33).
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeAttached();
  expect(errors).toEqual([]);
});

test('the checkout of the cart a browser keeps is drawn by the server, and a choice made before the app has started is the order’s', async ({
  page,
  store,
}) => {
  const errors = await keepTrowelInCart(page, store.url('localhost', '/garden-trowel'));

  await page.goto(store.url('localhost', '/checkout'), { waitUntil: 'networkidle' });
  await expect(page.locator(app)).toHaveCount(0);
  await expect(page.getByText('Loading your checkout')).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: 'Your order' }).getByText('Garden Trowel')).toBeVisible();
  const standard = page.getByRole('radio', { name: /Standard delivery/ });
  const express = page.getByRole('radio', { name: /Express delivery/ });
  await expect(standard).toBeChecked();
  const total = await page.getByTestId('checkout-total').textContent();
  // A screen reader's click on Express (no pointer moved): the choice stays, and the app, once started, prices it.
  await express.dispatchEvent('click');
  await expect(page.locator(app)).toHaveCount(1);
  await expect(express).toBeChecked();
  await expect(page.getByTestId('checkout-total')).not.toHaveText(total!);
  await page.getByLabel('Email').fill('early@example.test');
  await page.getByLabel('Full name').fill('Ada Early');
  await page.getByLabel('Address', { exact: true }).fill('1 Quay Street');
  await page.getByLabel('City').fill('Leith');
  await page.getByLabel('Country').selectOption('GB');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  await expect(page.getByText('Express delivery')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a link clicked before the app has started opens its page in the app', async ({ page, store }) => {
  await page.goto(store.url('localhost', '/'), { waitUntil: 'networkidle' });
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'));
  await page
    .getByRole('link', { name: /^Kitchen/ })
    .first()
    .click();
  await expect(page).toHaveTitle('Kitchen | Harbor & Pine');
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same document');
});

test('a product’s reviews coming into view start the app, which reads them', async ({ page, store }) => {
  // A window tall enough to show the reviews at once: nothing touches the page.
  await page.setViewportSize({ width: 1280, height: 4000 });
  await page.goto(store.url('localhost', '/cast-iron-skillet'));
  await expect(page.locator(app)).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Reviews' }).locator('.vt-review').first()).toBeVisible();
});

test('a page carries only the styles it uses, and draws the same once the app has linked the whole stylesheets', async ({
  page,
  store,
}) => {
  for (const width of [375, 1280]) {
    for (const path of ['/', '/kitchen', '/stoneware-mug']) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(store.url('localhost', path), { waitUntil: 'networkidle' });
      // The page's own cut: no stylesheet linked, and none of the rules of what it does not draw (the checkout's, the
      // theme's grid of seven columns).
      await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
      expect(
        await page.evaluate(() =>
          [...document.querySelectorAll('style')].some(
            (style) => style.textContent?.includes('.vt-checkout-lines') || style.textContent?.includes('.vt-cols-7{'),
          ),
        ),
      ).toBe(false);
      const looks = () =>
        page.evaluate(() => {
          const properties = ['display', 'position', 'color', 'background-color', 'font-size', 'font-weight', 'margin-top', 'padding-left'];
          const all = ((window as unknown as { drawn?: Element[] }).drawn ??= [...document.querySelectorAll('body *')]);
          return all.map((element) =>
            element.isConnected ? properties.map((name) => getComputedStyle(element).getPropertyValue(name)).join(' ') : null,
          );
        });
      const before = await looks();
      await page.mouse.move(3, 3);
      await expect(page.locator(app)).toHaveCount(1);
      // The app's whole stylesheet before the theme's cut, the theme's whole one after it.
      await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(2);
      expect(
        await page.evaluate(() =>
          [...document.head.querySelectorAll('link[rel="stylesheet"], style#vt-theme')].map((e) => e.id || e.getAttribute('href')),
        ),
      ).toEqual([expect.stringMatching(/^\/assets\/.+\.css$/), 'vt-theme', expect.stringMatching(/^\/_theme\/.+\.css$/)]);
      // Loaded, with more than the page's cut of it.
      await expect
        .poll(() =>
          page.evaluate(() => {
            const rules = (sheet?: CSSStyleSheet) => sheet?.cssRules.length ?? 0;
            const sheets = [...document.styleSheets];
            return (
              rules(sheets.find((sheet) => sheet.href?.includes('/_theme/'))) >
              rules(sheets.find((sheet) => (sheet.ownerNode as Element).id === 'vt-theme'))
            );
          }),
        )
        .toBe(true);
      const after = await looks();
      const changed = before.filter((look, index) => look !== null && after[index] !== null && look !== after[index]);
      expect(changed, `${path} at ${width} px`).toEqual([]);
    }
  }
});
