import { expect, test } from '../fixtures/server.ts';
import { signIn } from './shopper.ts';

test('a guest hearts products on listings, signs in and finds them on /wishlist; removes one and adds one to the cart (issue 16)', async ({
  page,
  store,
}) => {
  await page.goto(store.url('localhost', '/kitchen'), { waitUntil: 'networkidle' });
  const listing = page.locator('.vt-listing-products');
  await listing.getByRole('button', { name: 'Save Linen Apron to wishlist' }).click();
  await expect(listing.getByRole('button', { name: 'Remove Linen Apron from wishlist' })).toHaveAttribute('aria-pressed', 'true');
  await page.goto(store.url('localhost', '/living'), { waitUntil: 'networkidle' });
  await listing.getByRole('button', { name: 'Save Ceramic Vase to wishlist' }).click();
  // A guest's hearts are kept in the browser and counted in the header.
  await expect(page.getByRole('link', { name: 'Wishlist, 2 items' })).toBeAttached();
  await page.reload({ waitUntil: 'networkidle' });
  await expect(listing.getByRole('button', { name: 'Remove Ceramic Vase from wishlist' })).toHaveAttribute('aria-pressed', 'true');

  // The wishlist needs an account: signing in sends the hearts to it (Wishlist/Sync).
  await page.getByRole('link', { name: 'Wishlist, 2 items' }).click();
  await expect(page).toHaveURL(/\/signin\?redirect=%2Fwishlist$/);
  await signIn(page, page.url());
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Wishlist' })).toBeVisible();
  const saved = page.getByRole('list', { name: 'Saved products' });
  await expect(saved.getByRole('heading', { level: 3 })).toHaveText(['Ceramic Vase', 'Linen Apron']);
  await expect(page.getByRole('link', { name: 'Wishlist, 2 items' })).toBeAttached();
  await expect(saved.locator('.vt-product-card-link', { hasText: 'Linen Apron' })).toHaveAttribute('href', '/linen-apron');
  // No longer the guest's: the browser's hearts went to the account.
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('vt.wishlist')!).state.guestIds)).toEqual([]);

  await saved.getByRole('button', { name: 'Remove Linen Apron from wishlist' }).click();
  await expect(saved.getByRole('heading', { level: 3 })).toHaveText(['Ceramic Vase']);
  await expect(page.getByRole('link', { name: 'Wishlist, 1 item' })).toBeAttached();
  await expect(page.getByText('1 saved product')).toBeVisible();
  // The server keeps it so: a reload reads the list again.
  await page.reload({ waitUntil: 'networkidle' });
  await expect(saved.getByRole('heading', { level: 3 })).toHaveText(['Ceramic Vase']);
  await expect(page.getByRole('link', { name: 'Wishlist, 1 item' })).toBeAttached();

  // Add to cart from the wishlist behaves as the product page's: the drawer opens (Harbor & Pine's theme).
  await saved.getByRole('button', { name: 'Add to cart: Ceramic Vase' }).click();
  const drawer = page.getByRole('dialog', { name: 'Your cart' });
  await expect(drawer.getByRole('link', { name: 'Ceramic Vase' })).toBeVisible();
  // The account's cart may hold lines of other tests on this server: the vase is the one added here.
  await expect(drawer.getByRole('group', { name: 'Quantity of Ceramic Vase' }).getByRole('textbox')).toHaveValue('1');
  await page.keyboard.press('Escape');

  // The product page's heart says it is saved; unhearting it there empties the list.
  await page.goto(store.url('localhost', '/ceramic-vase'), { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Remove Ceramic Vase from wishlist' }).click();
  await expect(page.getByRole('button', { name: 'Save Ceramic Vase to wishlist' })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('link', { name: 'Wishlist, 0 items' })).toBeAttached();
  await page.getByRole('link', { name: 'Wishlist, 0 items' }).click();
  await expect(page.getByText('Your wishlist is empty.')).toBeVisible();
  await page.getByRole('link', { name: 'Continue shopping' }).click();
  await expect(page).toHaveURL(store.url('localhost', '/'));
});

test('Add to cart on a category page’s card opens the drawer; a product with sizes leads to its page (issue 16)', async ({
  page,
  store,
}) => {
  await page.goto(store.url('localhost', '/living'), { waitUntil: 'networkidle' });
  const listing = page.locator('.vt-listing-products');
  await expect(listing.getByRole('link', { name: 'Choose options for Wool Throw' })).toHaveAttribute('href', '/wool-throw');
  await listing.getByRole('button', { name: 'Add to cart: Ceramic Vase' }).click();
  const drawer = page.getByRole('dialog', { name: 'Your cart' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Ceramic Vase' })).toBeVisible();
  await expect(drawer.getByText('Updating…')).toBeHidden();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeAttached();
  // A second press adds one more to the same line.
  await page.keyboard.press('Escape');
  await listing.getByRole('button', { name: 'Add to cart: Ceramic Vase' }).click();
  await expect(drawer.getByRole('group', { name: 'Quantity of Ceramic Vase' }).getByRole('textbox')).toHaveValue('2');
  // The header counts items, not lines (issue 33).
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeAttached();
  await page.keyboard.press('Escape');
  await listing.getByRole('link', { name: 'Choose options for Wool Throw' }).click();
  await expect(page).toHaveURL(/\/wool-throw$/);

  // Atelier Nord's theme opens the cart page instead (§2.9 OPEN_CART).
  await page.goto(store.url('second.localhost', '/accessories'), { waitUntil: 'networkidle' });
  await page.locator('.vt-listing-products').getByRole('button', { name: 'Add to cart: Silk Scarf' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('list', { name: 'Items in your cart' }).getByRole('link', { name: 'Silk Scarf' })).toBeVisible();
});
