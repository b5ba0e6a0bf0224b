import { expect, test } from '../fixtures/server.ts';
import { addSkilletWithGiftWrap, minor, signIn } from './shopper.ts';

test('a guest adds a product with an add-on: the drawer opens, /cart totals it, the quantity changes and survives a reload (issue 16)', async ({
  page,
  store,
}) => {
  // The price shown is the variant's with the add-on: what one of this line costs.
  const each = await addSkilletWithGiftWrap(page, store.url('localhost', '/cast-iron-skillet'));
  expect(each).toBeGreaterThan(500);

  const drawer = page.getByRole('dialog', { name: 'Your cart' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Cast Iron Skillet' })).toBeVisible();
  await expect(drawer.getByText('Medium')).toBeVisible();
  await expect(drawer.getByText(/Gift wrap/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeAttached();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const subtotal = page.locator('main .vt-cart-subtotal strong');
  await expect.poll(async () => minor(await subtotal.textContent())).toBe(each);

  const line = page.getByRole('group', { name: 'Quantity of Cast Iron Skillet' });
  await line.getByRole('button', { name: 'Increase quantity' }).click();
  await line.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(line.getByRole('textbox', { name: 'Quantity' })).toHaveValue('3');
  await expect.poll(async () => minor(await subtotal.textContent())).toBe(each * 3);
  // The quantity never goes below 1: what is typed below it is 1.
  await line.getByRole('textbox', { name: 'Quantity' }).fill('0');
  await line.getByRole('textbox', { name: 'Quantity' }).press('Enter');
  await expect(line.getByRole('textbox', { name: 'Quantity' })).toHaveValue('1');
  await line.getByRole('button', { name: 'Increase quantity' }).click();

  await page.reload({ waitUntil: 'networkidle' });
  await expect(page.getByRole('group', { name: 'Quantity of Cast Iron Skillet' }).getByRole('textbox')).toHaveValue('2');
  await expect.poll(async () => minor(await subtotal.textContent())).toBe(each * 2);

  // Taking the add-on off leaves the skillet alone in the cart, priced without it.
  await page.getByRole('button', { name: 'Remove Gift wrap from Cast Iron Skillet' }).click();
  await expect.poll(async () => minor(await subtotal.textContent())).toBe((each - 500) * 2);
  await page.getByRole('button', { name: 'Remove Cast Iron Skillet' }).click();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
});

test('a guest with a cart signs in and the lines join the cart saved in the account (issue 16)', async ({ page, store }) => {
  // The account already has a line: added while signed in, then signed out (which empties this browser's cart).
  await signIn(page, store.url('localhost', '/signin?redirect=/stoneware-mug'));
  await expect(page).toHaveURL(/\/stoneware-mug$/);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('dialog', { name: 'Your cart' }).getByRole('link', { name: 'Stoneware Mug' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Your cart' }).getByText('Updating…')).toBeHidden();
  await page.goto(store.url('localhost', '/account'), { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeAttached();

  // As a guest, the shopper fills a cart of their own.
  await page.goto(store.url('localhost', '/cast-iron-skillet'), { waitUntil: 'networkidle' });
  await page.getByRole('checkbox', { name: /Gift wrap/ }).check();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('dialog', { name: 'Your cart' }).getByRole('link', { name: 'Cast Iron Skillet' })).toBeVisible();
  await page.keyboard.press('Escape');

  await signIn(page, store.url('localhost', '/signin?redirect=/cart'));
  await expect(page).toHaveURL(/\/cart$/);
  const lines = page.getByRole('list', { name: 'Items in your cart' });
  await expect(lines.getByRole('link', { name: 'Stoneware Mug' })).toBeVisible();
  await expect(lines.getByRole('link', { name: 'Cast Iron Skillet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeAttached();

  // The server's cart has both, saved: GetCart with the customer's token reads it whatever codes it is sent.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('vt.session')!).state.tokens.accessToken as string);
  const saved = await page.request.get(store.url('localhost', '/api/Cart/GetCart?CartCodes='), {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(saved.status()).toBe(200);
  const items = (await saved.json()).data.data as { cartItemID: string; product: { itemName: string }; addons: { addonName: string }[] }[];
  expect(items.map((item) => item.product.itemName).sort()).toEqual(['Cast Iron Skillet', 'Stoneware Mug']);
  expect(items.every((item) => item.cartItemID !== '0')).toBe(true);
  expect(items.find((item) => item.product.itemName === 'Cast Iron Skillet')!.addons.map((a) => a.addonName)).toEqual(['Gift wrap']);
});
