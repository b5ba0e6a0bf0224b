// The owner's categories in the back office (issue 34): the tree, a category's save, its move and its siblings'
// order, and its delete. Every function acts on one store's rows through its scoped database, each write in one
// transaction that holds the store's row; what it changes reaches every server process through the catalogue's
// triggers (migration 0014). A category's address is its trail (`/kitchen/cookware`): whatever changes a trail (a new
// address, a move, a parent deleted) leaves the old one answering 301.
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type {
  StudioCategory,
  deleteCategoryRequest,
  moveCategoryRequest,
  reorderCategoriesRequest,
  saveCategoryRequest,
} from '@vitrine/commerce';
import { sanitizeProductDescription } from '@vitrine/sections/owner-html';
import type { Db } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { checkSlugFree, freeSlug, redirectAddress } from './addresses.ts';

type Trx = Transaction<Database>;
type SaveCategory = z.output<typeof saveCategoryRequest>;
type MoveCategory = z.output<typeof moveCategoryRequest>;
type ReorderCategories = z.output<typeof reorderCategoriesRequest>;
type DeleteCategory = z.output<typeof deleteCategoryRequest>;

interface CategoryRow {
  category_id: number;
  parent_id: number | null;
  slug: string;
  sort: number;
}

/** A 400 naming the field at fault. */
const refused = (field: string, message: string, code = 'BAD_REQUEST') => new HttpError(400, code, `${field}: ${message}`, field);
const noSuchCategory = (field: string) => new HttpError(404, 'NOT_FOUND', `${field}: this store has no such category`, field);

/** Each category's address, its parents' slugs and its own: `/kitchen/cookware`. */
function pathsOf(rows: readonly CategoryRow[]): Map<number, string> {
  const byId = new Map(rows.map((row) => [row.category_id, row]));
  const paths = new Map<number, string>();
  const pathOf = (id: number, depth = 0): string => {
    const known = paths.get(id);
    if (known !== undefined) return known;
    const row = byId.get(id)!;
    const parent = row.parent_id === null || !byId.has(row.parent_id) || depth > 64 ? '' : pathOf(row.parent_id, depth + 1);
    const path = `${parent}/${row.slug}`;
    paths.set(id, path);
    return path;
  };
  for (const row of rows) pathOf(row.category_id);
  return paths;
}

/** A category and every one below it. */
function branchOf(rows: readonly CategoryRow[], categoryId: number): Set<number> {
  const ids = [categoryId];
  for (let i = 0; i < ids.length; i++) for (const row of rows) if (row.parent_id === ids[i]) ids.push(row.category_id);
  return new Set(ids);
}

const treeRows = (db: Db | Trx) =>
  db.selectFrom('categories').select(['category_id', 'parent_id', 'slug', 'sort']).orderBy('sort').orderBy('category_id').execute();

/**
 * Runs `change` in one transaction holding the store's row (two changes of one store take turns), then leaves every
 * category address it changed answering 301 at its old one.
 */
async function changeTree<T>(store: Db, webId: number, change: (trx: Trx, rows: CategoryRow[]) => Promise<T>): Promise<T> {
  return store.transaction().execute(async (trx) => {
    await trx.selectFrom('sites').select('web_id').forUpdate().executeTakeFirstOrThrow();
    const rows = await treeRows(trx);
    const before = pathsOf(rows);
    const result = await change(trx, rows);
    const after = pathsOf(await treeRows(trx));
    for (const [id, path] of after) {
      const old = before.get(id);
      if (old === undefined) await trx.deleteFrom('redirect_rules').where('from_path', '=', path).execute();
      else if (old !== path) await redirectAddress(trx, webId, old, path);
    }
    return result;
  });
}

/** The store's categories, parents before their children and siblings in their order, each with its own product count. */
export async function listCategories(store: Db): Promise<StudioCategory[]> {
  const [rows, counts] = await Promise.all([
    store
      .selectFrom('categories')
      .select(['category_id', 'parent_id', 'name', 'slug', 'description', 'image_file', 'sort', 'meta'])
      .orderBy('sort')
      .orderBy('category_id')
      .execute(),
    store
      .selectFrom('products')
      .select((eb) => ['category_id', eb.cast<number>(eb.fn.countAll(), 'integer').as('n')])
      .where('category_id', 'is not', null)
      .groupBy('category_id')
      .execute(),
  ]);
  const paths = pathsOf(rows);
  const count = new Map(counts.map((row) => [row.category_id, Number(row.n)]));
  const ordered: typeof rows = [];
  const placed = new Set<number>();
  const place = (parentId: number | null) => {
    for (const row of rows)
      if (row.parent_id === parentId && !placed.has(row.category_id)) {
        placed.add(row.category_id);
        ordered.push(row);
        place(row.category_id);
      }
  };
  place(null);
  return ordered.map((row) => {
    const meta = row.meta as Record<string, string>;
    return {
      id: row.category_id,
      parentId: row.parent_id,
      name: row.name,
      slug: row.slug,
      path: paths.get(row.category_id)!,
      description: row.description,
      picture: row.image_file,
      sort: row.sort,
      productCount: count.get(row.category_id) ?? 0,
      seo: { title: meta['title'] ?? '', description: meta['description'] ?? '' },
    };
  });
}

/**
 * Creates a category (last of its siblings under `parentId`) or changes one, and answers its id. The address is made
 * from the name when empty (a new category) or kept (a saved one); the picture must be a file of the store's media or
 * the category's own; the description is kept as safe HTML.
 */
export async function saveCategory(store: Db, webId: number, body: SaveCategory): Promise<number> {
  return changeTree(store, webId, async (trx, rows) => {
    const before =
      body.categoryId === undefined
        ? null
        : await trx
            .selectFrom('categories')
            .select(['category_id', 'slug', 'image_file', 'meta'])
            .where('category_id', '=', body.categoryId)
            .executeTakeFirst();
    if (body.categoryId !== undefined && !before) throw noSuchCategory('categoryId');
    if (!before && body.parentId !== null && !rows.some((row) => row.category_id === body.parentId))
      throw refused('parentId', 'is not a category of this store');
    if (body.picture !== null && body.picture !== before?.image_file) {
      const media = await trx.selectFrom('media').select('path').where('path', '=', body.picture).executeTakeFirst();
      if (!media) throw refused('picture', 'is not an image of this store; upload it first');
    }
    const slug = body.slug
      ? await checkSlugFree(trx, body.slug, { categoryId: before?.category_id ?? null })
      : (before?.slug ?? (await freeSlug(trx, body.name, 'category')));
    const row = {
      name: body.name,
      slug,
      description: sanitizeProductDescription(body.description),
      image_file: body.picture,
      meta: JSON.stringify({ ...(before?.meta ?? {}), title: body.seo.title, description: body.seo.description }),
    };
    if (before) {
      await trx.updateTable('categories').set(row).where('category_id', '=', before.category_id).execute();
      return before.category_id;
    }
    const siblings = rows.filter((other) => other.parent_id === body.parentId);
    const sort = Math.max(-1, ...siblings.map((other) => other.sort)) + 1;
    return (
      await trx
        .insertInto('categories')
        .values({ web_id: webId, parent_id: body.parentId, sort, ...row })
        .returning('category_id')
        .executeTakeFirstOrThrow()
    ).category_id;
  });
}

/** Writes the order of `ids`, siblings under `parentId`, as their sort (0, 1, 2…), moving any of them there. */
async function placeSiblings(trx: Trx, parentId: number | null, ids: readonly number[]): Promise<void> {
  for (const [sort, id] of ids.entries())
    await trx.updateTable('categories').set({ parent_id: parentId, sort }).where('category_id', '=', id).execute();
}

/** Puts a category under `parentId` at `position` among its new siblings; never under itself or below it. */
export async function moveCategory(store: Db, webId: number, body: MoveCategory): Promise<void> {
  await changeTree(store, webId, async (trx, rows) => {
    if (!rows.some((row) => row.category_id === body.categoryId)) throw noSuchCategory('categoryId');
    if (body.parentId !== null) {
      if (!rows.some((row) => row.category_id === body.parentId)) throw refused('parentId', 'is not a category of this store');
      if (branchOf(rows, body.categoryId).has(body.parentId))
        throw refused('parentId', 'is this category or one below it; a category cannot move under itself');
    }
    const siblings = rows
      .filter((row) => row.parent_id === body.parentId && row.category_id !== body.categoryId)
      .map((row) => row.category_id);
    siblings.splice(Math.min(body.position, siblings.length), 0, body.categoryId);
    await placeSiblings(trx, body.parentId, siblings);
  });
}

/** Orders the sub-categories of `parentId` as `categoryIds`, which must name every one of them and no other. */
export async function reorderCategories(store: Db, webId: number, body: ReorderCategories): Promise<void> {
  await changeTree(store, webId, async (trx, rows) => {
    if (body.parentId !== null && !rows.some((row) => row.category_id === body.parentId)) throw noSuchCategory('parentId');
    const siblings = new Set(rows.filter((row) => row.parent_id === body.parentId).map((row) => row.category_id));
    const stranger = body.categoryIds.findIndex((id) => !siblings.has(id));
    if (stranger >= 0) throw refused(`categoryIds.${stranger}`, 'is not a sub-category of parentId in this store');
    if (body.categoryIds.length !== siblings.size)
      throw refused('categoryIds', `must name every one of the ${siblings.size} sub-categories of parentId`);
    await placeSiblings(trx, body.parentId, body.categoryIds);
  });
}

/**
 * Deletes a category. Its products and sub-categories go to `moveTo` (null: products without a category, sub-categories
 * to the top of the tree, after the ones there); one that holds any is refused without it (409 CATEGORY_NOT_EMPTY).
 */
export async function deleteCategory(store: Db, webId: number, body: DeleteCategory): Promise<void> {
  await changeTree(store, webId, async (trx, rows) => {
    if (!rows.some((row) => row.category_id === body.categoryId)) throw noSuchCategory('categoryId');
    const { n } = await trx
      .selectFrom('products')
      .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'))
      .where('category_id', '=', body.categoryId)
      .executeTakeFirstOrThrow();
    const products = Number(n);
    const children = rows.filter((row) => row.parent_id === body.categoryId).map((row) => row.category_id);
    if (body.moveTo === undefined) {
      if (products || children.length)
        throw new HttpError(
          409,
          'CATEGORY_NOT_EMPTY',
          `moveTo: this category holds ${products} product${products === 1 ? '' : 's'} and ${children.length} sub-categor${children.length === 1 ? 'y' : 'ies'}; say which category they move to, or none`,
          'moveTo',
        );
    } else if (body.moveTo !== null) {
      if (!rows.some((row) => row.category_id === body.moveTo)) throw refused('moveTo', 'is not a category of this store');
      if (branchOf(rows, body.categoryId).has(body.moveTo)) throw refused('moveTo', 'is this category or one below it, which goes with it');
    }
    const moveTo = body.moveTo ?? null;
    if (products)
      await trx
        .updateTable('products')
        .set((eb) => ({ category_id: moveTo, version: eb('version', '+', 1) }))
        .where('category_id', '=', body.categoryId)
        .execute();
    if (children.length) {
      const there = rows.filter((row) => row.parent_id === moveTo && row.category_id !== body.categoryId).map((row) => row.category_id);
      await placeSiblings(trx, moveTo, [...there, ...children]);
    }
    await trx.deleteFrom('categories').where('category_id', '=', body.categoryId).execute();
  });
}
