import { defineConfig } from '@playwright/test';

/** Debian's Chromium, with the flags this closed network needs; Playwright never downloads a browser here. */
export const chromiumFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: process.env['CI'] ? 'list' : [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', args: chromiumFlags },
    trace: 'off',
  },
});
