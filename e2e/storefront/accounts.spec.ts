import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { startStore, type RunningStore } from '../fixtures/server.ts';

/** Its own server, so these sign-ins do not count against other files' rate limits, with 4-second access tokens. */
const test = base.extend<object, { accounts: RunningStore }>({
  accounts: [
    async ({}, use) => {
      const store = await startStore({ ACCESS_TOKEN_SECONDS: '4' });
      await use(store);
      await store.stop();
    },
    { scope: 'worker' },
  ],
});

async function signIn(page: Page, store: RunningStore, email: string, password: string) {
  // networkidle: the page has hydrated and has its guest tokens before the form is used.
  await page.goto(store.url('localhost', '/signin'), { waitUntil: 'networkidle' });
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The newest mail in the server's outbox (DATA_DIR/outbox/*.eml) sent to `to`. */
function lastMailTo(store: RunningStore, to: string): string {
  const folder = join(store.dataDir, 'outbox');
  const mails = readdirSync(folder)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => readFileSync(join(folder, f), 'utf8'))
    .filter((m) => m.includes(to));
  const mail = mails.at(-1);
  if (!mail) throw new Error(`No mail to ${to} in the outbox`);
  return mail;
}

test('sign up, sign out, sign in', async ({ page, accounts }) => {
  await page.goto(accounts.url('localhost', '/signup'), { waitUntil: 'networkidle' });
  await page.getByLabel('First name').fill('Rosa');
  await page.getByLabel('Last name').fill('Parks');
  await page.getByLabel('Email', { exact: true }).fill('rosa@example.com');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(/at least 8/i).first()).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('a-long-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  // Sign-up signs nobody in, so it never tells whether the address had an account: it says to check the mail.
  await expect(page.getByRole('heading', { name: 'Thank you for signing up' })).toBeVisible();
  await expect(page.getByText('We have sent a mail to rosa@example.com')).toBeVisible();
  await expect
    .poll(() => {
      try {
        return lastMailTo(accounts, 'rosa@example.com');
      } catch {
        return '';
      }
    })
    .toContain('Your Harbor & Pine account is ready.');
  await signIn(page, accounts, 'rosa@example.com', 'a-long-password');
  await expect(page).toHaveURL(accounts.url('localhost', '/account'));
  await expect(page.getByText('Rosa Parks')).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(accounts.url('localhost', '/'));
  // Signing up again with the address makes no account and tells its owner by mail, not the one who tried.
  await page.goto(accounts.url('localhost', '/signup'), { waitUntil: 'networkidle' });
  await page.getByLabel('First name').fill('Someone');
  await page.getByLabel('Last name').fill('Else');
  await page.getByLabel('Email', { exact: true }).fill('rosa@example.com');
  await page.getByLabel('Password', { exact: true }).fill('another-long-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('We have sent a mail to rosa@example.com')).toBeVisible();
  await expect
    .poll(() => {
      try {
        return lastMailTo(accounts, 'rosa@example.com');
      } catch {
        return '';
      }
    })
    .toContain('Someone tried to create an account');
  await signIn(page, accounts, 'rosa@example.com', 'another-long-password');
  await expect(page.getByRole('alert')).toContainText(/incorrect/i);
});

test('a corporate account waits for the store to approve it', async ({ page, accounts }) => {
  await page.goto(accounts.url('localhost', '/signup'), { waitUntil: 'networkidle' });
  await page.getByLabel('Corporate').check();
  await page.getByLabel('First name').fill('Ola');
  await page.getByLabel('Last name').fill('Nordmann');
  await page.getByLabel('Company').fill('Fjord AS');
  await page.getByLabel('Email', { exact: true }).fill('ola@fjord.example');
  await page.getByLabel('Password', { exact: true }).fill('a-long-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for signing up' })).toBeVisible();
  await signIn(page, accounts, 'ola@fjord.example', 'a-long-password');
  await expect(page.getByRole('alert')).toContainText(/approv/i);
});

test('forgot password → the link in the outbox → reset → sign in with the new password', async ({ page, accounts }) => {
  await page.goto(accounts.url('localhost', '/forgotpassword'));
  await page.getByLabel('Email', { exact: true }).fill('shopper@harbor.test');
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText('If an account exists for that email')).toBeVisible();
  await expect
    .poll(() => {
      try {
        return lastMailTo(accounts, 'shopper@harbor.test');
      } catch {
        return '';
      }
    })
    .toContain('/resetpassword?token=');
  const link = /http:\/\/\S+\/resetpassword\?token=[\w-]+/.exec(lastMailTo(accounts, 'shopper@harbor.test'))![0];
  await page.goto(link.replace(/^http:\/\/[^/]+/, accounts.url('localhost', '').replace(/\/$/, '')));
  await page.getByLabel('New password', { exact: true }).fill('brand-new-password');
  await page.getByLabel('Repeat the new password').fill('brand-new-password');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  // The link works once.
  await page.goto(link.replace(/^http:\/\/[^/]+/, accounts.url('localhost', '').replace(/\/$/, '')));
  await page.getByLabel('New password', { exact: true }).fill('another-password');
  await page.getByLabel('Repeat the new password').fill('another-password');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('alert')).toBeVisible();

  await signIn(page, accounts, 'shopper@harbor.test', 'harbor-shopper-demo');
  await expect(page.getByRole('alert')).toContainText('Email or password is incorrect');
  await signIn(page, accounts, 'shopper@harbor.test', 'brand-new-password');
  await expect(page).toHaveURL(accounts.url('localhost', '/account'));

  await page.goto(accounts.url('localhost', '/changepassword'));
  await page.getByLabel('Current password').fill('brand-new-password');
  await page.getByLabel('New password', { exact: true }).fill('harbor-shopper-demo');
  await page.getByLabel('Repeat the new password').fill('harbor-shopper-demo');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  // The session goes on with the fresh tokens the change gave it.
  await page.goto(accounts.url('localhost', '/account'));
  await expect(page.getByText('Sam Rivera')).toBeVisible();
});

test('an expired token is refreshed once and the call retried; a failed refresh ends at its ec page', async ({ page, accounts }) => {
  await signIn(page, accounts, 'shopper@harbor.test', 'harbor-shopper-demo');
  await expect(page).toHaveURL(accounts.url('localhost', '/account'));
  await page.waitForTimeout(4500);
  const calls: string[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith('/api/Auth/refresh') || path.startsWith('/api/Account/GetProfile')) calls.push(`${response.status()} ${path}`);
  });
  await page.goto(accounts.url('localhost', '/account'));
  await expect(page.getByText('Sam Rivera')).toBeVisible();
  expect(calls).toEqual(['200 /api/Auth/refresh', '200 /api/Account/GetProfile']);

  // A refresh token the server does not know: the refresh fails while the page loads its data (ec=04).
  await page.evaluate(() => {
    const saved = JSON.parse(localStorage.getItem('vt.session')!);
    saved.state.tokens.refreshToken = 'not-a-real-refresh-token';
    localStorage.setItem('vt.session', JSON.stringify(saved));
  });
  await page.waitForTimeout(4500);
  await page.goto(accounts.url('localhost', '/account'));
  await expect(page).toHaveURL(accounts.url('localhost', '/notfound?ec=04'));
  await expect(page.getByText('could not load its data')).toBeVisible();
  // The customer's tokens are gone; the page has only a guest's pair now (UserID "0").
  const tokens = await page.evaluate(() => JSON.parse(localStorage.getItem('vt.session')!).state.tokens as { accessToken: string } | null);
  const claims = tokens ? JSON.parse(Buffer.from(tokens.accessToken.split('.')[1]!, 'base64url').toString('utf8')) : { UserID: '0' };
  expect(claims.UserID).toBe('0');
});

test('sign-in is rate limited, and never says whether an email exists', async ({ page, accounts }) => {
  await signIn(page, accounts, 'nobody@nowhere.example', 'whatever-password');
  const unknown = await page.getByRole('alert').textContent();
  expect(unknown).toBe('Email or password is incorrect');
  // Five wrong passwords for one account (fewer if this file's earlier sign-ins used up the address's allowance):
  // until the limit, each answer is word for word the unknown email's; then the limit answers.
  const answers: string[] = [];
  for (let i = 0; i < 6; i++) {
    await signIn(page, accounts, 'rosa@example.com', `wrong-${i}`);
    answers.push((await page.getByRole('alert').textContent()) ?? '');
  }
  const limited = answers.findIndex((a) => a.startsWith('Too many attempts'));
  expect(limited).toBeGreaterThanOrEqual(0);
  expect(answers.slice(0, limited).every((a) => a === unknown)).toBe(true);
  expect(answers.slice(limited).every((a) => a.startsWith('Too many attempts'))).toBe(true);
});

test('an empty sign-in form names each field it needs, marks it invalid and focuses the first (issue 13)', async ({ page, accounts }) => {
  await page.goto(accounts.url('localhost', '/signin'), { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Sign in' }).click();
  const email = page.getByLabel('Email', { exact: true });
  const password = page.getByLabel('Password', { exact: true });
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('Email is a required field');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription('Password is a required field');
  await email.fill('sam@example.test');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(password).toBeFocused();
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
});
