import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Db } from './connect.ts';

/**
 * The embedded database is one session: a transaction must keep it to itself, or another request's writes land in
 * it (undone by its rollback) and another request's COMMIT ends it half-way.
 */
let db: Db;
beforeAll(async () => {
  db = await openDatabase({});
  await sql`CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL)`.execute(db);
});
afterAll(() => db?.destroy());

const bodies = async () =>
  (
    await db
      .selectFrom('notes' as never)
      .select('body' as never)
      .orderBy('id' as never)
      .execute()
  ).map((row) => (row as { body: string }).body);
const insert = (into: Db, body: string) => sql`INSERT INTO notes (body) VALUES (${body})`.execute(into);
const pause = () => new Promise((resolve) => setTimeout(resolve, 30));

it('keeps a write made while another request’s transaction is open out of that transaction’s rollback', async () => {
  await sql`DELETE FROM notes`.execute(db);
  const rolledBack = db
    .transaction()
    .execute(async (trx) => {
      await insert(trx, 'inside, rolled back');
      await pause();
      throw new Error('cancelled');
    })
    .catch(() => 'rolled back');
  await pause();
  // Another request, while the transaction is open: it waits its turn.
  const outside = insert(db, 'outside');
  expect(await rolledBack).toBe('rolled back');
  await outside;
  expect(await bodies()).toEqual(['outside']);
});

it('never lets one request’s COMMIT end another’s transaction half-way', async () => {
  await sql`DELETE FROM notes`.execute(db);
  const failing = db
    .transaction()
    .execute(async (trx) => {
      await insert(trx, 'first half');
      await pause();
      await pause();
      throw new Error('second half failed');
    })
    .catch(() => 'rolled back');
  await pause();
  const other = db.transaction().execute(async (trx) => {
    await insert(trx, 'another request');
  });
  expect(await failing).toBe('rolled back');
  await other;
  expect(await bodies()).toEqual(['another request']);
});
