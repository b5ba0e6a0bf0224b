import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { Migrator } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type Db } from '../connect.ts';
import { migrationProvider, migrations } from './index.ts';

const folder = new URL('./', import.meta.url);

/**
 * What each shipped migration's file hashes to. A database that ran a migration never runs it again, so an edited
 * one would leave old stores and new ones with different schemas: add a migration instead, and its hash here.
 */
const shipped: Record<string, string> = {
  '0001_initial': 'e4fc82e98923c74b0425e6ca941cbb7c141c6b874fc09fd653b99fafa2b9928e',
  '0002_accounts': '0ddd9197c9427a4f5a93bf97b37c5b5339ba31fbb174ea55ce9dfd91152f64b7',
  '0003_studio': '6cb44dab78069ac75bc45e275bf2a9f84e60f17d586f3a92fd9d850c213bc8e4',
  '0004_catalogue': '643101c340e5c5f44c4467027a12f58aa2e82315237c4513294877901e4024f8',
  '0005_reviews': 'c1ee980307a02968483179313ecaabd4f002d9c397e542c1af575d4c1d958f1e',
  '0006_search_words': '1c0b509d274398572c0b1fbaa53cc90606e8b79ff177b4b3b76da83464f31f90',
  '0007_catalogue_changes': '105fed548d8c2dd8e54c0abc25ce0afe908bcfe8f3a61fa9d3ecf47a939fe826',
  '0008_orders': '0b7bd5e9045891249b9bfa188ea1cf959983fbc782a29e06dd4cfac16c0d402e',
  '0009_payments': 'c15c0df8ab04d9b75a10d62ddd270c52d4c1fa63d2e7dc1950e31e568cdae4a6',
  '0010_line_options': 'c612a5a1b3f694958c676771f9d38180f775025663143227c82c50eb2420e075',
  '0011_marketing': 'c30df20ddc6022ba4d30f52ce8f9030c156c3c2af1c38e2595492790ad0ec53f',
  '0012_tracking': '4e3ebdb8e8d8b380d82c51026cca3c5380fc0cbd8becb4693ef737007395d14e',
  '0013_analytics': '0183f5756ada93381624da32a86d0ad1397524d5c55390fc5e41ad8a04a5a3df',
  '0014_store_changes': '24e7d482559a60bbd5d24842674ebc37071ab23701484a74e2d98a138c6ed08e',
  '0015_conversion_claims': '989c7cbec42da560374c3e3e859e0cbea3816d5605cb0888515c465dc5f6215d',
  '0016_order_currency': '14122ff6652eb6b97b0ea18f01f0657187ab39b9b78c7c66150413b14e008d97',
  '0017_checkout_integrity': '11a2c4a25bb5cde23c0c5ca347a1e147a6bd1e5cee9801e31e77a0ebb6fe147a',
  '0018_redirect_rules': 'e4cf77910eb170bdf3844fa3268fafb438fcbec3dc6c9766662d66cafab6b528',
  '0019_order_line_option_sets': 'b1988a52b30924d0ed42e7e4cc4ae515bb587ff90e30311cbdc2d2bd99165d17',
  '0020_old_order_line_option_sets': 'f41eedd7a63bed7434ec5aa88a4a7744849a97fd57139aeea5ddde9171bdebdc',
  '0021_product_editing': 'ba0462355b4e4fa92a3a6763d728ccdba61b81479f7fb72d25a17e5f919d5656',
  '0022_catalogue_editing': 'b6103cf5691b712e42f09610d95e024da2b5887f522b34c339ff2145fcb74eb9',
  '0023_stock_ledger': '171a4504792a9d9c47f44f913a6f162715b8be3c276ca704c97ff17ce9710bee',
  '0024_sku_lookup': '4453b48dd7804f4311af71a2f392843eb95b78f62f187dbd2003e12799ff0385',
};

it('never changes a shipped migration, and lists every migration file in the index, in order', () => {
  const files = readdirSync(folder).filter((name) => /^\d{4}_[a-z0-9_]+\.ts$/.test(name));
  expect(files.map((name) => name.replace(/\.ts$/, ''))).toEqual(Object.keys(migrations));
  expect(Object.keys(migrations)).toEqual([...Object.keys(migrations)].sort());
  for (const name of Object.keys(shipped)) {
    const text = readFileSync(new URL(`${name}.ts`, folder), 'utf8');
    expect(createHash('sha256').update(text).digest('hex'), `${name}.ts was edited after it shipped`).toBe(shipped[name]);
  }
});

/** A column as the TypeScript types in db/schema.ts declare it. */
interface DeclaredColumn {
  kind: 'number' | 'string' | 'boolean' | 'date' | 'json' | 'number[]' | 'other';
  /** `unknown` (a JSON document read through its own schema) admits null as well as anything else. */
  nullable: boolean | 'either';
  generated: boolean;
}

/** Reads db/schema.ts with the TypeScript compiler: each table of `Database`, its columns and what they select as. */
function declaredTables(): Map<string, Map<string, DeclaredColumn>> {
  const path = new URL('../schema.ts', folder).pathname;
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  const aliases = new Map<string, ts.TypeNode>();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
    if (ts.isTypeAliasDeclaration(node)) aliases.set(node.name.text, node.type);
  });
  const selected = (type: ts.TypeNode): { type: ts.TypeNode; generated: boolean } => {
    if (ts.isTypeReferenceNode(type)) {
      const name = type.typeName.getText(source);
      const [first] = type.typeArguments ?? [];
      if (name === 'Generated' && first) return { type: selected(first).type, generated: true };
      if (name === 'ColumnType' && first) {
        // ColumnType<Select, Insert, Update>: a column that may be left out of an insert has a default.
        const insert = type.typeArguments?.[1]?.getText(source) ?? '';
        return { type: first, generated: /\bundefined\b/.test(insert) };
      }
      const alias = aliases.get(name);
      if (alias) return selected(alias);
    }
    return { type, generated: false };
  };
  const kindOf = (type: ts.TypeNode): DeclaredColumn['kind'] => {
    const text = type.getText(source).replace(/\s*\|\s*null\b/g, '');
    if (text === 'number') return 'number';
    if (text === 'string' || /^'.*'$/.test(text)) return 'string';
    if (text === 'boolean') return 'boolean';
    if (text === 'Date') return 'date';
    if (text === 'number[]') return 'number[]';
    if (ts.isTypeReferenceNode(type) && type.typeName.getText(source) === 'JSONColumnType') return 'json';
    if (/^(Json\b|Record<|unknown|object|\{)/.test(text) || text.endsWith('[]')) return 'json';
    return 'other';
  };
  const tables = new Map<string, Map<string, DeclaredColumn>>();
  for (const member of interfaces.get('Database')!.members) {
    if (!ts.isPropertySignature(member) || !member.type) continue;
    const table = interfaces.get(member.type.getText(source))!;
    const columns = new Map<string, DeclaredColumn>();
    for (const column of table.members) {
      if (!ts.isPropertySignature(column) || !column.type) continue;
      const { type, generated } = selected(column.type);
      const resolved = ts.isTypeReferenceNode(type) && aliases.has(type.typeName.getText(source)) ? selected(type) : { type, generated };
      columns.set(column.name.getText(source), {
        kind: kindOf(resolved.type),
        nullable: resolved.type.getText(source) === 'unknown' ? 'either' : /\bnull\b/.test(resolved.type.getText(source)),
        generated: generated || resolved.generated,
      });
    }
    tables.set(member.name.getText(source), columns);
  }
  return tables;
}

/** What a PostgreSQL column type reads back as through our drivers (int8 is parsed to a number in connect.ts). */
const kindOfDataType: Record<string, DeclaredColumn['kind']> = {
  int2: 'number',
  int4: 'number',
  int8: 'number',
  float4: 'number',
  float8: 'number',
  text: 'string',
  varchar: 'string',
  bpchar: 'string',
  uuid: 'string',
  inet: 'string',
  bool: 'boolean',
  timestamptz: 'date',
  timestamp: 'date',
  date: 'date',
  bytea: 'other',
  jsonb: 'json',
  json: 'json',
  _int4: 'number[]',
};

let db: Db;
beforeAll(async () => {
  db = await openDatabase({});
  await migrateToLatest(db);
});
afterAll(() => db?.destroy());

it('declares in db/schema.ts exactly the tables and columns the migrations make: names, types, nulls and defaults', async () => {
  const declared = declaredTables();
  const actual = (await db.introspection.getTables()).filter((table) => table.schema === 'public');
  expect([...declared.keys()].sort()).toEqual(actual.map((table) => table.name).sort());
  const problems: string[] = [];
  for (const table of actual) {
    const columns = declared.get(table.name)!;
    expect([...columns.keys()].sort(), table.name).toEqual(table.columns.map((column) => column.name).sort());
    for (const column of table.columns) {
      const mine = columns.get(column.name)!;
      const where = `${table.name}.${column.name} (${column.dataType}${column.isNullable ? ', null' : ''})`;
      const kind = kindOfDataType[column.dataType] ?? 'other';
      if (mine.kind !== kind) problems.push(`${where}: declared as ${mine.kind}, reads back as ${kind}`);
      if (mine.nullable !== 'either' && mine.nullable !== column.isNullable)
        problems.push(`${where}: declared ${mine.nullable ? 'nullable' : 'not null'}`);
      // A NOT NULL column typed Generated (or insertable as undefined) must have a default, or inserts would fail.
      if (mine.generated && !column.isNullable && !column.hasDefaultValue && !column.isAutoIncrementing)
        problems.push(`${where}: declared with a default it does not have`);
    }
  }
  expect(problems).toEqual([]);
});

/** A database migrated up to `last` only, with one store: what a server of that time kept. */
async function storeMigratedTo(last: string): Promise<{ old: Db; webId: number }> {
  const old = await openDatabase({});
  const migrated = await new Migrator({ db: old, provider: migrationProvider }).migrateTo(last);
  expect(migrated.error).toBeUndefined();
  const { web_id: webId } = await old
    .insertInto('sites')
    .values({ title: 'Old store', main_domain: 'old.test', base_currency: 'USD' })
    .returning('web_id')
    .executeTakeFirstOrThrow();
  return { old, webId };
}

it('gives an order line placed before 0019 the id of the options it names, when exactly one set of its product does (0020)', async () => {
  const { old, webId } = await storeMigratedTo('0019_order_line_option_sets');
  try {
    const product = async (slug: string) =>
      (
        await old
          .insertInto('products')
          .values({ web_id: webId, name: slug, slug, sku: slug, price: 1200 })
          .returning('product_id')
          .executeTakeFirstOrThrow()
      ).product_id;
    const mug = await product('mug');
    const tote = await product('tote');
    const note = { optionID: 1, name: 'Note', value: 'Happy birthday', price: 0 };
    const card = { optionID: 2, name: 'Card', value: 'Hand-lettered', price: 350 };
    const logo = { optionID: 3, name: 'Logo', value: 'logo.png', price: 0 };
    // The sets shoppers' carts kept: a mug with a note and a card, and two totes given different files of one name.
    const sets: [id: string, productId: number, chosen: object[]][] = [
      [
        'mug-note-card',
        mug,
        [
          { ...note, valueIds: [] },
          { ...card, valueIds: [7] },
        ],
      ],
      ['mug-note', mug, [{ ...note, valueIds: [] }]],
      ['tote-logo-a', tote, [{ ...logo, valueIds: [] }]],
      ['tote-logo-b', tote, [{ ...logo, valueIds: [] }]],
    ];
    await old
      .insertInto('option_sets')
      .values(
        sets.map(([id, productId, chosen]) => ({
          web_id: webId,
          option_set_id: id,
          product_id: productId,
          chosen: JSON.stringify(chosen),
        })),
      )
      .execute();
    const { order_id: orderId } = await old
      .insertInto('orders')
      .values({
        web_id: webId,
        order_code: 'OLD-1',
        idempotency_key: 'old-1',
        shipping_address: JSON.stringify({}),
        delivery_method: 'Standard',
        payment_method: 'card',
        currency_code: 'USD',
        currency_rate: 1,
        subtotal: 0,
        total: 0,
      })
      .returning('order_id')
      .executeTakeFirstOrThrow();
    // Old lines as checkout wrote them: the choices in words, priced as charged then (the card cost less), no id.
    const lines: [name: string, productId: number, options: object[], optionSet?: string][] = [
      ['mug with note and card', mug, [note, { ...card, price: 300 }]],
      ['mug with note', mug, [note]],
      ['mug with another note', mug, [{ ...note, value: 'Congratulations' }]],
      ['tote with the mug’s choices', tote, [note]],
      ['tote with a logo', tote, [logo]],
      ['plain mug', mug, []],
      ['mug bought after 0019', mug, [note], 'mug-note-card'],
    ];
    await old
      .insertInto('order_lines')
      .values(
        lines.map(([name, productId, options, optionSet]) => ({
          web_id: webId,
          order_id: orderId,
          product_id: productId,
          name,
          quantity: 1,
          unit_price: 1200,
          line_total: 1200,
          options: JSON.stringify(options),
          option_set: optionSet ?? null,
        })),
      )
      .execute();

    await migrateToLatest(old);
    const after = await old.selectFrom('order_lines').select(['name', 'option_set']).orderBy('line_id').execute();
    expect(after).toEqual([
      { name: 'mug with note and card', option_set: 'mug-note-card' },
      { name: 'mug with note', option_set: 'mug-note' },
      // Choices no set of the product reads the same stay without an id, as do choices two sets read (whose file?).
      { name: 'mug with another note', option_set: null },
      { name: 'tote with the mug’s choices', option_set: null },
      { name: 'tote with a logo', option_set: null },
      { name: 'plain mug', option_set: null },
      { name: 'mug bought after 0019', option_set: 'mug-note-card' },
    ]);
  } finally {
    await old.destroy();
  }
});

it('gives every product a status that is_published follows, and moves it with older writes of is_published (0021)', async () => {
  const { old, webId } = await storeMigratedTo('0020_old_order_line_option_sets');
  try {
    await old
      .insertInto('products')
      .values([
        { web_id: webId, name: 'Shown', slug: 'shown', sku: 'a', price: 100 },
        { web_id: webId, name: 'Hidden', slug: 'hidden', sku: 'b', price: 100, is_published: false },
      ])
      .execute();

    await migrateToLatest(old);
    const rows = () => old.selectFrom('products').select(['slug', 'status', 'is_published']).orderBy('product_id').execute();
    expect(await rows()).toEqual([
      { slug: 'shown', status: 'active', is_published: true },
      { slug: 'hidden', status: 'draft', is_published: false },
    ]);
    // Written without a status, a product takes it from is_published; a status sets is_published.
    await old
      .insertInto('products')
      .values([
        { web_id: webId, name: 'New draft', slug: 'new-draft', sku: 'c', price: 100, is_published: false },
        { web_id: webId, name: 'Put away', slug: 'put-away', sku: 'd', price: 100, status: 'archived' },
      ])
      .execute();
    await old.updateTable('products').set({ status: 'active' }).where('slug', '=', 'hidden').execute();
    await old.updateTable('products').set({ is_published: false }).where('slug', '=', 'shown').execute();
    // Hiding an archived product keeps it archived; publishing it makes it active.
    await old.updateTable('products').set({ is_published: false }).where('slug', '=', 'put-away').execute();
    expect(await rows()).toEqual([
      { slug: 'shown', status: 'draft', is_published: false },
      { slug: 'hidden', status: 'active', is_published: true },
      { slug: 'new-draft', status: 'draft', is_published: false },
      { slug: 'put-away', status: 'archived', is_published: false },
    ]);
    await old.updateTable('products').set({ is_published: true }).where('slug', '=', 'put-away').execute();
    await expect(
      old
        .updateTable('products')
        .set({ status: '' as 'draft' })
        .where('slug', '=', 'shown')
        .execute(),
    ).resolves.toBeDefined();
    expect(await rows()).toEqual([
      { slug: 'shown', status: 'draft', is_published: false },
      { slug: 'hidden', status: 'active', is_published: true },
      { slug: 'new-draft', status: 'draft', is_published: false },
      { slug: 'put-away', status: 'active', is_published: true },
    ]);
  } finally {
    await old.destroy();
  }
});

it('gives stores a low-stock threshold and products and variants an empty barcode, and keeps a ledger that goes with its product (0023)', async () => {
  const { old, webId } = await storeMigratedTo('0022_catalogue_editing');
  try {
    const { product_id: productId } = await old
      .insertInto('products')
      .values({ web_id: webId, name: 'Jar', slug: 'jar', sku: 'jar', price: 100 })
      .returning('product_id')
      .executeTakeFirstOrThrow();
    await old.insertInto('variants').values({ web_id: webId, product_id: productId, sku: 'jar-s', name: 'S', price: 100 }).execute();

    await migrateToLatest(old);
    expect(await old.selectFrom('sites').select('low_stock_threshold').where('web_id', '=', webId).execute()).toEqual([
      { low_stock_threshold: 5 },
    ]);
    expect(await old.selectFrom('products').select('barcode').execute()).toEqual([{ barcode: '' }]);
    expect(await old.selectFrom('variants').select('barcode').execute()).toEqual([{ barcode: '' }]);
    const movement = { web_id: webId, product_id: productId, variant_id: null, change: 3, stock_after: 3, actor: 'owner@old.test' };
    await old
      .insertInto('stock_movements')
      .values({ ...movement, reason: 'correction' })
      .execute();
    await expect(
      old
        .insertInto('stock_movements')
        .values({ ...movement, reason: 'theft' as 'order' })
        .execute(),
    ).rejects.toThrow(/stock_movements_reason_check/);
    await expect(old.updateTable('sites').set({ low_stock_threshold: -1 }).execute()).rejects.toThrow(/check/);
    await expect(
      old
        .updateTable('products')
        .set({ barcode: '1'.repeat(51) })
        .execute(),
    ).rejects.toThrow(/check/);
    await old.deleteFrom('products').where('product_id', '=', productId).execute();
    expect(await old.selectFrom('stock_movements').selectAll().execute()).toEqual([]);
  } finally {
    await old.destroy();
  }
});
