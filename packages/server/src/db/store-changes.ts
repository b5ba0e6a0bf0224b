import pg from 'pg';
import { sourceOf, type Db } from './connect.ts';

/** The channel migration 0014's triggers notify on, with a store's web id as payload, once the write commits. */
export const STORE_CHANGED_CHANNEL = 'vitrine_store_changed';

/** The PostgreSQL application name of each process's listening connection, as `pg_stat_activity` shows it. */
export const LISTENER_NAME = 'vitrine store changes';

/** What a process does with the database's word that stores changed. */
export interface StoreChangeListener {
  /** Store `webId`'s rows that shoppers' pages show changed, and the change is committed. */
  changed(webId: number): void;
  /**
   * Whether changes are being heard. While not, any may be missed, so nothing read from the database can be kept; on
   * becoming true again, what was kept from before may be stale (a change may have passed unheard).
   */
  hearing(on: boolean): void;
}

export interface StoreChangeFeed {
  /** Whether changes are being heard now. */
  readonly hearing: boolean;
  close(): Promise<void>;
}

export interface StoreChangeOptions {
  onError?: (error: unknown) => void;
  /** How often the PostgreSQL listener checks its connection is alive (a dead peer may never say so). */
  pingMs?: number;
}

/**
 * Starts hearing `db`'s store changes: on PostgreSQL, a dedicated connection that LISTENs (every process on the
 * database hears every other's writes), reopened with back-off when it drops; on PGlite, its in-process `listen()`.
 * Answers once it hears, or once the first attempt failed (it keeps trying, and says `hearing(true)` when it does).
 * For a database not opened by `openDatabase`, it never hears: the listener is told nothing and keeps nothing.
 */
export async function watchStoreChanges(db: Db, listener: StoreChangeListener, options: StoreChangeOptions = {}): Promise<StoreChangeFeed> {
  const source = sourceOf(db);
  const onError = options.onError ?? reportError;
  if (source?.kind === 'postgres') {
    const feed = new PostgresStoreChanges(source.databaseUrl, listener, onError, options.pingMs ?? 30_000);
    await feed.start();
    return feed;
  }
  if (source?.kind === 'pglite') {
    const stop = await source.pglite.listen(STORE_CHANGED_CHANNEL, (payload) => deliver(payload, listener, onError));
    listener.hearing(true);
    let hearing = true;
    return {
      get hearing() {
        return hearing;
      },
      async close() {
        if (!hearing) return;
        hearing = false;
        listener.hearing(false);
        // The database may be closed already (a test's teardown); then there is nothing left to stop.
        if (!source.pglite.closed) await stop().catch(() => {});
      },
    };
  }
  return { hearing: false, close: async () => {} };
}

function deliver(payload: string | undefined, listener: StoreChangeListener, onError: (error: unknown) => void): void {
  const webId = Number(payload);
  if (!Number.isSafeInteger(webId) || webId <= 0) return onError(new Error(`Unreadable ${STORE_CHANGED_CHANNEL} payload: ${payload}`));
  listener.changed(webId);
}

/**
 * One dedicated connection LISTENing. Lost (an error, the server ending it, or a ping unanswered), the listener is
 * told `hearing(false)` at once and the connection is reopened with back-off; `hearing(true)` follows the LISTEN.
 */
class PostgresStoreChanges implements StoreChangeFeed {
  private client: pg.Client | undefined;
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private pingTimer: NodeJS.Timeout | undefined;
  private retryDelayMs = 250;

  constructor(
    private readonly databaseUrl: string,
    private readonly listener: StoreChangeListener,
    private readonly onError: (error: unknown) => void,
    private readonly pingMs: number,
  ) {}

  get hearing(): boolean {
    return this.client !== undefined;
  }

  async start(): Promise<void> {
    try {
      await this.listen();
    } catch (error) {
      this.onError(error);
      this.scheduleReconnect();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    const client = this.client;
    this.client = undefined;
    if (client) this.listener.hearing(false);
    await client?.end().catch(() => {});
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl, keepAlive: true, application_name: LISTENER_NAME });
    client.on('notification', (message) => {
      if (message.channel === STORE_CHANGED_CHANNEL && this.client === client) deliver(message.payload, this.listener, this.onError);
    });
    // An 'error' without a listener would crash the process; a lost connection is retried instead.
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${STORE_CHANGED_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.retryDelayMs = 250;
    this.listener.hearing(true);
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => this.ping(client), this.pingMs);
    this.pingTimer.unref();
  }

  /** A connection whose peer vanished without a word answers nothing: a ping unanswered in time counts as lost. */
  private ping(client: pg.Client): void {
    const timeout = setTimeout(() => this.lost(client, new Error('ping unanswered')), Math.min(this.pingMs, 10_000));
    client.query('SELECT 1').then(
      () => clearTimeout(timeout),
      (error: unknown) => {
        clearTimeout(timeout);
        this.lost(client, error);
      },
    );
  }

  private lost(client: pg.Client, error?: unknown): void {
    if (this.closed || this.client !== client) return;
    this.client = undefined;
    clearInterval(this.pingTimer);
    this.listener.hearing(false);
    this.onError(
      new Error(
        `Lost the ${STORE_CHANGED_CHANNEL} listener${error instanceof Error ? ` (${error.message})` : ''}; listening again shortly`,
      ),
    );
    client.end().catch(() => {});
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed) return;
    this.retryTimer = setTimeout(() => void this.reconnect(), this.retryDelayMs);
    this.retryDelayMs = Math.min(this.retryDelayMs * 2, 30_000);
  }

  private async reconnect(): Promise<void> {
    try {
      await this.listen();
    } catch (error) {
      this.onError(error);
      this.scheduleReconnect();
    }
  }
}

/** One line on stderr: a dropped connection is routine and recovers on its own; a stack trace would only alarm. */
function reportError(error: unknown): void {
  console.error(`Store changes: ${error instanceof Error ? error.message : String(error)}`);
}
