import { expect, test } from '../fixtures/server.ts';

test('the footer sits at the bottom of a short page, and links in text are underlined (issue 13)', async ({ page, store }) => {
  // Tall windows, so that the page is short next to them (the footer's columns stack on a phone).
  for (const [width, height] of [
    [375, 2200],
    [1280, 1400],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(store.url('localhost', '/signup'), { waitUntil: 'networkidle' });
    const { footerBottom, viewport, scrollHeight } = await page.evaluate(() => ({
      footerBottom: document.querySelector('footer')!.getBoundingClientRect().bottom,
      viewport: window.innerHeight,
      scrollHeight: document.documentElement.scrollHeight,
    }));
    // No white band below the footer: it ends where the window does, and the page does not scroll.
    expect(Math.round(footerBottom), `${width}px`).toBe(viewport);
    expect(scrollHeight, `${width}px`).toBe(viewport);
  }
  const inText = page.getByText('Already have an account?').getByRole('link', { name: 'Sign in' });
  expect(await inText.evaluate((a) => getComputedStyle(a).textDecorationLine)).toBe('underline');
  // Menus, buttons and cards keep their own look.
  const menuLink = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Contact' });
  expect(await menuLink.evaluate((a) => getComputedStyle(a).textDecorationLine)).toBe('none');
});

test('buttons ripple from where they are pressed, for 401 ms (§9, issue 13)', async ({ page, store }) => {
  await page.goto(store.url('localhost', '/'), { waitUntil: 'networkidle' });
  const button = page.locator('main .vt-btn').first();
  const box = (await button.boundingBox())!;
  await page.mouse.move(box.x + 10, box.y + 10);
  await page.mouse.down();
  // The button's own ::after, so the app hydrating the button meanwhile finds what the server drew.
  await expect(button).toHaveAttribute('data-vt-ripple', 'a');
  expect(await button.evaluate((element) => getComputedStyle(element, '::after').animationDuration)).toBe('0.401s');
  await expect(button).not.toHaveAttribute('data-vt-ripple');
  await page.mouse.up();
});

test('sections out of view are not laid out or painted until they come near it, and the phone menu still covers the window (issue 18)', async ({
  page,
  store,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(store.url('localhost', '/'), { waitUntil: 'networkidle' });
  // checkVisibility with contentVisibilityAuto is false for what the browser skips drawing: a section's content.
  const drawn = () =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('main > section.vt-section, footer')].map((section) =>
        section.firstElementChild!.checkVisibility({ contentVisibilityAuto: true }),
      ),
    );
  const atLoad = await drawn();
  expect(atLoad[0]).toBe(true);
  expect(atLoad.at(-1)).toBe(false);
  await page.locator('footer').scrollIntoViewIfNeeded();
  await expect.poll(async () => (await drawn()).at(-1)).toBe(true);
  // What a shopper finds on the page is still there to find: the footer's links are in the accessibility tree.
  await expect(page.getByRole('contentinfo').getByRole('link').first()).toBeAttached();
  // The header is not contained: its drawer, fixed to the window, covers the window's whole height.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: /menu/i }).first().click();
  const drawer = page.locator('.vt-header-drawer-open');
  await expect(drawer).toBeVisible();
  expect(Math.round((await drawer.boundingBox())!.height)).toBe(800);
});
