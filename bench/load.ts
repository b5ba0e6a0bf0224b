import autocannon from 'autocannon';

/** How hard and how long to drive a target; the same for every scenario so their numbers compare. */
export interface LoadSettings {
  connections: number;
  pipelining: number;
  /** Seconds of unmeasured load first, so the JIT, caches and connection pools are warm. */
  warmupSeconds: number;
  /** Seconds measured. */
  durationSeconds: number;
}

/** 10 connections, no pipelining (browsers do not pipeline), 2 s warm-up + 10 s measured. */
export const DEFAULT_LOAD: LoadSettings = { connections: 10, pipelining: 1, warmupSeconds: 2, durationSeconds: 10 };

/** One scenario's numbers, measured part only. */
export interface LoadResult {
  /** Mean of the per-second request counts. */
  requestsPerSecond: number;
  /** Latency percentiles in ms; autocannon records whole milliseconds, so a fast static reply can show 0 or 1. */
  p50Ms: number;
  p99Ms: number;
  /** Completed requests. */
  requests: number;
  /** Bytes read per response, status line and headers included. */
  bytesPerResponse: number;
  non2xx: number;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

/**
 * Drives `url` with autocannon in this process. The load generator shares the machine with the server under test
 * (2 cores here), so absolute numbers are a floor; the ratio between scenarios is what carries over.
 */
export async function runLoad(url: string, headers: Record<string, string>, settings: LoadSettings = DEFAULT_LOAD): Promise<LoadResult> {
  const result = await autocannon({
    url,
    headers,
    connections: settings.connections,
    pipelining: settings.pipelining,
    duration: settings.durationSeconds,
    warmup: { connections: settings.connections, duration: settings.warmupSeconds },
  });
  const completed = result.requests.total;
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: completed,
    bytesPerResponse: completed > 0 ? result.throughput.total / completed : 0,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, stats]) => [code, stats.count])),
  };
}

/** Why a load run does not count: any non-2xx answer or connection error means it did not measure the page. */
export function loadProblems(name: string, result: LoadResult): string[] {
  const problems: string[] = [];
  if (result.non2xx > 0) problems.push(`${name}: ${result.non2xx} non-2xx responses (status counts ${JSON.stringify(result.statusCodes)})`);
  if (result.errors > 0) problems.push(`${name}: ${result.errors} errors (${result.timeouts} timeouts)`);
  if (result.requests === 0) problems.push(`${name}: no request completed`);
  return problems;
}
