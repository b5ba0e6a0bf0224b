import { sql, type Expression, type SqlBool } from 'kysely';
import type { AttributeFacet, Listing, ListingState, Suggestions } from '@vitrine/commerce';
import type { Db } from '../db/connect.ts';
import { cardsOf, sortColumns } from './catalog.ts';

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

/** A word of the keywords as the search uses it: itself, and the store's words one edit away when it is not one. */
export interface SearchTerm {
  word: string;
  alternatives: string[];
}

/** Whether `a` becomes `b` by one edit: a letter dropped, added, changed, or two neighbours swapped. */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length)
    return a.slice(i + 1) === b.slice(i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2));
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** Folded as the database folds (lower case, accents off), for looking words up in the store's vocabulary. */
const foldWord = (word: string) => word.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');

/** Words shorter than this only rank; they never narrow a search (a stray "a" or "irn"). */
const NARROWING_LENGTH = 4;
/** The most corrections one word is widened by. */
const MAX_ALTERNATIVES = 5;

/**
 * The keywords' words of four letters or more, each with the store's own words one edit away when the word itself
 * is not one of them (search_words, kept by migration 0006): trigrams forgive a missed or doubled letter in a long
 * word, but not a swap in a short one ("tbale", "wolo").
 */
export async function searchTerms(db: Db, kw: string): Promise<SearchTerm[]> {
  const words = [...new Set(kw.split(' ').filter((word) => word.length >= NARROWING_LENGTH))];
  if (!words.length) return [];
  const folded = words.map(foldWord);
  // Only words of letters are corrected (the vocabulary has no numbers): a SKU is typed as it is.
  const correctable = folded.filter((word) => /^[a-z]+$/.test(word));
  if (!correctable.length) return words.map((word) => ({ word, alternatives: [] }));
  const lengths = [...new Set(correctable.flatMap((word) => [word.length - 1, word.length, word.length + 1]))];
  const vocabulary = (
    await db
      .selectFrom('search_words')
      .select('word')
      .where(sql<number>`length(word)`, 'in', lengths)
      .execute()
  ).map((row) => row.word);
  const known = new Set(vocabulary);
  return words.map((word, i) => ({
    word,
    alternatives:
      known.has(folded[i]!) || !/^[a-z]+$/.test(folded[i]!)
        ? []
        : vocabulary.filter((candidate) => oneEditApart(folded[i]!, candidate)).slice(0, MAX_ALTERNATIVES),
  }));
}

/**
 * Search with typo tolerance, inside the database: every word of four letters or more must be close to a word of the
 * text (trigram word similarity, pg_trgm's `<%`) or stand in it — itself or one of its corrections; shorter words
 * only rank, unless the keywords have nothing longer, when the whole keywords must. So "stonware mugg" finds the
 * Stoneware Mug, "cast irn skillet" the skillet and "oak tbale" the table, while a stray "a" narrows nothing.
 */
function matches(kw: string, terms: readonly SearchTerm[], text: Expression<string>): Expression<SqlBool> {
  const close = (term: string) => sql<SqlBool>`(${folded(term)} <% ${text} OR ${text} LIKE '%' || ${folded(term)} || '%')`;
  // A correction is one of the store's own words: it must stand in the text as it is, or every near word of it
  // would widen the search to products nobody asked for.
  const within = (word: string) => sql<SqlBool>`${text} LIKE ${`%${word}%`}`;
  if (!terms.length) return close(kw);
  return sql<SqlBool>`(${sql.join(
    terms.map((term) => sql<SqlBool>`(${sql.join([close(term.word), ...term.alternatives.map(within)], sql` OR `)})`),
    sql` AND `,
  )})`;
}

/** How well the text answers the keywords: the closeness of each word (or its best correction), and of the whole. */
function relevance(kw: string, terms: readonly SearchTerm[], text: Expression<string>) {
  const similarity = (term: string) => sql<number>`word_similarity(${folded(term)}, ${text})`;
  const words = terms.map((term) =>
    term.alternatives.length
      ? sql<number>`greatest(${sql.join([term.word, ...term.alternatives].map(similarity))})`
      : similarity(term.word),
  );
  return sql<number>`(${sql.join([similarity(kw), ...words], sql` + `)})`;
}

/** One pass over the scope: what the single listing statement answers, as JSON from the database. */
interface ListingRow {
  total: number;
  brands: { id: number; n: number }[] | null;
  price: { min: number | null; max: number | null };
  categories: { id: number | null; n: number }[] | null;
  /** Each value's count under every filter (`n`), and under every filter but each chosen group's own (`g0`, `g1`…). */
  values: ({ key: 'sf' | 'av'; id: number; n: number } & Record<string, number>)[] | null;
}

/**
 * The listing of `kind` at `path` (a category path or a brand slug; nothing for a search) with the listing keys of
 * `state`, or null when the store has no such category or brand.
 *
 * The page is read from the table itself, so a sort order's index gives the first rows of a large category at once.
 * Everything else comes from one statement that reads the scope once (a narrow materialized CTE with a flag for each
 * filter key): the total, the price range and every facet, each facet counting with `FILTER` under every flag but
 * its own. Separate queries scanned a large category seven times.
 */
export async function loadListing(db: Db, kind: ScopeKind, path: string, state: ListingState): Promise<Listing | null> {
  const tree = await categoryTree(db);
  const scope = await resolveScope(db, tree, kind, path, state.kw);
  if (!scope) return null;
  const [groups, terms] = await Promise.all([valueGroups(db, state), state.kw ? searchTerms(db, state.kw) : Promise.resolve([])]);

  let page = scopeQuery(db, scope, state, terms).select('p.product_id').where(brandCondition(state)).where(priceCondition(state));
  for (const group of groups) page = page.where(groupCondition(group));
  if (state.kw && state.sort === 8)
    page = page.orderBy(relevance(state.kw, terms, sql.ref('p.search_text')), 'desc').orderBy('p.popularity', 'desc');
  else
    for (const [column, direction] of sortColumns[state.sort as keyof typeof sortColumns])
      page = page.orderBy(sql.ref(`p.${column}`), direction);
  const pageRows = page
    .orderBy('p.product_id')
    .limit(state.recs)
    .offset((state.page - 1) * state.recs)
    .execute();

  const base = scopeQuery(db, scope, state, terms).select([
    'p.brand_id',
    'p.category_id',
    'p.price',
    'p.spec_value_ids',
    'p.variant_value_ids',
    sql<boolean>`${brandCondition(state)}`.as('f_br'),
    sql<boolean>`${priceCondition(state)}`.as('f_pr'),
    ...groups.map((group, i) => sql<boolean>`${groupCondition(group)}`.as(`f_g${i}`)),
  ]);
  // The flags every row must pass, leaving out one key's own for its facet.
  const flags = ['f_br', 'f_pr', ...groups.map((_, i) => `f_g${i}`)];
  const passing = (leaveOut: string | null) => sql.raw(flags.filter((flag) => flag !== leaveOut).join(' AND '));
  const groupCounts = groups.map((_, i) => sql`, 'g${sql.raw(String(i))}', count(*) FILTER (WHERE ${passing(`f_g${i}`)})`);
  const valueCounts = (key: 'sf' | 'av') =>
    sql`SELECT ${sql.lit(key)} AS key, v AS id, json_build_object('n', count(*) FILTER (WHERE ${passing(null)})${sql.join(groupCounts, sql``)}) AS counts
        FROM s, unnest(s.${sql.raw(key === 'sf' ? 'spec_value_ids' : 'variant_value_ids')}) v GROUP BY v`;
  const total = sql<number>`(SELECT count(*) FROM s WHERE ${passing(null)})`;
  const brandsByCount = sql<ListingRow['brands']>`(SELECT json_agg(json_build_object('id', brand_id, 'n', n))
    FROM (SELECT brand_id, count(*) FILTER (WHERE ${passing('f_br')}) AS n FROM s WHERE brand_id IS NOT NULL GROUP BY brand_id) x)`;
  const priceRange = sql<ListingRow['price']>`(SELECT json_build_object('min', min(price) FILTER (WHERE ${passing('f_pr')}),
    'max', max(price) FILTER (WHERE ${passing('f_pr')})) FROM s)`;
  const categoriesByCount = sql<ListingRow['categories']>`(SELECT json_agg(json_build_object('id', category_id, 'n', n))
    FROM (SELECT category_id, count(*) AS n FROM s WHERE ${passing(null)} GROUP BY category_id) x)`;
  const valuesByCount = sql<ListingRow['values']>`(SELECT json_agg(jsonb_build_object('key', key, 'id', id) || counts::jsonb)
    FROM (${valueCounts('sf')} UNION ALL ${valueCounts('av')}) x)`;
  const counting = db
    .with(
      (cte) => cte('s').materialized(),
      () => base,
    )
    .selectNoFrom([
      total.as('total'),
      brandsByCount.as('brands'),
      priceRange.as('price'),
      categoriesByCount.as('categories'),
      valuesByCount.as('values'),
    ])
    .executeTakeFirstOrThrow() as Promise<unknown> as Promise<ListingRow>;

  const [row, products, brandNames, attributeValues] = await Promise.all([
    counting,
    pageRows.then((rows) =>
      cardsOf(
        db,
        rows.map((r) => r.product_id),
      ),
    ),
    scope.kind === 'brand' ? Promise.resolve([]) : db.selectFrom('brands').select(['brand_id', 'name']).orderBy('name').execute(),
    db
      .selectFrom('attribute_values as v')
      .innerJoin('attributes as a', 'a.attribute_id', 'v.attribute_id')
      .select(['a.attribute_id', 'a.name as attribute', 'a.display_type', 'v.value_id', 'v.name', 'v.color'])
      .orderBy('a.attribute_id')
      .orderBy('v.sort')
      .orderBy('v.value_id')
      .execute(),
  ]);

  const brandCounts = new Map((row.brands ?? []).map((brand) => [brand.id, Number(brand.n)]));
  const brands = brandNames
    .map((brand) => ({
      id: brand.brand_id,
      name: brand.name,
      count: brandCounts.get(brand.brand_id) ?? 0,
      chosen: state.br.includes(brand.brand_id),
    }))
    // A chosen brand the other filters leave empty stays listed, so it can be taken back.
    .filter((brand) => brand.count > 0 || brand.chosen);

  const direct = new Map((row.categories ?? []).map((category) => [category.id, Number(category.n)]));
  const categories = tree
    .childrenOf(scope.kind === 'category' ? scope.id : null)
    .map((child) => ({
      id: child.id,
      name: child.name,
      url: tree.url(child.id),
      count: tree.subtree(child.id).reduce((sum, id) => sum + (direct.get(id) ?? 0), 0),
    }))
    .filter((child) => child.count > 0);

  const counted = new Map((row.values ?? []).map((value) => [`${value.key}:${value.id}`, value]));
  const attributes: AttributeFacet[] = [];
  for (const key of ['av', 'sf'] as const) {
    const byAttribute = new Map<number, AttributeFacet>();
    for (const value of attributeValues) {
      const counts = counted.get(`${key}:${value.value_id}`);
      // A value of a chosen attribute counts under every filter but that attribute's own (disjunctive).
      const group = groups.findIndex((g) => g.key === key && g.attributeId === value.attribute_id);
      const count = Number((group >= 0 ? counts?.[`g${group}`] : counts?.n) ?? 0);
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
    attributes.push(...byAttribute.values());
  }

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
    total: Number(row.total),
    facets: {
      categories,
      brands,
      price: row.price.min === null || row.price.max === null ? null : { min: Number(row.price.min), max: Number(row.price.max) },
      attributes,
    },
  };
}

/** The products of the scope (a category's branch, a brand) that the keywords find, before the filters. */
function scopeQuery(db: Db, scope: Scope, state: ListingState, terms: readonly SearchTerm[]) {
  let query = db.selectFrom('products as p').where('p.is_published', '=', true);
  if (scope.categoryIds) query = query.where('p.category_id', 'in', scope.categoryIds);
  if (scope.brandId !== null) query = query.where('p.brand_id', '=', scope.brandId);
  if (state.kw) query = query.where(matches(state.kw, terms, sql.ref('p.search_text')));
  return query;
}

/** The chosen brands (`br`) as a condition (true when none is chosen). */
function brandCondition(state: ListingState) {
  return state.br.length ? sql<SqlBool>`p.brand_id IN (${sql.join(state.br.map((id) => sql.lit(id)))})` : sql<SqlBool>`true`;
}

/** One attribute's chosen values (`sf` or `av`) as a condition: the product has any of them. */
function groupCondition(group: ValueGroup) {
  return sql<SqlBool>`${arrayColumn(group.key)} && ${intArray(group.valueIds)}`;
}

/** The price range of the listing keys as a condition on the product's price (true when open at both ends). */
function priceCondition(state: ListingState) {
  const { min, max } = state.pr;
  if (min === null && max === null) return sql<SqlBool>`true`;
  if (min === null) return sql<SqlBool>`p.price <= ${sql.lit(max)}`;
  if (max === null) return sql<SqlBool>`p.price >= ${sql.lit(min)}`;
  return sql<SqlBool>`p.price BETWEEN ${sql.lit(min)} AND ${sql.lit(max)}`;
}

/** What the header's search suggests for `kw`: the closest products and the categories whose names match. */
export async function suggest(db: Db, keywords: string): Promise<Suggestions> {
  const kw = keywords.replace(/\s+/g, ' ');
  const terms = await searchTerms(db, kw);
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
      .where(matches(kw, terms, sql.ref('p.search_text')))
      .orderBy(relevance(kw, terms, sql.ref('p.search_text')), 'desc')
      .orderBy('p.popularity', 'desc')
      .limit(6)
      .execute(),
    categoryTree(db),
    db
      .selectFrom('categories as c')
      .select(['c.category_id', 'c.name'])
      .where(matches(kw, terms, sql<string>`vt_fold(c.name)`))
      .orderBy(relevance(kw, terms, sql<string>`vt_fold(c.name)`), 'desc')
      .limit(3)
      .execute(),
  ]);
  return {
    products: products.map((row) => ({ name: row.name, url: `/${row.slug}`, imageFile: row.file ?? null })),
    categories: categories.map((row) => ({ name: row.name, url: tree.url(row.category_id) })),
  };
}
