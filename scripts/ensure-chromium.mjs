#!/usr/bin/env node
// Browser tests drive Debian's Chromium; no tool may download a browser of its own. Install it when missing
// (as root, which our machines and CI are), or stop at once with the one command to run. Liberation's faces come
// with it: theme fonts fall back to them, sized to their metrics, while they load.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing at ${CHROMIUM}. Install it with:\n\n  sudo apt-get install -y chromium fonts-liberation\n`);
    process.exit(1);
  }
  console.log("Chromium is missing; installing Debian's package…");
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-liberation'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}
console.log(`Chromium: ${execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).trim()}`);
