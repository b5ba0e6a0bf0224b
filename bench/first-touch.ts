// The first tap on a page a shopper lands on (issue 33): how long until the page visibly answers it, and until what
// was asked is done, on a phone's CPU (4× slowdown). The page is the server's HTML and the small entry; the app starts
// at that tap (client/app-start.ts), so this is the wait Lighthouse never sees.
import type { Browser, Page } from '@playwright/test';
import { decimals, textTable } from './report.ts';

const CHROMIUM = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';
const CPU_SLOWDOWN = 4;

/** One tap: where, on what, and what the page shows once it is done. */
interface Tap {
  name: string;
  path: string;
  /** The viewport's height: the target in view without a scroll (a scroll is a touch too, and would start the app). */
  height: number;
  /** The element tapped. */
  target: string;
  /** True once the action is done, read in the page. */
  done: string;
}

const taps: Tap[] = [
  {
    name: 'Add to cart, product page',
    path: '/stoneware-mug',
    height: 1400,
    target: '.vt-product-info button.vt-btn-primary.vt-btn-md',
    done: `[...document.querySelectorAll('dialog[open] a, [role="dialog"] a')].some((a) => a.textContent.includes('Stoneware Mug'))`,
  },
  {
    name: 'Wishlist heart, home page card',
    path: '/',
    height: 2400,
    target: '.vt-product-card .vt-wishlist-heart',
    done: `document.querySelector('.vt-product-card .vt-wishlist-heart')?.getAttribute('aria-pressed') === 'true'`,
  },
  {
    name: 'Compare, product page',
    path: '/cast-iron-skillet',
    height: 1400,
    target: '.vt-compare-toggle',
    done: `document.querySelector('.vt-compare-toggle')?.getAttribute('aria-pressed') === 'true'`,
  },
];

/** How long the shopper reads before the tap, after the page's load (the tracker's idle-time start is over by then). */
const READING_MS = [2500];

export interface FirstTouchRow {
  name: string;
  /** How long after the page's load the tap came. */
  readingMs: number;
  /** Taps made before the app had started (the rest found it started: the tap was not its first touch). */
  firstTouches: number;
  /** From the tap to the first frame that shows it answered (a pressed, pending state, or the result). */
  answered: number[];
  /** From the tap to the first frame with the action done. */
  done: number[];
}

export interface FirstTouchResult {
  runs: number;
  cpuSlowdown: number;
  rows: FirstTouchRow[];
}

/** Taps each page `runs` times, each in a fresh browser context (nothing kept), after the page has loaded and settled. */
export async function benchFirstTouch(
  origin: string,
  runs = Number(process.env['BENCH_FIRST_TOUCH_RUNS'] ?? 5),
): Promise<FirstTouchResult> {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const rows: FirstTouchRow[] = [];
    for (const tap of taps) {
      for (const readingMs of READING_MS) {
        const row: FirstTouchRow = { name: tap.name, readingMs, firstTouches: 0, answered: [], done: [] };
        // One run untimed first: the server's caches and the page's images, as a shopper's second visit has them.
        for (let run = 0; run <= runs; run++) {
          const timing = await tapOnce(browser, origin, tap, readingMs);
          if (run === 0) continue;
          row.answered.push(timing.answered);
          row.done.push(timing.done);
          // The entry's own listener marks the start a moment before the bench's sees the tap: earlier than that, it had started.
          if (!(timing.marks['vitrine:app-start']! < -20)) row.firstTouches++;
        }
        rows.push(row);
      }
    }
    return { runs, cpuSlowdown: CPU_SLOWDOWN, rows };
  } finally {
    await browser.close();
  }
}

async function tapOnce(
  browser: Browser,
  origin: string,
  tap: Tap,
  readingMs: number,
): Promise<{ answered: number; done: number; marks: Record<string, number> }> {
  // Tall enough that each target is in view without scrolling: a scroll is a touch too, and would start the app first.
  const context = await browser.newContext({
    viewport: { width: 412, height: 2400 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  try {
    const page: Page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    // As http://localhost:PORT, so the Host is the seeded Harbor & Pine's.
    const store = new URL(origin);
    store.hostname = 'localhost';
    await page.goto(new URL(tap.path, store).href, { waitUntil: 'load' });
    await page.waitForTimeout(readingMs);
    const box = await page.locator(tap.target).first().boundingBox();
    if (!box) throw new Error(`first-touch bench: nothing to tap at ${tap.path} (${tap.target})`);
    // A script in the page's own words (the bench's compiler would name its functions with a helper the page lacks).
    await page.evaluate(`(() => {
      const state = { start: 0, answered: 0, done: 0 };
      window.__firstTouch = state;
      const isDone = () => (${tap.done});
      const tapped = document.querySelector(${JSON.stringify(tap.target)});
      // A frame after the change: what the shopper sees, not only what the DOM holds.
      const frame = (key) => requestAnimationFrame(() => (state[key] ||= performance.now() - state.start));
      const check = () => {
        if (!state.start) return;
        const answered = tapped ? tapped.matches('[aria-busy="true"], [data-vt-pending]') : false;
        if (!state.answered && (answered || isDone())) frame('answered');
        if (!state.done && isDone()) frame('done');
      };
      window.addEventListener('pointerdown', () => (state.start ||= performance.now()), { capture: true });
      new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    })()`);
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    // Polled from here: the page's Content-Security-Policy refuses the string a waitForFunction would evaluate.
    for (const until = Date.now() + 30_000; !((await page.evaluate('window.__firstTouch.done')) as number);) {
      if (Date.now() > until) {
        await page.screenshot({ path: '/tmp/first-touch-failed.png' });
        throw new Error(`first-touch bench: ${tap.name} was never done: ${JSON.stringify(await page.evaluate('window.__firstTouch'))}`);
      }
      await page.waitForTimeout(50);
    }
    const timing = (await page.evaluate(`({
      ...window.__firstTouch,
      marks: Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime - window.__firstTouch.start])),
    })`)) as { answered: number; done: number; marks: Record<string, number> };
    if (process.env['BENCH_FIRST_TOUCH_MARKS']) console.log(tap.name, JSON.stringify(timing));
    return timing;
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

export function firstTouchReport(result: FirstTouchResult): string {
  return [
    `The first tap on a landing page (Chromium, 412 px wide phone, tall enough that the target is in view without a scroll, ${result.cpuSlowdown}× CPU slowdown; median and max of ${result.runs} taps, each in a fresh context, 2.5 s after the load):`,
    textTable(
      ['tap', 'after load', 'app not started', 'answered p50 ms', 'answered max', 'done p50 ms', 'done max', 'every done'],
      result.rows.map((row) => [
        row.name,
        `${row.readingMs / 1000} s`,
        `${row.firstTouches}/${row.answered.length}`,
        decimals(median(row.answered), 0),
        decimals(Math.max(...row.answered), 0),
        decimals(median(row.done), 0),
        decimals(Math.max(...row.done), 0),
        row.done.map((ms) => decimals(ms, 0)).join(' '),
      ]),
    ),
    'Target (issue 33): answered at once (the next frame), done within 600 ms on this profile. Anchor: 1.4–3.1 s to show anything on a busy 2-core machine, 2.1 s on a quiet one at 4×.',
  ].join('\n');
}
