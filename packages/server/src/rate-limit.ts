import { sql } from 'kysely';
import type { Db } from './db/connect.ts';
import { HttpError } from './http/errors.ts';

/** How many attempts a key may make per window. */
export interface RateRule {
  limit: number;
  windowSeconds: number;
}

/**
 * The limits of the calls that guess at secrets or send mail (product.md: per IP and per account). Per-account keys
 * count attempts whether or not the account exists, so a 429 says nothing about existence.
 */
export const rateRules = {
  signInPerIp: { limit: 10, windowSeconds: 60 },
  signInPerAccount: { limit: 5, windowSeconds: 15 * 60 },
  signUpPerIp: { limit: 20, windowSeconds: 60 * 60 },
  forgotPasswordPerIp: { limit: 5, windowSeconds: 60 * 60 },
  forgotPasswordPerAccount: { limit: 3, windowSeconds: 60 * 60 },
  resetPasswordPerIp: { limit: 20, windowSeconds: 60 * 60 },
  changePasswordPerAccount: { limit: 5, windowSeconds: 15 * 60 },
  maintenancePasswordPerIp: { limit: 10, windowSeconds: 10 * 60 },
  studioSignInPerIp: { limit: 10, windowSeconds: 60 },
  studioSignInPerAccount: { limit: 5, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateRule>;

/** Windows longer than this are not supported: rows older than it are swept. */
const MAX_WINDOW_SECONDS = 24 * 60 * 60;
const SWEEP_EVERY_MS = 10 * 60 * 1000;

/**
 * Fixed-window counters kept in the database, so that every server process on it shares them. Each hit is one
 * atomic upsert; the window is computed from the database clock, so processes with skewed clocks agree.
 */
export class RateLimiter {
  private lastSweep = 0;

  constructor(private readonly db: Db) {}

  /**
   * Counts one attempt under `key`. Over `limit` within the current window of `windowSeconds`, it throws a 429
   * (code RATE_LIMITED) carrying `Retry-After` in seconds until the window ends.
   */
  async hit(key: string, limit: number, windowSeconds: number): Promise<{ hits: number; remaining: number }> {
    if (!Number.isInteger(windowSeconds) || windowSeconds < 1 || windowSeconds > MAX_WINDOW_SECONDS) throw new RangeError(`windowSeconds must be 1 to ${MAX_WINDOW_SECONDS}`);
    await this.sweep();
    const window = sql<number>`${windowSeconds}::integer`;
    const row = await this.db
      .insertInto('rate_limit_hits')
      .values({ key, window_start: sql<Date>`to_timestamp(floor(extract(epoch FROM now()) / ${window}) * ${window})`, hits: 1 })
      .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql<number>`rate_limit_hits.hits + 1` }))
      .returning(['hits', sql<number>`ceil(extract(epoch FROM window_start) + ${window} - extract(epoch FROM now()))::integer`.as('retry_after')])
      .executeTakeFirstOrThrow();
    if (row.hits > limit) {
      const retryAfter = Math.max(1, Number(row.retry_after));
      throw new HttpError(429, 'RATE_LIMITED', `Too many attempts. Try again in ${describeWait(retryAfter)}.`, undefined, { 'retry-after': String(retryAfter) });
    }
    return { hits: row.hits, remaining: limit - row.hits };
  }

  /** Counts one attempt against a rule; see `hit`. */
  enforce(rule: RateRule, key: string): Promise<{ hits: number; remaining: number }> {
    return this.hit(key, rule.limit, rule.windowSeconds);
  }

  /** Drops finished windows now and then, so the table holds only the current day's counters. */
  private async sweep(): Promise<void> {
    const now = Date.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await this.db.deleteFrom('rate_limit_hits').where('window_start', '<', sql<Date>`now() - make_interval(secs => ${MAX_WINDOW_SECONDS})`).execute();
  }
}

function describeWait(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}
