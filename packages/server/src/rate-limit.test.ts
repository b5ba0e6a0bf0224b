import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type Db } from './db/connect.ts';
import { HttpError } from './http/errors.ts';
import { RateLimiter } from './rate-limit.ts';
import { backends, clearOfWindowEdge } from './test-support.ts';

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

  it('starts counting afresh in the next window', async () => {
    const limiter = new RateLimiter(db);
    // Start just after a second boundary, so both hits fall in the same one-second window.
    await new Promise((resolve) => setTimeout(resolve, 1005 - (Date.now() % 1000)));
    await limiter.hit('window', 1, 1);
    const refused = await outcome(limiter.hit('window', 1, 1));
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).headers!['retry-after']).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await outcome(limiter.hit('window', 1, 1))).toBe('ok');
  });
});
