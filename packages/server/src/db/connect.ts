import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import { KyselyPGlite } from 'kysely-pglite';
import pg from 'pg';
import { migrationProvider } from './migrations/index.ts';
import { oneTransactionAtATime } from './one-transaction.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

/** Where a database opened here lives: what a listener for its notifications needs (db/store-changes.ts). */
export type DatabaseSource = { kind: 'postgres'; databaseUrl: string } | { kind: 'pglite'; pglite: PGlite };

const sources = new WeakMap<Db, DatabaseSource>();

/** How `db` was opened by `openDatabase`; undefined for a database made otherwise. */
export function sourceOf(db: Db): DatabaseSource | undefined {
  return sources.get(db);
}

export interface DatabaseOptions {
  /** `postgres://…`: a real PostgreSQL. Otherwise the embedded PGlite. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; omitted, it lives in memory (tests). */
  dataDir?: string | undefined;
}

/**
 * How close a search word must be to a word of a product's text (pg_trgm's `<%`): 0.5 lets one letter be missed or
 * doubled in a word of six or more ("stonware", "skilet"), where pg_trgm's default of 0.6 does not.
 */
const WORD_SIMILARITY_THRESHOLD = 0.5;

// PostgreSQL answers bigint and numeric as text; the columns that use them here are small counters.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** Opens the store's database, PostgreSQL when a URL is given and the embedded PGlite otherwise. */
export async function openDatabase({ databaseUrl, dataDir }: DatabaseOptions): Promise<Db> {
  if (databaseUrl) {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 10,
      options: `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`,
    });
    // A connection the server ends while it sits idle in the pool (a restart, an administrator, a dropped database)
    // is reported here; unheard, node-postgres would throw it and take the whole process down. The pool replaces it.
    pool.on('error', (error) => console.error('[db] an idle database connection failed:', error.message));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    sources.set(db, { kind: 'postgres', databaseUrl });
    return db;
  }
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // Listings search with trigrams over text folded without accents (migration 0004), as PostgreSQL's contrib does.
  const extensions = { pg_trgm, unaccent };
  const pglite = await PGlite.create(dataDir ? { dataDir, extensions } : { extensions });
  await pglite.exec(`SET pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`);
  const db = new Kysely<Database>({ dialect: oneTransactionAtATime(new KyselyPGlite(pglite).dialect) });
  sources.set(db, { kind: 'pglite', pglite });
  return db;
}

/** Brings the schema up to date; run at every start. Throws (and changes nothing further) when a migration fails. */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`Database migration ${failed?.migrationName ?? ''} failed`, { cause: error });
}

/** Answers when the database does (the health check): one small read. */
export async function checkDatabase(db: Db): Promise<void> {
  await db.selectFrom('sites').select('web_id').limit(1).execute();
}
