import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LOAD, runLoad, type LoadResult, type LoadSettings } from './load.ts';
import { freePort, httpGet, LOOPBACK, spawnNodeScript, tempDir, waitUntilReady, type ProductionServer } from './processes.ts';

/** The seeded "Harbor & Pine" store answers on this Host. */
const STORE_HOST = 'localhost';

/** Every rendered section carries this attribute; its absence means the page is not the seeded home page. */
const SECTION_MARKER = 'data-section-id';

/** Sequential requests before capturing, so the first-render costs (module loading, cold caches) are behind us. */
const WARMUP_REQUESTS = 5;

/** The SSR benchmark's numbers: the rendered home page beside the same bytes served statically. */
export interface SsrBenchResult {
  /** GET / (Host localhost) on the production server, rendered for every request (as for a signed-in shopper). */
  ssr: LoadResult;
  /** The same request as a guest, answered from the server's one-second page cache after the first render. */
  cached: LoadResult;
  /** The same bytes and content-type from a bare node:http process. */
  static: LoadResult;
  /** Size of the home page body as captured. */
  bodyBytes: number;
  contentType: string;
  /** ssr.requestsPerSecond / static.requestsPerSecond. */
  ratio: number;
  settings: LoadSettings;
}

/**
 * Measures server-side rendering of the seeded home page against a static response of the very same bytes, so the
 * difference is the cost of rendering (data loading, React, the framework) and not of the payload or the network.
 *
 * It captures GET / once, starts the static baseline in its own process (as the real server is, so neither shares
 * the load generator's event loop), then drives each with the same autocannon settings, SSR first.
 */
export async function benchSsr(server: ProductionServer, settings: LoadSettings = DEFAULT_LOAD): Promise<SsrBenchResult> {
  const home = `${server.origin}/`;
  const hostHeader = { host: STORE_HOST };

  for (let i = 0; i < WARMUP_REQUESTS; i++) await httpGet(home, hostHeader);
  const page = await httpGet(home, hostHeader);
  const text = page.body.toString('utf8');
  // The server's own output goes with the page: the reason for a 500 is logged there, not in the error page.
  const evidence = () => `Page (start):\n${text.slice(0, 1500)}\n\nServer output (end):\n${server.child.output().slice(-4000) || '(none)'}`;
  if (page.status !== 200) throw new Error(`GET / (Host ${STORE_HOST}) answered ${page.status}, not 200.\n${evidence()}`);
  if (!text.includes(SECTION_MARKER))
    throw new Error(`GET / (Host ${STORE_HOST}) has no ${SECTION_MARKER}, so it is not the seeded home page.\n${evidence()}`);
  const contentType = String(page.headers['content-type'] ?? 'text/html; charset=utf-8');

  const staticServer = await startStaticServer(page.body, contentType);

  const ssr = await benchRendered(server, settings);
  const cached = await runLoad(home, hostHeader, settings);
  // No Host header needed: the baseline answers every request the same way. autocannon sends the URL's host.
  const baseline = await runLoad(`${staticServer}/`, {}, settings);

  return {
    ssr,
    cached,
    static: baseline,
    bodyBytes: page.body.length,
    contentType,
    ratio: baseline.requestsPerSecond > 0 ? ssr.requestsPerSecond / baseline.requestsPerSecond : Number.NaN,
    settings,
  };
}

/**
 * GET / on Harbor & Pine rendered for every request: a signed-in shopper's cookie makes each page personal, so the
 * guests' page cache never answers it. Warmed first, so the first render's costs are behind us.
 */
export async function benchRendered(server: ProductionServer, settings: LoadSettings = DEFAULT_LOAD): Promise<LoadResult> {
  const headers = { host: STORE_HOST, cookie: 'vt_at=bench-rendered-every-time' };
  // With several processes, each needs its warm-up: a few requests more than one would.
  for (let i = 0; i < WARMUP_REQUESTS * 4; i++) await httpGet(`${server.origin}/`, headers);
  return runLoad(`${server.origin}/`, headers, settings);
}

/** Starts bench/static-server.ts serving `body`; returns its origin once it answers. */
async function startStaticServer(body: Buffer, contentType: string): Promise<string> {
  const file = join(tempDir('vitrine-bench-static-'), 'home.html');
  writeFileSync(file, body);
  const port = await freePort();
  const child = spawnNodeScript('bench/static-server.ts', {
    PORT: String(port),
    HOST: LOOPBACK,
    BENCH_BODY_FILE: file,
    BENCH_CONTENT_TYPE: contentType,
  });
  const origin = `http://${LOOPBACK}:${port}`;
  await waitUntilReady(child, `${origin}/`, 'The static baseline server', 20_000);
  return origin;
}
