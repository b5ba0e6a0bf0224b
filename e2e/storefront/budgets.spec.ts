import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';
import { expect, test } from '../fixtures/server.ts';

/** The built shopper app the server serves; sizes are read from its files, so they do not depend on timing. */
const assets = fileURLToPath(new URL('../../packages/storefront/dist/assets/', import.meta.url));

/** How the shopper app's scripts came, over every page measured. */
const encodings = new Set<string>();

/**
 * JavaScript a shopper's first page loads, gzipped, in KB: the budgets (issue 18 §Build). A landing page
 * loads its entry and the tracker; the app comes at the shopper's first touch (client/app-start.ts).
 */
const budgets = { home: 60, category: 75, product: 75, cart: 90, checkout: 90 } as const;
/**
 * What the app then brings: React DOM and React Router alone are above the 90 KB (README, "Shopper page
 * weight"), so the test holds the line where it is and fails on any growth. The server draws the cart the browser
 * keeps (its cookie tells it), so the cart page and the checkout are landing pages too.
 */
// A ratchet: issue 33 grew the app by 2–7 KB (the phone header's search and sub-categories, Compare (n), the quantity's
// stock message, Cookie settings, the checkout's country names, 2.5 KB; the shop as a store sections select from and
// the redirect a page's data may answer, 0.5 KB; V8's compile hint atop each file of the app, 0.3 KB).
const appBudgets = { home: 186.5, category: 182, product: 196.5, cart: 176.5, checkout: 194.5 } as const;

/** Kilobytes of the gzipped JavaScript files of the shopper app's build. */
const kilobytes = (files: Iterable<string>) =>
  [...files].reduce((sum, file) => sum + gzipSync(readFileSync(assets + file), { level: 9 }).length, 0) / 1024;

/**
 * Kilobytes of the gzipped JavaScript files `page` fetched from the shopper app's build while it loaded, and apart
 * from them those it fetched ahead for the app (the files `/_app/code/…` named, issue 33). Touched, the page starts
 * its app, and everything fetched counts.
 */
async function scriptKilobytes(
  page: Page,
  url: string,
  { touch = false } = {},
): Promise<{ kb: number; files: string[]; ahead: string[]; aheadKb: number }> {
  const files = new Set<string>();
  const named: Promise<string[]>[] = [];
  const listener = (response: Response) => {
    if (response.url().includes('/_app/code/')) named.push(response.json() as Promise<string[]>);
    const match = /\/assets\/([^/?#]+\.js)$/.exec(response.url());
    if (!match) return;
    files.add(match[1]!);
    // The copies compressed at build time, chosen by what Chromium accepts.
    encodings.add(response.headers()['content-encoding'] ?? 'none');
  };
  page.on('response', listener);
  await page.goto(url, { waitUntil: 'networkidle' });
  if (touch) {
    // The shopper's first touch: the pointer moves over the page.
    await page.mouse.move(200, 300);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('html[data-vt-app]')).toHaveCount(1);
  }
  page.off('response', listener);
  const ahead = new Set((await Promise.all(named)).flat().map((href) => href.replace(/^\/assets\//, '')));
  const loaded = touch ? [...files] : [...files].filter((file) => !ahead.has(file));
  return { kb: kilobytes(loaded), files: loaded.sort(), ahead: [...ahead].sort(), aheadKb: kilobytes(ahead) };
}

test.describe('page weight (issue 18)', () => {
  test('each kind of page a shopper lands on loads its own JavaScript, within budget', async ({ browser, store }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const measured: Record<string, Awaited<ReturnType<typeof scriptKilobytes>>> = {};
    const started: typeof measured = {};
    const landings = { home: '/', category: '/kitchen', product: '/stoneware-mug' } as const;
    for (const [name, path] of Object.entries(landings)) {
      measured[name] = await scriptKilobytes(page, store.url('localhost', path));
      started[name] = await scriptKilobytes(page, store.url('localhost', path), { touch: true });
    }
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('dialog', { name: 'Your cart' })).toBeVisible();
    measured['cart'] = await scriptKilobytes(page, store.url('localhost', '/cart'));
    started['cart'] = await scriptKilobytes(page, store.url('localhost', '/cart'), { touch: true });
    measured['checkout'] = await scriptKilobytes(page, store.url('localhost', '/checkout'));
    started['checkout'] = await scriptKilobytes(page, store.url('localhost', '/checkout'), { touch: true });
    await context.close();

    const print = (when: string, all: typeof measured) => {
      for (const [name, { kb, files }] of Object.entries(all)) {
        console.log(
          `${when} ${name.padEnd(9)} ${kb.toFixed(1).padStart(6)} KB gz  ${files.length} files`,
          process.env['BUDGET_FILES'] ? files.join(' ') : '',
        );
      }
    };
    print('at load        ', measured);
    print('app started    ', started);
    for (const [name, { aheadKb, ahead }] of Object.entries(measured)) {
      console.log(`fetched ahead   ${name.padEnd(9)} ${aheadKb.toFixed(1).padStart(6)} KB gz  ${ahead.length} files`);
    }
    expect([...encodings]).toEqual(['br']);
    // The owner's tools and the studio's frame never reach a shopper's page.
    for (const { files } of [...Object.values(measured), ...Object.values(started)]) {
      expect(files.filter((file) => /^(preview-frame|firebase|section-panel)/.test(file))).toEqual([]);
    }
    for (const [name, budget] of Object.entries(budgets)) expect(measured[name]!.kb, name).toBeLessThanOrEqual(budget);
    for (const [name, budget] of Object.entries(appBudgets)) expect(started[name]!.kb, name).toBeLessThanOrEqual(budget);
    // A landing page loads its entry and the tracker, and neither React nor the app; so do the cart and the checkout,
    // drawn whole.
    for (const name of [...Object.keys(landings), 'cart', 'checkout']) {
      expect(measured[name]!.files.map((file) => file.replace(/-[\w-]{8}\.js$/, ''))).toEqual(['first-page', 'tracker']);
    }
    // Once loaded, a landing page fetches ahead the code its app needs, no more than the app brings, and a tap then
    // fetches nothing more (issue 33).
    for (const name of Object.keys(landings)) {
      expect(measured[name]!.ahead.length, name).toBeGreaterThan(10);
      expect(measured[name]!.aheadKb, name).toBeLessThanOrEqual(appBudgets[name as keyof typeof appBudgets]);
      expect(started[name]!.files.filter((file) => !measured[name]!.ahead.includes(file) && !measured[name]!.files.includes(file))).toEqual(
        [],
      );
    }
    // Started, a product page fetches the product's code, the home page does not.
    expect(started['home']!.files.some((file) => file.startsWith('product-view'))).toBe(false);
    expect(started['product']!.files.some((file) => file.startsWith('product-view'))).toBe(true);
    // The pages' and forms' calls come with the first navigation or form sent, not with the app.
    for (const name of Object.keys(landings)) {
      expect(started[name]!.files.filter((file) => /^(catalogue|form)-endpoints/.test(file))).toEqual([]);
    }
  });

  test('a page writes in only the part of the app’s stylesheet it uses, and links none', async ({ page, store }) => {
    const whole = readdirSync(assets).find((file) => file.endsWith('.css'))!;
    const wholeKb = readFileSync(assets + whole).length / 1024;
    for (const path of ['/', '/kitchen', '/stoneware-mug', '/cart', '/checkout']) {
      const response = await page.request.get(store.url('localhost', path));
      const html = await response.text();
      // The first <style> is the app's (the theme's, #vt-theme, follows).
      const appCss = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
      const kb = appCss.length / 1024;
      console.log(`${path.padEnd(15)} app CSS ${kb.toFixed(1)} KB of ${wholeKb.toFixed(1)} KB`);
      expect(kb, path).toBeLessThanOrEqual(24);
      expect(html).not.toContain('rel="stylesheet"');
    }
    expect(wholeKb).toBeGreaterThan(48);
  });

  test('a page loads only the common part of each font face it draws, and the rest once it writes an accented letter', async ({
    page,
    store,
  }) => {
    const fetched = new Set<string>();
    page.on('request', (request) => {
      if (/\/fonts\/[^/]+\/[^/?#]+\.woff2$/.test(request.url())) fetched.add(request.url());
    });
    const name = (url: string) => url.split('/').at(-1)!;
    for (const path of ['/', '/kitchen', '/stoneware-mug', '/cart']) {
      fetched.clear();
      await page.goto(store.url('localhost', path), { waitUntil: 'networkidle' });
      await page.evaluate(() => document.fonts.ready);
      let bytes = 0;
      for (const url of fetched) bytes += (await (await page.request.get(url)).body()).length;
      const kb = bytes / 1024;
      console.log(`${path.padEnd(15)} fonts ${kb.toFixed(1)} KB: ${[...fetched].map(name).join(' ')}`);
      expect(fetched.size, path).toBeGreaterThan(0);
      expect(
        [...fetched].map(name).filter((file) => !file.includes('-latin-common-')),
        path,
      ).toEqual([]);
      // The same four faces whole were 94 KB.
      expect(kb, path).toBeLessThanOrEqual(56);
    }
    fetched.clear();
    await page.evaluate(() => document.querySelector('main')!.insertAdjacentHTML('beforeend', '<p>Crème brûlée</p>'));
    await expect.poll(() => [...fetched].map(name)).toEqual(['inter-latin-rest-400-normal.woff2']);
  });

  test('the home page builds no schema at load, and only those the app needs, once the browser is idle', async ({ browser, store }) => {
    const page = await browser.newPage();
    // zod calls this hook once for every schema it builds (its own post-processing seam, set before any page script).
    await page.addInitScript(() => {
      const counter = { built: 0 };
      Object.assign(window, { vtSchemasBuilt: counter });
      Object.assign(globalThis, { __zod_globalConfig: { postProcessor: () => void counter.built++ } });
    });
    await page.goto(store.url('localhost', '/'), { waitUntil: 'load' });
    const builtSoFar = () => page.evaluate(() => (window as unknown as { vtSchemasBuilt: { built: number } }).vtSchemasBuilt.built);
    expect(await builtSoFar()).toBe(0);
    // The app's modules run a file at a time when the browser is idle after load (client/first-page.ts), the app not
    // started; starting it builds no more.
    await expect.poll(builtSoFar, { timeout: 20_000 }).toBeGreaterThan(500);
    await page.waitForLoadState('networkidle');
    const ranAhead = await builtSoFar();
    await page.mouse.move(200, 300);
    await expect(page.locator('html[data-vt-app]')).toHaveCount(1);
    const built = await builtSoFar();
    console.log(`home builds ${ranAhead} schemas before the app starts, ${built} once it has`);
    // Building them is most of the start-up's script time on a phone (README, "Shopper page weight"): 2,400 when
    // every endpoint's schemas came with the first page, 1,311 since the endpoints are split by when they are called.
    expect(built).toBeGreaterThan(500);
    expect(built).toBeLessThanOrEqual(1350);
    await page.close();
  });
});
