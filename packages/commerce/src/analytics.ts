import { z } from 'zod';

/**
 * The owner's analytics (`GET /api/Studio/GetAnalytics`): the store's own visits and orders over a period of whole
 * days (UTC), beside the period of the same length just before it. Read from daily rollups the intake keeps, never by
 * scanning raw events, so it answers in the same time at 1,000 or 1,000,000 page views.
 */

/** The longest period one report covers. */
export const MAX_ANALYTICS_DAYS = 366;

/** Days since 1970-01-01 of a YYYY-MM-DD day, or NaN when it is no day of the calendar (2026-02-30). */
export function utcDayNumber(text: string): number {
  const ms = Date.parse(`${text}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text ? NaN : ms / 86_400_000;
}

/** The YYYY-MM-DD day `n` days after 1970-01-01. */
export function utcDayText(n: number): string {
  return new Date(n * 86_400_000).toISOString().slice(0, 10);
}

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((text) => !Number.isNaN(utcDayNumber(text)), 'must be a day of the calendar');

/**
 * `From` and `To` are both included; `To` defaults to today and `From` to 29 days before `To` (30 days). A period
 * is at most `MAX_ANALYTICS_DAYS` long.
 */
export const analyticsQuery = z
  .object({ From: day.optional(), To: day.optional() })
  .refine((q) => !q.From || !q.To || q.From <= q.To, { message: 'must not be after To', path: ['From'] })
  .refine((q) => !q.From || !q.To || utcDayNumber(q.To) - utcDayNumber(q.From) < MAX_ANALYTICS_DAYS, {
    message: `must be at most ${MAX_ANALYTICS_DAYS} days before To`,
    path: ['From'],
  });
export type AnalyticsQuery = z.input<typeof analyticsQuery>;

/** The headline figures of one period. Amounts in minor units of the store's base currency. */
export const analyticsTotals = z.object({
  /** Distinct visitors (visitor cookie) in the period. */
  visitors: z.number().int().nonnegative(),
  sessions: z.number().int().nonnegative(),
  pageViews: z.number().int().nonnegative(),
  /** Mean session duration (the sum of its pages' durations), in milliseconds. */
  avgDurationMs: z.number().nonnegative(),
  /** Share of sessions with one page view, 0 to 1. */
  bounceRate: z.number().min(0).max(1),
  orders: z.number().int().nonnegative(),
  revenue: z.number().int().nonnegative(),
  /** Orders per session, 0 to 1. */
  conversionRate: z.number().min(0),
});
export type AnalyticsTotals = z.infer<typeof analyticsTotals>;

/** One day of a period, for the charts. */
export const analyticsDay = z.object({
  day,
  visitors: z.number().int().nonnegative(),
  sessions: z.number().int().nonnegative(),
  pageViews: z.number().int().nonnegative(),
  orders: z.number().int().nonnegative(),
  revenue: z.number().int().nonnegative(),
});
export type AnalyticsDay = z.infer<typeof analyticsDay>;

/** One row of a breakdown: a page path, a referrer host, a campaign, a device, a browser or a country, and its count. */
export const analyticsRow = z.object({ name: z.string(), count: z.number().int().nonnegative() });
export type AnalyticsRow = z.infer<typeof analyticsRow>;

/** At most this many rows per breakdown, highest count first. */
export const ANALYTICS_TOP_ROWS = 10;

export const analyticsAnswer = z.object({
  data: z.object({
    from: day,
    to: day,
    previousFrom: day,
    previousTo: day,
    /** The store's base currency, which `revenue` is in, and its symbol. */
    currencyCode: z.string(),
    currencySymbol: z.string(),
    totals: analyticsTotals,
    previousTotals: analyticsTotals,
    /** Every day of the period in order, days without visits included (zeros). */
    days: z.array(analyticsDay),
    /** Every day of the previous period, in order, aligned with `days`. */
    previousDays: z.array(analyticsDay),
    /** Page paths by page views. */
    topPages: z.array(analyticsRow),
    /** Referrer hosts by sessions ("Direct" for none). */
    referrers: z.array(analyticsRow),
    /** utm_campaign values by sessions (source / medium in the name when present: "spring · newsletter / email"). */
    campaigns: z.array(analyticsRow),
    /** Device kinds by sessions: Desktop, Mobile, Tablet, … */
    devices: z.array(analyticsRow),
    browsers: z.array(analyticsRow),
    /** Country names by sessions ("Unknown" when the location could not be found). */
    countries: z.array(analyticsRow),
  }),
});
export type AnalyticsReport = z.infer<typeof analyticsAnswer>['data'];
