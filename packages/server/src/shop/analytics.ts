import { sql } from 'kysely';
import {
  ANALYTICS_TOP_ROWS,
  MAX_ANALYTICS_DAYS,
  paymentMethodNames,
  utcDayNumber,
  utcDayText,
  type AnalyticsDay,
  type AnalyticsQuery,
  type AnalyticsReport,
  type AnalyticsRow,
  type AnalyticsTotals,
} from '@vitrine/commerce';
import type { Db } from '../db/connect.ts';
import { HttpError } from '../http/errors.ts';

/**
 * The owner's analytics (issue 17). The raw tracking tables (migration 0012) and the orders are rolled up into one
 * row per store and UTC day (`analytics_days`) and per day the counts of each page, referrer, campaign, device,
 * browser and country (`analytics_breakdown`, migration 0013). The report reads only those rollups, so a period
 * costs the same at a thousand page views or a million.
 *
 * What a day holds: the sessions that started on it, with their page views' summed durations and their bounces;
 * the page views made on it (which the chart and top pages count); the orders placed on it, cancelled ones left
 * out. Distinct visitors over a period cannot be added up from days, so each day keeps a sketch of its visitor ids
 * too (their hashes while few, else a HyperLogLog); the report merges them: exact for small stores, within 0.8 % (one
 * standard error) for large ones.
 */

/**
 * An order that counts as a sale: paid, or paid on delivery (cash), and not cancelled. A card order left unpaid or
 * declined, or a transfer not yet received, is an attempt: it counts once it is paid.
 */
const isSale = sql`o.status <> 'Cancelled' AND (o.payment_status = 'Paid' OR o.payment_method = ${paymentMethodNames.cod})`;

const DAY_MS = 86_400_000;
/** A day keeps this many names per dimension, most frequent first: enough for any top 10 of a period. */
export const BREAKDOWN_NAMES_PER_DAY = 200;
/** How stale the rollups of today may be when the dashboard asks; older, they are recomputed first. */
export const FRESH_MS = 60_000;
/**
 * Raw rows arrive late: the intake writes in batches, and duration updates change page views already written. Rows
 * this much older than the last run still mark their day as changed.
 */
const LATE_ROWS_MS = 15 * 60_000;

/** HyperLogLog: 2^14 registers of one byte each, from the first 32 bits of the visitor id's MD5. */
const SKETCH_INDEX_BITS = 14;
const SKETCH_REGISTERS = 1 << SKETCH_INDEX_BITS;
const SKETCH_RANK_BITS = 32 - SKETCH_INDEX_BITS;
/** Up to this many visitors a day keeps their hashes (8 KB at most, under the registers' 16 KB). */
const SPARSE_VISITORS = 1024;
const HASH_BYTES = 8;

/** The dimensions of `analytics_breakdown`, and the report's list each feeds. */
const DIMENSIONS = ['page', 'referrer', 'campaign', 'device', 'browser', 'country'] as const;
type Dimension = (typeof DIMENSIONS)[number];

/** A YYYY-MM-DD day as the `date` it is compared with (the column reads back as a Date). */
const asDate = (day: string) => sql<Date>`${day}::date`;
const todayNumber = (now: Date) => Math.floor(now.getTime() / DAY_MS);
const dayStart = (n: number) => new Date(n * DAY_MS);

/**
 * The day's visitor ids as a sketch: while there are few, their 64-bit hashes themselves (8 bytes each, so a small
 * store's period counts exactly); past `SPARSE_VISITORS`, the HyperLogLog registers (2^14 bytes). The top 14 bits of
 * a hash choose its register; the rank is where the first 1 of the next 18 falls.
 */
async function visitorSketch(db: Db, webId: number, from: Date, to: Date, visitors: number): Promise<Buffer | null> {
  if (visitors === 0) return null;
  const dayVisitors = sql`SELECT DISTINCT visitor_id FROM tracking_sessions
    WHERE web_id = ${webId} AND started_at >= ${from} AND started_at < ${to}`;
  if (visitors <= SPARSE_VISITORS) {
    const { rows } = await sql<{ hash: string }>`
      SELECT substr(md5(visitor_id), 1, 16) AS hash FROM (${dayVisitors}) v ORDER BY 1`.execute(db);
    return Buffer.from(rows.map((row) => row.hash).join(''), 'hex');
  }
  const { rows } = await sql<{ register: number; rank: number }>`
    WITH h AS (SELECT ('x' || substr(md5(visitor_id), 1, 8))::bit(32)::bigint AS h FROM (${dayVisitors}) v)
    SELECT (h >> ${SKETCH_RANK_BITS})::int AS register,
      max(${SKETCH_RANK_BITS + 1} - length(ltrim((h & ${(1 << SKETCH_RANK_BITS) - 1})::bit(${sql.raw(String(SKETCH_RANK_BITS))})::text, '0')))::int AS rank
    FROM h GROUP BY 1`.execute(db);
  const registers = Buffer.alloc(SKETCH_REGISTERS);
  for (const { register, rank } of rows) registers[register] = rank;
  return registers;
}

/**
 * Recomputes one store's day from the raw tables, in one transaction: its `analytics_days` row and its breakdown
 * rows replace what was there. `db` is the whole database (this is the server's own job, not a caller's request);
 * every query names the store.
 */
export async function rollUpDay(db: Db, webId: number, day: string): Promise<void> {
  const n = utcDayNumber(day);
  const from = dayStart(n);
  const to = dayStart(n + 1);
  // A session started late in the day goes on past midnight: its page views until the end of the next day count.
  const sessionEnd = dayStart(n + 2);
  await db.transaction().execute(async (trx) => {
    // Two servers on one PostgreSQL rolling up the same day would both delete and insert its breakdown.
    await sql`SELECT pg_advisory_xact_lock(${webId}, ${n})`.execute(trx);
    const {
      rows: [totals],
    } = await sql<{ sessions: number; visitors: number; duration_ms: number; bounces: number; converted_sessions: number }>`
      WITH s AS (
        SELECT session_id, visitor_id FROM tracking_sessions
        WHERE web_id = ${webId} AND started_at >= ${from} AND started_at < ${to}
      ), v AS (
        SELECT e.session_id, count(*)::int AS views, sum(e.duration_ms)::bigint AS duration_ms
        FROM tracking_events e JOIN s USING (session_id)
        WHERE e.web_id = ${webId} AND e.event_type = 'page_view' AND e.created_at >= ${from} AND e.created_at < ${sessionEnd}
        GROUP BY e.session_id
      )
      SELECT count(*)::int AS sessions,
        count(DISTINCT s.visitor_id)::int AS visitors,
        coalesce(sum(v.duration_ms), 0)::bigint AS duration_ms,
        count(*) FILTER (WHERE coalesce(v.views, 0) <= 1)::int AS bounces,
        count(*) FILTER (WHERE EXISTS (
          SELECT 1 FROM orders o WHERE o.web_id = ${webId} AND o.tracking_session_id = s.session_id AND ${isSale}
        ))::int AS converted_sessions
      FROM s LEFT JOIN v USING (session_id)`.execute(trx);
    const {
      rows: [views],
    } = await sql<{ page_views: number }>`
      SELECT count(*)::int AS page_views FROM tracking_events
      WHERE web_id = ${webId} AND event_type = 'page_view' AND created_at >= ${from} AND created_at < ${to}`.execute(trx);
    const {
      rows: [orders],
    } = await sql<{ orders: number; revenue: number }>`
      SELECT count(*)::int AS orders, coalesce(sum(total), 0)::bigint AS revenue FROM orders o
      WHERE o.web_id = ${webId} AND ${isSale} AND o.created_at >= ${from} AND o.created_at < ${to}`.execute(trx);
    const sketch = await visitorSketch(trx, webId, from, to, totals!.visitors);
    const row = {
      visitors: totals!.visitors,
      sessions: totals!.sessions,
      page_views: views!.page_views,
      duration_ms: Number(totals!.duration_ms),
      bounces: totals!.bounces,
      converted_sessions: totals!.converted_sessions,
      orders: orders!.orders,
      revenue: Number(orders!.revenue),
      visitor_sketch: sketch,
      rolled_at: new Date(),
    };
    await trx
      .insertInto('analytics_days')
      .values({ web_id: webId, day, ...row })
      .onConflict((oc) => oc.columns(['web_id', 'day']).doUpdateSet(row))
      .execute();

    await trx.deleteFrom('analytics_breakdown').where('web_id', '=', webId).where('day', '=', asDate(day)).execute();
    const sessionsOfDay = sql`tracking_sessions WHERE web_id = ${webId} AND started_at >= ${from} AND started_at < ${to}`;
    const named: Record<Dimension, ReturnType<typeof sql>> = {
      // Paths without their query: /search?kw=mug and /search?kw=pan are one page.
      page: sql`SELECT split_part(url, '?', 1) AS name, count(*)::int AS count FROM tracking_events
        WHERE web_id = ${webId} AND event_type = 'page_view' AND created_at >= ${from} AND created_at < ${to} GROUP BY 1`,
      referrer: sql`SELECT referrer_host AS name, count(*)::int AS count FROM ${sessionsOfDay} GROUP BY 1`,
      campaign: sql`SELECT name, count(*)::int AS count FROM (
          SELECT utm->>'utm_campaign' || coalesce(' · ' || nullif(concat_ws(' / ', nullif(utm->>'utm_source', ''), nullif(utm->>'utm_medium', '')), ''), '') AS name
          FROM ${sessionsOfDay} AND coalesce(utm->>'utm_campaign', '') <> ''
        ) campaigns GROUP BY 1`,
      device: sql`SELECT device AS name, count(*)::int AS count FROM ${sessionsOfDay} GROUP BY 1`,
      browser: sql`SELECT browser AS name, count(*)::int AS count FROM ${sessionsOfDay} GROUP BY 1`,
      country: sql`SELECT country AS name, count(*)::int AS count FROM ${sessionsOfDay} GROUP BY 1`,
    };
    for (const dimension of DIMENSIONS) {
      await sql`
        INSERT INTO analytics_breakdown (web_id, day, dimension, name, count)
        SELECT ${webId}, ${day}::date, ${dimension}, name, count FROM (${named[dimension]}) counted
        ORDER BY count DESC, name LIMIT ${BREAKDOWN_NAMES_PER_DAY}`.execute(trx);
    }
  });
}

/**
 * The days of a store whose raw rows changed since `since`: page views, sessions, and orders placed or moved on
 * (a cancelled order leaves its day's revenue). Read through the (web_id, created_at) indexes.
 */
async function daysChangedSince(db: Db, webId: number, since: Date): Promise<string[]> {
  const { rows } = await sql<{ day: string }>`
    SELECT DISTINCT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM (
      SELECT created_at AS t FROM tracking_events WHERE web_id = ${webId} AND created_at >= ${since}
      UNION ALL SELECT started_at FROM tracking_sessions WHERE web_id = ${webId} AND started_at >= ${since}
      UNION ALL SELECT created_at FROM orders WHERE web_id = ${webId} AND created_at >= ${since}
      UNION ALL SELECT o.created_at FROM order_events e JOIN orders o USING (web_id, order_id)
        WHERE e.web_id = ${webId} AND e.created_at >= ${since}
    ) changed`.execute(db);
  return rows.map((row) => row.day);
}

/** Days with raw rows and no rollup yet: tracking written before this migration, or while no server ran the job. */
async function daysNeverRolledUp(db: Db): Promise<{ webId: number; day: string }[]> {
  const { rows } = await sql<{ web_id: number; day: string }>`
    SELECT DISTINCT r.web_id, r.day FROM (
      SELECT web_id, to_char(started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM tracking_sessions
      UNION SELECT web_id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') FROM tracking_events
      UNION SELECT web_id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') FROM orders
    ) r
    WHERE NOT EXISTS (SELECT 1 FROM analytics_days a WHERE a.web_id = r.web_id AND a.day = r.day::date)
    ORDER BY 1, 2`.execute(db);
  return rows.map((row) => ({ webId: row.web_id, day: row.day }));
}

/**
 * Keeps every store's rollups current: on a timer, and at once for a store whose owner opens the dashboard when its
 * rollup is older than `FRESH_MS`. One run at a time per store; a request that finds one running waits for it.
 */
export class AnalyticsRollups {
  private readonly running = new Map<number, Promise<void>>();
  /** When each store's last run started: the raw rows changed since (less `LATE_ROWS_MS`) mark its days. */
  private readonly lastRun = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private sweep: Promise<void> | null = null;
  private caughtUp = false;

  constructor(
    private readonly db: Db,
    private readonly log: (error: unknown) => void,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Rolls up every store now and every `intervalMs` after, until `stop`. */
  start(intervalMs = 60_000): void {
    if (this.timer) return;
    const tick = () => {
      this.sweep ??= this.runAll()
        .catch(this.log)
        .finally(() => {
          this.sweep = null;
        });
    };
    this.timer = setInterval(tick, intervalMs);
    // The timer alone must not keep a process alive (a test, a command that opened the app for one request).
    this.timer.unref();
    tick();
  }

  /** Stops the timer and waits for the run under way, so the database can close after. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.sweep;
    await Promise.allSettled(this.running.values());
  }

  /** Every store: the days never rolled up (once per process), then each store's changed days. */
  async runAll(): Promise<void> {
    if (!this.caughtUp) {
      for (const { webId, day } of await daysNeverRolledUp(this.db)) await rollUpDay(this.db, webId, day);
      this.caughtUp = true;
    }
    const stores = await this.db.selectFrom('sites').select('web_id').orderBy('web_id').execute();
    for (const { web_id } of stores) await this.runStore(web_id);
  }

  /** Brings a store's rollups up to date unless its last run started less than `FRESH_MS` ago (the dashboard's call). */
  async ensureFresh(webId: number): Promise<void> {
    const last = this.lastRun.get(webId);
    if (last !== undefined && this.now().getTime() - last < FRESH_MS && !this.running.has(webId)) return;
    await this.runStore(webId);
  }

  /** Today and yesterday (UTC), which still change, and any day whose raw rows changed since the last run. */
  runStore(webId: number): Promise<void> {
    const under = this.running.get(webId);
    if (under) return under;
    const run = (async () => {
      const started = this.now();
      const today = todayNumber(started);
      const last = this.lastRun.get(webId);
      const days = new Set([utcDayText(today - 1), utcDayText(today)]);
      if (last !== undefined) for (const day of await daysChangedSince(this.db, webId, new Date(last - LATE_ROWS_MS))) days.add(day);
      for (const day of [...days].sort()) await rollUpDay(this.db, webId, day);
      this.lastRun.set(webId, started.getTime());
    })().finally(() => this.running.delete(webId));
    this.running.set(webId, run);
    return run;
  }
}

/** A sketch's distinct count: HyperLogLog's estimate, with linear counting while many registers are still empty. */
function estimateDistinct(registers: Uint8Array): number {
  const m = registers.length;
  let sum = 0;
  let empty = 0;
  for (const rank of registers) {
    sum += 2 ** -rank;
    if (rank === 0) empty++;
  }
  const estimate = ((0.7213 / (1 + 1.079 / m)) * m * m) / sum;
  if (estimate <= 2.5 * m && empty > 0) return m * Math.log(m / empty);
  const space = 2 ** 32;
  return estimate > space / 30 ? -space * Math.log(1 - estimate / space) : estimate;
}

interface DayRow {
  day: string;
  visitors: number;
  sessions: number;
  page_views: number;
  duration_ms: number;
  bounces: number;
  orders: number;
  revenue: number;
  converted_sessions: number;
  visitor_sketch: Uint8Array | null;
}

/** One period's headline figures from its days' rollups. */
function totalsOf(days: readonly DayRow[]): AnalyticsTotals {
  const sum = (key: 'sessions' | 'page_views' | 'duration_ms' | 'bounces' | 'orders' | 'revenue' | 'converted_sessions') =>
    days.reduce((total, day) => total + Number(day[key]), 0);
  const sessions = sum('sessions');
  const orders = sum('orders');
  return {
    visitors: periodVisitors(days),
    sessions,
    pageViews: sum('page_views'),
    avgDurationMs: sessions ? sum('duration_ms') / sessions : 0,
    bounceRate: sessions ? sum('bounces') / sessions : 0,
    orders,
    revenue: sum('revenue'),
    // Sessions that bought over sessions: at most 100 %, and orders placed without the tracker (a test tool, a
    // shopper who blocks it) are sales that no session claims.
    conversionRate: sessions ? sum('converted_sessions') / sessions : 0,
  };
}

/**
 * Distinct visitors over the days. While every day kept its visitors' hashes, their union is counted exactly; once
 * one kept registers, the hashes go into registers too and the merged registers (each keeps its highest rank) give
 * HyperLogLog's estimate, held between what the days prove: at least the busiest day's visitors, at most their sum.
 */
function periodVisitors(days: readonly DayRow[]): number {
  const counted = days.filter((day) => day.visitors > 0 && day.visitor_sketch);
  if (counted.length <= 1) return counted[0]?.visitors ?? 0;
  const sketches = counted.map((day) => day.visitor_sketch!);
  if (sketches.every((sketch) => sketch.length !== SKETCH_REGISTERS)) {
    const hashes = new Set<string>();
    for (const sketch of sketches)
      for (let at = 0; at < sketch.length; at += HASH_BYTES) hashes.add(Buffer.from(sketch.subarray(at, at + HASH_BYTES)).toString('hex'));
    return hashes.size;
  }
  const merged = new Uint8Array(SKETCH_REGISTERS);
  for (const sketch of sketches) {
    if (sketch.length === SKETCH_REGISTERS) {
      for (let i = 0; i < SKETCH_REGISTERS; i++) if (sketch[i]! > merged[i]!) merged[i] = sketch[i]!;
      continue;
    }
    const view = new DataView(sketch.buffer, sketch.byteOffset, sketch.byteLength);
    for (let at = 0; at < sketch.length; at += HASH_BYTES) {
      const high = view.getUint32(at);
      const register = high >>> SKETCH_RANK_BITS;
      const rest = high & ((1 << SKETCH_RANK_BITS) - 1);
      const rank = SKETCH_RANK_BITS + 1 - (32 - Math.clz32(rest));
      if (rank > merged[register]!) merged[register] = rank;
    }
  }
  const most = Math.max(...counted.map((day) => day.visitors));
  const all = counted.reduce((total, day) => total + day.visitors, 0);
  return Math.min(all, Math.max(most, Math.round(estimateDistinct(merged))));
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** How a stored name reads in the report: "Direct" for no referrer, country names, "Unknown" for what is not known. */
function displayName(dimension: Dimension, name: string): string {
  if (dimension === 'referrer') return name || 'Direct';
  if (!name) return 'Unknown';
  if (dimension === 'country' && /^[A-Z]{2}$/.test(name)) {
    try {
      return countryNames.of(name) ?? name;
    } catch {
      return name;
    }
  }
  return name;
}

/** The period a query asks for, checked after its defaults are filled in (today is the server's, in UTC). */
export function analyticsPeriod(query: AnalyticsQuery, now = new Date()): { from: number; to: number } {
  const to = query.To ? utcDayNumber(query.To) : todayNumber(now);
  const from = query.From ? utcDayNumber(query.From) : to - 29;
  if (from > to) throw new HttpError(400, 'BAD_REQUEST', 'From: must not be after To', 'From');
  if (to - from >= MAX_ANALYTICS_DAYS)
    throw new HttpError(400, 'BAD_REQUEST', `From: must be at most ${MAX_ANALYTICS_DAYS} days before To`, 'From');
  return { from, to };
}

/**
 * The report of one store over a period and the period of the same length before it, from the rollups alone.
 * `store` is the database scoped to the owner's store.
 */
export async function analyticsReport(store: Db, period: { from: number; to: number }): Promise<AnalyticsReport> {
  const { from, to } = period;
  const length = to - from + 1;
  const previousFrom = from - length;
  const dayColumn = sql<string>`to_char(day, 'YYYY-MM-DD')`;
  const [site, rows, breakdown] = await Promise.all([
    store
      .selectFrom('sites as s')
      .leftJoin('currencies as c', (join) => join.onRef('c.web_id', '=', 's.web_id').onRef('c.code', '=', 's.base_currency'))
      .select(['s.base_currency', 'c.symbol'])
      .executeTakeFirstOrThrow(),
    store
      .selectFrom('analytics_days')
      .select([
        dayColumn.as('day'),
        'visitors',
        'sessions',
        'page_views',
        'duration_ms',
        'bounces',
        'orders',
        'revenue',
        'converted_sessions',
        'visitor_sketch',
      ])
      .where('day', '>=', asDate(utcDayText(previousFrom)))
      .where('day', '<=', asDate(utcDayText(to)))
      .execute(),
    store
      .selectFrom('analytics_breakdown')
      .select((eb) => ['dimension', 'name', eb.fn.sum<number>('count').as('count')])
      .where('day', '>=', asDate(utcDayText(from)))
      .where('day', '<=', asDate(utcDayText(to)))
      .groupBy(['dimension', 'name'])
      .execute(),
  ]);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const zero = (day: string): DayRow => ({
    day,
    visitors: 0,
    sessions: 0,
    page_views: 0,
    duration_ms: 0,
    bounces: 0,
    orders: 0,
    revenue: 0,
    converted_sessions: 0,
    visitor_sketch: null,
  });
  const daysOf = (start: number): DayRow[] =>
    Array.from({ length }, (_, i) => {
      const day = utcDayText(start + i);
      const row = byDay.get(day);
      return row ? { ...row, duration_ms: Number(row.duration_ms), revenue: Number(row.revenue) } : zero(day);
    });
  const current = daysOf(from);
  const previous = daysOf(previousFrom);
  const chartDay = (row: DayRow): AnalyticsDay => ({
    day: row.day,
    visitors: row.visitors,
    sessions: row.sessions,
    pageViews: row.page_views,
    orders: row.orders,
    revenue: row.revenue,
  });

  const top: Record<Dimension, AnalyticsRow[]> = { page: [], referrer: [], campaign: [], device: [], browser: [], country: [] };
  for (const row of breakdown) {
    const dimension = row.dimension as Dimension;
    top[dimension]?.push({ name: displayName(dimension, row.name), count: Number(row.count) });
  }
  const ranked = (rows: AnalyticsRow[]) => {
    // Two stored names may read the same ("" and "Unknown"): counted together.
    const merged = new Map<string, number>();
    for (const row of rows) merged.set(row.name, (merged.get(row.name) ?? 0) + row.count);
    return [...merged]
      .map(([name, count]) => ({ name, count }))
      .sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .slice(0, ANALYTICS_TOP_ROWS);
  };

  return {
    from: utcDayText(from),
    to: utcDayText(to),
    previousFrom: utcDayText(previousFrom),
    previousTo: utcDayText(from - 1),
    currencyCode: site.base_currency.trim(),
    currencySymbol: site.symbol ?? site.base_currency.trim(),
    totals: totalsOf(current),
    previousTotals: totalsOf(previous),
    days: current.map(chartDay),
    previousDays: previous.map(chartDay),
    topPages: ranked(top.page),
    referrers: ranked(top.referrer),
    campaigns: ranked(top.campaign),
    devices: ranked(top.device),
    browsers: ranked(top.browser),
    countries: ranked(top.country),
  };
}
