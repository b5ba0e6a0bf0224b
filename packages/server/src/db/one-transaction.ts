import type { DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings, CompiledQuery } from 'kysely';

/**
 * PGlite is one database session, and kysely-pglite hands every request the same one: while a request's transaction
 * is open (BEGIN … COMMIT), another request's queries would run inside it — rolled back with it, or committed by that
 * request's own COMMIT half-way through the first one's work. This dialect keeps a transaction to itself: once one
 * begins, queries from elsewhere wait until it commits or rolls back, then run in turn. Queries outside a
 * transaction are not held back by one another (PGlite runs one at a time anyway).
 *
 * PostgreSQL needs none of this: its pool gives each transaction a connection of its own.
 */
export function oneTransactionAtATime(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new OneTransactionDriver(dialect.createDriver()),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}

class OneTransactionDriver implements Driver {
  /** The connection whose transaction is open; null when none is. */
  #holder: WaitingConnection | null = null;
  /** Resolved when the open transaction ends. */
  #ended: Promise<void> = Promise.resolve();
  #end: () => void = () => {};

  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new WaitingConnection(await this.inner.acquireConnection(), this);
  }

  /** Waits until no transaction but `connection`'s own is open. */
  async turnOf(connection: WaitingConnection): Promise<void> {
    while (this.#holder && this.#holder !== connection) await this.#ended;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const own = connection as WaitingConnection;
    await this.turnOf(own);
    this.#holder = own;
    this.#ended = new Promise((resolve) => (this.#end = resolve));
    try {
      await this.inner.beginTransaction(own.inner, settings);
    } catch (error) {
      this.#release(own);
      throw error;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const own = connection as WaitingConnection;
    try {
      await this.inner.commitTransaction(own.inner);
    } finally {
      this.#release(own);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const own = connection as WaitingConnection;
    try {
      await this.inner.rollbackTransaction(own.inner);
    } finally {
      this.#release(own);
    }
  }

  #release(connection: WaitingConnection) {
    if (this.#holder !== connection) return;
    this.#holder = null;
    this.#end();
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection((connection as WaitingConnection).inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** A connection whose queries wait for another connection's open transaction to end. */
class WaitingConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    private readonly driver: OneTransactionDriver,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    await this.driver.turnOf(this);
    return this.inner.executeQuery<R>(query);
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    await this.driver.turnOf(this);
    yield* this.inner.streamQuery<R>(query, chunkSize);
  }
}
