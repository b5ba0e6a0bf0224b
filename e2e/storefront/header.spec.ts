import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/server.ts';

/** §9's breakpoints by minimum width. */
const widths = [320, 375, 425, 768, 1024, 1280, 1600];

/** The boxes of the header row and of each visible part of it. */
async function headerRow(page: Page) {
  return page.locator('header .vt-header-bar').evaluate((bar) => {
    const box = (element: Element) => {
      const r = element.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height };
    };
    const parts = Array.from(
      bar.querySelectorAll(
        '.vt-header-menu-toggle, .vt-header-brand, .vt-header-nav, .vt-header-search, .vt-header-currency, .vt-header-tools > *',
      ),
    )
      .filter((element) => (element as HTMLElement).offsetParent !== null && getComputedStyle(element).position !== 'absolute')
      .map((element) => ({ name: element.className || element.tagName, ...box(element) }));
    return { bar: box(bar), header: box(bar.closest('header')!), parts, scrollWidth: document.documentElement.scrollWidth };
  });
}

test('the header is one tidy row at every breakpoint; below the tablet width the menu is a drawer that Escape closes (issue 13)', async ({
  page,
  store,
}) => {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(store.url('localhost', '/'), { waitUntil: 'networkidle' });
    const { bar, header, parts, scrollWidth } = await headerRow(page);
    // One row: every part inside the bar's one line (at 375 px it took three rows, 172 px).
    expect(bar.height, `${width}px`).toBeLessThanOrEqual(60);
    expect(header.height, `${width}px`).toBeLessThanOrEqual(84);
    for (const part of parts) {
      expect(part.top, `${width}px ${part.name}`).toBeGreaterThanOrEqual(bar.top - 1);
      expect(part.bottom, `${width}px ${part.name}`).toBeLessThanOrEqual(bar.bottom + 1);
      expect(part.right, `${width}px ${part.name}`).toBeLessThanOrEqual(width);
    }
    expect(scrollWidth, `${width}px`).toBe(width);
    const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
    if (width < 768) {
      await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
      await expect(menuButton).toBeVisible();
    } else {
      await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
      await expect(menuButton).toBeHidden();
    }
    await page.screenshot({ path: test.info().outputPath(`header-${width}.png`) });
  }

  // The seeded section gallery is for owners, not a shop link.
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Sections' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Contact' })).toBeVisible();

  // Up to 1280 px the search opens under the row from its button.
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.getByRole('button', { name: 'Open search' }).click();
  await expect(page.getByRole('combobox', { name: 'Search' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('combobox', { name: 'Search' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open search' })).toBeFocused();

  // On a phone: the drawer opens as a dialog with the menu and search, Escape closes it and the focus returns.
  await page.setViewportSize({ width: 375, height: 800 });
  const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
  await menuButton.click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Contact' })).toBeVisible();
  await expect(drawer.getByRole('combobox', { name: 'Search' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('header-375-drawer.png') });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(menuButton).toBeFocused();
  // A link in the drawer takes the shopper there and closes it.
  await menuButton.click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(store.url('localhost', '/contact'));
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
});

// The row's search button is tapped before the app has started: the tap is done once the app's whole stylesheets are
// here, which style the search it opens.
test('on a phone the row opens search without the menu, a search made closes the menu and keeps its words, and the menu lists sub-categories and the account (issue 33)', async ({
  page,
  store,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(store.url('localhost', '/'), { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Open search' }).click();
  const search = page.getByRole('combobox', { name: 'Search' });
  await expect(search).toBeFocused();
  await expect(search).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  await search.fill('mug');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/search\?kw=mug/);
  // The search closed behind its icon; its box keeps the words, in the menu too.
  await expect(page.getByRole('button', { name: 'Open search' })).toHaveAttribute('aria-expanded', 'false');

  const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
  await menuButton.click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByRole('combobox', { name: 'Search' })).toHaveValue('mug');
  await expect(drawer.getByRole('link', { name: /^(Sign in|My account)$/ })).toBeVisible();
  await drawer.getByRole('combobox', { name: 'Search' }).fill('lamp');
  await drawer.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/search\?kw=lamp/);
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
});
