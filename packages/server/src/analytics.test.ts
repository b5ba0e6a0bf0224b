import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_TOP_ROWS, studioAnalyticsEndpoints, utcDayNumber, utcDayText, type AnalyticsReport } from '@vitrine/commerce';
import type { Db } from './db/connect.ts';
import { AnalyticsRollups, FRESH_MS } from './shop/analytics.ts';
import { backends, guestToken, signInOwner, startOnBackend, type BackendServer } from './test-support.ts';

/**
 * The owner's analytics: raw sessions, page views and orders written straight into the tables the intake fills,
 * rolled up, and the report over HTTP compared with the same figures counted from those rows by brute force.
 */

/** The current period (7 days) and the one before it, far from today so that no timer touches them. */
const FROM = '2026-03-08';
const TO = '2026-03-14';
const PREVIOUS_FROM = '2026-03-01';
/** A day of the current period without a visit or an order. */
const EMPTY_DAY = '2026-03-11';

interface Session {
  session_id: string;
  visitor_id: string;
  started_at: Date;
  referrer_host: string;
  country: string;
  browser: string;
  device: string;
  utm: Record<string, string> | null;
}
interface PageView {
  event_id: string;
  session_id: string;
  url: string;
  duration_ms: number;
  created_at: Date;
}
interface Order {
  total: number;
  status: string;
  payment_method: string;
  payment_status: string;
  /** The tracker's session it was placed in; null when the browser had none. */
  session_id: string | null;
  created_at: Date;
}
interface Traffic {
  sessions: Session[];
  views: PageView[];
  orders: Order[];
}

/** A small deterministic generator (mulberry32), so a failure reproduces. */
function generator(seed: number) {
  let a = seed;
  const next = () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const int = (below: number) => Math.floor(next() * below);
  return { pick, int };
}

/** Two weeks of a store's traffic: sessions from a pool of returning visitors, 1–4 page views each, a few orders. */
function trafficOf(prefix: string, seed: number, sessionsPerDay: number): Traffic {
  const { pick, int } = generator(seed);
  const traffic: Traffic = { sessions: [], views: [], orders: [] };
  const visitors = Array.from({ length: 25 }, (_, i) => `${prefix}-visitor-${i}`);
  for (let n = utcDayNumber(PREVIOUS_FROM); n <= utcDayNumber(TO); n++) {
    const day = utcDayText(n);
    if (day === EMPTY_DAY) continue;
    const count = sessionsPerDay + int(5);
    for (let s = 0; s < count; s++) {
      // The last session of each day starts a minute before midnight and goes on into the next day.
      const start = s === count - 1 && utcDayText(n + 1) !== EMPTY_DAY ? n * 86_400_000 + 86_340_000 : n * 86_400_000 + int(80_000_000);
      const session: Session = {
        session_id: `${prefix}-${day}-${s}`,
        visitor_id: pick(visitors),
        started_at: new Date(start),
        referrer_host: pick(['', '', 'www.google.com', 'news.example', 'instagram.com']),
        country: pick(['GB', 'US', 'DE', '']),
        browser: pick(['Chrome', 'Firefox', 'Safari', '']),
        device: pick(['Desktop', 'Mobile', 'Tablet']),
        utm: pick<Session['utm']>([
          null,
          null,
          { utm_campaign: 'spring', utm_source: 'newsletter', utm_medium: 'email' },
          { utm_campaign: 'spring' },
          { utm_source: 'ads' },
        ]),
      };
      traffic.sessions.push(session);
      const pages = 1 + int(4);
      for (let p = 0; p < pages; p++) {
        traffic.views.push({
          event_id: `${session.session_id}-${p}`,
          session_id: session.session_id,
          url: pick(['/', '/kitchen', '/kitchen?page=2', '/cast-iron-skillet', '/search?kw=mug', '/cart']),
          duration_ms: int(60_000),
          created_at: new Date(start + p * 30_000),
        });
      }
    }
    const ofDay = traffic.sessions.filter((s) => dayOf(s.started_at) === day);
    for (let o = 0; o < int(4); o++) {
      // Some sessions place two orders: the conversion rate counts the session once.
      const session = pick([null, ...ofDay.slice(0, 3)]);
      traffic.orders.push({
        total: 1000 + int(9000),
        status: pick(['Pending', 'Confirmed', 'Cancelled']),
        payment_method: pick(['Cash on delivery', 'Card', 'Bank transfer']),
        payment_status: pick(['Pending', 'Paid']),
        session_id: session?.session_id ?? null,
        created_at: new Date((session?.started_at.getTime() ?? n * 86_400_000 + int(86_000_000)) + 60_000),
      });
    }
  }
  return traffic;
}

async function insertTraffic(db: Db, webId: number, traffic: Traffic, prefix: string): Promise<void> {
  for (const s of traffic.sessions)
    await db
      .insertInto('tracking_sessions')
      .values({
        web_id: webId,
        session_id: s.session_id,
        visitor_id: s.visitor_id,
        customer_id: null,
        landing_url: '/',
        referrer_host: s.referrer_host,
        country: s.country,
        browser: s.browser,
        device: s.device,
        utm: s.utm && JSON.stringify(s.utm),
        started_at: s.started_at,
      })
      .execute();
  if (traffic.views.length)
    await db
      .insertInto('tracking_events')
      .values(traffic.views.map((v) => ({ web_id: webId, event_type: 'page_view', ...v })))
      .execute();
  for (const [i, o] of traffic.orders.entries())
    await db
      .insertInto('orders')
      .values({
        web_id: webId,
        order_code: `${prefix}-${i}`,
        idempotency_key: `${prefix}-${i}`,
        customer_id: null,
        status: o.status,
        payment_status: o.payment_status,
        tracking_session_id: o.session_id,
        shipping_address: JSON.stringify({}),
        delivery_method: 'Standard delivery',
        payment_method: o.payment_method,
        currency_code: 'USD',
        currency_rate: 1,
        subtotal: o.total,
        total: o.total,
        created_at: o.created_at,
      })
      .execute();
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const inPeriod = (date: Date, from: string, to: string) => dayOf(date) >= from && dayOf(date) <= to;

/** The report's figures counted straight from the rows, as the contract defines them. */
function bruteForce(traffic: Traffic, from: string, to: string) {
  const sessions = traffic.sessions.filter((s) => inPeriod(s.started_at, from, to));
  const views = traffic.views.filter((v) => inPeriod(v.created_at, from, to));
  // Sales: paid or paid on delivery, not cancelled. An unpaid card or transfer order is an attempt.
  const sale = (o: Order) => o.status !== 'Cancelled' && (o.payment_status === 'Paid' || o.payment_method === 'Cash on delivery');
  const orders = traffic.orders.filter((o) => sale(o) && inPeriod(o.created_at, from, to));
  const converted = sessions.filter((s) => traffic.orders.some((o) => sale(o) && o.session_id === s.session_id));
  const ofSession = (s: Session) => traffic.views.filter((v) => v.session_id === s.session_id);
  const duration = sessions.reduce((sum, s) => sum + ofSession(s).reduce((d, v) => d + v.duration_ms, 0), 0);
  const bounces = sessions.filter((s) => ofSession(s).length <= 1).length;
  const revenue = orders.reduce((sum, o) => sum + o.total, 0);
  const totals = {
    visitors: new Set(sessions.map((s) => s.visitor_id)).size,
    sessions: sessions.length,
    pageViews: views.length,
    avgDurationMs: sessions.length ? duration / sessions.length : 0,
    bounceRate: sessions.length ? bounces / sessions.length : 0,
    orders: orders.length,
    revenue,
    conversionRate: sessions.length ? converted.length / sessions.length : 0,
  };
  const days = [];
  for (let n = utcDayNumber(from); n <= utcDayNumber(to); n++) {
    const day = utcDayText(n);
    const daySessions = sessions.filter((s) => dayOf(s.started_at) === day);
    const dayOrders = orders.filter((o) => dayOf(o.created_at) === day);
    days.push({
      day,
      visitors: new Set(daySessions.map((s) => s.visitor_id)).size,
      sessions: daySessions.length,
      pageViews: views.filter((v) => dayOf(v.created_at) === day).length,
      orders: dayOrders.length,
      revenue: dayOrders.reduce((sum, o) => sum + o.total, 0),
    });
  }
  const top = (names: string[]) => {
    const counts = new Map<string, number>();
    for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
    return [...counts]
      .map(([name, count]) => ({ name, count }))
      .sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : 1))
      .slice(0, ANALYTICS_TOP_ROWS);
  };
  const countries: Record<string, string> = { GB: 'United Kingdom', US: 'United States', DE: 'Germany', '': 'Unknown' };
  return {
    totals,
    days,
    topPages: top(views.map((v) => v.url.split('?')[0]!)),
    referrers: top(sessions.map((s) => s.referrer_host || 'Direct')),
    campaigns: top(
      sessions.flatMap((s) => {
        const campaign = s.utm?.['utm_campaign'];
        if (!campaign) return [];
        const via = [s.utm!['utm_source'], s.utm!['utm_medium']].filter(Boolean).join(' / ');
        return [via ? `${campaign} · ${via}` : campaign];
      }),
    ),
    devices: top(sessions.map((s) => s.device)),
    browsers: top(sessions.map((s) => s.browser || 'Unknown')),
    countries: top(sessions.map((s) => countries[s.country]!)),
  };
}

describe.each(backends)('the owner’s analytics on $name', ({ create }) => {
  let started: BackendServer;
  let harborOwner: string;
  let nordOwner: string;
  const harbor = trafficOf('h', 17, 6);
  const nord = trafficOf('n', 42, 2);

  const report = async (query: string, token = harborOwner, host = 'localhost') => {
    const response = await started.server.call(`/api/Studio/GetAnalytics?${query}`, {
      host,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return studioAnalyticsEndpoints.getAnalytics.answer.parse(await response.json()).data;
  };

  beforeAll(async () => {
    started = await startOnBackend(create);
    const db = started.server.db;
    await insertTraffic(db, started.harborId, harbor, 'h');
    await insertTraffic(db, started.atelierId, nord, 'n');
    // The days were never rolled up: a job's first run catches them up.
    await new AnalyticsRollups(db, (error) => {
      throw error;
    }).runAll();
    harborOwner = await signInOwner(started.server, 'owner@harbor.test', 'harbor-owner-demo');
    nordOwner = await signInOwner(started.server, 'owner@atelier.test', 'atelier-owner-demo');
  });
  afterAll(() => started?.stop());

  const expectReport = (answer: AnalyticsReport, traffic: Traffic) => {
    const current = bruteForce(traffic, FROM, TO);
    const previous = bruteForce(traffic, PREVIOUS_FROM, '2026-03-07');
    expect({ ...answer.totals, avgDurationMs: Math.round(answer.totals.avgDurationMs) }).toEqual({
      ...current.totals,
      avgDurationMs: Math.round(current.totals.avgDurationMs),
    });
    expect(answer.totals.bounceRate).toBeCloseTo(current.totals.bounceRate, 12);
    expect({ ...answer.previousTotals, avgDurationMs: Math.round(answer.previousTotals.avgDurationMs) }).toEqual({
      ...previous.totals,
      avgDurationMs: Math.round(previous.totals.avgDurationMs),
    });
    expect(answer.days).toEqual(current.days);
    expect(answer.previousDays).toEqual(previous.days);
    for (const list of ['topPages', 'referrers', 'campaigns', 'devices', 'browsers', 'countries'] as const)
      expect(answer[list], list).toEqual(current[list]);
  };

  it('answers a period and the one before it with the figures counted from the raw rows', async () => {
    const answer = await report(`From=${FROM}&To=${TO}`);
    expect([answer.from, answer.to, answer.previousFrom, answer.previousTo]).toEqual([FROM, TO, PREVIOUS_FROM, '2026-03-07']);
    expect(answer.currencyCode).toBe('USD');
    expectReport(answer, harbor);
    // Visitors come back on other days: the period's distinct visitors are fewer than its days' added up.
    expect(answer.totals.visitors).toBeLessThan(answer.days.reduce((sum, day) => sum + day.visitors, 0));
  });

  it('lists every day of the period, a day without visits as zeros', async () => {
    const answer = await report(`From=${FROM}&To=${TO}`);
    expect(answer.days.map((day) => day.day)).toEqual([
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
      EMPTY_DAY,
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
    ]);
    expect(answer.days[3]).toEqual({ day: EMPTY_DAY, visitors: 0, sessions: 0, pageViews: 0, orders: 0, revenue: 0 });
  });

  it('ranks each breakdown by count, then by name, and keeps the top 10', async () => {
    const answer = await report(`From=${FROM}&To=${TO}`);
    for (const list of [answer.topPages, answer.referrers, answer.devices, answer.browsers, answer.countries]) {
      expect(list.length).toBeGreaterThan(1);
      expect(list.length).toBeLessThanOrEqual(ANALYTICS_TOP_ROWS);
      for (let i = 1; i < list.length; i++) expect(list[i - 1]!.count).toBeGreaterThanOrEqual(list[i]!.count);
    }
    expect(answer.referrers.map((row) => row.name)).toContain('Direct');
    expect(answer.countries.map((row) => row.name)).toContain('Unknown');
    expect(answer.campaigns.map((row) => row.name).sort()).toEqual(['spring', 'spring · newsletter / email']);
  });

  it('shows each owner only their own store', async () => {
    expectReport(await report(`From=${FROM}&To=${TO}`, nordOwner, 'second.localhost'), nord);
    // Atelier Nord's owner at Harbor & Pine's address is not its owner.
    const across = await started.server.call(`/api/Studio/GetAnalytics?From=${FROM}&To=${TO}`, {
      headers: { authorization: `Bearer ${nordOwner}` },
    });
    expect(across.status).toBe(403);
  });

  it('answers only the owner', async () => {
    expect((await started.server.call('/api/Studio/GetAnalytics')).status).toBe(401);
    const guest = await guestToken(started.server);
    expect((await started.server.call('/api/Studio/GetAnalytics', { headers: { authorization: `Bearer ${guest}` } })).status).toBe(401);
  });

  it.each([
    ['From=2026-02-30&To=2026-03-14', 'From'],
    ['From=yesterday', 'From'],
    ['To=2026-3-1', 'To'],
    [`From=${TO}&To=${FROM}`, 'From'],
    ['From=2025-01-01&To=2026-01-02', 'From'],
    ['From=2999-01-01', 'From'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const response = await started.server.call(`/api/Studio/GetAnalytics?${query}`, {
      headers: { authorization: `Bearer ${harborOwner}` },
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain(field);
  });

  it('answers the last 30 days by default, and at most 366 days', async () => {
    const answer = await report('');
    expect(answer.days).toHaveLength(30);
    expect(answer.to).toBe(new Date().toISOString().slice(0, 10));
    expect((await report('From=2025-03-15&To=2026-03-15')).days).toHaveLength(366);
  });

  it('refreshes a store on demand only when its rollup is over a minute old', async () => {
    // A day of its own, which the app's own timer (today and yesterday) never rolls up meanwhile.
    let now = new Date('2026-04-20T12:00:00Z');
    const rollups = new AnalyticsRollups(
      started.server.db,
      (error) => {
        throw error;
      },
      () => now,
    );
    const today = dayOf(now);
    const viewsToday = async () =>
      (
        await started.server.db
          .selectFrom('analytics_days')
          .select('page_views')
          .where('web_id', '=', started.harborId)
          .where('day', '=', sql<Date>`${today}::date`)
          .executeTakeFirst()
      )?.page_views ?? 0;
    const view = (id: string) => ({
      web_id: started.harborId,
      event_id: id,
      session_id: 'fresh',
      event_type: 'page_view',
      url: '/',
      created_at: now,
    });
    await started.server.db.insertInto('tracking_events').values(view('fresh-1')).execute();
    await rollups.ensureFresh(started.harborId);
    const first = await viewsToday();
    expect(first).toBeGreaterThanOrEqual(1);
    await started.server.db.insertInto('tracking_events').values(view('fresh-2')).execute();
    await rollups.ensureFresh(started.harborId);
    expect(await viewsToday()).toBe(first);
    now = new Date(now.getTime() + FRESH_MS + 1);
    await rollups.ensureFresh(started.harborId);
    expect(await viewsToday()).toBe(first + 1);
  });
});
