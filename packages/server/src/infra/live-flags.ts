import { z } from 'zod';
import type { Db } from '../db/connect.ts';
import { listenTo, type ChannelListener } from '../db/listener.ts';

/** Called with a store's maintenance flag whenever it is published. */
export type FlagListener = (isMaintenance: boolean) => void;

/**
 * The live maintenance flag per store (§4 `isMaintanance`): what one server process publishes reaches the subscribers
 * of every process on the same database within a second.
 */
export interface LiveFlags {
  /** Tells every subscriber of the store, in every process, the store's maintenance flag. */
  publish(webId: number, isMaintenance: boolean): Promise<void>;
  /** Listens to one store's flag; the answer stops listening. */
  subscribe(webId: number, listener: FlagListener): () => void;
  /** Listeners in this process, over all stores (an unsubscribed stream must not leave one behind). */
  subscriberCount(): number;
  close(): Promise<void>;
}

/** The NOTIFY channel of the flag on PostgreSQL. */
export const MAINTENANCE_CHANNEL = 'vitrine_maintenance';

const notification = z.object({ webId: z.number().int().positive(), isMaintenance: z.boolean() });

/** Listeners by store, and the delivery to them, shared by both kinds of live flags. */
class Listeners {
  private readonly byStore = new Map<number, Set<FlagListener>>();

  add(webId: number, listener: FlagListener): () => void {
    let set = this.byStore.get(webId);
    if (!set) this.byStore.set(webId, (set = new Set()));
    // Wrapped, so that subscribing the same function twice gives two independent subscriptions.
    const entry: FlagListener = (value) => listener(value);
    set.add(entry);
    return () => {
      set.delete(entry);
      if (set.size === 0 && this.byStore.get(webId) === set) this.byStore.delete(webId);
    };
  }

  deliver(webId: number, isMaintenance: boolean, onError: (error: unknown) => void): void {
    for (const listener of [...(this.byStore.get(webId) ?? [])]) {
      try {
        listener(isMaintenance);
      } catch (error) {
        onError(error);
      }
    }
  }

  stores(): number[] {
    return [...this.byStore.keys()];
  }

  count(): number {
    let total = 0;
    for (const set of this.byStore.values()) total += set.size;
    return total;
  }

  clear(): void {
    this.byStore.clear();
  }
}

/** PGlite serves one process only, so its flags need travel no further than this process. */
export class InProcessLiveFlags implements LiveFlags {
  private readonly listeners = new Listeners();

  constructor(private readonly onError: (error: unknown) => void = reportError) {}

  async publish(webId: number, isMaintenance: boolean): Promise<void> {
    this.listeners.deliver(webId, isMaintenance, this.onError);
  }

  subscribe(webId: number, listener: FlagListener): () => void {
    return this.listeners.add(webId, listener);
  }

  subscriberCount(): number {
    return this.listeners.count();
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}

/** The PostgreSQL `application_name` of each process's connection listening for flags, as `pg_stat_activity` shows it. */
export const FLAGS_LISTENER_NAME = 'vitrine maintenance flags';

/**
 * On PostgreSQL, flags travel by NOTIFY on `vitrine_maintenance` (payload `{"webId":1,"isMaintenance":true}`), and
 * each process holds one dedicated connection that LISTENs (`db/listener.ts`). Publishing goes through the ordinary
 * pool; the process's own listener hears it like any other, so local and remote subscribers are told the same way.
 * Each time the listener hears again after a drop, subscribers are told the stored flag, since a change may have
 * passed while no one listened.
 */
export class PostgresLiveFlags implements LiveFlags {
  private readonly listeners = new Listeners();
  private channel: ChannelListener | undefined;

  private constructor(
    private readonly db: Db,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Starts listening before it answers (or keeps trying, if the database cannot be reached yet). */
  static async start(databaseUrl: string, db: Db, onError: (error: unknown) => void = reportError): Promise<PostgresLiveFlags> {
    const flags = new PostgresLiveFlags(db, onError);
    flags.channel = await listenTo(
      databaseUrl,
      MAINTENANCE_CHANNEL,
      {
        notification: (payload) => flags.deliver(payload),
        hearing: (on) => {
          if (on) void flags.resync();
        },
      },
      { applicationName: FLAGS_LISTENER_NAME, onError },
    );
    return flags;
  }

  async publish(webId: number, isMaintenance: boolean): Promise<void> {
    const payload = JSON.stringify({ webId, isMaintenance } satisfies z.infer<typeof notification>);
    await this.db.selectNoFrom((eb) => eb.fn<string>('pg_notify', [eb.val(MAINTENANCE_CHANNEL), eb.val(payload)]).as('sent')).execute();
  }

  subscribe(webId: number, listener: FlagListener): () => void {
    return this.listeners.add(webId, listener);
  }

  subscriberCount(): number {
    return this.listeners.count();
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await this.channel?.close();
  }

  private deliver(payload: string | undefined): void {
    const parsed = notification.safeParse(safeJson(payload));
    if (!parsed.success) return this.onError(new Error(`Unreadable ${MAINTENANCE_CHANNEL} payload: ${payload}`));
    this.listeners.deliver(parsed.data.webId, parsed.data.isMaintenance, this.onError);
  }

  /** Tells every subscriber its store's stored flag. */
  private async resync(): Promise<void> {
    const stores = this.listeners.stores();
    if (!stores.length) return;
    try {
      const rows = await this.db.selectFrom('sites').select(['web_id', 'is_maintenance']).where('web_id', 'in', stores).execute();
      for (const row of rows) this.listeners.deliver(row.web_id, row.is_maintenance, this.onError);
    } catch (error) {
      this.onError(error);
      // Tried again while listening: until it succeeds, a subscriber may hold a stale flag.
      setTimeout(() => {
        if (this.channel?.hearing) void this.resync();
      }, 1_000).unref();
    }
  }
}

/** One line on stderr: a dropped connection is routine and recovers on its own; a stack trace would only alarm. */
function reportError(error: unknown): void {
  console.error(`Live flags: ${error instanceof Error ? error.message : String(error)}`);
}

function safeJson(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? '');
  } catch {
    return undefined;
  }
}

/** The live flags for the database in use: LISTEN/NOTIFY on PostgreSQL, in-process on PGlite. */
export async function createLiveFlags(databaseUrl: string | undefined, db: Db, onError?: (error: unknown) => void): Promise<LiveFlags> {
  return databaseUrl ? PostgresLiveFlags.start(databaseUrl, db, onError) : new InProcessLiveFlags(onError);
}
