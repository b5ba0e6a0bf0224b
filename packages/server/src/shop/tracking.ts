import { sql } from 'kysely';
import { MAX_PAGE_DURATION_MS, type DeviceInfo, type GeoLocation } from '@vitrine/commerce';
import type { Db } from '../db/connect.ts';
import { scopedToStore } from '../db/site-scope.ts';
import type { VisitorLocator } from '../infra/geo.ts';

/**
 * The tracking intake (§3.13, issue 17): beacons are accepted at once and kept in memory, then written in batches —
 * per store and table one multi-row statement — every `flushEveryMs` or as soon as `batchSize` are waiting. Closing
 * writes what is left, so nothing acknowledged is lost on a clean shutdown. A batch that fails is tried again at the
 * next flush (a database restarting), and dropped, logged, after a few tries (a store deleted meanwhile): tracking
 * failures are only logged (§8). Rows are written through the store-scoped database, so a beacon for one store can
 * never write or change another store's rows.
 *
 * A page view is written only into a session the store recorded (issue 33): sessions need the token a page of the
 * store handed out (`http/track-api.ts`), so views of a made-up session, or of one refused its token or its limit,
 * are dropped. The tracker sends a session and its first view at once and the session's beacon takes longer to
 * admit, so a view whose session is not written yet waits one more batch for it before it is dropped.
 */

/** A session as the intake writes it: what the browser said, and what the server resolved (address, place, device). */
export interface TrackedSession {
  sessionId: string;
  visitorId: string;
  customerId: number | null;
  /** The landing page's path and query. */
  landingUrl: string;
  referrer: string;
  /** The referrer's host; '' for a direct visit or one from the store itself. */
  referrerHost: string;
  ip: string;
  geo: GeoLocation | null;
  device: DeviceInfo;
  utm: Record<string, string> | null;
  at: Date;
}

/** A page view as the intake writes it. */
export interface TrackedEvent {
  eventId: string;
  sessionId: string;
  eventType: string;
  /** The page's path and query. */
  url: string;
  at: Date;
}

export interface TrackingIntakeOptions {
  /** How long a beacon may wait in memory before it is written (1 s). */
  flushEveryMs?: number;
  /** How many waiting beacons start a write at once (2,000). */
  batchSize?: number;
  /** Where a failed write is reported. */
  log?: (message: string, error: unknown) => void;
}

/** How the tracking intake and its routes run (`http/track-api.ts`); the defaults suit production, tests and the bench change them. */
export interface TrackingOptions {
  intake?: TrackingIntakeOptions;
  /** Where addresses are placed (default: geoip-lite's installed database). */
  locator?: VisitorLocator;
  /** Beacons one client address may send to one store per 10 s (default 300; a page view costs two or three). */
  perClientPer10s?: number;
  /** New sessions one store records per minute, over every process (default 600); past it they are dropped. */
  sessionsPerStorePerMinute?: number;
  /** New sessions one page token may start in its life (default 20: a tab's lapsed sessions, a few tabs). */
  sessionsPerToken?: number;
  /** Hands the intake to a test or the bench, to flush it or read its counts. */
  onIntake?: (intake: TrackingIntake) => void;
}

/** What the intake has done since it started: the bench reads it. */
export interface TrackingCounts {
  accepted: number;
  written: number;
  dropped: number;
}

interface StoreBatch {
  sessions: Map<string, TrackedSession>;
  events: Map<string, TrackedEvent>;
  /** Event id → its session and the longest duration reported. */
  durations: Map<string, { sessionId: string; ms: number }>;
  /** Page views that already waited a batch for their session: dropped if it is still not written. */
  waited: Set<string>;
  attempts: number;
}

/** Tries of one store's batch before it is dropped. */
const MAX_ATTEMPTS = 3;
/** Rows per statement: PostgreSQL takes at most 65,535 parameters in one. */
const SESSION_ROWS_PER_STATEMENT = 2_000;
const EVENT_ROWS_PER_STATEMENT = 5_000;

const emptyBatch = (attempts = 0): StoreBatch => ({
  sessions: new Map(),
  events: new Map(),
  durations: new Map(),
  waited: new Set(),
  attempts,
});

/** Keeps in `durations` the longer of what it has for `eventId` and `duration` (beacons may arrive out of order). */
function keepLonger(durations: StoreBatch['durations'], eventId: string, duration: { sessionId: string; ms: number }): void {
  const before = durations.get(eventId);
  if (!before || before.ms < duration.ms) durations.set(eventId, duration);
}

/** The batched writer of tracking rows; one per server process. */
export class TrackingIntake {
  private waiting = new Map<number, StoreBatch>();
  private waitingCount = 0;
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly flushEveryMs: number;
  private readonly batchSize: number;
  private readonly log: (message: string, error: unknown) => void;
  readonly counts: TrackingCounts = { accepted: 0, written: 0, dropped: 0 };

  constructor(
    private readonly db: Db,
    private readonly storeTables: ReadonlySet<string>,
    options: TrackingIntakeOptions = {},
  ) {
    this.flushEveryMs = options.flushEveryMs ?? 1_000;
    this.batchSize = options.batchSize ?? 2_000;
    this.log = options.log ?? ((message, error) => console.error(`[tracking] ${message}`, error));
  }

  addSession(webId: number, session: TrackedSession): void {
    this.batchOf(webId).sessions.set(session.sessionId, session);
    this.accepted();
  }

  addEvent(webId: number, event: TrackedEvent): void {
    this.batchOf(webId).events.set(event.eventId, event);
    this.accepted();
  }

  /** The time on a page so far: the longest reported wins (beacons may arrive out of order), capped at a day. */
  updateDuration(webId: number, sessionId: string, eventId: string, ms: number): void {
    const durations = this.batchOf(webId).durations;
    const kept = Math.min(Math.max(0, Math.floor(ms)), MAX_PAGE_DURATION_MS);
    const before = durations.get(eventId);
    if (!before || (before.sessionId === sessionId && before.ms < kept)) durations.set(eventId, { sessionId, ms: kept });
    this.accepted();
  }

  /** Writes everything waiting; resolves once it is written (or dropped). Flushes run one after another. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const batches = this.waiting;
    this.waiting = new Map();
    this.waitingCount = 0;
    this.writing = this.writing.then(() => this.write(batches));
    return this.writing;
  }

  /** Writes what is waiting, and then whatever arrives while it is closing; no timer is left behind. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
    // A batch whose write failed went back to waiting: one last try.
    if (this.waitingCount > 0) await this.flush();
  }

  private batchOf(webId: number): StoreBatch {
    let batch = this.waiting.get(webId);
    if (!batch) this.waiting.set(webId, (batch = emptyBatch()));
    return batch;
  }

  private accepted(): void {
    this.counts.accepted += 1;
    this.waitingCount += 1;
    if (this.waitingCount >= this.batchSize) void this.flush();
    else this.flushLater();
  }

  private flushLater(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => void this.flush(), this.flushEveryMs);
    this.timer.unref();
  }

  private async write(batches: Map<number, StoreBatch>): Promise<void> {
    for (const [webId, batch] of batches) {
      const rows = batch.sessions.size + batch.events.size + batch.durations.size;
      try {
        const sessionless = await writeStoreBatch(this.db, this.storeTables, webId, batch);
        const late = sessionless.filter((event) => !batch.waited.has(event.eventId));
        // A page view left out leaves its duration of this batch out with it.
        const rowsOf = (events: readonly TrackedEvent[]) => events.length + events.filter((e) => batch.durations.has(e.eventId)).length;
        this.counts.written += rows - rowsOf(sessionless);
        this.counts.dropped += rowsOf(sessionless) - rowsOf(late);
        if (late.length) this.awaitSessions(webId, late, batch.durations);
      } catch (error) {
        if (batch.attempts + 1 >= MAX_ATTEMPTS) {
          this.counts.dropped += rows;
          this.log(`dropped ${rows} tracking rows of store ${webId} after ${MAX_ATTEMPTS} tries`, error);
        } else {
          this.log(`writing ${rows} tracking rows of store ${webId} failed; trying again`, error);
          this.requeue(webId, batch);
        }
      }
    }
  }

  /** Puts page views back for the next batch, with their durations, to be written once their session is. */
  private awaitSessions(webId: number, events: readonly TrackedEvent[], durations: StoreBatch['durations']): void {
    const batch = this.batchOf(webId);
    for (const event of events) {
      if (!batch.events.has(event.eventId)) batch.events.set(event.eventId, event);
      batch.waited.add(event.eventId);
      const duration = durations.get(event.eventId);
      if (duration) keepLonger(batch.durations, event.eventId, duration);
    }
    this.waitingCount += events.length;
    this.flushLater();
  }

  /** Puts a failed batch back, under what arrived since (newer beacons of the same ids win). */
  private requeue(webId: number, failed: StoreBatch): void {
    const now = this.waiting.get(webId);
    const merged = emptyBatch(failed.attempts + 1);
    for (const batch of [failed, now]) {
      if (!batch) continue;
      for (const [id, session] of batch.sessions) merged.sessions.set(id, session);
      for (const [id, event] of batch.events) merged.events.set(id, event);
      for (const [id, duration] of batch.durations) keepLonger(merged.durations, id, duration);
      for (const id of batch.waited) merged.waited.add(id);
    }
    this.waiting.set(webId, merged);
    this.waitingCount += failed.sessions.size + failed.events.size + failed.durations.size;
    this.flushLater();
  }
}

/**
 * One store's batch in one transaction: its sessions, the page views of sessions written (with any duration already
 * known), then durations. Answers the page views whose session is not written, which it left out.
 */
async function writeStoreBatch(db: Db, storeTables: ReadonlySet<string>, webId: number, batch: StoreBatch): Promise<TrackedEvent[]> {
  const sessions = [...batch.sessions.values()];
  // A page view and its duration in the same batch are one row; the rest update rows written before.
  const updates: { eventId: string; sessionId: string; ms: number }[] = [];
  const durationOf = new Map<string, number>();
  for (const [eventId, { sessionId, ms }] of batch.durations) {
    const event = batch.events.get(eventId);
    if (event && event.sessionId === sessionId) durationOf.set(eventId, ms);
    else updates.push({ eventId, sessionId, ms });
  }
  return db.transaction().execute(async (everyStore) => {
    const tx = scopedToStore(everyStore, webId, storeTables);
    for (let at = 0; at < sessions.length; at += SESSION_ROWS_PER_STATEMENT)
      await tx
        .insertInto('tracking_sessions')
        .values(
          sessions.slice(at, at + SESSION_ROWS_PER_STATEMENT).map((session) => ({
            web_id: webId,
            session_id: session.sessionId,
            visitor_id: session.visitorId,
            customer_id: session.customerId,
            landing_url: session.landingUrl,
            referrer: session.referrer,
            referrer_host: session.referrerHost,
            ip_address: session.ip,
            geo: session.geo ? JSON.stringify(session.geo) : null,
            country: session.geo?.CountryCode ?? '',
            browser: session.device.Browser,
            os: session.device.OS,
            device: session.device.Device,
            utm: session.utm ? JSON.stringify(session.utm) : null,
            started_at: session.at,
          })),
        )
        // A browser that sends its session twice (a retried beacon) has one session.
        .onConflict((conflict) => conflict.columns(['web_id', 'session_id']).doNothing())
        .execute();
    const recorded = await recordedSessions(tx, new Set([...batch.events.values()].map((event) => event.sessionId)));
    const events = [...batch.events.values()].filter((event) => recorded.has(event.sessionId));
    for (let at = 0; at < events.length; at += EVENT_ROWS_PER_STATEMENT)
      await tx
        .insertInto('tracking_events')
        .values(
          events.slice(at, at + EVENT_ROWS_PER_STATEMENT).map((event) => ({
            web_id: webId,
            event_id: event.eventId,
            session_id: event.sessionId,
            event_type: event.eventType,
            url: event.url,
            duration_ms: durationOf.get(event.eventId) ?? 0,
            created_at: event.at,
          })),
        )
        .onConflict((conflict) => conflict.columns(['web_id', 'event_id']).doNothing())
        .execute();
    for (let at = 0; at < updates.length; at += EVENT_ROWS_PER_STATEMENT) {
      const chunk = updates.slice(at, at + EVENT_ROWS_PER_STATEMENT);
      const values = sql.join(chunk.map((update) => sql`(${update.eventId}::text, ${update.sessionId}::text, ${update.ms}::bigint)`));
      // One statement for the chunk; raw SQL cannot go through the store scope, so it names the store itself.
      await sql`
        UPDATE tracking_events SET duration_ms = greatest(tracking_events.duration_ms, d.ms)
        FROM (VALUES ${values}) AS d(event_id, session_id, ms)
        WHERE tracking_events.web_id = ${webId} AND tracking_events.event_id = d.event_id AND tracking_events.session_id = d.session_id
      `.execute(everyStore);
    }
    return [...batch.events.values()].filter((event) => !recorded.has(event.sessionId));
  });
}

/** Which of `sessionIds` the store (`tx` is scoped to it) has recorded. */
async function recordedSessions(tx: Db, sessionIds: ReadonlySet<string>): Promise<Set<string>> {
  const ids = [...sessionIds];
  const recorded = new Set<string>();
  for (let at = 0; at < ids.length; at += EVENT_ROWS_PER_STATEMENT) {
    const rows = await tx
      .selectFrom('tracking_sessions')
      .select('session_id')
      .where('session_id', 'in', ids.slice(at, at + EVENT_ROWS_PER_STATEMENT))
      .execute();
    for (const row of rows) recorded.add(row.session_id);
  }
  return recorded;
}
