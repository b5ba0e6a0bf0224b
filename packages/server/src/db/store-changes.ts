import { sourceOf, type Db } from './connect.ts';
import { listenTo } from './listener.ts';

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
    return listenTo(
      source.databaseUrl,
      STORE_CHANGED_CHANNEL,
      { notification: (payload) => deliver(payload, listener, onError), hearing: (on) => listener.hearing(on) },
      { applicationName: LISTENER_NAME, pingMs: options.pingMs ?? 30_000, onError },
    );
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

/** One line on stderr: a dropped connection is routine and recovers on its own; a stack trace would only alarm. */
function reportError(error: unknown): void {
  console.error(`Store changes: ${error instanceof Error ? error.message : String(error)}`);
}
