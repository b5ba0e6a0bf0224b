import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { onCleanup } from './cleanup.ts';
import { repoRoot } from './processes.ts';
import { textTable as textTableOf } from './report.ts';

/**
 * Sustained beacon intake (issue 17) over real HTTP: the server in a child process on a fresh database, the load from
 * this one. Each simulated visit sends a session beacon, then four page views each followed by its duration update,
 * from `CONNECTIONS` keep-alive connections for `SECONDS`. Then the server's app is closed (the intake writes what is
 * waiting) and the rows counted: accepted is every 202, written the rows found, lost what was accepted and is not there.
 */
const CONNECTIONS = 32;
const SECONDS = Number(process.env['BENCH_TRACKING_SECONDS'] ?? 10);
const PAGES_PER_VISIT = 4;

export interface TrackingBenchResult {
  backend: string;
  seconds: number;
  accepted: { sessions: number; events: number; durations: number; beacons: number };
  refused: number;
  written: { sessions: number; events: number; timed: number };
  lost: number;
  /** Beacons answered 202 per second of load. */
  acceptedPerSecond: number;
  /** Page-view rows written per second, load and the closing write together. */
  eventsWrittenPerSecond: number;
  /** All beacons written (rows and duration updates) per second, load and the closing write together. */
  beaconsWrittenPerSecond: number;
  closeMs: number;
  /** The first session's answer, which loads geoip-lite's database, and the process's memory before and after. */
  firstSessionMs: number;
  geoRssMb: number;
}

export async function benchTracking(backend: 'PGlite' | 'PostgreSQL'): Promise<TrackingBenchResult> {
  const child = spawn(process.execPath, ['--conditions=vitrine', '--import', 'tsx', 'bench/tracking-server.ts', backend], {
    cwd: repoRoot,
    env: process.env,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  onCleanup(() => {
    child.kill('SIGKILL');
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const nextJson = async () => {
    for (;;) {
      const { value, done } = await lines.next();
      if (done) throw new Error('The tracking bench server ended early');
      if (value.startsWith('{')) return JSON.parse(value) as Record<string, number>;
    }
  };
  const { port, webId, rssBefore } = (await nextJson()) as { port: number; webId: number; rssBefore: number };
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  // A session is recorded only with the tracking token a page hands out (issue 33): one page's, for every visit.
  const pageToken = await new Promise<string>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: '/', headers: { host: 'localhost' } }, (response) => {
      response.resume();
      const cookie = (response.headers['set-cookie'] ?? []).find((c) => c.startsWith('vt_tt='));
      if (cookie) resolve(cookie.split(';')[0]!);
      else reject(new Error('The bench server handed out no tracking token'));
    })
      .on('error', reject)
      .end();
  });
  const post = (path: string, body: unknown, ip = '203.0.113.9') =>
    new Promise<number>((resolve) => {
      const payload = JSON.stringify(body);
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: `/api/track/${path}`,
          method: 'POST',
          agent,
          headers: {
            host: 'localhost',
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
            'x-forwarded-for': ip,
            cookie: pageToken,
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      req.on('error', () => resolve(0));
      req.end(payload);
    });

  // The first session pays for loading the place database: timed apart, before the load.
  const firstStarted = performance.now();
  const stamp = () => new Date().toISOString();
  await post(
    'add-session',
    {
      SessionID: 'bench-first-session',
      VisitorID: 'bench-first-visitor',
      WebID: webId,
      CustomerID: null,
      LandingUrl: '/',
      Referrer: '',
      Timestamp: stamp(),
    },
    '81.2.69.142',
  );
  const firstSessionMs = performance.now() - firstStarted;
  child.stdin!.write('rss\n');
  const { rss } = await nextJson();

  const accepted = { sessions: 1, events: 0, durations: 0, beacons: 1 };
  let refused = 0;
  let visits = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const count = (status: number, kind: 'sessions' | 'events' | 'durations') => {
    if (status === 202) {
      accepted[kind] += 1;
      accepted.beacons += 1;
    } else refused += 1;
  };
  const visitor = async (worker: number) => {
    while (performance.now() < deadline) {
      const visit = `w${worker}v${(visits += 1)}`;
      const sessionId = `s-${visit}-bench`;
      count(
        await post('add-session', {
          SessionID: sessionId,
          VisitorID: `v-${visit}-bench`,
          WebID: webId,
          CustomerID: null,
          LandingUrl: `/?utm_source=bench${worker}`,
          Referrer: 'https://www.example.org/',
          Timestamp: stamp(),
          utm: { utm_source: `bench${worker}` },
        }),
        'sessions',
      );
      for (let page = 0; page < PAGES_PER_VISIT; page += 1) {
        const eventId = `e-${visit}-p${page}`;
        count(
          await post('event', {
            SessionID: sessionId,
            EventID: eventId,
            EventType: 'page_view',
            Url: `/page-${page}`,
            WebID: webId,
            Timestamp: stamp(),
          }),
          'events',
        );
        count(
          await post('update-duration', { SessionID: sessionId, EventID: eventId, WebID: webId, Duration: String(1000 + page) }),
          'durations',
        );
      }
    }
  };
  const loadStarted = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, worker) => visitor(worker)));
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  agent.destroy();

  child.stdin!.write('stop\n');
  const found = (await nextJson()) as { closeMs: number; sessions: number; events: number; timed: number };
  await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
  const lost =
    Math.max(0, accepted.sessions - found.sessions) +
    Math.max(0, accepted.events - found.events) +
    Math.max(0, accepted.durations - found.timed);
  const writeSeconds = loadSeconds + found.closeMs / 1000;
  return {
    backend,
    seconds: loadSeconds,
    accepted,
    refused,
    written: { sessions: found.sessions, events: found.events, timed: found.timed },
    lost,
    acceptedPerSecond: accepted.beacons / loadSeconds,
    eventsWrittenPerSecond: found.events / writeSeconds,
    beaconsWrittenPerSecond: (found.sessions + found.events + found.timed) / writeSeconds,
    closeMs: found.closeMs,
    firstSessionMs,
    geoRssMb: (rss! - rssBefore) / 1e6,
  };
}

/** The numbers, with the targets beside them (printed, never asserted). */
export function trackingReport(results: TrackingBenchResult[]): string {
  const target: Record<string, number> = { PGlite: 5_000, PostgreSQL: 20_000 };
  const rows = results.map((r) => [
    r.backend,
    r.seconds.toFixed(1),
    Math.round(r.acceptedPerSecond).toLocaleString('en-US'),
    Math.round(r.beaconsWrittenPerSecond).toLocaleString('en-US'),
    Math.round(r.eventsWrittenPerSecond).toLocaleString('en-US'),
    `${r.accepted.beacons.toLocaleString('en-US')} (${r.accepted.sessions}/${r.accepted.events}/${r.accepted.durations})`,
    String(r.refused),
    String(r.lost),
    Math.round(r.closeMs).toLocaleString('en-US'),
    (target[r.backend] ?? 0).toLocaleString('en-US'),
  ]);
  const header = [
    'backend',
    's',
    'accepted/s',
    'written/s',
    'page views written/s',
    'accepted (sess/views/durations)',
    'refused',
    'lost',
    'close ms',
    'target/s',
  ];
  const first = results[0];
  return [
    `Tracking intake: ${CONNECTIONS} keep-alive connections from this process, each visit a session beacon and ${PAGES_PER_VISIT} page views with their duration updates; rows counted after a clean close.`,
    ...[textTableOf(header, rows)],
    first
      ? `First session (loads geoip-lite's database): ${Math.round(first.firstSessionMs)} ms, +${first.geoRssMb.toFixed(0)} MB resident.`
      : '',
  ].join('\n');
}
