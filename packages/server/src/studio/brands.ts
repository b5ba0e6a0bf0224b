// The owner's brands in the back office (issue 34): listed with their product counts, saved, deleted. Each write is
// one transaction holding the store's row, through the store's scoped database; what it changes reaches every
// server process through the catalogue's triggers (migration 0014). A brand's page is `/brand/{slug}`.
import type { z } from 'zod';
import { slugFromName, type StudioBrand, type deleteBrandRequest, type saveBrandRequest } from '@vitrine/commerce';
import { sanitizeProductDescription } from '@vitrine/sections/owner-html';
import type { Db } from '../db/connect.ts';
import { HttpError } from '../http/errors.ts';
import { firstFree, redirectAddress } from './addresses.ts';

type SaveBrand = z.output<typeof saveBrandRequest>;
type DeleteBrand = z.output<typeof deleteBrandRequest>;

const noSuchBrand = (field: string) => new HttpError(404, 'NOT_FOUND', `${field}: this store has no such brand`, field);

/** The store's brands by name, each with how many of its products (of every status) it has. */
export async function listBrands(store: Db): Promise<StudioBrand[]> {
  const rows = await store
    .selectFrom('brands as b')
    .select((eb) => [
      'b.brand_id',
      'b.name',
      'b.slug',
      'b.description',
      'b.logo_file',
      eb
        .selectFrom('products as p')
        .select((inner) => inner.cast<number>(inner.fn.countAll(), 'integer').as('n'))
        .whereRef('p.brand_id', '=', 'b.brand_id')
        .as('products'),
    ])
    .orderBy('b.name')
    .orderBy('b.brand_id')
    .execute();
  return rows.map((row) => ({
    id: row.brand_id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    logo: row.logo_file,
    productCount: Number(row.products ?? 0),
  }));
}

/**
 * Creates a brand or changes one, and answers its id. The address is made from the name when empty (a new brand) or
 * kept (a saved one), and is another brand's refused; a changed one leaves `/brand/{old}` answering 301. The logo must
 * be a file of the store's media or the brand's own.
 */
export async function saveBrand(store: Db, webId: number, body: SaveBrand): Promise<number> {
  return store.transaction().execute(async (trx) => {
    await trx.selectFrom('sites').select('web_id').forUpdate().executeTakeFirstOrThrow();
    const before =
      body.brandId === undefined
        ? null
        : await trx.selectFrom('brands').select(['brand_id', 'slug', 'logo_file']).where('brand_id', '=', body.brandId).executeTakeFirst();
    if (body.brandId !== undefined && !before) throw noSuchBrand('brandId');
    if (body.logo !== null && body.logo !== before?.logo_file) {
      const media = await trx.selectFrom('media').select('path').where('path', '=', body.logo).executeTakeFirst();
      if (!media) throw new HttpError(400, 'BAD_REQUEST', 'logo: is not an image of this store; upload it first', 'logo');
    }
    const others = new Set(
      (
        await trx
          .selectFrom('brands')
          .select('slug')
          .$if(before !== null, (q) => q.where('brand_id', '<>', before!.brand_id))
          .execute()
      ).map((row) => row.slug),
    );
    if (body.slug && others.has(body.slug))
      throw new HttpError(400, 'SLUG_TAKEN', 'slug: is already the address of another brand of this store', 'slug');
    const slug = body.slug || before?.slug || firstFree(slugFromName(body.name).slice(0, 180).replace(/-$/, '') || 'brand', others);
    const row = { name: body.name, slug, description: sanitizeProductDescription(body.description), logo_file: body.logo };
    if (before) {
      await trx.updateTable('brands').set(row).where('brand_id', '=', before.brand_id).execute();
      if (before.slug !== slug) await redirectAddress(trx, webId, `/brand/${before.slug}`, `/brand/${slug}`);
      return before.brand_id;
    }
    await trx.deleteFrom('redirect_rules').where('from_path', '=', `/brand/${slug}`).execute();
    return (
      await trx
        .insertInto('brands')
        .values({ web_id: webId, ...row })
        .returning('brand_id')
        .executeTakeFirstOrThrow()
    ).brand_id;
  });
}

/** Deletes a brand; its products stay on the store without a brand (the database sets theirs to none). */
export async function deleteBrand(store: Db, body: DeleteBrand): Promise<void> {
  await store.transaction().execute(async (trx) => {
    await trx.selectFrom('sites').select('web_id').forUpdate().executeTakeFirstOrThrow();
    const deleted = await trx.deleteFrom('brands').where('brand_id', '=', body.brandId).returning('brand_id').executeTakeFirst();
    if (!deleted) throw noSuchBrand('brandId');
  });
}
