import pg from 'pg';

/** What a listening connection tells its owner. */
export interface ChannelEvents {
  /** A notification on the channel; PostgreSQL sends it once the transaction that raised it has committed. */
  notification(payload: string | undefined): void;
  /**
   * Whether notifications are being heard. While not, any may be missed; on hearing again (after each LISTEN), one
   * may have passed unheard.
   */
  hearing(on: boolean): void;
}

export interface ListenOptions {
  /** The connection's `application_name`, as `pg_stat_activity` shows it. */
  applicationName: string;
  /** How often the connection is checked alive: a peer that vanished may never say so. */
  pingMs?: number;
  onError(error: unknown): void;
}

export interface ChannelListener {
  /** Whether notifications are being heard now. */
  readonly hearing: boolean;
  /** Stops listening; the owner is told `hearing(false)` if it was hearing. */
  close(): Promise<void>;
}

/**
 * Listens to `channel` on one dedicated connection (LISTEN holds a connection, so it cannot come from a pool). Lost
 * (an error, the server ending it, or a ping unanswered), the owner is told `hearing(false)` at once and the connection
 * is reopened with back-off; `hearing(true)` follows each LISTEN. Answers once it hears, or once its first attempt
 * failed: it keeps trying.
 */
export async function listenTo(
  databaseUrl: string,
  channel: string,
  events: ChannelEvents,
  options: ListenOptions,
): Promise<ChannelListener> {
  const listener = new ReconnectingListener(databaseUrl, channel, events, options);
  await listener.start();
  return listener;
}

class ReconnectingListener implements ChannelListener {
  private client: pg.Client | undefined;
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private pingTimer: NodeJS.Timeout | undefined;
  private retryDelayMs = 250;
  private readonly pingMs: number;

  constructor(
    private readonly databaseUrl: string,
    private readonly channel: string,
    private readonly events: ChannelEvents,
    private readonly options: ListenOptions,
  ) {
    this.pingMs = options.pingMs ?? 30_000;
  }

  get hearing(): boolean {
    return this.client !== undefined;
  }

  async start(): Promise<void> {
    try {
      await this.listen();
    } catch (error) {
      this.options.onError(error);
      this.scheduleReconnect();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    const client = this.client;
    this.client = undefined;
    if (client) this.events.hearing(false);
    await client?.end().catch(() => {});
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl, keepAlive: true, application_name: this.options.applicationName });
    client.on('notification', (message) => {
      if (message.channel === this.channel && this.client === client) this.events.notification(message.payload);
    });
    // An 'error' without a listener would crash the process; a lost connection is retried instead.
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(this.channel)}`);
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
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => this.ping(client), this.pingMs);
    this.pingTimer.unref();
    this.events.hearing(true);
  }

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
    this.events.hearing(false);
    this.options.onError(
      new Error(`Lost the ${this.channel} listener${error instanceof Error ? ` (${error.message})` : ''}; listening again shortly`),
    );
    client.end().catch(() => {});
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed) return;
    this.retryTimer = setTimeout(() => void this.start(), this.retryDelayMs);
    this.retryDelayMs = Math.min(this.retryDelayMs * 2, 30_000);
  }
}
