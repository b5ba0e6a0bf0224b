import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rateLimited, type RateLimiter, type RateRule } from '../infra/rate-limit.ts';

/**
 * A store for `@fastify/rate-limit` that counts in the database through `RateLimiter` (sliding windows), so a
 * limit holds across every server process on the database, not per process.
 */
function databaseStore(limiter: RateLimiter): FastifyRateLimitStoreCtor {
  return class DatabaseStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow = 60_000, max = 1) {
      limiter.slide(key, max, Math.max(1, Math.ceil(timeWindow / 1000))).then(
        ({ count, retryAfter }) => callback(null, { current: count, ttl: retryAfter * 1000 }),
        (error: Error) => callback(error),
      );
    }
    child() {
      return this;
    }
  };
}

/**
 * Limits per client address with `@fastify/rate-limit`, on routes that ask for it (`perAddress`). Counted once the
 * body is parsed (the `preHandler` hook), refused with our own 429 RATE_LIMITED and its `Retry-After`.
 */
export async function registerRateLimits(app: FastifyInstance, limiter: RateLimiter): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    store: databaseStore(limiter),
    // The refusal carries Retry-After itself; the counters' headers would say more than a guesser should know.
    addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': false },
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    errorResponseBuilder: (_request, context) => rateLimited(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
}

/**
 * Route options that limit a route by `rule` per client address, counted under `name:` and the address (or the
 * key `key` makes of the request, e.g. with its store).
 */
export function perAddress(
  rule: RateRule,
  name: string,
  key?: (request: FastifyRequest) => Promise<string>,
): { config: { rateLimit: RateLimitOptions } } {
  return {
    config: {
      rateLimit: {
        max: rule.limit,
        timeWindow: rule.windowSeconds * 1000,
        keyGenerator: key ? async (request) => `${name}:${await key(request)}` : (request) => `${name}:ip:${request.ip}`,
      },
    },
  };
}
