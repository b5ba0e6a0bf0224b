import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type Db } from '../db/connect.ts';
import { HttpError } from '../http/errors.ts';
import { RateLimiter, slidingCount } from './rate-limit.ts';
import { backends, clearOfWindowEdge } from '../test-support.ts';

describe.each(backends)('RateLimiter on $name', ({ create }) => {
  let db: Db;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await create();
    drop = database.drop;
    db = await openDatabase({ databaseUrl: database.url });
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await drop?.();
  });

  const outcome = (promise: Promise<unknown>) =>
    promise.then(
      () => 'ok' as const,
      (error: unknown) => {
        if (error instanceof HttpError && error.statusCode === 429) return error;
        throw error;
      },
    );

  it('lets exactly the limit through when hits arrive at once, and refuses the rest with 429 and Retry-After', async () => {
    const limiter = new RateLimiter(db);
    await clearOfWindowEdge(600);
    const results = await Promise.all(Array.from({ length: 25 }, () => outcome(limiter.hit('burst', 10, 600))));
    expect(results.filter((r) => r === 'ok')).toHaveLength(10);
    const refused = results.filter((r): r is HttpError => r !== 'ok');
    expect(refused).toHaveLength(15);
    expect(refused[0]!.code).toBe('RATE_LIMITED');
    const retryAfter = Number(refused[0]!.headers!['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(600);
    const row = await db.selectFrom('rate_limit_hits').select('hits').where('key', '=', 'burst').executeTakeFirstOrThrow();
    expect(row.hits).toBe(25);
  });

  it('shares counts between limiters (as between server processes) and keeps keys apart', async () => {
    const [a, b] = [new RateLimiter(db), new RateLimiter(db)];
    await clearOfWindowEdge(600);
    await a.hit('shared', 2, 600);
    await b.hit('shared', 2, 600);
    expect(await outcome(a.hit('shared', 2, 600))).toBeInstanceOf(HttpError);
    expect(await outcome(b.hit('other key', 2, 600))).toBe('ok');
  });

  it('slides: a burst just before a window’s edge still counts just after it, and fades as the window moves on', async () => {
    const limiter = new RateLimiter(db);
    await clearOfWindowEdge(600);
    // 10,000 attempts in the window before this one: a fixed window would forget them all at its edge.
    await sql`INSERT INTO rate_limit_hits (key, window_start, hits) VALUES ('edge', to_timestamp(floor(extract(epoch FROM now()) / 600) * 600) - interval '600 seconds', 10000)`.execute(
      db,
    );
    const refused = await outcome(limiter.hit('edge', 10, 600));
    expect(refused).toBeInstanceOf(HttpError);
    const retryAfter = Number((refused as HttpError).headers!['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await limiter.count('edge', 600)).toBeGreaterThan(10);
    expect(await outcome(limiter.hit('another key', 10, 600))).toBe('ok');
  });
});

describe('slidingCount', () => {
  it('weighs the previous window by the share of it still inside the sliding window', () => {
    expect(slidingCount(0, 10, 30, 60, 10)).toEqual({ count: 5, retryAfter: 0 });
    expect(slidingCount(3, 0, 59, 60, 10)).toEqual({ count: 3, retryAfter: 0 });
  });

  it('says how long until one more attempt fits: later in this window, or in the next', () => {
    // 10 × 0.9 + 1 = 10: at the limit; one more fits once the previous window weighs 8, 6 seconds on.
    expect(slidingCount(1, 10, 6, 60, 10)).toEqual({ count: 10, retryAfter: 6 });
    // 12 in this window alone: the rest of it (50 s), then until 12 × (1 − t/60) ≤ 9 (15 s into the next), but
    // never longer than a window, after which all of them are older than the window.
    expect(slidingCount(12, 0, 40, 60, 10)).toEqual({ count: 12, retryAfter: 35 });
    expect(slidingCount(12, 0, 10, 60, 10)).toEqual({ count: 12, retryAfter: 60 });
  });
});
