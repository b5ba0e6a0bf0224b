import { test as base, expect, type Page } from '@playwright/test';
import { startStore, type RunningStore } from '../fixtures/server.ts';

/**
 * Its own server with 3-second access tokens and no refresh grace window, so that only the tabs' own single-flight
 * refresh can keep two tabs from spending one refresh token twice.
 */
const test = base.extend<object, { sessions: RunningStore }>({
  sessions: [
    async ({}, use) => {
      const store = await startStore({ ACCESS_TOKEN_SECONDS: '3', REFRESH_GRACE_SECONDS: '0' });
      await use(store);
      await store.stop();
    },
    { scope: 'worker' },
  ],
});

const storedTokens = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('vt.session')!).state.tokens as { accessToken: string; refreshToken: string });

test('two tabs whose token expired refresh once between them and both stay signed in; a replay of the old token ends the session', async ({
  context,
  sessions,
}) => {
  const first = await context.newPage();
  await first.goto(sessions.url('localhost', '/signin'), { waitUntil: 'networkidle' });
  await first.getByLabel('Email', { exact: true }).fill('shopper@harbor.test');
  await first.getByLabel('Password', { exact: true }).fill('harbor-shopper-demo');
  await first.getByRole('button', { name: 'Sign in' }).click();
  await expect(first).toHaveURL(sessions.url('localhost', '/account'));
  const second = await context.newPage();
  await second.goto(sessions.url('localhost', '/account'), { waitUntil: 'networkidle' });
  await expect(second.getByText('Sam Rivera')).toBeVisible();

  const original = await storedTokens(first);
  await first.waitForTimeout(3500);
  const refreshes: number[] = [];
  for (const page of [first, second]) {
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/Auth/refresh') refreshes.push(response.status());
    });
  }
  // Both tabs load the account page at once, each with the expired token: each needs a refresh.
  await Promise.all([first.reload(), second.reload()]);
  for (const page of [first, second]) {
    await expect(page.getByText('Sam Rivera')).toBeVisible();
    await expect(page).toHaveURL(sessions.url('localhost', '/account'));
  }
  expect(refreshes).toEqual([200]);
  expect((await storedTokens(second)).refreshToken).not.toBe(original.refreshToken);

  // The old refresh token used again, as a thief would: the session ends in every tab.
  const replay = await first.request.post(sessions.url('localhost', '/api/Auth/refresh'), { data: original });
  expect(replay.status()).toBe(401);
  expect((await replay.json()).error.code).toBe('TOKEN_REUSED');
  await second.reload();
  await expect(second).toHaveURL(/\/notfound\?ec=/);
});
