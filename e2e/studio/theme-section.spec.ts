import { execFileSync } from 'node:child_process';
import { test as base, expect } from '@playwright/test';
import { startStore, type RunningStore } from '../fixtures/server.ts';

/**
 * docs/sections.md's worked example, carried through the real product: the announcement bar (type 23) is the
 * example theme's section. The studio and the shopper app are built with the theme (`VITRINE_THEME=example` builds
 * into dist-example) and the server runs with its condition, exactly as the guide tells a theme developer to. The
 * owner finds the section in the palette, the preview frame draws it as it is edited, and after publishing a
 * shopper's page has it, rendered by the server.
 */
const root = new URL('../..', import.meta.url).pathname;
const harbor = { email: 'owner@harbor.test', password: 'harbor-owner-demo' };

const test = base.extend<object, { themed: RunningStore }>({
  themed: [
    async ({}, use) => {
      for (const app of ['studio', 'storefront'])
        execFileSync(process.execPath, [`${root}node_modules/vite/bin/vite.js`, 'build', '--logLevel', 'error'], {
          cwd: `${root}packages/${app}`,
          env: { ...process.env, VITRINE_THEME: 'example' },
          stdio: 'inherit',
        });
      const store = await startStore({ VITRINE_THEME: 'example', NODE_OPTIONS: '--conditions=vitrine-theme-example' });
      await use(store);
      await store.stop();
    },
    { scope: 'worker', timeout: 240_000 },
  ],
});

test('a theme’s own section type 23 goes from the palette through the preview frame to the storefront', async ({ browser, themed }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(themed.url('localhost', '/editor'));
  await page.getByLabel('Email').fill(harbor.email);
  await page.getByLabel('Password').fill(harbor.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const outline = page.getByRole('list', { name: 'Page sections' });
  await expect(outline).toBeVisible({ timeout: 30_000 });
  const frame = page.frameLocator('iframe[title="Store preview"]');
  await expect(frame.locator('.wxb-canvas [data-section-id]').first()).toBeVisible({ timeout: 30_000 });

  // The palette lists the theme's section after the store's 22, named and described by its schema.
  const palette = page.getByRole('list', { name: 'Section types' });
  const entry = palette.getByRole('button', { name: 'Announcement bar', exact: true });
  await expect(entry).toBeVisible();
  await expect(palette.getByRole('button')).toHaveCount(23);
  const before = await outline.locator('li[data-outline-id]').count();
  await entry.click();
  await expect(outline.locator('li[data-outline-id]')).toHaveCount(before + 1);
  const id = await outline.locator('li[aria-current="true"]').getAttribute('data-outline-id');
  expect(id).toBeTruthy();

  // The frame draws it, with the newest product its loader found on the server, and follows its generated form.
  const bar = frame.locator(`[data-section-id="${id}"]`);
  await expect(bar.getByText('Free delivery on orders over $60')).toBeVisible();
  await expect(bar.locator('.vt-announcement-product')).toHaveCount(1);
  const settings = page.getByRole('complementary', { name: 'Settings' });
  await settings.getByLabel('Message', { exact: true }).fill('Studio sale this weekend');
  await expect(bar.getByText('Studio sale this weekend')).toBeVisible();
  await expect(page.locator('[data-save-status]')).toHaveAttribute('data-save-status', 'saved', { timeout: 15_000 });

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeEnabled({ timeout: 15_000 });

  // A shopper, without the studio: the server renders the section into the page.
  const shopper = await browser.newContext();
  const store = await shopper.newPage();
  await expect
    .poll(
      async () => {
        const response = await store.goto(themed.url('localhost', '/'));
        const html = (await response?.text()) ?? '';
        return html.includes(`data-section-id="${id}"`) && html.includes('Studio sale this weekend');
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  await expect(store.locator(`[data-section-id="${id}"]`).getByText('Studio sale this weekend')).toBeVisible();
  await shopper.close();
  await context.close();
});
