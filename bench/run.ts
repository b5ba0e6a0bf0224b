// `npm run bench`: builds if needed, starts the production server once, runs each benchmark against it and prints
// the results. A new benchmark is a module exporting `benchX(server)` that returns numbers, plus a print step here.
import { availableParallelism } from 'node:os';
import { analyticsReport, benchAnalytics, type AnalyticsBenchResult } from './analytics.ts';
import { cleanup, cleanupOnSignals } from './cleanup.ts';
import { benchCatalogue, catalogueReport, type CatalogueBenchResult } from './catalogue.ts';
import { benchCatalogueCsv, CATALOGUE_CSV_TARGETS, type CatalogueCsvBenchResult } from './catalogue-csv.ts';
import { benchCpu, type CpuBenchResult } from './cpu.ts';
import { benchFirstTouch, firstTouchReport, type FirstTouchResult } from './first-touch.ts';
import { benchImageRoute, type ImageRouteResult } from './image-route.ts';
import { benchLighthouse, lighthouseReport, type LighthouseBenchResult } from './lighthouse.ts';
import { loadProblems, type LoadResult } from './load.ts';
import { ensureBuilt, freshPostgresDatabase, startProductionServer, stopProductionServer } from './processes.ts';
import { decimals, loadTable, machineLine, settingsLine, textTable } from './report.ts';
import { benchRendered, benchSsr, type SsrBenchResult } from './ssr.ts';
import { benchStudio, studioTable, type StudioBenchResult } from './studio.ts';
import { benchTracking, trackingReport, type TrackingBenchResult } from './tracking.ts';

/**
 * `npm run bench -- studio` runs only the named benchmarks (cpu, catalogue, csv, analytics, tracking, ssr, images,
 * first-touch, lighthouse, studio); no names runs them all.
 */
const wanted = new Set(process.argv.slice(2));
const runs = (name: string) => wanted.size === 0 || wanted.has(name);

async function main(): Promise<number> {
  await ensureBuilt();
  // First, while nothing else of ours runs: the in-process benchmarks, in a child with React's production build.
  let cpu: CpuBenchResult | undefined;
  if (runs('cpu')) {
    console.log('bench: compileTheme and a 100-section server render (child process, NODE_ENV=production)…');
    cpu = await benchCpu();
  }

  // Then the catalogue at 100,000 products, on a database (and a server) of its own.
  let catalogue: CatalogueBenchResult | undefined;
  if (runs('catalogue')) {
    console.log('bench: catalogue, a fresh embedded database with the demo stores and 100,000 generated products…');
    catalogue = await benchCatalogue();
  }

  // The catalogue's Shopify CSV: a 10,000-product import and a 100,000-product export, on servers of their own.
  let csv: CatalogueCsvBenchResult | undefined;
  if (runs('csv')) {
    console.log('bench: catalogue CSV, a 10,000-product import and a 100,000-product export, each on a fresh embedded database…');
    csv = await benchCatalogueCsv();
  }

  // The owner's dashboard at 1,000,000 page views, on a database (and a server) of its own too.
  let analytics: AnalyticsBenchResult | undefined;
  if (runs('analytics')) {
    console.log('bench: analytics, a fresh embedded database with the demo stores and 30 days of 1,000,000 page views…');
    analytics = await benchAnalytics();
  }

  // Beacon intake, on the embedded database and (with DATABASE_URL) on PostgreSQL, each on a server of its own.
  const tracking: TrackingBenchResult[] = [];
  if (runs('tracking')) {
    for (const backend of ['PGlite', ...(process.env['DATABASE_URL'] ? ['PostgreSQL' as const] : [])] as const) {
      console.log(`bench: tracking beacons on ${backend}, a fresh database, sustained load over HTTP…`);
      tracking.push(await benchTracking(backend));
    }
  }

  let ssr: SsrBenchResult | undefined;
  let images: ImageRouteResult | undefined;
  let firstTouch: FirstTouchResult | undefined;
  let lighthouse: LighthouseBenchResult | undefined;
  let studio: StudioBenchResult | undefined;
  if (['ssr', 'images', 'first-touch', 'lighthouse', 'studio'].some(runs))
    ({ ssr, images, firstTouch, lighthouse, studio } = await benchServer());

  // The rendered home page on PostgreSQL, in one server process and in one per core (WORKERS).
  const processes: { workers: number; result: LoadResult }[] = [];
  const adminUrl = process.env['DATABASE_URL'];
  if (runs('ssr') && adminUrl) {
    for (const workers of [1, availableParallelism()]) {
      console.log(`bench: GET / rendered, on PostgreSQL with WORKERS=${workers} (a fresh database, seeding the demo stores)…`);
      const server = await startProductionServer({ databaseUrl: await freshPostgresDatabase(adminUrl), workers });
      processes.push({ workers, result: await benchRendered(server) });
      await stopProductionServer(server);
    }
  }

  console.log('');
  console.log(machineLine());
  if (ssr) printSsr(ssr);
  if (processes.length > 0) {
    console.log('');
    console.log(
      `GET / rendered every request, on PostgreSQL, by WORKERS server processes (this machine has ${availableParallelism()} cores):`,
    );
    console.log(loadTable(processes.map(({ workers, result }) => ({ scenario: `WORKERS=${workers}`, result }))));
  }
  if (cpu) printCpu(cpu);
  if (catalogue) {
    console.log('');
    console.log(catalogueReport(catalogue));
  }
  if (csv) printCsv(csv);
  if (analytics) {
    console.log('');
    console.log(analyticsReport(analytics));
  }
  if (images) printImages(images);
  if (firstTouch) {
    console.log('');
    console.log(firstTouchReport(firstTouch));
  }
  if (lighthouse) {
    console.log('');
    console.log(lighthouseReport(lighthouse));
  }
  if (studio) printStudio(studio);
  if (tracking.length > 0) {
    console.log('');
    console.log(trackingReport(tracking));
  }

  const problems = [
    ...(ssr ? [...loadProblems('SSR', ssr.ssr), ...loadProblems('SSR cached', ssr.cached), ...loadProblems('static', ssr.static)] : []),
    ...processes.flatMap(({ workers, result }) => loadProblems(`SSR on PostgreSQL, WORKERS=${workers}`, result)),
  ];
  if (problems.length > 0) {
    console.error(`\nbench FAILED, the numbers above do not measure the page:\n  ${problems.join('\n  ')}`);
    return 1;
  }
  return 0;
}

function printCsv({ import: imported, export: exported }: CatalogueCsvBenchResult) {
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const t = CATALOGUE_CSV_TARGETS;
  console.log('');
  console.log("The catalogue in Shopify's product CSV (issue 34), over HTTP on the embedded database:");
  console.log(
    textTable(
      ['step', 'size', 'time', 'target', ''],
      [
        [
          'preview (read and check the file)',
          `${imported.products.toLocaleString('en-US')} products, ${imported.variants.toLocaleString('en-US')} variants, ${decimals(imported.fileBytes / 1e6, 1)} MB`,
          `${decimals(imported.previewMs / 1000, 1)} s`,
          '',
          '',
        ],
        [
          'import (one transaction)',
          '',
          `${decimals(imported.importMs / 1000, 1)} s`,
          `≤ ${t.importMs / 1000} s`,
          verdict(imported.importMs <= t.importMs),
        ],
        [
          '  server peak memory (VmHWM)',
          '',
          `${decimals(imported.peakRssMb, 0)} MB`,
          `< ${t.importPeakRssMb} MB`,
          verdict(imported.peakRssMb < t.importPeakRssMb),
        ],
        [
          'export, streamed',
          `${exported.products.toLocaleString('en-US')} products, ${exported.rows.toLocaleString('en-US')} rows, ${decimals(exported.bytes / 1e6, 1)} MB`,
          `${decimals(exported.ms / 1000, 1)} s (first byte ${decimals(exported.firstByteMs, 0)} ms)`,
          `≤ ${t.exportMs / 1000} s`,
          verdict(exported.ms <= t.exportMs),
        ],
      ],
    ),
  );
}

/** The benchmarks against the production server with the demo stores as seeded. */
async function benchServer() {
  console.log('bench: starting the production server (fresh embedded database, seeding the demo stores)…');
  const server = await startProductionServer();
  console.log(`bench: server ready on ${server.origin}`);

  let ssr: SsrBenchResult | undefined;
  if (runs('ssr')) {
    console.log('bench: GET / (SSR home page) and its static twin…');
    ssr = await benchSsr(server);
  }
  let images: ImageRouteResult | undefined;
  if (runs('images')) {
    console.log('bench: image route, cold resizes, cached hits and the static original…');
    images = await benchImageRoute(server);
  }
  // The first tap on a landing page, beside Lighthouse's figures, which never see it.
  let firstTouch: FirstTouchResult | undefined;
  if (runs('first-touch')) {
    console.log('bench: the first tap on a landing page (Add to cart, a heart, Compare) at 4× CPU slowdown…');
    firstTouch = await benchFirstTouch(server.origin);
  }
  // Before the studio's drafts: Lighthouse loads the published pages, as seeded (its marketing pass puts back what it changes).
  let lighthouse: LighthouseBenchResult | undefined;
  if (runs('lighthouse')) {
    console.log(
      'bench: Lighthouse (mobile, simulated throttling) on home, a category, a product and the cart, a plain page for the floor, then home without and with every marketing script, in pairs…',
    );
    lighthouse = await benchLighthouse(server.origin);
  }
  let studio: StudioBenchResult | undefined;
  if (runs('studio')) {
    console.log('bench: the studio in Chromium, home pages of 25, 100 and 250 sections…');
    studio = await benchStudio(server);
  }
  return { ssr, images, firstTouch, lighthouse, studio };
}

function printSsr(ssr: SsrBenchResult) {
  console.log(settingsLine(ssr.settings));
  console.log('');
  console.log(
    `GET / with Host localhost: the seeded "Harbor & Pine" home page, ${ssr.bodyBytes.toLocaleString('en-US')} body bytes, ${ssr.contentType}`,
  );
  console.log(
    loadTable([
      { scenario: 'SSR, rendered every request', result: ssr.ssr },
      { scenario: 'SSR, guest (1 s page cache)', result: ssr.cached },
      { scenario: 'static (node:http, same bytes)', result: ssr.static },
    ]),
  );
  console.log('');
  console.log(`SSR / static req/s: ${ssr.ratio.toFixed(3)}  (static serves ${(1 / ssr.ratio).toFixed(1)}x as many requests per second)`);
  console.log(`SSR guest (page cache) / static req/s: ${(ssr.cached.requestsPerSecond / ssr.static.requestsPerSecond).toFixed(3)}`);
  console.log('Static baseline: a bare node:http process answering every request with the captured SSR body and content-type.');
}

function printCpu({ themes, page }: CpuBenchResult) {
  console.log('');
  console.log(`compileTheme (theme-engine), ${themes[0]?.timing.iterations ?? 0} runs each after 200 warm-up runs, in one process:`);
  console.log(
    textTable(
      ['theme', 'mean µs', 'p95 µs', 'CSS bytes', 'fell back'],
      themes.map(({ theme, timing, cssBytes, problems }) => [
        theme,
        decimals(timing.meanMs * 1000, 1),
        decimals(timing.p95Ms * 1000, 1),
        decimals(cssBytes, 0),
        String(problems),
      ]),
    ),
  );
  console.log('');
  console.log(
    `Server render of a ${page.sections}-section page (the all-sections fixture cycled; renderRegistry, renderToString, React ${page.reactBuild} build, 8 in-memory product cards):`,
  );
  console.log(
    textTable(
      ['step', 'runs', 'mean ms', 'p95 ms'],
      [
        [
          'loadSectionData (in-memory catalogue)',
          String(page.load.iterations),
          decimals(page.load.meanMs, 2),
          decimals(page.load.p95Ms, 2),
        ],
        ['renderToString', String(page.render.iterations), decimals(page.render.meanMs, 2), decimals(page.render.p95Ms, 2)],
      ],
    ),
  );
  console.log(`HTML: ${decimals(page.htmlBytes, 0)} bytes (${decimals(page.htmlBytes / page.sections, 0)} per section)`);
}

function printImages(images: ImageRouteResult) {
  console.log('');
  console.log(`Image route, sequential requests for ${images.mediaPath} (${decimals(images.sourceBytes, 0)} bytes, Host localhost):`);
  console.log(
    textTable(
      ['request', 'runs', 'mean ms', 'p95 ms'],
      (
        [
          ['cold: /_img/f_webp,w_{N}/… (a new width each time)', images.cold],
          ['cached: /_img/f_webp,w_640/… (the same variant again)', images.cached],
          ['static original: /media/…', images.static],
        ] as const
      ).map(([name, timing]) => [name, String(timing.iterations), decimals(timing.meanMs, 2), decimals(timing.p95Ms, 2)]),
    ),
  );
  console.log(
    `cold / static: ${decimals(images.coldPerStatic, 1)}x   cached / static: ${decimals(images.cachedPerStatic, 2)}x  (mean latency)`,
  );
}

function printStudio(studio: StudioBenchResult) {
  console.log('');
  console.log(
    "Studio in Chromium (headless, 1440×900, signed in; the seeded home page's draft replaced through SavePage by N sections cycled from the registry's defaults):",
  );
  const { header, rows, notes } = studioTable(studio);
  console.log(textTable(header, rows));
  console.log(notes.join('\n'));
}

cleanupOnSignals();
let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error('\nbench FAILED:', error instanceof Error ? (error.stack ?? error.message) : error);
} finally {
  await cleanup();
}
process.exit(exitCode);
