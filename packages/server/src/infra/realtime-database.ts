import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { getDatabase, onValue, ref, runTransaction, type Database } from 'firebase/database';
import { realtimeDatabaseSettings } from '@vitrine/commerce';
import { z } from 'zod';

/** What a REST call to a hosted realtime database came to (§8): data, or one of its failure words. */
export type RealtimeResult<T> = { ok: true; data: T | null } | { ok: false; error: 'permission_denied' | `rest_error:${number}` };

/** The REST address of a path in a realtime database whose URL may be given as wss:// (the SDK's form) or https://. */
export function restUrl(databaseURL: string, path: string): string {
  const base = databaseURL.replace(/^ws(s?):\/\//, 'http$1://').replace(/\/+$/, '');
  return `${base}/${path.replace(/^\/+/, '')}.json`;
}

/** Reads or writes one path of a hosted realtime database over REST; 404 is null data, 401 is permission_denied (§8). */
export async function realtimeRest<T>(
  databaseURL: string,
  path: string,
  init: { method: 'GET' | 'PUT'; value?: T } = { method: 'GET' },
): Promise<RealtimeResult<T>> {
  const response = await fetch(restUrl(databaseURL, path), {
    method: init.method,
    ...(init.method === 'PUT' ? { body: JSON.stringify(init.value), headers: { 'content-type': 'application/json' } } : {}),
    signal: AbortSignal.timeout(5000),
  });
  if (response.status === 404) return { ok: true, data: null };
  if (response.status === 401) return { ok: false, error: 'permission_denied' };
  if (!response.ok) return { ok: false, error: `rest_error:${response.status}` };
  return { ok: true, data: (await response.json()) as T | null };
}

/**
 * How a transaction on a realtime database ended (§8). `committed`: written. `nodata`: the update declined (answered
 * undefined), nothing written. `maxretry`: the data changed under it on each of 25 tries (each answered `datastale`,
 * each retried). `set`: a plain write of this process to the same place replaced it before it was sent.
 * `unreachable`: no connection within the wait; it stays queued and runs when the database answers again. Any other
 * word is the database's refusal (`permission_denied`).
 */
export type TransactionOutcome<T> =
  | { outcome: 'committed'; value: T }
  | { outcome: 'nodata'; value: unknown }
  | { outcome: 'maxretry' | 'set' | 'unreachable' }
  | { outcome: 'refused'; reason: string };

/** The §8 limit, which the firebase SDK holds (its `MAX_TRANSACTION_RETRIES`): a 26th try is never made. */
export const MAX_TRANSACTION_RETRIES = 25;

/**
 * One connection per realtime database this process writes to, opened when first used and kept (the SDK's persistent
 * connection, which reconnects by itself). `waitMs` bounds how long a caller waits for a connection that is not up:
 * counted from when it was last seen to change, so while a database stays unreachable only the first caller waits.
 */
export class RealtimeDatabases {
  private readonly open = new Map<string, RealtimeConnection>();

  constructor(private readonly waitMs = 3000) {}

  /** The connection to the database `settings` name (§3.3). */
  of(settings: z.infer<typeof realtimeDatabaseSettings>): RealtimeConnection {
    let connection = this.open.get(settings.databaseURL);
    if (!connection) this.open.set(settings.databaseURL, (connection = new RealtimeConnection(settings, this.waitMs)));
    return connection;
  }

  async close(): Promise<void> {
    const all = [...this.open.values()];
    this.open.clear();
    await Promise.all(all.map((connection) => connection.close()));
  }
}

/** A persistent connection to one realtime database, and whether it is up. */
export class RealtimeConnection {
  readonly database: Database;
  private readonly app: FirebaseApp;
  private connected = false;
  private changedAt = Date.now();
  private readonly stopWatching: () => void;

  constructor(
    settings: z.infer<typeof realtimeDatabaseSettings>,
    private readonly waitMs: number,
  ) {
    this.app = initializeApp(settings, `vitrine-${settings.databaseURL}-${Math.random().toString(36).slice(2)}`);
    this.database = getDatabase(this.app);
    this.stopWatching = onValue(ref(this.database, '.info/connected'), (snapshot) => {
      this.connected = snapshot.val() === true;
      this.changedAt = Date.now();
    });
  }

  /** How long a caller may still wait for the connection: 0 once it is up, or has been down for `waitMs`. */
  remainingWaitMs(): number {
    return this.connected ? Infinity : Math.max(0, this.changedAt + this.waitMs - Date.now());
  }

  isConnected(): boolean {
    return this.connected;
  }

  async close(): Promise<void> {
    this.stopWatching();
    await deleteApp(this.app);
  }
}

/**
 * Runs a transaction at `path` (§8): `update` gets the value there (null when none, and null on a first try made
 * before this process has read it) and answers the value to write, or undefined to write nothing (`nodata`). When
 * the value changed before the write arrived, the database answers `datastale` and `update` runs again on the new
 * value, at most 25 tries in all (`maxretry`). Answers how it ended; waits for a connection only as long as
 * `connection` allows (`unreachable`).
 */
export async function realtimeTransaction<T>(
  connection: RealtimeConnection,
  path: string,
  update: (current: unknown) => T | undefined,
): Promise<TransactionOutcome<T>> {
  const ended = runTransaction(ref(connection.database, path), update, { applyLocally: false }).then(
    (result): TransactionOutcome<T> =>
      result.committed ? { outcome: 'committed', value: result.snapshot.val() as T } : { outcome: 'nodata', value: result.snapshot.val() },
    (error: unknown): TransactionOutcome<T> => {
      const reason = error instanceof Error ? error.message : String(error);
      return reason === 'maxretry' || reason === 'set' ? { outcome: reason } : { outcome: 'refused', reason };
    },
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Waits while the connection may still come up; past that, only a connection that is up is waited for.
  const unreachable = new Promise<TransactionOutcome<T>>((resolve) => {
    const check = () => {
      const remaining = connection.remainingWaitMs();
      if (remaining === 0) resolve({ outcome: 'unreachable' });
      else timer = setTimeout(check, Math.min(remaining, 250));
    };
    check();
  });
  try {
    return await Promise.race([ended, unreachable]);
  } finally {
    clearTimeout(timer);
  }
}

/** What a store's node holds in its realtime database: the live flag (§4's spelling) and when the database saved it. */
const storeNode = z.looseObject({ isMaintanance: z.boolean().optional(), isMaintananceAt: z.number().optional() });

/**
 * Mirrors a store's maintenance flag into its hosted realtime database, for the storefronts that follow it there
 * (§3.3). A transaction on the store's node writes the flag with `savedAt` (the database's clock at the save), and
 * declines (`nodata`) when the node already holds a later save: flips mirrored out of order by two requests or two
 * server processes leave the later one in place. Stores without a realtime database are left alone (null).
 */
export async function mirrorMaintenanceFlag(
  databases: RealtimeDatabases,
  settings: unknown,
  webId: number,
  flag: { isMaintenance: boolean; savedAt: number },
): Promise<TransactionOutcome<z.infer<typeof storeNode>> | null> {
  const parsed = realtimeDatabaseSettings.safeParse(settings);
  if (!parsed.success) return null;
  return realtimeTransaction(databases.of(parsed.data), `stores/${webId}`, (current) => {
    const node = storeNode.safeParse(current ?? {});
    const kept = node.success ? node.data : {};
    if ((kept.isMaintananceAt ?? -Infinity) > flag.savedAt) return undefined;
    return { ...kept, isMaintanance: flag.isMaintenance, isMaintananceAt: flag.savedAt };
  });
}
