import { expect, type Page } from '@playwright/test';

/** What the storefront's browser tests share: reading prices and signing the demo shopper in. */

/** Minor units from a price as the store shows it ("$1,234.50"). */
export const minor = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 100);

/**
 * Waits for the shopper app to have taken the page over, with what was done before it started handed to it: a landing
 * page's app starts at the first touch (client/app-start.ts), and what it draws from a choice (a price) follows then.
 */
export async function appStarted(page: Page) {
  await expect(page.locator('html[data-vt-app="started"]')).toHaveCount(1);
}

/** Signs Harbor & Pine's demo customer in on the sign-in page at `url` (its `redirect` says where to go next). */
export async function signIn(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'networkidle' });
  const form = page.locator('main form');
  await form.getByLabel('Email').fill('shopper@harbor.test');
  await form.getByLabel('Password').fill('harbor-shopper-demo');
  await form.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Opens the Cast Iron Skillet at `url`, chooses Medium with Gift wrap and adds it to the cart; answers the price one
 * of this line costs (the variant's with the add-on), as the product page shows it.
 */
export async function addSkilletWithGiftWrap(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByRole('combobox', { name: 'Size' }).selectOption({ label: 'Medium' });
  await page.getByRole('checkbox', { name: /Gift wrap/ }).check();
  await appStarted(page);
  const each = minor(await page.locator('.vt-product-price').textContent());
  await page.getByRole('button', { name: 'Add to cart' }).click();
  return each;
}
