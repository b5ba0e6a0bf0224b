import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/server.ts';
import { addSkilletWithGiftWrap, appStarted, minor, signIn } from './shopper.ts';

/** Harbor & Pine's standard delivery (the seed): $4.95, free on orders from $75. */
const STANDARD = { price: 495, freeFrom: 7500 };

async function fillNewAddress(page: Page, name: string) {
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Address', { exact: true }).fill('1 Quay Street');
  await page.getByLabel('City').fill('Leith');
  await page.getByLabel('Postal code (optional)').fill('EH6 6AA');
  await page.getByLabel('Country').selectOption('GB');
}

test('a guest checks out the cart with cash on delivery, reads the confirmation and follows the order at /status (issue 16)', async ({
  page,
  store,
}) => {
  const each = await addSkilletWithGiftWrap(page, store.url('localhost', '/cast-iron-skillet'));
  const drawer = page.getByRole('dialog', { name: 'Your cart' });
  await expect(drawer.getByRole('link', { name: 'Cast Iron Skillet' })).toBeVisible();
  await drawer.getByRole('link', { name: 'View cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.locator('main').getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  const summary = page.getByRole('complementary', { name: 'Your order' });
  await expect(summary.getByText('Cast Iron Skillet')).toBeVisible();
  await expect(summary.getByText('+ Gift wrap')).toBeVisible();
  // Harbor & Pine lets guests check out (account mode 2) and offers to sign in.
  await expect(page.getByText('Checking out as a guest.')).toBeVisible();

  // Sent empty, the form names what is missing and puts the focus on the first of it.
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('Email is a required field')).toBeVisible();
  await expect(page.getByText('Full name is a required field')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();

  await page.getByLabel('Email').fill('ada@example.test');
  await fillNewAddress(page, 'Ada Guest');
  await page.getByRole('radio', { name: /Standard delivery/ }).check();
  await page.getByRole('radio', { name: /Cash on delivery/ }).check();
  const delivery = each >= STANDARD.freeFrom ? 0 : STANDARD.price;
  await expect.poll(async () => minor(await page.getByTestId('checkout-total').textContent())).toBe(each + delivery);
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  await expect(page).toHaveURL(/\/order\/[A-Z0-9]{16}$/);
  const code = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.locator('main .vt-order-code-line')).toHaveText(`Order code ${code}`);
  expect(minor(await page.getByTestId('order-total').textContent())).toBe(each + delivery);
  await expect(page.getByText('Cash on delivery')).toBeVisible();
  await expect(page.getByRole('note', { name: 'How to pay by bank transfer' })).toHaveCount(0);
  // What was bought left the cart.
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeAttached();

  await page.getByRole('link', { name: 'Follow this order' }).click();
  await expect(page).toHaveURL(new RegExp(`/status\\?code=${code}$`));
  const result = page.getByRole('region', { name: `Order ${code}` });
  // The order's status (the first of the list; the payment's is second), in §4's orange.
  const status = result.locator('.vt-status-now .vt-status').first();
  await expect(status).toHaveText('Pending');
  await expect(status).toHaveClass(/vt-status-orange/);
  await expect(result.getByRole('list', { name: 'Order history' })).toContainText('Order placed');

  // Typed into the form, in lower case with a space, the code finds the same order.
  await page.goto(store.url('localhost', '/status'), { waitUntil: 'networkidle' });
  await page.getByLabel('Order code').fill(`${code.slice(0, 8).toLowerCase()} ${code.slice(8)}`);
  await page.getByRole('button', { name: 'Check status' }).click();
  await expect(
    page
      .getByRole('region', { name: `Order ${code}` })
      .locator('.vt-status-now .vt-status')
      .first(),
  ).toHaveText('Pending');
});

test('a customer buys now to a new address by bank transfer; a retry after a lost answer makes one order, listed in /orderlist (issue 16)', async ({
  page,
  store,
}) => {
  await signIn(page, store.url('localhost', '/signin?redirect=/stoneware-mug'));
  await expect(page).toHaveURL(/\/stoneware-mug$/);
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(/\/checkout\/bn\/\d+_1_\d+_$/);
  await expect(page.getByRole('complementary', { name: 'Your order' }).getByText('Stoneware Mug')).toBeVisible();
  // The customer's contact comes from the account.
  await expect(page.getByLabel('Email')).toHaveValue('shopper@harbor.test');
  await fillNewAddress(page, 'Sam Rivera');
  await page.getByRole('radio', { name: /Express delivery/ }).check();
  await page.getByRole('radio', { name: /Bank transfer/ }).check();

  // The first answer is lost on the way back (the order was made); pressing again must not make a second one.
  const keys: string[] = [];
  let lose = true;
  await page.route('**/api/Order/PlaceOrder', async (route) => {
    keys.push((route.request().postDataJSON() as { idempotencyKey: string }).idempotencyKey);
    if (!lose) return route.continue();
    lose = false;
    await route.fetch();
    await route.abort('failed');
  });
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('alert')).toContainText('Your order could not be sent');
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  const code = new URL(page.url()).pathname.split('/').pop()!;
  const instructions = page.getByRole('note', { name: 'How to pay by bank transfer' });
  await expect(instructions).toContainText(code);
  await expect(instructions).toContainText(await page.getByTestId('order-total').innerText());

  await page.goto(store.url('localhost', '/orderlist'), { waitUntil: 'networkidle' });
  const rows = page.getByRole('table').getByRole('row');
  // The heading row and the one order.
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Pending');
  await rows.nth(1).getByRole('link', { name: code }).click();
  await expect(page).toHaveURL(new RegExp(`/orderdetail/${code}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Order ${code}` })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Order history' })).toContainText('Order placed');
  await expect(page.getByText('Sam Rivera')).toBeVisible();
  await expect(page.getByText('Bank transfer', { exact: true })).toBeVisible();

  // The new address was kept for next time.
  await page.goto(store.url('localhost', '/account'), { waitUntil: 'networkidle' });
  await expect(page.getByText('Sam Rivera, 1 Quay Street, Leith, United Kingdom')).toBeVisible();
});

/** Fills the test payment provider's card form and pays. */
async function payOnProvider(page: Page, card: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Pay by card' })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('no money moves');
  await page.getByLabel('Name on card').fill('Ada Guest');
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry').fill('12/39');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

test('a guest pays by card: a declined card is said, then the order is paid by its code with a 3-D Secure check (issue 16)', async ({
  page,
  store,
}) => {
  await addSkilletWithGiftWrap(page, store.url('localhost', '/cast-iron-skillet'));
  await page.goto(store.url('localhost', '/checkout'), { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill('ada@example.test');
  await fillNewAddress(page, 'Ada Guest');
  await page.getByRole('radio', { name: /^Card/ }).check();
  const total = await page.getByTestId('checkout-total').innerText();
  await page.getByRole('button', { name: 'Place order and pay' }).click();

  // The provider's page asks for the total shown at checkout; a declined card brings the shopper back to say so.
  await expect(page).toHaveURL(/\/_pay\/test\/pay_/);
  await expect(page.getByRole('button', { name: `Pay ${total}` })).toBeVisible();
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page.getByText('Name on card is a required field')).toBeVisible();
  await payOnProvider(page, '4000 0000 0000 0002');
  await expect(page).toHaveURL(/\/order\/[A-Z0-9]{16}\?payment=pay_/);
  await expect(page.getByRole('alert')).toContainText('Your card was declined.');
  const code = new URL(page.url()).pathname.split('/').pop()!;
  // The page says the payment failed (issue 33), and offers to pay again or to go back to the cart with the lines.
  await expect(page.getByRole('heading', { level: 1, name: 'Payment failed' })).toBeVisible();
  await expect(page.locator('.vt-order-side .vt-status')).toHaveText('Payment failed');
  await expect(page.getByRole('button', { name: 'Back to cart' })).toBeVisible();
  // The order stands, and what was bought left the cart.
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeAttached();

  // Paying it later, by its code (/checkout/oc/{code}): its lines and total as ordered.
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/oc/${code}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Pay for your order' })).toBeVisible();
  const summary = page.getByRole('complementary', { name: 'Your order' });
  await expect(summary.getByText('Cast Iron Skillet')).toBeVisible();
  await expect(summary.getByText('+ Gift wrap')).toBeVisible();
  await summary.getByRole('button', { name: `Pay ${total}` }).click();
  await payOnProvider(page, '4000 0000 0000 3220');
  await expect(page.getByRole('heading', { level: 1, name: '3-D Secure check' })).toBeVisible();
  await page.getByRole('button', { name: 'Complete authentication' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Payment received. Thank you!' })).toBeVisible();
  const paid = page.locator('.vt-order-side .vt-status');
  await expect(paid).toHaveText('Paid');
  await expect(paid).toHaveClass(/vt-status-green/);
  // Coming back to the same address records nothing twice.
  await page.reload({ waitUntil: 'networkidle' });
  await page.goto(store.url('localhost', `/status?code=${code}`), { waitUntil: 'networkidle' });
  const history = page.getByRole('list', { name: 'Order history' });
  await expect(history).toContainText('Payment declined');
  await expect(history.getByText('Paid by card')).toHaveCount(1);
  // A paid order is not paid again.
  await page.goto(store.url('localhost', `/checkout/oc/${code}`), { waitUntil: 'networkidle' });
  await expect(page.getByRole('alert')).toContainText('This order is already paid.');
});

test('a guest buys a mug with a note, a priced greeting card and gift wrap: the options travel from the page to the order (issue 16)', async ({
  page,
  store,
}) => {
  await page.goto(store.url('localhost', '/stoneware-mug'), { waitUntil: 'networkidle' });
  const before = minor(await page.locator('.vt-product-price').textContent());
  await page.getByLabel('Personal note').fill('Happy birthday, Jo!');
  await page.getByRole('radio', { name: /Hand-lettered card/ }).check();
  await page.getByRole('checkbox', { name: /Gift wrap/ }).check();
  await appStarted(page);
  // The price shown adds the card and the wrap: what one of this line costs.
  const each = minor(await page.locator('.vt-product-price').textContent());
  expect(each).toBe(before + 350 + 500);
  await page.getByRole('button', { name: 'Add to cart' }).click();

  const drawer = page.getByRole('dialog', { name: 'Your cart' });
  const options = drawer.getByRole('list', { name: 'Options' });
  await expect(options).toContainText('Personal note: Happy birthday, Jo!');
  await expect(options).toContainText('Greeting card: Hand-lettered card (+$3.50)');
  await drawer.getByRole('link', { name: 'View cart' }).click();
  const subtotal = page.locator('main .vt-cart-subtotal strong');
  await expect.poll(async () => minor(await subtotal.textContent())).toBe(each);
  // (Lines of other choices stay apart: the server's tests; the store's stock of one mug is shared by every test here.)

  await page.goto(store.url('localhost', '/checkout'), { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill('jo@example.test');
  await fillNewAddress(page, 'Jo Guest');
  await page.getByRole('radio', { name: /Cash on delivery/ }).check();
  const summary = page.getByRole('complementary', { name: 'Your order' });
  await expect(summary.getByRole('list', { name: 'Options' })).toContainText('Hand-lettered card');
  const delivery = each >= STANDARD.freeFrom ? 0 : STANDARD.price;
  await expect.poll(async () => minor(await page.getByTestId('checkout-total').textContent())).toBe(each + delivery);
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  const items = page.getByRole('region', { name: 'Items' });
  await expect(items).toContainText('Personal note: Happy birthday, Jo!');
  await expect(items).toContainText('Greeting card: Hand-lettered card (+$3.50)');
  expect(minor(await page.getByTestId('order-total').textContent())).toBe(each + delivery);
});
