// The owner's attributes and their values in the back office (issue 34). A value a product (a facet) or a variant (an
// option it differs in) uses is never removed under it: the listing's facets and the variants' matrix both read
// these links, and a silent removal would change what shoppers can filter by and buy. Each write is one transaction
// holding the store's row, through the store's scoped database; the catalogue's triggers tell every server process.
import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { StudioAttribute, deleteAttributeRequest, saveAttributeRequest } from '@vitrine/commerce';
import type { Db } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';

type Trx = Transaction<Database>;
type SaveAttribute = z.output<typeof saveAttributeRequest>;
type DeleteAttribute = z.output<typeof deleteAttributeRequest>;

const noSuchAttribute = (field: string) => new HttpError(404, 'NOT_FOUND', `${field}: this store has no such attribute`, field);

/** How many products use any of `valueIds`: as a value of theirs or of one of their variants. */
async function productsUsing(db: Db | Trx, valueIds: readonly number[]): Promise<number> {
  if (!valueIds.length) return 0;
  const { n } = await db
    .selectFrom(
      db
        .selectFrom('product_values')
        .select('product_id')
        .where('value_id', 'in', valueIds)
        .union(
          db
            .selectFrom('variant_values as vv')
            .innerJoin('variants as v', 'v.variant_id', 'vv.variant_id')
            .select('v.product_id')
            .where('vv.value_id', 'in', valueIds),
        )
        .as('using'),
    )
    .select(sql<number>`count(*)::integer`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

const inUse = (field: string, what: string, products: number) =>
  new HttpError(
    409,
    'ATTRIBUTE_IN_USE',
    `${field}: ${what} is used by ${products} product${products === 1 ? '' : 's'}; take it off them first`,
    field,
  );

/** The store's attributes by name, each with its values in their order and how many products use them. */
export async function listAttributes(store: Db): Promise<StudioAttribute[]> {
  const [attributes, values] = await Promise.all([
    store.selectFrom('attributes').select(['attribute_id', 'name', 'display_type']).orderBy('name').orderBy('attribute_id').execute(),
    store
      .selectFrom('attribute_values')
      .select(['value_id', 'attribute_id', 'name', 'color'])
      .orderBy('sort')
      .orderBy('value_id')
      .execute(),
  ]);
  return Promise.all(
    attributes.map(async (attribute) => {
      const own = values.filter((value) => value.attribute_id === attribute.attribute_id);
      return {
        id: attribute.attribute_id,
        name: attribute.name,
        displayType: attribute.display_type,
        values: own.map((value) => ({ id: value.value_id, name: value.name, color: value.color })),
        productCount: await productsUsing(
          store,
          own.map((value) => value.value_id),
        ),
      };
    }),
  );
}

/**
 * Creates an attribute or changes one, and answers its id. Its values become those sent, in their order: kept by
 * `id`, added without; a value left out that a product or variant uses is refused (409 naming `values`).
 */
export async function saveAttribute(store: Db, webId: number, body: SaveAttribute): Promise<number> {
  return store.transaction().execute(async (trx) => {
    await trx.selectFrom('sites').select('web_id').forUpdate().executeTakeFirstOrThrow();
    if (body.attributeId !== undefined) {
      const found = await trx
        .selectFrom('attributes')
        .select('attribute_id')
        .where('attribute_id', '=', body.attributeId)
        .executeTakeFirst();
      if (!found) throw noSuchAttribute('attributeId');
    }
    const existing =
      body.attributeId === undefined
        ? []
        : await trx.selectFrom('attribute_values').select(['value_id', 'name']).where('attribute_id', '=', body.attributeId).execute();
    body.values.forEach((value, i) => {
      if (value.id !== undefined && !existing.some((row) => row.value_id === value.id))
        throw new HttpError(400, 'BAD_REQUEST', `values.${i}.id: is not a value of this attribute`, `values.${i}.id`);
    });
    const kept = new Set(body.values.flatMap((value) => (value.id === undefined ? [] : [value.id])));
    const removed = existing.filter((row) => !kept.has(row.value_id));
    for (const row of removed) {
      const products = await productsUsing(trx, [row.value_id]);
      if (products) throw inUse('values', `${row.name}, a value left out,`, products);
    }
    const row = { name: body.name, display_type: body.displayType };
    const attributeId: number =
      body.attributeId ??
      (await trx
        .insertInto('attributes')
        .values({ web_id: webId, ...row })
        .returning('attribute_id')
        .executeTakeFirstOrThrow()
        .then((inserted) => inserted.attribute_id));
    if (body.attributeId !== undefined) await trx.updateTable('attributes').set(row).where('attribute_id', '=', attributeId).execute();
    if (removed.length)
      await trx
        .deleteFrom('attribute_values')
        .where(
          'value_id',
          'in',
          removed.map((r) => r.value_id),
        )
        .execute();
    for (const [sort, value] of body.values.entries())
      if (value.id !== undefined)
        await trx
          .updateTable('attribute_values')
          .set({ name: value.name, color: value.color, sort })
          .where('value_id', '=', value.id)
          .execute();
      else
        await trx
          .insertInto('attribute_values')
          .values({ web_id: webId, attribute_id: attributeId, name: value.name, color: value.color, sort })
          .execute();
    return attributeId;
  });
}

/** Deletes an attribute with its values; refused (409 naming `attributeId`) while a product or variant uses one. */
export async function deleteAttribute(store: Db, body: DeleteAttribute): Promise<void> {
  await store.transaction().execute(async (trx) => {
    await trx.selectFrom('sites').select('web_id').forUpdate().executeTakeFirstOrThrow();
    const found = await trx.selectFrom('attributes').select('name').where('attribute_id', '=', body.attributeId).executeTakeFirst();
    if (!found) throw noSuchAttribute('attributeId');
    const values = await trx.selectFrom('attribute_values').select('value_id').where('attribute_id', '=', body.attributeId).execute();
    const products = await productsUsing(
      trx,
      values.map((value) => value.value_id),
    );
    if (products) throw inUse('attributeId', found.name, products);
    await trx.deleteFrom('attributes').where('attribute_id', '=', body.attributeId).execute();
  });
}
