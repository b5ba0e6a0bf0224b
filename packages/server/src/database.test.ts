import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './db/connect.ts';
import { backends } from './test-support.ts';

const postgres = backends.find((backend) => backend.name === 'PostgreSQL');

describe.skipIf(!postgres)('the PostgreSQL connection pool', () => {
  it('lives through a connection the server ends while it is idle, and answers the next query', async () => {
    const { url, drop } = await postgres!.create();
    const db = await openDatabase({ databaseUrl: url });
    try {
      await sql`select 1`.execute(db);
      // What a restart or an administrator does to the idle connection the pool now holds.
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const ended = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      await admin.end();
      expect(ended.rowCount).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(rows[0]!.one).toBe(1);
    } finally {
      await db.destroy();
      await drop();
    }
  });
});
