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

/** A line code with another quantity. */
const withQuantity = (code: string, quantity: number) => code.replace(/^(\d+)_\d+_/, `$1_${quantity}_`);

test('stock that runs out shows the dialog on /cart, stock below a quantity the popup, and a changed price is said (issue 16)', async ({
  page,
  store,
  request,
}) => {
  await addSkilletWithGiftWrap(page, store.url('localhost', '/cast-iron-skillet'));
  await page.goto(store.url('localhost', '/stoneware-mug'), { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeAttached();
  const stored = async () =>
    (
      JSON.parse((await page.evaluate(() => localStorage.getItem('vt.cart')))!) as {
        state: { lines: { cartCode: string }[]; items: { cartItemCode: string; price: string; product: { itemName: string } }[] };
      }
    ).state;
  const [skillet, mug] = (await stored()).lines.map((line) => line.cartCode) as [string, string];

  // Another shopper, through the API: how many there are (asking for more answers the stock), then buys them.
  const web = await request.get(store.url('localhost', '/api/Web/GetWebInfo?Domain=localhost'));
  const auth = { authorization: `Bearer ${((await web.json()) as { tokens: { accessToken: string } }).tokens.accessToken}` };
  const options = await request.get(store.url('localhost', '/api/Order/GetCheckoutOptions'), { headers: auth });
  const deliveryOptionId = ((await options.json()) as { data: { options: { deliveryOptionId: number }[] } }).data.options[0]!
    .deliveryOptionId;
  const stockOf = async (code: string) => {
    const answer = await request.post(store.url('localhost', '/api/Cart/AddCartItem'), {
      headers: auth,
      data: { CartCodes: '', CartCode: withQuantity(code, 999), CartItemID: '0' },
    });
    const { cartResponse } = ((await answer.json()) as { data: { cartResponse: { cartCode: string; status: string } } }).data;
    expect(cartResponse.status).toBe('lessstock');
    return Number(cartResponse.cartCode.split('_')[1]);
  };
  const buy = async (code: string, quantity: number) => {
    const answer = await request.post(store.url('localhost', '/api/Order/PlaceOrder'), {
      headers: auth,
      data: {
        idempotencyKey: `other-shopper-${code.replace(/[^\d]/g, '-')}-${quantity}`,
        cartCodes: withQuantity(code, quantity),
        email: 'other@example.test',
        shippingAddress: { fullName: 'Other Shopper', line1: '2 Quay Street', city: 'Leith', country: 'gb' },
        deliveryOptionId,
        paymentMethod: 'cod',
        currency: 'USD',
      },
    });
    expect(answer.status(), await answer.text()).toBe(200);
  };
  await buy(mug, await stockOf(mug));
  await buy(skillet, (await stockOf(skillet)) - 2);

  // The skillet cost less when it was added (as if its price went up since).
  await page.evaluate(() => {
    const cart = JSON.parse(localStorage.getItem('vt.cart')!) as { state: { items: { price: string }[] } };
    cart.state.items[0]!.price = String(Number(cart.state.items[0]!.price) - 1000);
    localStorage.setItem('vt.cart', JSON.stringify(cart));
  });

  // On /cart the cart is read again: the mug left it, said in the dialog with the server's heading.
  await page.goto(store.url('localhost', '/cart'), { waitUntil: 'networkidle' });
  const dialog = page.getByRole('dialog', { name: 'Some items left your cart' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Stoneware Mug is no longer available to buy.');
  await expect(dialog.getByText('Item Removed')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Return to home' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toBeHidden();
  const lines = page.getByRole('list', { name: 'Items in your cart' });
  await expect(lines.getByRole('link', { name: 'Stoneware Mug' })).toHaveCount(0);
  await expect(lines.getByRole('note')).toContainText('Price changed since you added it: was');

  // Asking for three skillets when two are left: the popup says the quantity was updated, for 4 seconds.
  const quantity = page.getByRole('group', { name: 'Quantity of Cast Iron Skillet' });
  await quantity.getByRole('textbox', { name: 'Quantity' }).fill('3');
  await quantity.getByRole('textbox', { name: 'Quantity' }).press('Enter');
  const popup = page.locator('.vt-cart-popup[role="status"]');
  await expect(popup).toContainText('Quantity Updated');
  await expect(popup.getByRole('link', { name: 'Cast Iron Skillet' })).toBeVisible();
  await expect(quantity.getByRole('textbox', { name: 'Quantity' })).toHaveValue('2');
  // The field says so too, where the shopper typed (issue 33).
  await expect(page.getByRole('status').filter({ hasText: 'Only 2 left' })).toBeVisible();
  await expect(popup).toBeHidden({ timeout: 6000 });
});
