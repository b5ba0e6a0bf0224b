import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { studioAnalyticsEndpoints, utcDayText } from '@vitrine/commerce';
import { migrateToLatest, openDatabase } from '../packages/server/src/db/connect.ts';
import { seedDemoStores } from '../packages/server/src/seed/seed-demo.ts';
import { AnalyticsRollups, rollUpDay } from '../packages/server/src/shop/analytics.ts';
import { onCleanup } from './cleanup.ts';
import { freePort, httpGet, httpRequest, LOOPBACK, spawnNodeScript, tempDir, waitUntilReady } from './processes.ts';
import { decimals, textTable } from './report.ts';
import { percentile } from './timing.ts';

/** The store filled: the demo's "Harbor & Pine", and its owner. */
const STORE_HOST = 'localhost';
const OWNER = { email: 'owner@harbor.test', password: 'harbor-owner-demo' };
/** Sessions over the 30 days; a third view one page, a third three, a third six: 1,000,000 page views. */
const SESSIONS = Number(process.env['BENCH_ANALYTICS_SESSIONS'] ?? 300_000);
const DAYS = 30;
const VISITORS = Math.round(SESSIONS / 2);
const ORDERS = Math.round(SESSIONS / 100);
const WARMUP = 10;
const REQUESTS = 100;

/** What the issue asks for, printed beside the numbers; nothing is asserted. */
export const ANALYTICS_TARGETS = { dashboardP95Ms: 300 } as const;

export interface AnalyticsBenchResult {
  sessions: number;
  pageViews: number;
  orders: number;
  seedMs: number;
  /** The job's first run: every seeded day rolled up. */
  rollupMs: number;
  /** One day recomputed again (what the timer and a stale dashboard pay for today and for yesterday). */
  dayMs: number;
  /** Distinct visitors over the 30 days: counted from the raw rows, and as the report estimates them. */
  visitors: { exact: number; reported: number };
  http: { runs: number; p50Ms: number; p95Ms: number; maxMs: number; bytes: number };
}

/**
 * Issue 17's dashboard bench: a fresh embedded database with the demo stores, 30 days of traffic (ending today)
 * written into Harbor & Pine's raw tracking tables by SQL, the rollup job's first run timed in this process, then a
 * production server on that database and `GET /api/Studio/GetAnalytics` (the default 30 days) over HTTP, one
 * request at a time, as the signed-in owner.
 */
export async function benchAnalytics(): Promise<AnalyticsBenchResult> {
  const dataDir = tempDir('vitrine-analytics-');
  const db = await openDatabase({ dataDir: join(dataDir, 'db') });
  let open = true;
  onCleanup(async () => {
    if (open) await db.destroy();
  });
  await migrateToLatest(db);
  await seedDemoStores(db, join(dataDir, 'media'));
  const { web_id: found } = await db.selectFrom('site_domains').select('web_id').where('domain', '=', STORE_HOST).executeTakeFirstOrThrow();
  if (found === null) throw new Error(`${STORE_HOST} is not linked to a store`);
  const webId = found;

  const today = Math.floor(Date.now() / 86_400_000);
  const first = new Date((today - DAYS + 1) * 86_400_000);
  // Spread evenly over the 30 days up to now, so that today has its share and nothing is in the future.
  const spanSeconds = Math.floor((Date.now() - first.getTime()) / 1000) - 600;
  console.log(`bench: writing ${SESSIONS.toLocaleString('en-US')} sessions and their page views over ${DAYS} days…`);
  const seedStart = performance.now();
  await sql`
    INSERT INTO tracking_sessions (web_id, session_id, visitor_id, landing_url, referrer_host, country, browser, os, device, utm, started_at)
    SELECT ${webId}, 's' || i, 'v' || ((i::bigint * 7919) % ${VISITORS}), '/',
      (ARRAY['', '', 'www.google.com', 'instagram.com', 'news.example', 'duckduckgo.com'])[1 + i % 6],
      (ARRAY['US', 'GB', 'DE', 'FR', 'SE', 'NL', ''])[1 + (i / 7) % 7],
      (ARRAY['Chrome', 'Safari', 'Firefox', 'Edge'])[1 + (i / 3) % 4],
      (ARRAY['Windows', 'macOS', 'iOS', 'Android'])[1 + (i / 5) % 4],
      (ARRAY['Desktop', 'Mobile', 'Mobile', 'Tablet'])[1 + (i / 11) % 4],
      CASE WHEN i % 10 = 0 THEN jsonb_build_object('utm_campaign', 'campaign-' || (i / 10) % 12, 'utm_source', 'newsletter', 'utm_medium', 'email') END,
      ${first}::timestamptz + make_interval(secs => (i::bigint * ${spanSeconds}) / ${SESSIONS})
    FROM generate_series(1, ${SESSIONS}) i`.execute(db);
  await sql`
    INSERT INTO tracking_events (web_id, event_id, session_id, event_type, url, duration_ms, created_at)
    SELECT ${webId}, 's' || i || '-' || p, 's' || i, 'page_view',
      '/p/' || ((i * 31 + p * 17) % 200) || CASE WHEN p = 2 THEN '?page=2' ELSE '' END,
      (i * 13 + p * 7919) % 90000,
      ${first}::timestamptz + make_interval(secs => (i::bigint * ${spanSeconds}) / ${SESSIONS} + p * 40)
    FROM generate_series(1, ${SESSIONS}) i
    CROSS JOIN LATERAL generate_series(0, CASE i % 3 WHEN 0 THEN 0 WHEN 1 THEN 2 ELSE 5 END) p`.execute(db);
  await sql`
    INSERT INTO orders (web_id, order_code, idempotency_key, status, shipping_address, delivery_method, payment_method,
      currency_code, currency_rate, subtotal, total, created_at)
    SELECT ${webId}, 'BENCH' || i, 'bench-' || i, CASE WHEN i % 9 = 0 THEN 'Cancelled' ELSE 'Pending' END, '{}'::jsonb,
      'Standard delivery', 'Cash on delivery', 'USD', 1, 1000 + (i * 37) % 20000, 1000 + (i * 37) % 20000,
      ${first}::timestamptz + make_interval(secs => (i::bigint * ${spanSeconds}) / ${ORDERS})
    FROM generate_series(1, ${ORDERS}) i`.execute(db);
  await sql`ANALYZE`.execute(db);
  const seedMs = performance.now() - seedStart;
  const counted = await sql<{ sessions: number; views: number; visitors: number }>`
    SELECT (SELECT count(*)::int FROM tracking_sessions WHERE web_id = ${webId}) AS sessions,
      (SELECT count(*)::int FROM tracking_events WHERE web_id = ${webId}) AS views,
      (SELECT count(DISTINCT visitor_id)::int FROM tracking_sessions WHERE web_id = ${webId}) AS visitors`.execute(db);
  const { sessions, views, visitors } = counted.rows[0]!;
  console.log(`bench: seeded in ${decimals(seedMs / 1000, 1)} s; the rollup job's first run…`);

  const rollupStart = performance.now();
  await new AnalyticsRollups(db, (error) => {
    throw error;
  }).runAll();
  const rollupMs = performance.now() - rollupStart;
  const dayStart = performance.now();
  await rollUpDay(db, webId, utcDayText(today - 1));
  const dayMs = performance.now() - dayStart;
  open = false;
  await db.destroy();

  console.log('bench: starting a production server on that database…');
  const port = await freePort();
  const child = spawnNodeScript('packages/server/src/main.ts', {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: LOOPBACK,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'true',
  });
  const origin = `http://${LOOPBACK}:${port}`;
  await waitUntilReady(child, `${origin}/api/health`, 'The analytics server', 180_000);
  const signIn = await httpRequest(`${origin}/api/Studio/SignIn`, { method: 'POST', headers: { host: STORE_HOST }, body: OWNER });
  if (signIn.status !== 200) throw new Error(`Studio/SignIn answered ${signIn.status}: ${signIn.body.toString('utf8')}`);
  const token = (JSON.parse(signIn.body.toString('utf8')) as { data: { sessionToken: string } }).data.sessionToken;
  let bytes = 0;
  let reported = 0;
  const get = async (): Promise<number> => {
    const start = performance.now();
    const response = await httpGet(`${origin}/api/Studio/GetAnalytics`, { host: STORE_HOST, authorization: `Bearer ${token}` }, 30_000);
    const ms = performance.now() - start;
    if (response.status !== 200)
      throw new Error(`GetAnalytics answered ${response.status}: ${response.body.toString('utf8').slice(0, 300)}`);
    bytes = response.body.length;
    reported = studioAnalyticsEndpoints.getAnalytics.answer.parse(JSON.parse(response.body.toString('utf8'))).data.totals.visitors;
    return ms;
  };
  for (let i = 0; i < WARMUP; i++) await get();
  const samples: number[] = [];
  for (let i = 0; i < REQUESTS; i++) samples.push(await get());
  return {
    sessions,
    pageViews: views,
    orders: ORDERS,
    seedMs,
    rollupMs,
    dayMs,
    visitors: { exact: visitors, reported },
    http: { runs: samples.length, p50Ms: percentile(samples, 50), p95Ms: percentile(samples, 95), maxMs: Math.max(...samples), bytes },
  };
}

/** The bench's lines for `npm run bench`. */
export function analyticsReport(result: AnalyticsBenchResult): string {
  const error = (result.visitors.reported - result.visitors.exact) / result.visitors.exact;
  return [
    `Owner's analytics: ${result.pageViews.toLocaleString('en-US')} page views in ${result.sessions.toLocaleString('en-US')} sessions and ${result.orders.toLocaleString('en-US')} orders over ${DAYS} days in one store (PGlite, seeded by SQL in ${decimals(result.seedMs / 1000, 1)} s)`,
    `Rollup, first run (every day): ${decimals(result.rollupMs / 1000, 2)} s; one day again: ${decimals(result.dayMs, 0)} ms`,
    `Distinct visitors over the 30 days: ${result.visitors.exact.toLocaleString('en-US')} counted from the raw rows, ${result.visitors.reported.toLocaleString('en-US')} reported (${decimals(error * 100, 2)} %)`,
    textTable(
      ['request', 'runs', 'p50 ms', 'p95 ms', 'max ms', 'bytes', 'target p95'],
      [
        [
          'GET /api/Studio/GetAnalytics (30 days)',
          String(result.http.runs),
          decimals(result.http.p50Ms, 1),
          decimals(result.http.p95Ms, 1),
          decimals(result.http.maxMs, 1),
          String(result.http.bytes),
          `≤ ${ANALYTICS_TARGETS.dashboardP95Ms} ms`,
        ],
      ],
    ),
  ].join('\n');
}
