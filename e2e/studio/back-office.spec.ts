import { expect } from '@playwright/test';
import sharp from 'sharp';
import { appStarted, minor } from '../storefront/shopper.ts';
import { axeProblems, call, signedInContext, studioTest as test } from '../fixtures/studio.ts';

/**
 * The back office's catalogue (issue 34), end to end on the production server with the demo seed: an owner makes a
 * product a shopper then finds and buys, and sees the sale in the inventory and its ledger; the category tree
 * reordered from the keyboard; a Shopify CSV with a bad row previewed and imported.
 */

/** A square picture of one colour, as a phone's camera would hand a PNG over. */
const picture = async (name: string, colour: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 640, height: 640, channels: 3, background: colour } })
    .png()
    .toBuffer(),
});

test('an owner adds a product with two variants and two pictures and publishes it; a shopper finds it by a typo and in its category and buys one; the inventory and its ledger show the sale', async ({
  browser,
  studio,
  harborSession,
}) => {
  const owner = await signedInContext(browser, studio, harborSession);
  const page = await owner.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(studio.url('localhost', '/editor/products'));
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page', { timeout: 30_000 });
  await page.getByRole('link', { name: 'Add product' }).click();
  await expect(page).toHaveURL(/\/editor\/products\/new$/);

  const form = page.getByRole('main');
  await form.getByLabel('Name', { exact: true }).fill('Tidewater Rain Jacket');
  await form.getByLabel('Price', { exact: true }).fill('89');
  await form.getByLabel('Category', { exact: true }).selectOption({ label: 'Outdoor' });
  await form.getByLabel('Status', { exact: true }).selectOption({ label: 'Active' });

  // Two pictures chosen at once, uploaded with their progress; the first is the main one.
  await form
    .getByLabel('Add pictures')
    .setInputFiles([await picture('jacket-front.png', '#1f3a5f'), await picture('jacket-back.png', '#5b7553')]);
  const pictures = form.getByRole('list', { name: 'Pictures' });
  await expect(pictures.getByRole('listitem')).toHaveCount(2);
  await expect(form.getByRole('progressbar')).toHaveCount(0, { timeout: 15_000 });
  await form.getByLabel('Alt text of picture 1').fill('The jacket from the front');
  await form.getByLabel('Alt text of picture 2').fill('The jacket from the back');
  await expect(pictures.getByRole('listitem').first()).toHaveAccessibleName('Picture 1 (main)');

  // Size makes the two variants, each with its own price, SKU and stock.
  await form.getByRole('button', { name: 'Add variant option' }).click();
  await expect(form.getByLabel('Option 1 name')).toHaveValue('Size');
  for (const size of ['Small', 'Large']) {
    await form.getByLabel('Add a value to Size').fill(size);
    await form.getByLabel('Add a value to Size').press('Enter');
  }
  const variants = form.getByRole('table', { name: 'Variants' });
  await expect(variants.getByRole('rowheader')).toHaveText(['Small', 'Large']);
  await form.getByLabel('Price of Large', { exact: true }).fill('95');
  await form.getByLabel('SKU of Small', { exact: true }).fill('TIDE-RJ-S');
  await form.getByLabel('SKU of Large', { exact: true }).fill('TIDE-RJ-L');
  await form.getByLabel('Stock of Small', { exact: true }).fill('4');
  await form.getByLabel('Stock of Large', { exact: true }).fill('3');

  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Product created.')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/editor\/products\/\d+$/);
  expect(await axeProblems(page)).toEqual([]);

  // A shopper, in a browser of their own: the typo search finds it, and so does its category.
  const shopper = await browser.newContext();
  const shop = await shopper.newPage();
  await shop.goto(studio.url('localhost', '/search?kw=tidewatr%20jackt'), { waitUntil: 'networkidle' });
  await expect(shop.locator('.vt-product-card').first()).toContainText('Tidewater Rain Jacket');
  await shop.goto(studio.url('localhost', '/outdoor'), { waitUntil: 'networkidle' });
  await expect(shop.locator('.vt-product-card', { hasText: 'Tidewater Rain Jacket' })).toBeVisible();
  await shop.locator('.vt-product-card', { hasText: 'Tidewater Rain Jacket' }).getByRole('link').first().click();
  await expect(shop).toHaveURL(/\/tidewater-rain-jacket$/);
  await expect(shop.getByRole('heading', { level: 1, name: 'Tidewater Rain Jacket' })).toBeVisible();
  await expect(shop.locator('main img[alt="The jacket from the front"]').first()).toBeVisible();
  await shop.getByRole('combobox', { name: 'Size' }).selectOption({ label: 'Large' });
  await expect.poll(async () => minor(await shop.locator('.vt-product-price').textContent())).toBe(9500);
  await shop.getByRole('button', { name: 'Add to cart' }).click();
  const drawer = shop.getByRole('dialog', { name: 'Your cart' });
  await drawer.getByRole('link', { name: 'View cart' }).click();
  await shop.locator('main').getByRole('link', { name: 'Checkout' }).click();
  await expect(shop).toHaveURL(/\/checkout$/);
  await expect(shop.getByRole('complementary', { name: 'Your order' }).getByText('Tidewater Rain Jacket')).toBeVisible();
  await appStarted(shop);
  await shop.getByLabel('Email').fill('rain@example.test');
  await shop.getByLabel('Full name').fill('Rhea Rain');
  await shop.getByLabel('Address', { exact: true }).fill('1 Quay Street');
  await shop.getByLabel('City').fill('Leith');
  await shop.getByLabel('Postal code (optional)').fill('EH6 6AA');
  await shop.getByLabel('Country').selectOption('GB');
  await shop.getByRole('radio', { name: /Standard delivery/ }).check();
  await shop.getByRole('radio', { name: /Cash on delivery/ }).check();
  await shop.getByRole('button', { name: 'Place order' }).click();
  await expect(shop.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible({ timeout: 15_000 });
  const orderCode = new URL(shop.url()).pathname.split('/').pop()!;
  await shopper.close();

  // The owner's inventory: Large went from 3 to 2, and the ledger says it was this order.
  await nav.getByRole('link', { name: 'Inventory' }).click();
  await expect(page).toHaveURL(/\/editor\/inventory$/);
  await page.getByRole('searchbox', { name: 'Search stock' }).fill('Tidewater');
  await page.getByRole('searchbox', { name: 'Search stock' }).press('Enter');
  await expect(page.getByLabel('Stock of Tidewater Rain Jacket, Large')).toHaveValue('2');
  await expect(page.getByLabel('Stock of Tidewater Rain Jacket, Small')).toHaveValue('4');
  await page.getByRole('navigation', { name: 'Inventory views' }).getByRole('link', { name: 'Movements' }).click();
  await expect(page).toHaveURL(/\/editor\/inventory\/movements$/);
  const sale = page.getByRole('row').filter({ hasText: orderCode });
  await expect(sale).toHaveCount(1);
  await expect(sale).toContainText('Tidewater Rain Jacket');
  await expect(sale).toContainText('Large');
  await expect(sale).toContainText('−1');
  expect(await axeProblems(page)).toEqual([]);
  await owner.close();
});

test('the category tree is reordered from the keyboard, said aloud and saved: a reload and the store’s API keep the new order', async ({
  browser,
  studio,
  harborSession,
}) => {
  const context = await signedInContext(browser, studio, harborSession);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(studio.url('localhost', '/editor/categories'));
  const top = page.getByRole('list', { name: 'Categories' }).first();
  const names = () =>
    top.locator(':scope > li > div [data-category-link]').evaluateAll((links) => links.map((link) => link.textContent?.trim() ?? ''));
  await expect.poll(names, { timeout: 30_000 }).toEqual(['Kitchen', 'Living', 'Lighting', 'Outdoor']);

  // Alt+↑ on Lighting's handle moves it above Living, saved at once and said aloud.
  await page.getByRole('button', { name: 'Reorder Lighting' }).focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expect.poll(names).toEqual(['Kitchen', 'Lighting', 'Living', 'Outdoor']);
  await expect(page.getByRole('button', { name: 'Reorder Lighting' })).toBeFocused();
  await page.reload();
  await expect.poll(names, { timeout: 30_000 }).toEqual(['Kitchen', 'Lighting', 'Living', 'Outdoor']);
  expect(await axeProblems(page)).toEqual([]);

  // The order is the store's own, not the screen's.
  const answer = await call(studio, 'localhost', 'GET', '/api/Studio/GetCategories', harborSession.sessionToken);
  const tree = (answer.json as { data: { categories: { name: string; parentId: number | null }[] } }).data.categories;
  expect(tree.filter((c) => c.parentId === null).map((c) => c.name)).toEqual(['Kitchen', 'Lighting', 'Living', 'Outdoor']);
  await context.close();
});

test('a Shopify CSV with one bad row: the preview names its row and column, the rest is imported and on the store', async ({
  browser,
  studio,
  harborSession,
}) => {
  const csv = [
    'Handle,Title,Body (HTML),Vendor,Product Category / Type,Tags,Published,Option1 Name,Option1 Value,Variant SKU,Variant Inventory Qty,Variant Price,Variant Compare At Price,Image Src,Image Position,Image Alt Text,SEO Title,SEO Description,Status',
    'driftwood-candle,Driftwood Candle,<p>Soy wax <b>by the sea</b>.</p>,Saltmarsh,Living,,true,Size,Small,DRIFT-S,6,18.00,,,,,,,active',
    'driftwood-candle,,,,,,,,Large,DRIFT-L,2,26.00,30.00,,,,,,',
    'sea-glass-bowl,Sea Glass Bowl,,Saltmarsh,Living,,true,Title,Default Title,SEA-BOWL,abc,42.00,,,,,,,active',
  ].join('\n');
  const context = await signedInContext(browser, studio, harborSession);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(studio.url('localhost', '/editor/products'));
  await page.getByRole('link', { name: 'Import' }).click({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/editor\/products\/import$/);
  await page.getByLabel('Choose a CSV file').setInputFiles({ name: 'products_export.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  await expect(page.getByRole('heading', { name: 'Preview of products_export.csv' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Rows that cannot be imported (1)' })).toBeVisible();
  const problem = page.getByRole('table').getByRole('row').nth(1);
  await expect(problem.getByRole('cell').nth(0)).toHaveText('4');
  await expect(problem.getByRole('cell').nth(1)).toHaveText('Variant Inventory Qty');
  await expect(page.getByText('Products', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('1 (1 new, 0 updated)');
  expect(await axeProblems(page)).toEqual([]);

  await page.getByRole('button', { name: 'Import 1 product' }).click();
  await expect(page.getByRole('heading', { name: 'Imported products_export.csv' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: 'created' })).toHaveText('1 product created, 0 products updated.');

  // On the store: the candle with its two sizes, in Living, by its new brand; the bad row's bowl is not.
  const product = await call(studio, 'localhost', 'GET', '/api/Product/GetProduct?Slug=driftwood-candle');
  expect(product.status).toBe(200);
  const candle = (
    product.json as { data: { itemName: string; brand: { name: string } | null; variants: { sku: string; price: number }[] } }
  ).data;
  expect(candle.itemName).toBe('Driftwood Candle');
  expect(candle.brand?.name).toBe('Saltmarsh');
  expect(candle.variants.map((v) => [v.sku, v.price])).toEqual([
    ['DRIFT-S', 1800],
    ['DRIFT-L', 2600],
  ]);
  expect((await call(studio, 'localhost', 'GET', '/api/Product/GetProduct?Slug=sea-glass-bowl')).status).toBe(404);
  await context.close();
});
