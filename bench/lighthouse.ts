// Lighthouse on the pages a shopper lands on (issue 18): mobile, simulated throttling, Debian's Chromium, offline;
// the median of three runs per page. Then the home page again with every marketing script configured, the
// third-party hosts answered by a local HTTPS stand-in, and the drop in performance points. Prints numbers only:
// nothing here asserts a score.
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { generateReport, type Flags, type Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { onCleanup } from './cleanup.ts';
import { httpGet, httpRequest, LOOPBACK, tempDir } from './processes.ts';
import { decimals, textTable } from './report.ts';

/** The seeded "Harbor & Pine" store answers on this Host; its owner configures its marketing scripts. */
const STORE_HOST = 'localhost';
const OWNER = { email: 'owner@harbor.test', password: 'harbor-owner-demo' };

/**
 * The pages a shopper lands on, from the seeded demo data (packages/server/src/seed/demo-stores.ts). The cart and the
 * checkout are measured as a shopper who put the product in their cart sees them (`keepsCart`): the browser keeps
 * that cart (its storage and cookie stay between runs), its HTTP cache is emptied before each run as Lighthouse's
 * reset does. They are noindex (§2.7), so their SEO score is not a target.
 */
export const LIGHTHOUSE_PAGES = [
  { name: 'home', path: '/', indexable: true, keepsCart: false },
  { name: 'category', path: '/kitchen', indexable: true, keepsCart: false },
  { name: 'product', path: '/stoneware-mug', indexable: true, keepsCart: false },
  { name: 'cart', path: '/cart', indexable: false, keepsCart: true },
  { name: 'checkout', path: '/checkout', indexable: false, keepsCart: true },
] as const;

/** The product the shopper puts in their cart before the cart and the checkout are measured. */
const PRODUCT_KEPT = '/stoneware-mug';

/** Runs per page; the median run (Lighthouse's own choice, by FCP and TTI) is the one reported. */
const RUNS = Math.max(1, Number(process.env['BENCH_LIGHTHOUSE_RUNS'] ?? 3));

/**
 * Pairs of home-page runs for the marketing pass, one without the scripts and one with them, the order alternating
 * from pair to pair: this machine's speed drifts from minute to minute by more than the 5 points asked, so the two
 * are compared run beside run, not as two passes minutes apart.
 */
const MARKETING_PAIRS = Math.max(1, Number(process.env['BENCH_LIGHTHOUSE_PAIRS'] ?? 5));

/** With BENCH_LIGHTHOUSE_REPORTS=dir, each page's median run is also written there as Lighthouse's HTML report. */
const REPORTS_DIR = process.env['BENCH_LIGHTHOUSE_REPORTS'];

const CHROMIUM = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu'];

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

/** What the issue asks for, printed beside the numbers; nothing is asserted. */
export const LIGHTHOUSE_TARGETS = { score: 100, tbtMs: 50, cls: 0, marketingDropPoints: 5 } as const;

/**
 * Every marketing script of the tracking issue (§7) an owner can still save through `Studio/SaveMarketing`: the tag
 * manager, Google Analytics 4, the Facebook and TikTok pixels, AdRoll, the live chat, and a custom script with an
 * address and one inline (Universal Analytics and AddThis are retired services, no longer offered: issue 33). No consent banner: the scripts load on the first page, the heavier case.
 */
const ALL_MARKETING_SCRIPTS = {
  tagManagerID: 'GTM-ABC1234',
  gA4ID: 'G-ABCDEF1234',
  facebookPixelID: '1234567890123456',
  tiktokPixelID: 'C4ABCDEFGH12345678',
  adRollID: 'ABCDEFGHIJ1234567890',
  adRollPixelID: 'KLMNOPQRST1234567890',
  liveChatID: 'https://tawk.to/chat/abc123/def456',
  customScript: '[{"src":"https://cdn.example.com/widget.js"},{"content":"window.vtBenchCustomRan = true;"}]',
};

/**
 * The hosts those scripts load from or send to (`marketingSources` in packages/commerce/src/marketing.ts, plus the
 * custom script's), answered in Chromium by the local stand-in. Any other host fails to resolve at once.
 */
const THIRD_PARTY_HOSTS = [
  '*.googletagmanager.com',
  '*.google-analytics.com',
  '*.analytics.google.com',
  '*.facebook.net',
  '*.facebook.com',
  '*.tiktok.com',
  '*.adroll.com',
  '*.addthis.com',
  'tawk.to',
  '*.tawk.to',
  '*.jsdelivr.net',
  '*.example.com',
];

/** Uncompressed size of each stand-in script: gtm.js, gtag.js, fbevents.js and the like are 100–400 KB. */
const STAND_IN_SCRIPT_BYTES = 100 * 1024;

/**
 * The floor: the smallest page that passes every audit. Lighthouse's own instrumentation and Chromium's start of a
 * new page run on the page's main thread and count in its blocking time, so on a slow machine even this blocks.
 */
const PLAIN_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>A plain page</title><meta name="description" content="The smallest page that passes every audit: the machine’s floor.">' +
  '<link rel="icon" href="data:,"></head><body><main><h1>A plain page</h1><p>A heading and a sentence: no script, no image, no font.</p></main></body></html>';

/** One page's median run. */
export interface LighthousePageResult {
  name: string;
  url: string;
  indexable: boolean;
  /** Category scores 0–100. */
  scores: Record<Category, number>;
  /** Performance score of every run, in order, to show the spread. */
  runScores: number[];
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** Transfer bytes of the page's scripts, of everything, and of third parties (`resource-summary`). */
  scriptBytes: number;
  totalBytes: number;
  thirdPartyBytes: number;
  /** Lighthouse's estimate of JavaScript loaded and not used (`unused-javascript`). */
  unusedScriptBytes: number;
  /** Audits of the page's categories that did not pass, with their score, for the categories below 100. */
  failing: string[];
}

export interface LighthouseBenchResult {
  lighthouseVersion: string;
  chromiumVersion: string;
  runs: number;
  formFactor: string;
  throttling: string;
  pages: LighthousePageResult[];
  /**
   * The same runs on a plain page (`PLAIN_PAGE`: a heading and a sentence, no script, no image, no font), served
   * beside the store: what this machine scores for a page with nothing left to take away.
   */
  floor: LighthousePageResult;
  /** The home page with every marketing script configured; undefined when the pass was not run. */
  marketing?: {
    /** The median of the runs with every marketing script, and of the runs beside them without. */
    home: LighthousePageResult;
    without: LighthousePageResult;
    /** Home performance without minus with them, in points, pair by pair; and their median, the drop reported. */
    pairDrops: number[];
    dropPoints: number;
    /** How the third-party hosts were answered, one line. */
    standIn: string;
    /** Requests the stand-in answered, by host, over the pass's runs. */
    requests: Record<string, number>;
  };
}

export interface LighthouseBenchOptions {
  /**
   * Run the second pass: save every marketing script for the store (as its owner, through the studio API), measure
   * the home page again, then restore what the store had. Default true.
   */
  marketing?: boolean;
  /** Progress lines; default console.log. */
  log?: (line: string) => void;
}

/**
 * Lighthouse against a running server: `origin` is where it listens (http://127.0.0.1:PORT or http://localhost:PORT);
 * pages are loaded as http://localhost:PORT/… so the Host is the seeded store's. With the marketing pass, the store's
 * marketing settings are changed for the pass and put back after it.
 */
export async function benchLighthouse(origin: string, options: LighthouseBenchOptions = {}): Promise<LighthouseBenchResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const server = new URL(origin);
  const pageOrigin = `http://${STORE_HOST}:${server.port || '80'}`;
  // Requests from here go to the address given, with the Host Chromium will send.
  const direct = (path: string) =>
    `${server.protocol}//${server.hostname === STORE_HOST ? LOOPBACK : server.hostname}:${server.port || '80'}${path}`;
  const host = `${STORE_HOST}:${server.port || '80'}`;

  for (const page of LIGHTHOUSE_PAGES.filter((p) => !p.keepsCart)) {
    const answer = await httpGet(direct(page.path), { host, accept: 'text/html' }, 30_000);
    if (answer.status !== 200)
      throw new Error(`GET ${page.path} (Host ${host}) answered ${answer.status}, not 200: ${answer.body.toString('utf8').slice(0, 500)}`);
  }

  const standIn = await startThirdPartyStandIn();
  const chrome = await launchChromium(standIn.port);
  const chromiumVersion = await chromiumVersionOf(chrome.port);
  let settings: Result['configSettings'] | undefined;
  let lighthouseVersion = '';

  const measure = async (name: string, url: string, indexable: boolean, kept: KeptCart | null = null): Promise<LighthousePageResult> => {
    const runs: Result[] = [];
    for (let run = 1; run <= RUNS; run++) {
      await kept?.emptyHttpCache();
      const lhr = await runLighthouse(url, chrome.port, { keepStorage: kept !== null });
      lighthouseVersion = lhr.lighthouseVersion;
      settings = lhr.configSettings;
      const score = Math.round((lhr.categories['performance']?.score ?? 0) * 100);
      log(
        `bench:   ${name} run ${run}/${RUNS}: performance ${score}, TBT ${decimals(lhr.audits['total-blocking-time']?.numericValue ?? NaN, 0)} ms`,
      );
      runs.push(lhr);
    }
    const median = computeMedianRun(runs);
    if (REPORTS_DIR) {
      mkdirSync(REPORTS_DIR, { recursive: true });
      const file = join(REPORTS_DIR, `${name.replace(/\W+/g, '-')}.report.html`);
      writeFileSync(file, generateReport(median, 'html'));
      log(`bench:   ${name}: median run's report in ${file}`);
    }
    return pageResult(name, url, indexable, median, runs);
  };

  const pages: LighthousePageResult[] = [];
  let kept: KeptCart | null = null;
  try {
    for (const page of LIGHTHOUSE_PAGES) {
      if (page.keepsCart) kept ??= await keepACart(chrome.port, `${pageOrigin}${PRODUCT_KEPT}`);
      pages.push(await measure(page.name, `${pageOrigin}${page.path}`, page.indexable, page.keepsCart ? kept : null));
    }
  } finally {
    await kept?.release();
  }

  // The page at `/`, and nothing else (a robots.txt answered with the page would cost its SEO score).
  const plain = createHttpServer((request, response) => {
    const found = request.url === '/';
    response.writeHead(found ? 200 : 404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(found ? PLAIN_PAGE : '');
  }).listen(0, LOOPBACK);
  await once(plain, 'listening');
  let floor: LighthousePageResult;
  try {
    floor = await measure('floor (plain page)', `http://${STORE_HOST}:${(plain.address() as AddressInfo).port}/`, true);
  } finally {
    plain.close();
  }

  let marketing: LighthouseBenchResult['marketing'];
  if (options.marketing ?? true) {
    log(`bench:   home without and with every marketing script (Studio/SaveMarketing as its owner), ${MARKETING_PAIRS} pairs…`);
    const scripts = await marketingSwitch(direct, host);
    try {
      const runs = { without: [] as Result[], with: [] as Result[] };
      const pairDrops: number[] = [];
      standIn.requests.clear();
      for (let pair = 1; pair <= MARKETING_PAIRS; pair++) {
        const order = pair % 2 === 1 ? (['without', 'with'] as const) : (['with', 'without'] as const);
        const scores: Partial<Record<'without' | 'with', number>> = {};
        for (const side of order) {
          await scripts.set(side === 'with');
          const lhr = await runLighthouse(`${pageOrigin}/`, chrome.port);
          runs[side].push(lhr);
          scores[side] = Math.round((lhr.categories['performance']?.score ?? 0) * 100);
          log(
            `bench:   pair ${pair}/${MARKETING_PAIRS}, home ${side} marketing: performance ${scores[side]}, TBT ${decimals(lhr.audits['total-blocking-time']?.numericValue ?? NaN, 0)} ms`,
          );
        }
        pairDrops.push(scores.without! - scores.with!);
      }
      const sorted = [...pairDrops].sort((a, b) => a - b);
      marketing = {
        home: pageResult('home + marketing', `${pageOrigin}/`, true, computeMedianRun(runs.with), runs.with),
        without: pageResult('home, beside it', `${pageOrigin}/`, true, computeMedianRun(runs.without), runs.without),
        pairDrops,
        dropPoints:
          sorted.length % 2 === 1 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2,
        standIn: standIn.description,
        requests: Object.fromEntries(standIn.requests),
      };
    } finally {
      await scripts.restore();
    }
  }

  return {
    lighthouseVersion,
    chromiumVersion,
    runs: RUNS,
    formFactor: settings
      ? `${settings.formFactor} (${settings.screenEmulation.width}×${settings.screenEmulation.height}, DPR ${settings.screenEmulation.deviceScaleFactor})`
      : 'unknown',
    throttling: settings
      ? `${settings.throttlingMethod} throttling: ${settings.throttling.rttMs} ms RTT, ${decimals((settings.throttling.throughputKbps ?? 0) / 1024, 1)} Mbps, ${settings.throttling.cpuSlowdownMultiplier}× CPU slowdown`
      : 'unknown',
    pages,
    floor,
    marketing,
  };
}

/** Per run, what Chromium reported the page's Content-Security-Policy refused. */
const cspRefusals = new WeakMap<Result, string[]>();

/** Lighthouse's runtime errors that say the recording went wrong and to run it again, not that the page did. */
const RUN_AGAIN = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_TRACING_STARTED', 'NO_RESOURCE_REQUEST']);

/** A cart the Chromium that Lighthouse drives keeps, put there as a shopper would. */
interface KeptCart {
  /** Empties the browser's HTTP cache, and keeps its storage and cookies (the cart). */
  emptyHttpCache(): Promise<void>;
  /** Puts the cart back: the browser's storage and cookies are reset for whatever runs next. */
  release(): Promise<void>;
}

/** Opens `productUrl` in the Chromium at `port` and adds the product to the cart with its Add to cart button. */
async function keepACart(port: number, productUrl: string): Promise<KeptCart> {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.connectOverCDP(`http://${LOOPBACK}:${port}`);
  const context = browser.contexts()[0]!;
  const page = await context.newPage();
  await page.goto(productUrl, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('dialog', { name: 'Your cart' }).getByRole('link', { name: 'View cart' }).waitFor();
  await page.goto('about:blank');
  const cdp = await context.newCDPSession(page);
  return {
    async emptyHttpCache() {
      await cdp.send('Network.clearBrowserCache');
    },
    async release() {
      await cdp.send('Storage.clearDataForOrigin', { origin: new URL(productUrl).origin, storageTypes: 'all' });
      await cdp.send('Network.clearBrowserCookies');
      await page.close();
      // Disconnects from the Chromium Lighthouse drives, which stays.
      await browser.close();
    },
  };
}

/**
 * One Lighthouse navigation with the default (mobile, simulated throttling) config and the four categories;
 * `keepStorage` keeps the browser's storage, cookies and HTTP cache, which Lighthouse otherwise empties first.
 */
async function runLighthouse(url: string, port: number, { keepStorage = false } = {}): Promise<Result> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    disableFullPageScreenshot: true,
    disableStorageReset: keepStorage,
  };
  let result = await lighthouse(url, flags);
  // A trace Chromium recorded badly (NO_NAVSTART, NO_FCP: "Please run Lighthouse again") is run again, twice at most.
  for (let retry = 0; retry < 2 && result?.lhr.runtimeError && RUN_AGAIN.has(result.lhr.runtimeError.code); retry++)
    result = await lighthouse(url, flags);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // The audit names only blocked addresses; what the policy refused inline (a directive, where) is in the artifact.
  const csp = result.artifacts.InspectorIssues?.contentSecurityPolicyIssue ?? [];
  cspRefusals.set(lhr, [
    ...new Set(
      csp.map((issue) => {
        const where = issue.sourceCodeLocation;
        return [
          issue.contentSecurityPolicyViolationType,
          issue.violatedDirective && `directive ${issue.violatedDirective}`,
          issue.isReportOnly && 'report-only',
          issue.blockedURL && `blocked ${issue.blockedURL}`,
          where && `at ${where.url}:${where.lineNumber + 1}:${where.columnNumber + 1}`,
        ]
          .filter(Boolean)
          .join(' ');
      }),
    ),
  ]);
  return lhr;
}

function pageResult(name: string, url: string, indexable: boolean, lhr: Result, runs: Result[]): LighthousePageResult {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const summary = (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)
    ?.items;
  const bytes = (type: string) => summary?.find((item) => item.resourceType === type)?.transferSize ?? 0;
  const unused = lhr.audits['unused-javascript']?.details as { overallSavingsBytes?: number } | undefined;
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)])) as Record<
    Category,
    number
  >;
  const failing: string[] = [];
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    if (!category || scores[id] === 100) continue;
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 0.9) continue;
      // Chromium's issues panel names its kinds of issue and the addresses concerned (e.g. what the CSP blocked).
      type IssueItem = { issueType?: string; subItems?: { items?: { url?: string }[] } };
      const issues = ((audit.details as { items?: IssueItem[] } | undefined)?.items ?? [])
        .filter((item) => item.issueType)
        .map((item) => {
          const urls = (item.subItems?.items ?? []).map((sub) => sub.url).filter(Boolean);
          return urls.length
            ? `${item.issueType}: ${urls.slice(0, 3).join(' ')}${urls.length > 3 ? ` and ${urls.length - 3} more` : ''}`
            : item.issueType;
        });
      const detail = [`${Math.round(audit.score * 100)}`, audit.displayValue, issues.length ? issues.join('; ') : undefined];
      failing.push(`${id}: ${ref.id} (${detail.filter(Boolean).join(', ')})`);
    }
  }
  const csp = cspRefusals.get(lhr) ?? [];
  if (csp.length > 0)
    failing.push(`Content-Security-Policy refusals: ${csp.slice(0, 5).join('; ')}${csp.length > 5 ? ` and ${csp.length - 5} more` : ''}`);
  return {
    name,
    url,
    indexable,
    scores,
    runScores: runs.map((run) => Math.round((run.categories['performance']?.score ?? 0) * 100)),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    fcpMs: numeric('first-contentful-paint'),
    scriptBytes: bytes('script'),
    totalBytes: bytes('total'),
    thirdPartyBytes: bytes('third-party'),
    unusedScriptBytes: unused?.overallSavingsBytes ?? 0,
    failing,
  };
}

/**
 * Debian's Chromium, headless, with the marketing hosts resolved to the local stand-in and every other host (but
 * localhost) failing to resolve: nothing reaches the internet. The stand-in's certificate is self-signed, hence
 * --ignore-certificate-errors.
 */
async function launchChromium(standInPort: number): Promise<LaunchedChrome> {
  const rules = [
    ...THIRD_PARTY_HOSTS.map((pattern) => `MAP ${pattern} ${LOOPBACK}:${standInPort}`),
    'MAP * ~NOTFOUND',
    `EXCLUDE ${STORE_HOST}`,
  ].join(', ');
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: [...CHROMIUM_FLAGS, `--host-resolver-rules=${rules}`, '--ignore-certificate-errors'],
    userDataDir: tempDir('vitrine-bench-lighthouse-chromium-'),
    handleSIGINT: false,
    logLevel: 'silent',
  });
  onCleanup(() => chrome.kill());
  return chrome;
}

async function chromiumVersionOf(port: number): Promise<string> {
  try {
    const answer = await httpGet(`http://${LOOPBACK}:${port}/json/version`);
    return (JSON.parse(answer.body.toString('utf8')) as { Browser?: string }).Browser ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

interface StandIn {
  port: number;
  description: string;
  /** Requests answered since the last clear, by host. */
  requests: Map<string, number>;
}

/**
 * A local HTTPS server with a self-signed certificate (made by openssl at start, in a temp dir) that answers any
 * script address with a script that does nothing, padded to STAND_IN_SCRIPT_BYTES of code-like text (so it
 * compresses about as real scripts do), gzipped when the request accepts it; `.html` with an empty page; anything
 * but GET (beacons) with 204.
 */
async function startThirdPartyStandIn(): Promise<StandIn> {
  const dir = tempDir('vitrine-bench-third-party-');
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=vitrine-bench-third-party'],
    { stdio: 'ignore' },
  );
  const script = Buffer.from(standInScript(STAND_IN_SCRIPT_BYTES));
  const scriptGzip = gzipSync(script, { level: 9 });
  const requests = new Map<string, number>();
  const server: Server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    const hostName = (req.headers.host ?? 'unknown').replace(/:\d+$/, '');
    requests.set(hostName, (requests.get(hostName) ?? 0) + 1);
    const cors = { 'access-control-allow-origin': '*', 'timing-allow-origin': '*' };
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      req.resume();
      res.writeHead(204, cors).end();
      return;
    }
    if (/\.html(\?|$)/.test(req.url ?? '')) {
      res.writeHead(200, { ...cors, 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>stand-in</title>');
      return;
    }
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const body = gzip ? scriptGzip : script;
    res
      .writeHead(200, {
        ...cors,
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'public, max-age=900',
        'content-length': String(body.length),
        ...(gzip ? { 'content-encoding': 'gzip', vary: 'Accept-Encoding' } : {}),
      })
      .end(req.method === 'HEAD' ? undefined : body);
  });
  server.listen(0, LOOPBACK);
  await once(server, 'listening');
  onCleanup(() => {
    server.closeAllConnections();
    server.close();
  });
  const { port } = server.address() as AddressInfo;
  const description =
    `Third parties stood in locally: Chromium resolves ${THIRD_PARTY_HOSTS.join(' ')} to an HTTPS server on ${LOOPBACK}:${port} ` +
    `(self-signed certificate, --ignore-certificate-errors) answering every script with a no-op of ${decimals(script.length / 1024, 0)} KB ` +
    `(${decimals(scriptGzip.length / 1024, 0)} KB gzipped when accepted), beacons with 204; every other host fails to resolve. ` +
    'The stand-ins run no code, so the main-thread work of the real tags is not in these numbers; their bytes are.';
  return { port, description, requests };
}

/** `bytes` of JavaScript that defines functions in a closure and calls none: code-like text, compresses about 3–4×. */
function standInScript(bytes: number): string {
  let seed = 0x2545f491;
  const next = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return seed >>> 0;
  };
  const parts = ['/* Vitrine bench: stand-in for a third-party script; it does nothing. */\n!function(){"use strict";var n={};'];
  let length = parts[0]!.length;
  const tail = 'void n}();\n';
  while (length < bytes - tail.length - 200) {
    const name = `_${next().toString(36)}`;
    const line = `function ${name}(a,b){var c=a*${next() % 100_000}+b["${next().toString(36).slice(0, 5)}"];return c>${next() % 1000}?c^${next() % 65_536}:${name}(b,c-1)}n.${name}=${name};\n`;
    parts.push(line);
    length += line.length;
  }
  parts.push(`/*${'.'.repeat(Math.max(0, bytes - length - tail.length - 4))}*/`, tail);
  return parts.join('');
}

/** Signs in as the store's owner, saves every marketing script, and returns how to put back what the store had. */
/**
 * Turns every marketing script of the store on or off (as its owner, through `Studio/SaveMarketing`), checking the
 * home page carries them or not once the one-second guest page cache has let go of the page before; `restore` puts
 * back what the store had.
 */
async function marketingSwitch(
  direct: (path: string) => string,
  host: string,
): Promise<{ set(on: boolean): Promise<void>; restore(): Promise<void> }> {
  const call = async (method: 'GET' | 'POST', path: string, token?: string, body?: unknown) => {
    const answer = await httpRequest(direct(`/api/Studio/${path}`), {
      method,
      headers: { host, accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body,
      timeoutMs: 30_000,
    });
    const text = answer.body.toString('utf8');
    if (answer.status !== 200) throw new Error(`Studio/${path} answered ${answer.status}: ${text.slice(0, 300)}`);
    return (JSON.parse(text) as { data: unknown }).data;
  };
  const { sessionToken } = (await call('POST', 'SignIn', undefined, OWNER)) as { sessionToken: string };
  const before = (await call('GET', 'GetMarketing', sessionToken)) as { scripts: Record<string, string> | null; consentBanner: boolean };
  const save = (scripts: Record<string, string>, consentBanner: boolean) =>
    call('POST', 'SaveMarketing', sessionToken, { scripts, facebookPixelToken: null, consentBanner });
  return {
    async set(on) {
      await save(on ? ALL_MARKETING_SCRIPTS : {}, false);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const html = (await httpGet(direct('/'), { host, accept: 'text/html' }, 30_000)).body.toString('utf8');
      if (html.includes('data-vt-marketing') !== on)
        throw new Error(`The home page ${on ? 'has no' : 'still has'} marketing tags after SaveMarketing; the pass would measure nothing.`);
    },
    async restore() {
      await save(before.scripts ?? {}, before.consentBanner);
    },
  };
}

const kb = (bytes: number) => decimals(bytes / 1024, 1);

/** The printed report: a table of the median runs, the targets, the marketing pass and its stand-in. */
export function lighthouseReport(result: LighthouseBenchResult): string {
  const lines: string[] = [];
  lines.push(
    `Lighthouse ${result.lighthouseVersion} in ${result.chromiumVersion} (headless, offline), ${result.formFactor}, ${result.throttling}; median of ${result.runs} runs per page (computeMedianRun: closest to the median FCP and TTI), Host localhost:`,
  );
  const rows = [...result.pages, result.floor, ...(result.marketing ? [result.marketing.without, result.marketing.home] : [])];
  lines.push(
    textTable(
      [
        'page',
        'perf',
        'a11y',
        'best pr.',
        'SEO',
        'perf runs',
        'FCP ms',
        'LCP ms',
        'TBT ms',
        'CLS',
        'JS KB',
        'unused JS KB',
        'total KB',
        '3rd-party KB',
      ],
      rows.map((page) => [
        `${page.name} ${new URL(page.url).pathname}`,
        String(page.scores.performance),
        String(page.scores.accessibility),
        String(page.scores['best-practices']),
        `${page.scores.seo}${page.indexable ? '' : ' (noindex)'}`,
        page.runScores.join(' '),
        decimals(page.fcpMs, 0),
        decimals(page.lcpMs, 0),
        decimals(page.tbtMs, 0),
        decimals(page.cls, 3),
        kb(page.scriptBytes),
        kb(page.unusedScriptBytes),
        kb(page.totalBytes),
        kb(page.thirdPartyBytes),
      ]),
    ),
  );
  lines.push(
    'KB are transfer sizes (as sent: compressed where the server compressed), from resource-summary; unused JS from unused-javascript.',
  );
  lines.push(
    `Targets (issue 18): performance, accessibility and best practices ${LIGHTHOUSE_TARGETS.score} on all four pages, SEO ${LIGHTHOUSE_TARGETS.score} on the three indexable ones; TBT ≤ ${LIGHTHOUSE_TARGETS.tbtMs} ms; CLS ${LIGHTHOUSE_TARGETS.cls}; with every marketing script, performance at most ${LIGHTHOUSE_TARGETS.marketingDropPoints} points lower.`,
  );
  lines.push(
    `The floor: on this machine a plain page (${PLAIN_PAGE.length} bytes, no script, image or font) scores ${result.floor.scores.performance} (runs ${result.floor.runScores.join(' ')}), TBT ${decimals(result.floor.tbtMs, 0)} ms: what Lighthouse's instrumentation and Chromium's start of a page cost here, the part of every page's numbers no page can take away.`,
  );
  const failing = result.pages.filter((page) => page.failing.length > 0);
  if (failing.length > 0) {
    lines.push('Audits below 90 in categories under 100, and what the Content-Security-Policy refused (median run):');
    for (const page of failing) lines.push(`  ${page.name}: ${page.failing.join('; ')}`);
  }
  if (result.marketing) {
    const { home, without, pairDrops, dropPoints, standIn, requests } = result.marketing;
    lines.push('');
    lines.push(
      `With every marketing script configured (GTM, UA + GA4, Facebook pixel, TikTok, AdRoll, AddThis, live chat, a custom script by address and one inline; no consent banner), in ${pairDrops.length} pairs of runs beside runs without them (the order alternating): ${dropPoints >= 0 ? `a median drop of ${decimals(dropPoints, 1)} points` : `no drop (a median of ${decimals(-dropPoints, 1)} points higher)`} (target ≤ ${LIGHTHOUSE_TARGETS.marketingDropPoints}); drops by pair ${pairDrops.join(' ')}; runs with ${home.runScores.join(' ')}, without ${without.runScores.join(' ')}. Median runs: performance ${home.scores.performance} against ${without.scores.performance}, TBT ${decimals(home.tbtMs, 0)} ms against ${decimals(without.tbtMs, 0)} ms, LCP ${decimals(home.lcpMs, 0)} ms against ${decimals(without.lcpMs, 0)} ms.`,
    );
    if (home.failing.length > 0) lines.push(`  home + marketing, audits below 90: ${home.failing.join('; ')}`);
    lines.push(standIn);
    const answered = Object.entries(requests).sort(([a], [b]) => a.localeCompare(b));
    lines.push(
      `Stand-in requests over the ${pairDrops.length} runs with the scripts: ${answered.length > 0 ? answered.map(([hostName, count]) => `${hostName} ${count}`).join(', ') : 'none (the tags did not load)'}.`,
    );
  }
  return lines.join('\n');
}
