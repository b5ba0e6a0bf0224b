// The studio in Chromium: editor load, edit and reorder latency, blocking time while typing, on home pages of 25, 100
// and 250 sections saved as drafts through the Studio API; and the gzipped JavaScript of the studio and the preview.
// Prints numbers only: nothing here asserts a timing.
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import type { SectionNode } from '@vitrine/commerce';
import { sectionRegistry } from '@vitrine/sections';
import { chromiumFlags } from '../playwright.config.ts';
import { onCleanup } from './cleanup.ts';
import { repoRoot, type ProductionServer } from './processes.ts';

const STUDIO_SIZES = [25, 100, 250] as const;
const EDITS = 20;
const REORDERS = 10;
const LOADS = 5;
const OWNER = { email: 'owner@harbor.test', password: 'harbor-owner-demo' };
/** Page section types cycled to fill a page (header and footer, 1 and 2, belong to the theme). */
const PAGE_TYPES = Object.keys(sectionRegistry)
  .map(Number)
  .filter((type) => type > 2);
/** The hero banner: the section whose heading the edit benchmark types into. */
const HERO = 6;

export interface StudioSizeResult {
  sections: number;
  /** Navigation to /editor until the frame holds every section, one value per load. */
  loadMs: number[];
  /** Every keystroke's latency, in the order typed. */
  editMs: number[];
  editP50Ms: number;
  editP95Ms: number;
  reorderP50Ms: number;
  reorderP95Ms: number;
  /** Sum over long tasks of (duration − 50 ms) while typing 20 characters, and how many long tasks there were. */
  blockingMs: number;
  longTasks: number;
}

/** A p50 and p95 in ms. */
interface Spread {
  p50: number;
  p95: number;
}

/**
 * What the browser alone costs, and why the frame protocol delivers to a same-origin frame at once: keydown in a bare
 * page's text field to the DOM change in its same-origin frame, with no studio and no store, the frame checking
 * origin and source as the protocol does. `posted` sends with window.postMessage to an explicit origin, in Chromium
 * as shipped; `postedUndeferred` the same in a Chromium with DeferRendererTasksAfterInput off, the feature that holds
 * posted messages after a keystroke until the next frame is drawn; `delivered` dispatches the message on the
 * frame's window at once, as the channel does for a peer of its own origin.
 */
export interface PostMessageFloor {
  posted: Spread;
  postedUndeferred: Spread;
  delivered: Spread;
}

export interface StudioBenchResult {
  sizes: StudioSizeResult[];
  floor: PostMessageFloor;
  js: {
    studio: { file: string; raw: number; gzip: number }[];
    studioFirstPaint: string[];
    preview: { file: string; raw: number; gzip: number }[];
  };
}

interface Answer {
  status: number;
  json: unknown;
}

/** A Studio call with Host localhost (node:http: fetch will not set Host). */
function studioCall(port: number, method: 'GET' | 'POST', path: string, token?: string, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: `localhost:${port}`, accept: 'application/json' };
    if (token) headers['authorization'] = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const req = request({ host: '127.0.0.1', port, method, path: `/api/Studio/${path}`, headers, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        try {
          resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) });
        } catch {
          resolve({ status: res.statusCode ?? 0, json: text });
        }
      });
    });
    req.on('timeout', () => req.destroy(new Error(`${path} timed out`)));
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

function ok<T>(answer: Answer, what: string): T {
  if (answer.status !== 200) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.json).slice(0, 300)}`);
  return (answer.json as { data: T }).data;
}

/** N sections cycled through the registry's defaults (`create()`), ids unique per size. */
function sectionsFor(count: number): SectionNode[] {
  return Array.from({ length: count }, (_, i) => {
    const type = PAGE_TYPES[i % PAGE_TYPES.length]! as keyof typeof sectionRegistry;
    return sectionRegistry[type].create(`bench-${count}-${i}`);
  });
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

/** Milliseconds from navigating to /editor until the frame's page holds `count` sections. */
async function measureLoad(page: Page, url: string, count: number): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  return page
    .waitForFunction(
      (n) => {
        const frame = document.querySelector<HTMLIFrameElement>('iframe[title="Store preview"]');
        const found = frame?.contentDocument?.querySelectorAll('.wxb-canvas [data-section-id]').length ?? 0;
        return found >= n ? performance.now() : false;
      },
      count,
      { polling: 'raf', timeout: 60_000 },
    )
    .then((handle) => handle.jsonValue() as Promise<number>);
}

/** Installs the page-side clocks: keydown time, and a watcher of the frame's canvas that resolves on a condition. */
async function installProbes(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __keyAt: number };
    window.addEventListener('keydown', () => (w.__keyAt = performance.now()), true);
  });
}

/**
 * Arms a watcher on the frame's canvas (same-origin, so observed from the studio page, timed by the studio page's
 * clock): resolves with the ms from the last keydown to the mutation after which the hero's heading reads the text
 * (`kind` text, `arg` is "id\0text") or the sections' order differs from now (`kind` order).
 */
async function armWatch(page: Page, kind: 'text' | 'order', arg: string): Promise<void> {
  await page.evaluate(
    ({ kind, arg }) => {
      const w = window as unknown as { __keyAt: number; __watch: Promise<number> };
      const frame = document.querySelector<HTMLIFrameElement>('iframe[title="Store preview"]')!;
      const doc = frame.contentDocument!;
      const canvas = doc.querySelector('.wxb-canvas')!;
      const order = () => [...canvas.querySelectorAll<HTMLElement>('[data-section-id]')].map((e) => e.dataset['sectionId']).join();
      const before = order();
      w.__watch = new Promise<number>((resolve) => {
        const done =
          kind === 'text'
            ? () => (doc.querySelector(`[data-section-id="${arg.split('\u0000')[0]}"] h1`)?.textContent ?? '') === arg.split('\u0000')[1]
            : () => order() !== before;
        const observer = new (frame.contentWindow as unknown as typeof globalThis).MutationObserver(() => {
          if (!done()) return;
          const at = performance.now();
          observer.disconnect();
          resolve(at - w.__keyAt);
        });
        observer.observe(canvas, { childList: true, subtree: true, characterData: true });
      });
    },
    { kind, arg },
  );
}

const watched = (page: Page) => page.evaluate(() => (window as unknown as { __watch: Promise<number> }).__watch);

async function benchSize(browser: Browser, port: number, session: unknown, count: number): Promise<StudioSizeResult> {
  const origin = `http://localhost:${port}`;
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    storageState: {
      cookies: [],
      origins: [{ origin, localStorage: [{ name: 'vitrine.studio.session', value: JSON.stringify(session) }] }],
    },
  });
  // tsx (esbuild, keepNames) wraps named functions in the code page.evaluate ships with `__name(…)`; the page needs it.
  await context.addInitScript({ content: 'globalThis.__name ??= (fn) => fn;' });
  try {
    const page = await context.newPage();
    // One warm-up load (HTTP cache, compiled code), then the measured ones.
    await measureLoad(page, `${origin}/editor`, count);
    const loadMs: number[] = [];
    for (let i = 0; i < LOADS; i++) loadMs.push(await measureLoad(page, `${origin}/editor`, count));
    await installProbes(page);

    // Edit latency: the first hero banner, its Heading field, one character at a time.
    const heroId = `bench-${count}-${PAGE_TYPES.indexOf(HERO)}`;
    const row = page.getByRole('list', { name: 'Page sections' }).locator(`li[data-outline-id="${heroId}"]`);
    await row.locator('button').nth(1).click();
    const heading = page.getByRole('complementary', { name: 'Settings' }).getByLabel('Heading', { exact: true });
    await heading.click();
    await heading.press('End');
    // Selecting scrolls the frame smoothly to the section; typing starts once that has settled, as an owner's would.
    await page.waitForTimeout(1000);
    let text = await heading.inputValue();
    const edits: number[] = [];
    for (let i = 0; i < EDITS; i++) {
      const char = String.fromCharCode(97 + (i % 26));
      text += char;
      await armWatch(page, 'text', `${heroId}\u0000${text}`);
      await page.keyboard.press(char);
      edits.push(await watched(page));
      await page.waitForTimeout(30);
    }

    // Blocking time while typing 20 more characters at a brisk typist's pace.
    await page.evaluate(() => {
      const w = window as unknown as { __long: PerformanceEntry[]; __longObserver: PerformanceObserver };
      w.__long = [];
      w.__longObserver = new PerformanceObserver((list) => w.__long.push(...list.getEntries()));
      w.__longObserver.observe({ type: 'longtask' });
    });
    await page.keyboard.type('twenty more letters!', { delay: 60 });
    await page.waitForTimeout(300);
    const long = await page.evaluate(() => {
      const w = window as unknown as { __long: PerformanceEntry[]; __longObserver: PerformanceObserver };
      w.__longObserver.disconnect();
      return w.__long.map((entry) => entry.duration);
    });

    // Reorder latency: the selected section one step down and back up with Alt+Arrow, from keydown to the frame's order.
    await row.locator('button').nth(1).focus();
    const reorders: number[] = [];
    for (let i = 0; i < REORDERS; i++) {
      await armWatch(page, 'order', '');
      await page.keyboard.press(i % 2 === 0 ? 'Alt+ArrowDown' : 'Alt+ArrowUp');
      reorders.push(await watched(page));
      await page.waitForTimeout(50);
    }
    return {
      sections: count,
      loadMs,
      editMs: edits,
      editP50Ms: percentile(edits, 50),
      editP95Ms: percentile(edits, 95),
      reorderP50Ms: percentile(reorders, 50),
      reorderP95Ms: percentile(reorders, 95),
      blockingMs: long.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
      longTasks: long.length,
    };
  } finally {
    await context.close();
  }
}

const FLOOR_ORIGIN = 'http://postmessage-floor.test';
const FLOOR_PAGE = `<!doctype html><title>postMessage floor</title><input aria-label="Heading" id="field">
<iframe title="Frame" src="/frame"></iframe>
<script>
const field = document.getElementById('field');
const frame = document.querySelector('iframe');
const direct = location.search === '?direct';
field.addEventListener('input', () => {
  const message = { type: 'SET_COMPONENT', payload: { heading: field.value } };
  const peer = frame.contentWindow;
  if (!direct) return peer.postMessage(message, location.origin);
  peer.dispatchEvent(new peer.MessageEvent('message', { data: peer.structuredClone(message), origin: location.origin, source: window }));
});
</script>`;
const FLOOR_FRAME = `<!doctype html><h1></h1>
<script>
const heading = document.querySelector('h1');
addEventListener('message', (event) => {
  if (event.origin !== location.origin || event.source !== parent || event.data?.type !== 'SET_COMPONENT') return;
  heading.textContent = event.data.payload.heading;
});
</script>`;

/** keydown → frame DOM in a bare page (no studio), by postMessage or `direct`ly: the browser's share of edit latency. */
async function measureFloor(browser: Browser, direct = false): Promise<Spread> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await context.route(`${FLOOR_ORIGIN}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: new URL(route.request().url()).pathname === '/frame' ? FLOOR_FRAME : FLOOR_PAGE }),
    );
    const page = await context.newPage();
    await page.goto(`${FLOOR_ORIGIN}/${direct ? '?direct' : ''}`);
    await page.frameLocator('iframe').locator('h1').waitFor({ state: 'attached' });
    await installProbes(page);
    await page.locator('#field').click();
    const latencies: number[] = [];
    let text = '';
    for (let i = 0; i < EDITS; i++) {
      const char = String.fromCharCode(97 + (i % 26));
      text += char;
      await page.evaluate((expected) => {
        const w = window as unknown as { __keyAt: number; __watch: Promise<number> };
        const frame = document.querySelector('iframe')!;
        const heading = frame.contentDocument!.querySelector('h1')!;
        w.__watch = new Promise<number>((resolve) => {
          const observer = new (frame.contentWindow as unknown as typeof globalThis).MutationObserver(() => {
            if (heading.textContent !== expected) return;
            observer.disconnect();
            resolve(performance.now() - w.__keyAt);
          });
          observer.observe(heading, { childList: true, characterData: true, subtree: true });
        });
      }, text);
      await page.keyboard.press(char);
      latencies.push(await watched(page));
      await page.waitForTimeout(30);
    }
    return { p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
  } finally {
    await context.close();
  }
}

function gzipped(dir: string, match: (file: string) => boolean) {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.js') && match(file))
    .sort()
    .map((file) => {
      const bytes = readFileSync(join(dir, file));
      return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    });
}

/**
 * The studio's whole built JS, and what /preview loads: the storefront's entry and the preview chunk with every
 * chunk either imports (Vite's manifest says which), such as the HTML sanitizer only the preview needs.
 */
export function studioJsSizes(): StudioBenchResult['js'] {
  const dist = join(repoRoot, 'packages/storefront/dist');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const loaded = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || loaded.has(chunk.file)) return;
    loaded.add(chunk.file);
    for (const next of chunk.imports ?? []) walk(next);
  };
  walk('src/client/first-page.ts');
  walk('src/app.tsx');
  walk('src/preview/preview-frame.tsx');
  // What the studio's first paint loads: the page's module script and the chunks it preloads; the rest (dialogs, the
  // tabs' forms, the theme worker) arrives later.
  const studioPage = readFileSync(join(repoRoot, 'packages/studio/dist/index.html'), 'utf8');
  const studioFirstPaint = [...studioPage.matchAll(/(?:src|href)="\/editor\/assets\/([^"]+\.js)"/g)].map((match) => match[1]!);
  return {
    studio: gzipped(join(repoRoot, 'packages/studio/dist/assets'), () => true),
    studioFirstPaint,
    preview: gzipped(join(dist, 'assets'), (file) => loaded.has(`assets/${file}`)),
  };
}

export async function benchStudio(server: ProductionServer): Promise<StudioBenchResult> {
  const port = Number(new URL(server.origin).port);
  const session = ok<{ sessionToken: string }>(await studioCall(port, 'POST', 'SignIn', undefined, OWNER), 'SignIn');
  const token = session.sessionToken;
  const { pages } = ok<{ pages: { pageId: number; pageTypeId: number }[] }>(await studioCall(port, 'GET', 'GetPages', token), 'GetPages');
  const home = pages.find((p) => p.pageTypeId === 1);
  if (!home) throw new Error('The demo store has no home page');

  const executablePath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
  const browser = await chromium.launch({ executablePath, args: chromiumFlags });
  onCleanup(() => browser.close());
  const sizes: StudioSizeResult[] = [];
  let posted: Spread;
  let delivered: Spread;
  try {
    for (const count of STUDIO_SIZES) {
      const { page } = ok<{ page: { draftRevision: number; draft: Record<string, unknown> } }>(
        await studioCall(port, 'GET', `GetPage?PageID=${home.pageId}`, token),
        'GetPage',
      );
      ok<unknown>(
        await studioCall(port, 'POST', 'SavePage', token, {
          pageId: home.pageId,
          draftRevision: page.draftRevision,
          document: { ...page.draft, sections: sectionsFor(count) },
        }),
        `SavePage (${count} sections)`,
      );
      sizes.push(await benchSize(browser, port, session, count));
    }
    posted = await measureFloor(browser);
    delivered = await measureFloor(browser, true);
  } finally {
    await browser.close();
  }
  // The same browser without its after-input deferral of posted messages: what that deferral alone costs a post.
  const undeferredBrowser = await chromium.launch({
    executablePath,
    args: [...chromiumFlags, '--disable-features=DeferRendererTasksAfterInput'],
  });
  onCleanup(() => undeferredBrowser.close());
  let postedUndeferred: Spread;
  try {
    postedUndeferred = await measureFloor(undeferredBrowser);
  } finally {
    await undeferredBrowser.close();
  }
  return { sizes, floor: { posted, postedUndeferred, delivered }, js: studioJsSizes() };
}

const fmt = (value: number, digits = 0) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);

/** The results as rows: metric, one column per page size, Puck's reference and the target. */
export function studioTable(result: StudioBenchResult): { header: string[]; rows: string[][]; notes: string[] } {
  const col = (pick: (size: StudioSizeResult) => string) => result.sizes.map(pick);
  const kb = (bytes: number) => `${fmt(bytes / 1024, 1)} KB`;
  const studioGzip = result.js.studio.reduce((sum, f) => sum + f.gzip, 0);
  const studioFirstPaint = result.js.studio.filter((f) => result.js.studioFirstPaint.includes(f.file)).reduce((sum, f) => sum + f.gzip, 0);
  const previewGzip = result.js.preview.reduce((sum, f) => sum + f.gzip, 0);
  const header = ['metric', ...result.sizes.map((s) => `${s.sections} sections`), 'Puck (ref.)', 'target'];
  const blank = result.sizes.map(() => '');
  const spread = ({ p50, p95 }: Spread) => `${fmt(p50, 1)} / ${fmt(p95, 1)}`;
  const rows = [
    [
      'editor load → frame shows every section, ms (median of ' + LOADS + ')',
      ...col((s) => fmt(percentile(s.loadMs, 50))),
      '≈ 1,000 at 250',
      '≤ 500 at 250',
    ],
    [`edit latency p50, ms (${EDITS} keystrokes, keydown → frame DOM)`, ...col((s) => fmt(s.editP50Ms, 1)), '≈ 20', ''],
    [`edit latency p95, ms`, ...col((s) => fmt(s.editP95Ms, 1)), '≈ 30', '≤ 8'],
    [`  bare page, keydown → frame DOM by postMessage, p50 / p95`, spread(result.floor.posted), ...blank.slice(1), '', ''],
    [`  the same, Chromium's after-input deferral off, p50 / p95`, spread(result.floor.postedUndeferred), ...blank.slice(1), '', ''],
    [`  bare page, delivered at once (same origin), p50 / p95`, spread(result.floor.delivered), ...blank.slice(1), '', ''],
    [`reorder latency p50, ms (${REORDERS} Alt+↑/↓, keydown → frame order)`, ...col((s) => fmt(s.reorderP50Ms, 1)), '≈ 100', '≤ 25'],
    [`reorder latency p95, ms`, ...col((s) => fmt(s.reorderP95Ms, 1)), '', ''],
    ['blocking time typing 20 chars, ms (Σ long task − 50)', ...col((s) => fmt(s.blockingMs, 0)), '', '0'],
    ['long tasks while typing', ...col((s) => String(s.longTasks)), '', '0'],
    ['studio JS gzipped for the first paint (page script + preloads)', kb(studioFirstPaint), ...blank.slice(1), '237 KB', '≤ 150 KB'],
    ['studio JS gzipped, all of dist/assets/*.js (lazy chunks, worker)', kb(studioGzip), ...blank.slice(1), '', ''],
    ['preview JS gzipped (storefront entry + preview chunks)', kb(previewGzip), ...blank.slice(1), '', ''],
  ];
  const notes = [
    ...result.js.studio.map(
      (f) =>
        `  studio   ${f.file}: ${fmt(f.raw)} B, ${fmt(f.gzip)} B gzipped${result.js.studioFirstPaint.includes(f.file) ? ' (first paint)' : ''}`,
    ),
    ...result.js.preview.map((f) => `  preview  ${f.file}: ${fmt(f.raw)} B, ${fmt(f.gzip)} B gzipped`),
    `  load runs (ms): ${result.sizes.map((s) => `${s.sections}: ${s.loadMs.map((v) => fmt(v)).join(', ')}`).join('; ')}`,
    ...result.sizes.map((s) => `  edits at ${s.sections} sections (ms, as typed): ${s.editMs.map((v) => fmt(v, 1)).join(', ')}`),
  ];
  return { header, rows, notes };
}
