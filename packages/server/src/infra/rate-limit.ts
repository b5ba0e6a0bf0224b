import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { HttpError } from '../http/errors.ts';

/** How many attempts a key may make per window. */
export interface RateRule {
  limit: number;
  windowSeconds: number;
  /** For a rule that slows down rather than refuses: the seconds between the attempts it lets through. */
  slowSeconds?: number;
}

/**
 * The limits of the calls that guess at secrets or send mail (product.md: per IP and per account). Per-account keys
 * count attempts whether or not the account exists, so a 429 says nothing about existence. Sign-in counts failures
 * only: see `guardSignIn`.
 */
export const rateRules = {
  /** Wrong passwords from one address, over every account. */
  signInFailuresPerIp: { limit: 10, windowSeconds: 60 },
  /** Wrong passwords for one account from one address: that address is refused for the rest of the window. */
  signInFailuresPerAccountAddress: { limit: 5, windowSeconds: 15 * 60 },
  /**
   * Wrong passwords for one account from anywhere. Past `limit`, an address that has failed on the account may try
   * once every `slowSeconds`: a targeted account is slowed down, never locked.
   */
  signInFailuresPerAccount: { limit: 5, windowSeconds: 15 * 60, slowSeconds: 2 },
  signUpPerIp: { limit: 20, windowSeconds: 60 * 60 },
  forgotPasswordPerIp: { limit: 5, windowSeconds: 60 * 60 },
  forgotPasswordPerAccount: { limit: 3, windowSeconds: 60 * 60 },
  resetPasswordPerIp: { limit: 20, windowSeconds: 60 * 60 },
  changePasswordPerAccount: { limit: 5, windowSeconds: 15 * 60 },
  maintenancePasswordPerIp: { limit: 10, windowSeconds: 10 * 60 },
  /** Wrong maintenance passwords for one store from anywhere, so many addresses cannot guess it quickly together. */
  maintenancePasswordPerStore: { limit: 30, windowSeconds: 10 * 60 },
} as const satisfies Record<string, RateRule>;

/** Windows longer than this are not supported: rows older than it are swept. */
const MAX_WINDOW_SECONDS = 24 * 60 * 60;
const SWEEP_EVERY_MS = 10 * 60 * 1000;

/** A key's count under a sliding window, and how long until it may try again. */
export interface SlidingCount {
  /** Attempts in the last `windowSeconds`, this one included (the previous window's weighted by how much of it is left). */
  count: number;
  /** Seconds until the count is below the limit again (0 when it already is). */
  retryAfter: number;
}

/**
 * Sliding-window counters kept in the database, so that every server process on it shares them: each key keeps one
 * row per fixed window, and a count weighs the previous window by the share of it still inside the sliding one (the
 * sliding-window counter), so a burst across a window's edge is counted as one burst. Each hit is one atomic
 * upsert; windows are computed from the database clock, so processes with skewed clocks agree.
 */
export class RateLimiter {
  private lastSweep = 0;

  constructor(private readonly db: Db) {}

  /** Counts one attempt under `key` and answers its sliding count against `limit`; never refuses by itself. */
  async slide(key: string, limit: number, windowSeconds: number): Promise<SlidingCount> {
    if (!Number.isInteger(windowSeconds) || windowSeconds < 1 || windowSeconds > MAX_WINDOW_SECONDS)
      throw new RangeError(`windowSeconds must be 1 to ${MAX_WINDOW_SECONDS}`);
    await this.sweep();
    const window = sql<number>`${windowSeconds}::integer`;
    const row = await this.db
      .insertInto('rate_limit_hits')
      .values({ key, window_start: sql<Date>`to_timestamp(floor(extract(epoch FROM now()) / ${window}) * ${window})`, hits: 1 })
      .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql<number>`rate_limit_hits.hits + 1` }))
      .returning([
        'hits',
        sql<number>`(SELECT p.hits FROM rate_limit_hits p WHERE p.key = rate_limit_hits.key AND p.window_start = rate_limit_hits.window_start - make_interval(secs => ${window}))`.as(
          'previous',
        ),
        sql<number>`extract(epoch FROM now()) - extract(epoch FROM window_start)`.as('elapsed'),
      ])
      .executeTakeFirstOrThrow();
    return slidingCount(Number(row.hits), Number(row.previous ?? 0), Number(row.elapsed), windowSeconds, limit);
  }

  /**
   * Counts one attempt under `key`. Over `limit` within the last `windowSeconds`, it throws a 429 (code RATE_LIMITED)
   * carrying `Retry-After` in seconds until the key may try again.
   */
  async hit(key: string, limit: number, windowSeconds: number): Promise<{ hits: number; remaining: number }> {
    const { count, retryAfter } = await this.slide(key, limit, windowSeconds);
    if (count > limit) throw rateLimited(retryAfter);
    return { hits: count, remaining: limit - count };
  }

  /** Counts one attempt against a rule; see `hit`. */
  enforce(rule: RateRule, key: string): Promise<{ hits: number; remaining: number }> {
    return this.hit(key, rule.limit, rule.windowSeconds);
  }

  /** How many attempts `key` has made in the last `windowSeconds` (sliding, as `slide` counts), counting none. */
  async count(key: string, windowSeconds: number): Promise<number> {
    const window = sql<number>`${windowSeconds}::integer`;
    const start = sql<Date>`to_timestamp(floor(extract(epoch FROM now()) / ${window}) * ${window})`;
    const rows = await this.db
      .selectFrom('rate_limit_hits')
      .select([
        'hits',
        sql<boolean>`window_start = ${start}`.as('current'),
        sql<number>`extract(epoch FROM now()) - extract(epoch FROM ${start})`.as('elapsed'),
      ])
      .where('key', '=', key)
      .where('window_start', '>=', sql<Date>`${start} - make_interval(secs => ${window})`)
      .execute();
    const current = rows.find((row) => row.current);
    const previous = rows.find((row) => !row.current);
    const elapsed = Number(rows[0]?.elapsed ?? 0);
    return slidingCount(Number(current?.hits ?? 0), Number(previous?.hits ?? 0), elapsed, windowSeconds, Number.MAX_SAFE_INTEGER).count;
  }

  /** Takes back one attempt counted under `key` in its newest window: it turned out not to be a failure. */
  async forgive(key: string): Promise<void> {
    await this.db
      .updateTable('rate_limit_hits')
      .set({ hits: sql<number>`greatest(hits - 1, 0)` })
      .where('key', '=', key)
      .where('window_start', '=', (eb) =>
        eb
          .selectFrom('rate_limit_hits')
          .select((e) => e.fn.max('window_start').as('w'))
          .where('key', '=', key),
      )
      .execute();
  }

  /** Forgets every attempt counted under `key`. */
  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limit_hits').where('key', '=', key).execute();
  }

  /** Drops finished windows now and then, so the table holds only the current day's counters. */
  private async sweep(): Promise<void> {
    const now = Date.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await this.db
      .deleteFrom('rate_limit_hits')
      .where('window_start', '<', sql<Date>`now() - make_interval(secs => ${MAX_WINDOW_SECONDS})`)
      .execute();
  }
}

/** Who is signing in where: `scope` names the store's customers (`signin:3`) or the platform's owners. */
export interface SignInAttempt {
  scope: string;
  account: string;
  ip: string;
}

/**
 * The limits of one sign-in attempt, counting failures only. Call before checking the password (it throws 429 when
 * this address may not try now), then `succeeded()` or `failed()`:
 * - an address that keeps failing is refused, per account and over all accounts;
 * - an account guessed at from many addresses is slowed down for the addresses that have failed on it, never locked;
 * - a right password from an address that has not been failing is never refused, and a success clears the account's
 *   failures.
 * The attempt is counted as a failure before the password is checked, so concurrent guesses cannot slip past the
 * limit together; a success takes that back.
 */
export async function guardSignIn(
  limiter: RateLimiter,
  { scope, account, ip }: SignInAttempt,
): Promise<{ succeeded(): Promise<void>; failed(): Promise<void> }> {
  const ipKey = `${scope}:fail:ip:${ip}`;
  const accountKey = `${scope}:fail:account:${account}`;
  const accountAddressKey = `${accountKey}:ip:${ip}`;
  const { signInFailuresPerIp, signInFailuresPerAccountAddress, signInFailuresPerAccount } = rateRules;
  await limiter.enforce(signInFailuresPerIp, ipKey);
  const { hits } = await limiter.enforce(signInFailuresPerAccountAddress, accountAddressKey);
  const hasFailedHere = hits > 1;
  if (hasFailedHere && (await limiter.count(accountKey, signInFailuresPerAccount.windowSeconds)) >= signInFailuresPerAccount.limit) {
    await limiter.hit(`${accountKey}:slow`, 1, signInFailuresPerAccount.slowSeconds);
  }
  return {
    async succeeded() {
      await Promise.all([limiter.forgive(ipKey), limiter.clear(accountAddressKey), limiter.clear(accountKey)]);
    },
    async failed() {
      await limiter.hit(accountKey, Number.MAX_SAFE_INTEGER, signInFailuresPerAccount.windowSeconds);
    },
  };
}

/**
 * The sliding count from a key's current window (`current` attempts, `elapsed` seconds in) and the one before, and
 * the least wait until a further attempt fits within `limit`.
 */
export function slidingCount(current: number, previous: number, elapsed: number, windowSeconds: number, limit: number): SlidingCount {
  const left = Math.max(0, 1 - elapsed / windowSeconds);
  const count = Math.ceil(previous * left + current);
  if (count < limit) return { count, retryAfter: 0 };
  // A further attempt fits once the count is at most limit - 1: later in this window, as the previous one weighs less…
  const room = limit - 1 - current;
  let wait: number;
  if (room >= 0 && previous > 0) wait = windowSeconds * (1 - room / previous) - elapsed;
  // …or in the next window, as this one weighs less.
  else wait = windowSeconds - elapsed + windowSeconds * Math.max(0, 1 - Math.max(0, limit - 1) / current);
  // Never more than one window: by then every attempt counted here lies outside the sliding window. (The counter
  // assumes attempts spread evenly over a window, so a burst can still be counted a little beyond it.)
  return { count, retryAfter: Math.min(windowSeconds, Math.max(1, Math.ceil(wait))) };
}

/** The 429 of a key over its limit, saying when to try again in words and in `Retry-After`. */
export function rateLimited(retryAfter: number): HttpError {
  return new HttpError(429, 'RATE_LIMITED', `Too many attempts. Try again in ${describeWait(retryAfter)}.`, undefined, {
    'retry-after': String(retryAfter),
  });
}

function describeWait(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}
