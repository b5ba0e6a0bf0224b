import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startOnBackend, type BackendServer } from '../test-support.ts';
import type { Db } from './connect.ts';
import { OutsideStoreError, scopedToStore, storeTablesOf } from './site-scope.ts';

describe.each(backends)('a database scoped to one store, on $name', ({ create }) => {
  let started: BackendServer;
  let db: Db;
  let harbor: Db;
  let harborId: number;
  let atelierId: number;

  beforeAll(async () => {
    started = await startOnBackend(create);
    ({ harborId, atelierId } = started);
    db = started.server.db;
    harbor = scopedToStore(db, harborId, await storeTablesOf(db));
  });
  afterAll(() => started?.stop());

  const storesOf = (rows: { web_id: number }[]) => [...new Set(rows.map((row) => row.web_id))];

  it('knows the store tables from the database itself: every table with a web_id, and no other', async () => {
    const tables = await storeTablesOf(db);
    expect(tables).toContain('products');
    expect(tables).toContain('sites');
    expect(tables).toContain('customer_addresses');
    expect(tables).not.toContain('owners');
  });

  it('reads only its store’s rows, though the query names no store: plain, aliased, joined and in subqueries', async () => {
    expect(storesOf(await db.selectFrom('products').select('web_id').execute()).sort()).toEqual([harborId, atelierId].sort());
    expect(storesOf(await harbor.selectFrom('products').select('web_id').execute())).toEqual([harborId]);
    expect(storesOf(await harbor.selectFrom('products as p').select('p.web_id').execute())).toEqual([harborId]);
    // A join by id alone would pair rows across stores; the scope keeps both sides to the store.
    const joined = await harbor
      .selectFrom('pages')
      .leftJoin('sites', (join) => join.onTrue())
      .select(['pages.web_id', 'sites.web_id as site'])
      .execute();
    expect([...new Set(joined.map((row) => row.site))]).toEqual([harborId]);
    const inSubquery = await harbor
      .selectFrom('sites')
      .select((eb) =>
        eb
          .selectFrom('products')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .as('products'),
      )
      .executeTakeFirstOrThrow();
    const own = await db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('web_id', '=', harborId)
      .executeTakeFirstOrThrow();
    expect(Number(inSubquery.products)).toBe(Number(own.n));
  });

  it('changes and deletes only its store’s rows', async () => {
    const before = await db.selectFrom('media').select(['web_id']).execute();
    await db
      .insertInto('media')
      .values(
        [harborId, atelierId].map((webId) => ({
          web_id: webId,
          path: `scope-${webId}.webp`,
          mime: 'image/webp',
          width: 1,
          height: 1,
          bytes: 1,
          name: 'x',
        })),
      )
      .execute();
    await harbor.updateTable('media').set({ name: 'renamed' }).execute();
    const names = await db.selectFrom('media').select(['web_id', 'name']).where('path', 'like', 'scope-%').orderBy('web_id').execute();
    expect(names.find((row) => row.web_id === atelierId)!.name).toBe('x');
    expect(names.find((row) => row.web_id === harborId)!.name).toBe('renamed');
    await harbor.deleteFrom('media').where('path', 'like', 'scope-%').execute();
    expect(storesOf(await db.selectFrom('media').select('web_id').where('path', 'like', 'scope-%').execute())).toEqual([atelierId]);
    await db.deleteFrom('media').where('path', 'like', 'scope-%').execute();
    expect((await db.selectFrom('media').select('web_id').execute()).length).toBe(before.length);
  });

  it('refuses a row written for another store or for none, and raw SQL, before the database sees them', async () => {
    const row = { path: 'scope-refused.webp', mime: 'image/webp', width: 1, height: 1, bytes: 1, name: 'x' };
    await expect(
      harbor
        .insertInto('media')
        .values({ ...row, web_id: atelierId })
        .execute(),
    ).rejects.toBeInstanceOf(OutsideStoreError);
    await expect(
      harbor
        .insertInto('media')
        .values(row as never)
        .execute(),
    ).rejects.toBeInstanceOf(OutsideStoreError);
    await expect(sql`select * from media`.execute(harbor)).rejects.toBeInstanceOf(OutsideStoreError);
    expect(await db.selectFrom('media').select('path').where('path', '=', row.path).execute()).toEqual([]);
    // Its own rows go in as usual, in a transaction too.
    await harbor.transaction().execute((trx) =>
      trx
        .insertInto('media')
        .values({ ...row, web_id: harborId })
        .execute(),
    );
    expect(storesOf(await db.selectFrom('media').select('web_id').where('path', '=', row.path).execute())).toEqual([harborId]);
    await db.deleteFrom('media').where('path', '=', row.path).execute();
  });
});
