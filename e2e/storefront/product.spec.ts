import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures/server.ts';

/** Publishes the store's zoom style the way the studio does: the theme draft saved with it, then published. */
async function publishZoom(request: APIRequestContext, url: (host: string, path?: string) => string, zoom: string) {
  const signIn = await request.post(url('localhost', '/api/Studio/SignIn'), {
    data: { email: 'owner@harbor.test', password: 'harbor-owner-demo' },
  });
  const token = (await signIn.json()).data.sessionToken as string;
  const headers = { authorization: `Bearer ${token}` };
  const theme = (await (await request.get(url('localhost', '/api/Studio/GetTheme'), { headers })).json()).data;
  const saved = await request.post(url('localhost', '/api/Studio/SaveTheme'), {
    headers,
    data: {
      draftRevision: theme.draftRevision,
      document: { ...theme.draft, settings: { ...theme.draft.settings, product_image_zoom: zoom } },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const published = await request.post(url('localhost', '/api/Studio/PublishTheme'), {
    headers,
    data: { draftRevision: (await saved.json()).data.draftRevision },
  });
  expect(published.status()).toBe(200);
}

test('a shopper opens a product from its category, picks a variant the address keeps, and reads its structured data (issue 15)', async ({
  page,
  store,
}) => {
  await page.goto(store.url('localhost', '/kitchen/cookware'), { waitUntil: 'networkidle' });
  await page
    .locator('.vt-listing-products')
    .getByRole('link', { name: /Cast Iron Skillet/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/cast-iron-skillet$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cast Iron Skillet' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link')).toHaveText(['Home', 'Kitchen', 'Cookware']);
  const price = page.locator('.vt-product-price');
  const before = await price.textContent();
  await page.getByRole('combobox', { name: 'Size' }).selectOption({ label: 'Medium' });
  await expect(page).toHaveURL(/\?variant=\d+$/);
  // Medium costs more than Small: each variant has its own price.
  await expect(price).not.toHaveText(before!);
  const chosenUrl = page.url();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Size' })).toHaveValue(/\d+/);
  await expect(page.getByRole('combobox', { name: 'Size' }).locator('option:checked')).toHaveText('Medium');
  expect(page.url()).toBe(chosenUrl);

  // Add-ons add to the price shown.
  const withoutAddon = await price.textContent();
  await page.getByRole('checkbox', { name: /Gift wrap/ }).check();
  await expect(price).not.toHaveText(withoutAddon!);

  const html = await (await page.request.get(chosenUrl)).text();
  expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/cast-iron-skillet">/);
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
  const group = blocks.find((b) => b['@type'] === 'ProductGroup');
  expect(group).toMatchObject({ name: 'Cast Iron Skillet', brand: { '@type': 'Brand' }, aggregateRating: { '@type': 'AggregateRating' } });
  expect(group.hasVariant[0].offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'USD', availability: 'https://schema.org/InStock' });
  expect(blocks.find((b) => b['@type'] === 'BreadcrumbList').itemListElement).toHaveLength(4);
});

test('each zoom style works by pointer and keyboard: none, click-to-zoom (3×, IN/OUT), the magnifier lens (issue 15)', async ({
  page,
  store,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const open = async () => page.goto(store.url('localhost', '/stoneware-mug'), { waitUntil: 'networkidle' });

  await open();
  await expect(page.locator('.vt-gallery-main [role="button"], .vt-gallery-main[role="button"]')).toHaveCount(0);

  await publishZoom(request, store.url, 'zoom');
  await open();
  const zoom = page.getByRole('button', { name: 'Zoom in on Stoneware Mug' });
  await expect(zoom).toHaveAttribute('data-direction', 'IN');
  await zoom.click({ position: { x: 100, y: 100 } });
  const zoomed = page.getByRole('button', { name: 'Zoom out of Stoneware Mug' });
  await expect(zoomed).toHaveAttribute('data-scale', '3');
  await expect(zoomed).toHaveAttribute('data-direction', 'OUT');
  await expect(zoomed.locator('.vt-zoom-image')).toHaveAttribute('style', /scale\(3\)/);
  await zoomed.click();
  await expect(page.getByRole('button', { name: 'Zoom in on Stoneware Mug' })).toHaveAttribute('data-scale', '1');
  await page.getByRole('button', { name: 'Zoom in on Stoneware Mug' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Zoom out of Stoneware Mug' })).toHaveAttribute('data-scale', '3');
  await page.keyboard.press('Escape');

  await publishZoom(request, store.url, 'inner_zoom_circle');
  await open();
  const lensFrame = page.getByRole('button', { name: 'Magnify Stoneware Mug' });
  const box = (await lensFrame.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const lens = page.locator('.vt-lens');
  await expect(lens).toBeVisible();
  expect((await lens.boundingBox())!.width).toBeCloseTo(200, 0);
  await page.mouse.wheel(0, -100);
  await expect(page.getByRole('button', { name: /magnifier/ })).toHaveAttribute('data-lens-size', '210');
  expect((await lens.boundingBox())!.width).toBeCloseTo(210, 0);
  await expect(lens).toHaveAttribute('style', /background-size: 500%/);
});

test('a signed-in customer writes one review and finds another helpful; guests are asked to sign in (issue 15)', async ({
  page,
  store,
}) => {
  await page.goto(store.url('localhost', '/cast-iron-skillet'), { waitUntil: 'networkidle' });
  const reviews = page.getByRole('region', { name: 'Reviews' });
  // The shopper scrolls down to them: the app, which reads them, starts when they come into view.
  await reviews.scrollIntoViewIfNeeded();
  await expect(reviews.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(reviews.locator('.vt-review')).toHaveCount(5);
  await reviews.getByLabel('Sort reviews').selectOption({ label: 'Most Recent' });
  // The list is busy until the most recent reviews have arrived; reading it before would read the helpful order.
  await expect(reviews.locator('.vt-review-items')).toHaveAttribute('aria-busy', 'false');
  const dates = await reviews.locator('.vt-review-meta').allTextContents();
  const times = dates.map((d) => new Date(d.split(' · ')[1]!).getTime());
  expect(times).toEqual([...times].sort((a, b) => b - a));

  await reviews.getByRole('link', { name: 'Sign in' }).click();
  const form = page.locator('main form');
  await form.getByLabel('Email').fill('shopper@harbor.test');
  await form.getByLabel('Password').fill('harbor-shopper-demo');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/cast-iron-skillet/);
  await reviews.getByRole('button', { name: 'Post review' }).click();
  await expect(reviews.getByText('Title is a required field')).toBeVisible();
  await reviews.getByLabel('Title').fill('Heavy <b>and</b> good');
  await reviews.getByLabel('Review', { exact: true }).fill('Holds heat well.');
  await reviews.getByRole('button', { name: 'Post review' }).click();
  await expect(reviews.getByText('Rating is a required field')).toBeVisible();
  await reviews.getByRole('radio', { name: '4 – Good' }).check({ force: true });
  await reviews.getByRole('button', { name: 'Post review' }).click();
  await expect(reviews.getByText('Thank you for your review.')).toBeVisible();
  // What reviewers write is text: the tag shows as typed.
  await expect(reviews.getByRole('heading', { name: 'Heavy <b>and</b> good' })).toBeVisible();
  await expect(reviews.getByText('6 reviews')).toBeVisible();

  const helpful = reviews.getByRole('button', { name: 'Helpful', exact: true }).first();
  await helpful.click();
  await expect(reviews.getByRole('button', { name: 'You found this helpful' }).first()).toBeDisabled();
});
