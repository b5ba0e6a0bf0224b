import { sql, type Expression, type SqlBool } from 'kysely';
import type { AttributeFacet, Listing, ListingState, Suggestions } from '@vitrine/commerce';
import type { Db } from '../db/connect.ts';
import { cardsOf } from './catalog.ts';

/**
 * Listings (§2.3): a category with its sub-categories, a brand, or search results, filtered by the listing keys,
 * sorted by one of the eight orders of §3.15 and paged, with facet counts for the result. Every query goes through
 * the store-scoped database, so it reads this store's rows only.
 *
 * Facets count disjunctively, as shoppers expect: a facet's counts apply every filter but its own, so choosing one
 * brand still shows how many products each other brand would add, and a value that would give no product is left
 * out.
 */

type ScopeKind = Listing['scope']['kind'];

interface CategoryRow {
  id: number;
  parentId: number | null;
  name: string;
  slug: string;
  description: string;
}

/** A store's categories as a tree: few enough (hundreds) to walk in memory. */
class CategoryTree {
  private readonly byId = new Map<number, CategoryRow>();
  private readonly children = new Map<number | null, CategoryRow[]>();

  constructor(rows: readonly CategoryRow[]) {
    for (const row of rows) {
      this.byId.set(row.id, row);
      const siblings = this.children.get(row.parentId) ?? [];
      siblings.push(row);
      this.children.set(row.parentId, siblings);
    }
  }

  /** The category at `path` (`kitchen/cookware`), each segment a child of the one before; null when there is none. */
  find(path: string): CategoryRow | null {
    let found = null as CategoryRow | null;
    for (const slug of path.split('/')) {
      found = (this.children.get(found?.id ?? null) ?? []).find((row) => row.slug === slug) ?? null;
      if (!found) return null;
    }
    return found;
  }

  childrenOf(id: number | null): readonly CategoryRow[] {
    return this.children.get(id) ?? [];
  }

  /** The category and every one below it. */
  subtree(id: number): number[] {
    const ids = [id];
    for (let i = 0; i < ids.length; i++) for (const child of this.childrenOf(ids[i]!)) ids.push(child.id);
    return ids;
  }

  /** The categories from the top down to `id`. */
  trail(id: number): CategoryRow[] {
    const trail: CategoryRow[] = [];
    for (let row = this.byId.get(id); row; row = row.parentId === null ? undefined : this.byId.get(row.parentId)) trail.unshift(row);
    return trail;
  }

  url(id: number): string {
    return `/${this.trail(id)
      .map((row) => row.slug)
      .join('/')}`;
  }
}

async function categoryTree(db: Db): Promise<CategoryTree> {
  const rows = await db
    .selectFrom('categories')
    .select(['category_id as id', 'parent_id as parentId', 'name', 'slug', 'description'])
    .orderBy('sort')
    .orderBy('category_id')
    .execute();
  return new CategoryTree(rows);
}

/** What a listing shows before its keys narrow it. */
interface Scope {
  kind: ScopeKind;
  id: number | null;
  title: string;
  description: string;
  url: string;
  breadcrumbs: { name: string; url: string }[];
  categoryIds: number[] | null;
  brandId: number | null;
}

async function resolveScope(db: Db, tree: CategoryTree, kind: ScopeKind, path: string, kw: string): Promise<Scope | null> {
  const home = { name: 'Home', url: '/' };
  if (kind === 'category') {
    const category = path ? tree.find(path) : null;
    if (!category) return null;
    const trail = tree.trail(category.id);
    return {
      kind,
      id: category.id,
      title: category.name,
      description: category.description,
      url: tree.url(category.id),
      breadcrumbs: [home, ...trail.map((row) => ({ name: row.name, url: tree.url(row.id) }))],
      categoryIds: tree.subtree(category.id),
      brandId: null,
    };
  }
  if (kind === 'brand') {
    const brand = await db.selectFrom('brands').select(['brand_id', 'name', 'slug']).where('slug', '=', path).executeTakeFirst();
    if (!brand) return null;
    const url = `/brand/${brand.slug}`;
    return {
      kind,
      id: brand.brand_id,
      title: brand.name,
      description: '',
      url,
      breadcrumbs: [home, { name: brand.name, url }],
      categoryIds: null,
      brandId: brand.brand_id,
    };
  }
  const title = kw ? `Search results for “${kw}”` : 'All products';
  return {
    kind,
    id: null,
    title,
    description: '',
    url: '/search',
    breadcrumbs: [home, { name: 'Search', url: '/search' }],
    categoryIds: null,
    brandId: null,
  };
}

/** The chosen values of `sf` and `av`, grouped by their attribute (values of one attribute widen, attributes narrow). */
interface ValueGroup {
  key: 'sf' | 'av';
  attributeId: number;
  valueIds: number[];
}

async function valueGroups(db: Db, state: ListingState): Promise<ValueGroup[]> {
  const chosen = [...state.sf, ...state.av];
  if (!chosen.length) return [];
  const rows = await db.selectFrom('attribute_values').select(['value_id', 'attribute_id']).where('value_id', 'in', chosen).execute();
  const groups = new Map<string, ValueGroup>();
  for (const key of ['sf', 'av'] as const)
    for (const valueId of state[key]) {
      const row = rows.find((r) => r.value_id === valueId);
      // An id that is not a value of this store narrows to nothing, as a filter on a missing value should.
      const attributeId = row?.attribute_id ?? -valueId;
      const group = groups.get(`${key}:${attributeId}`) ?? { key, attributeId, valueIds: [] };
      group.valueIds.push(valueId);
      groups.set(`${key}:${attributeId}`, group);
    }
  return [...groups.values()];
}

const intArray = (ids: readonly number[]) => sql<number[]>`ARRAY[${sql.join(ids.map((id) => sql.lit(Math.trunc(id))))}]::integer[]`;
const arrayColumn = (key: 'sf' | 'av') => (key === 'sf' ? sql.ref('p.spec_value_ids') : sql.ref('p.variant_value_ids'));
const folded = (kw: string) => sql<string>`vt_fold(${kw})`;

/**
 * Search with typo tolerance, inside the database: every word of four letters or more must be close to a word of the
 * text (trigram word similarity, pg_trgm's `<%`) or stand in it; shorter words only rank, unless the keywords have
 * nothing longer, when the whole keywords must. So "stonware mugg" finds the Stoneware Mug and "cast irn skillet"
 * the skillet, while a stray "a" or "irn" narrows nothing.
 */
function matches(kw: string, text: Expression<string>): Expression<SqlBool> {
  const close = (term: string) => sql<SqlBool>`(${folded(term)} <% ${text} OR ${text} LIKE '%' || ${folded(term)} || '%')`;
  const words = kw.split(' ').filter((word) => word.length >= 4);
  return words.length ? sql<SqlBool>`(${sql.join(words.map(close), sql` AND `)})` : close(kw);
}

/** How well the text answers the keywords: the closeness of each word, and of the whole, added up. */
function relevance(kw: string, text: Expression<string>) {
  const words = kw.split(' ');
  return sql<number>`(${sql.join(
    [kw, ...(words.length > 1 ? words : [])].map((term) => sql`word_similarity(${folded(term)}, ${text})`),
    sql` + `,
  )})`;
}

/** Which filter a facet leaves out when it counts: its own. */
type Except = 'br' | 'pr' | ValueGroup | null;

/** The products of the scope that pass every filter but `except`. */
function filtered(db: Db, scope: Scope, state: ListingState, groups: readonly ValueGroup[], except: Except) {
  let query = db.selectFrom('products as p').where('p.is_published', '=', true);
  if (scope.categoryIds) query = query.where('p.category_id', 'in', scope.categoryIds);
  if (scope.brandId !== null) query = query.where('p.brand_id', '=', scope.brandId);
  if (state.kw) query = query.where(matches(state.kw, sql.ref('p.search_text')));
  if (except !== 'br' && state.br.length) query = query.where('p.brand_id', 'in', state.br);
  if (except !== 'pr') {
    if (state.pr.min !== null) query = query.where('p.price', '>=', state.pr.min);
    if (state.pr.max !== null) query = query.where('p.price', '<=', state.pr.max);
  }
  for (const group of groups)
    if (group !== except) query = query.where(sql<SqlBool>`${arrayColumn(group.key)} && ${intArray(group.valueIds)}`);
  return query;
}

const orders = {
  1: [['p.popularity', 'desc']],
  2: [['p.price', 'asc']],
  3: [['p.price', 'desc']],
  4: [['p.name', 'asc']],
  5: [['p.name', 'desc']],
  6: [
    ['p.rating', 'desc'],
    ['p.rating_count', 'desc'],
  ],
  7: [['p.created_at', 'desc']],
  8: [['p.popularity', 'desc']],
} as const;

/**
 * The listing of `kind` at `path` (a category path or a brand slug; nothing for a search) with the listing keys of
 * `state`, or null when the store has no such category or brand.
 */
export async function loadListing(db: Db, kind: ScopeKind, path: string, state: ListingState): Promise<Listing | null> {
  const tree = await categoryTree(db);
  const scope = await resolveScope(db, tree, kind, path, state.kw);
  if (!scope) return null;
  const groups = await valueGroups(db, state);
  const all = () => filtered(db, scope, state, groups, null);

  let page = all().select('p.product_id');
  if (state.sort === 8 && state.kw)
    page = page.orderBy(relevance(state.kw, sql.ref('p.search_text')), 'desc').orderBy('p.popularity', 'desc');
  else for (const [column, direction] of orders[state.sort as keyof typeof orders]) page = page.orderBy(column, direction);
  const pageRows = await page
    .orderBy('p.product_id')
    .limit(state.recs)
    .offset((state.page - 1) * state.recs)
    .execute();

  const [products, total, brands, price, categories, attributes] = await Promise.all([
    cardsOf(
      db,
      pageRows.map((row) => row.product_id),
    ),
    all()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n)),
    brandFacet(db, scope, state, groups),
    filtered(db, scope, state, groups, 'pr')
      .select((eb) => [eb.fn.min<number>('p.price').as('min'), eb.fn.max<number>('p.price').as('max')])
      .executeTakeFirstOrThrow(),
    categoryFacet(db, tree, scope, state, groups),
    attributeFacets(db, scope, state, groups),
  ]);

  return {
    scope: {
      kind: scope.kind,
      id: scope.id,
      title: scope.title,
      description: scope.description,
      url: scope.url,
      breadcrumbs: scope.breadcrumbs,
    },
    state,
    products,
    total,
    facets: {
      categories,
      brands,
      price: price.min === null || price.max === null ? null : { min: Number(price.min), max: Number(price.max) },
      attributes,
    },
  };
}

async function brandFacet(db: Db, scope: Scope, state: ListingState, groups: readonly ValueGroup[]) {
  if (scope.kind === 'brand') return [];
  const counts = await filtered(db, scope, state, groups, 'br')
    .innerJoin('brands as b', 'b.brand_id', 'p.brand_id')
    .select((eb) => ['b.brand_id', 'b.name', eb.fn.countAll<number>().as('n')])
    .groupBy(['b.brand_id', 'b.name'])
    .orderBy('b.name')
    .execute();
  const shown = counts.map((row) => ({ id: row.brand_id, name: row.name, count: Number(row.n), chosen: state.br.includes(row.brand_id) }));
  // A chosen brand the other filters leave empty stays listed, so it can be taken back.
  const missing = state.br.filter((id) => !shown.some((brand) => brand.id === id));
  if (missing.length) {
    const rows = await db.selectFrom('brands').select(['brand_id', 'name']).where('brand_id', 'in', missing).execute();
    shown.push(...rows.map((row) => ({ id: row.brand_id, name: row.name, count: 0, chosen: true })));
  }
  return shown;
}

async function categoryFacet(db: Db, tree: CategoryTree, scope: Scope, state: ListingState, groups: readonly ValueGroup[]) {
  const rows = await filtered(db, scope, state, groups, null)
    .select((eb) => ['p.category_id', eb.fn.countAll<number>().as('n')])
    .groupBy('p.category_id')
    .execute();
  const direct = new Map(rows.map((row) => [row.category_id, Number(row.n)]));
  return tree
    .childrenOf(scope.kind === 'category' ? scope.id : null)
    .map((child) => ({
      id: child.id,
      name: child.name,
      url: tree.url(child.id),
      count: tree.subtree(child.id).reduce((sum, id) => sum + (direct.get(id) ?? 0), 0),
    }))
    .filter((child) => child.count > 0);
}

async function attributeFacets(db: Db, scope: Scope, state: ListingState, groups: readonly ValueGroup[]): Promise<AttributeFacet[]> {
  const countsOf = async (key: 'sf' | 'av', except: ValueGroup | null) => {
    const rows = await db
      .selectFrom(
        filtered(db, scope, state, groups, except)
          .select(sql<number>`unnest(${arrayColumn(key)})`.as('value_id'))
          .as('v'),
      )
      .select((eb) => ['v.value_id', eb.fn.countAll<number>().as('n')])
      .groupBy('v.value_id')
      .execute();
    return new Map(rows.map((row) => [row.value_id, Number(row.n)]));
  };
  const [specCounts, variantCounts, groupCounts, values] = await Promise.all([
    countsOf('sf', null),
    countsOf('av', null),
    Promise.all(groups.map((group) => countsOf(group.key, group))),
    db
      .selectFrom('attribute_values as v')
      .innerJoin('attributes as a', 'a.attribute_id', 'v.attribute_id')
      .select(['a.attribute_id', 'a.name as attribute', 'a.display_type', 'v.value_id', 'v.name', 'v.color'])
      .orderBy('a.attribute_id')
      .orderBy('v.sort')
      .orderBy('v.value_id')
      .execute(),
  ]);
  const facets: AttributeFacet[] = [];
  for (const key of ['av', 'sf'] as const) {
    const byAttribute = new Map<number, AttributeFacet>();
    for (const value of values) {
      const group = groups.find((g) => g.key === key && g.attributeId === value.attribute_id);
      const counts = group ? groupCounts[groups.indexOf(group)]! : key === 'sf' ? specCounts : variantCounts;
      const count = counts.get(value.value_id) ?? 0;
      const chosen = state[key].includes(value.value_id);
      if (count === 0 && !chosen) continue;
      const facet = byAttribute.get(value.attribute_id) ?? {
        attributeID: value.attribute_id,
        name: value.attribute,
        displayType: value.display_type,
        key,
        values: [],
      };
      facet.values.push({ id: value.value_id, name: value.name, color: value.color, count, chosen });
      byAttribute.set(value.attribute_id, facet);
    }
    facets.push(...byAttribute.values());
  }
  return facets;
}

/** What the header's search suggests for `kw`: the closest products and the categories whose names match. */
export async function suggest(db: Db, keywords: string): Promise<Suggestions> {
  const kw = keywords.replace(/\s+/g, ' ');
  const [products, tree, categories] = await Promise.all([
    db
      .selectFrom('products as p')
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('product_images as i')
            .select('i.file')
            .whereRef('i.product_id', '=', 'p.product_id')
            .orderBy('i.sort')
            .limit(1)
            .as('img'),
        (join) => join.onTrue(),
      )
      .select(['p.name', 'p.slug', 'img.file'])
      .where('p.is_published', '=', true)
      .where(matches(kw, sql.ref('p.search_text')))
      .orderBy(relevance(kw, sql.ref('p.search_text')), 'desc')
      .orderBy('p.popularity', 'desc')
      .limit(6)
      .execute(),
    categoryTree(db),
    db
      .selectFrom('categories as c')
      .select(['c.category_id', 'c.name'])
      .where(matches(kw, sql<string>`vt_fold(c.name)`))
      .orderBy(relevance(kw, sql<string>`vt_fold(c.name)`), 'desc')
      .limit(3)
      .execute(),
  ]);
  return {
    products: products.map((row) => ({ name: row.name, url: `/${row.slug}`, imageFile: row.file ?? null })),
    categories: categories.map((row) => ({ name: row.name, url: tree.url(row.category_id) })),
  };
}
