import { sql, type Expression, type SqlBool } from 'kysely';
import type { AttributeFacet, Listing, ListingState, Suggestions } from '@vitrine/commerce';
import type { Db } from '../db/connect.ts';
import { cardsOf, sortColumns } from './catalog.ts';
import type { FacetCounts, FacetFilter, StoreFacets } from './facet-index.ts';
import { seoMetaOf, textOf } from './product.ts';

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
  /** The owner's SEO title and description (migration 0022). */
  meta: Record<string, string>;
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
    .select(['category_id as id', 'parent_id as parentId', 'name', 'slug', 'description', 'meta'])
    .orderBy('sort')
    .orderBy('category_id')
    .execute();
  return new CategoryTree(rows);
}

/** What a listing shows before its keys narrow it. */
interface Scope extends Omit<Listing['scope'], 'meta'> {
  /** The owner's SEO fields, where the scope has them (a category's). */
  ownMeta: Record<string, string>;
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
      // Kept as the studio's safe HTML; the listing shows it, and search results quote it, as text.
      description: textOf(category.description),
      ownMeta: category.meta,
      url: tree.url(category.id),
      breadcrumbs: [home, ...trail.map((row) => ({ name: row.name, url: tree.url(row.id) }))],
      categoryIds: tree.subtree(category.id),
      brandId: null,
    };
  }
  if (kind === 'brand') {
    const brand = await db
      .selectFrom('brands')
      .select(['brand_id', 'name', 'slug', 'description'])
      .where('slug', '=', path)
      .executeTakeFirst();
    if (!brand) return null;
    const url = `/brand/${brand.slug}`;
    return {
      kind,
      id: brand.brand_id,
      title: brand.name,
      // Kept as the studio's safe HTML, shown as text as a category's is.
      description: textOf(brand.description),
      ownMeta: {},
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
    ownMeta: {},
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
 * A word of the keywords as the search uses it: itself; the store's words one edit away when it is not one of them
 * (`alternatives`, which rank); and every word of the store that stands for it (`words`: close to it or holding it,
 * or holding one of its alternatives), or null when none does and the word is matched against the text as it is.
 */
export interface SearchTerm {
  word: string;
  alternatives: string[];
  words: string[] | null;
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
 * word, but not a swap in a short one ("tbale", "wolo"). Then the store's words that stand for each, found in the
 * vocabulary's trigram index (migration 0007): a product is found by its words in an index of words, which stays
 * quick however common the trigrams of the keywords are, where trigrams over every product's text did not.
 */
export async function searchTerms(db: Db, kw: string): Promise<SearchTerm[]> {
  const words = [...new Set(kw.split(' ').filter((word) => word.length >= NARROWING_LENGTH))];
  if (!words.length) return [];
  const folded = words.map(foldWord);
  // Only words of letters are corrected (the vocabulary has no numbers): a SKU is typed as it is.
  const correctable = (word: string) => /^[a-z]+$/.test(word);
  if (!folded.some(correctable)) return words.map((word) => ({ word, alternatives: [], words: null }));
  const lengths = [...new Set(folded.filter(correctable).flatMap((word) => [word.length - 1, word.length, word.length + 1]))];
  const vocabulary = (
    await db
      .selectFrom('search_words')
      .select('word')
      .where(sql<number>`length(word)`, 'in', lengths)
      .execute()
  ).map((row) => row.word);
  const known = new Set(vocabulary);
  const alternatives = folded.map((word) =>
    known.has(word) || !correctable(word) ? [] : vocabulary.filter((candidate) => oneEditApart(word, candidate)).slice(0, MAX_ALTERNATIVES),
  );

  const close = folded.filter(correctable);
  const held = [...new Set(alternatives.flat())];
  const standing = await db
    .selectFrom([sql<{ t: string }>`unnest(${close}::text[])`.as('t'), 'search_words as w'])
    .select(['t.t as pattern', 'w.word'])
    .where(sql<SqlBool>`t.t <% w.word OR w.word LIKE '%' || t.t || '%'`)
    .unionAll(
      db
        .selectFrom([sql<{ a: string }>`unnest(${held}::text[])`.as('a'), 'search_words as w'])
        .select(['a.a as pattern', 'w.word'])
        .where(sql<SqlBool>`w.word LIKE '%' || a.a || '%'`),
    )
    .execute();
  const standFor = (pattern: string) => standing.filter((row) => row.pattern === pattern).map((row) => row.word);
  return words.map((word, i) => {
    const found = correctable(folded[i]!) ? [...new Set([folded[i]!, ...alternatives[i]!].flatMap(standFor))] : [];
    return { word, alternatives: alternatives[i]!, words: found.length ? found : null };
  });
}

/** A text's words, as the index of words over products' search text holds them (migration 0007). */
const wordsOf = (text: Expression<string>) => sql<string[]>`regexp_split_to_array(${text}, '[^a-z]+')`;

/**
 * Search with typo tolerance, inside the database: every word of four letters or more must be close to a word of the
 * text (trigram word similarity, pg_trgm's `<%`), or stand in one, or have one of its corrections stand in one; shorter
 * words only rank, unless the keywords have nothing longer, when the whole keywords must. So "stonware mugg" finds the
 * Stoneware Mug, "cast irn skillet" the skillet and "oak tbale" the table, while a stray "a" narrows nothing. The
 * words that qualify are looked up in the store's vocabulary first (`searchTerms`), so a product is matched by its
 * words; a word with none (a SKU, or words run together) is matched against the whole text.
 */
export function matches(kw: string, terms: readonly SearchTerm[], text: Expression<string>): Expression<SqlBool> {
  const close = (term: string) => sql<SqlBool>`(${folded(term)} <% ${text} OR ${text} LIKE '%' || ${folded(term)} || '%')`;
  if (!terms.length) return close(kw);
  return sql<SqlBool>`(${sql.join(
    terms.map((term) => (term.words ? sql<SqlBool>`${wordsOf(text)} && ${term.words}::text[]` : close(term.word))),
    sql` AND `,
  )})`;
}

/** How well the text answers the keywords: the closeness of each word (or its best correction), and of the whole. */
export function relevance(kw: string, terms: readonly SearchTerm[], text: Expression<string>) {
  const similarity = (term: string) => sql<number>`word_similarity(${folded(term)}, ${text})`;
  const words = terms.map((term) =>
    term.alternatives.length
      ? sql<number>`greatest(${sql.join([term.word, ...term.alternatives].map(similarity))})`
      : similarity(term.word),
  );
  return sql<number>`(${sql.join([similarity(kw), ...words], sql` + `)})`;
}

/** The filters of `state` as the facet index takes them, in a fixed order: brands, price, then each chosen attribute. */
function filtersOf(state: ListingState, groups: readonly ValueGroup[]): FacetFilter[] {
  const { min, max } = state.pr;
  return [
    ...(state.br.length ? [{ facet: 'br' as const, brands: state.br }] : []),
    ...(min !== null || max !== null ? [{ facet: 'pr' as const, min, max }] : []),
    ...groups.map((group, i) => ({ facet: `g${i}` as const, key: group.key, values: group.valueIds })),
  ];
}

/** A filter's condition on a product, for reading the page's rows. */
function conditionOf(filter: FacetFilter, state: ListingState, groups: readonly ValueGroup[]): Expression<SqlBool> {
  if (filter.facet === 'br') return brandCondition(state);
  if (filter.facet === 'pr') return priceCondition(state);
  return groupCondition(groups[Number(filter.facet.slice(1))]!);
}

/** Matches few enough to be read by id and ordered by the database, rather than found by walking an order's index. */
const FEW_MATCHES = 5_000;

/**
 * The ids of the listing's page. The facet index orders by every sort but the two it cannot follow: by name (the
 * database's collation decides) and by relevance to keywords. For those, a few matches are read by their ids and
 * ordered; many are found by walking the order's index, which meets a match every few rows when they are many.
 */
async function pageIds(
  db: Db,
  scope: Scope,
  state: ListingState,
  terms: readonly SearchTerm[],
  conditions: readonly Expression<SqlBool>[],
  counts: FacetCounts,
): Promise<number[]> {
  const offset = (state.page - 1) * state.recs;
  if (counts.all.total <= offset) return [];
  const byRelevance = Boolean(state.kw) && state.sort === 8;
  const ordered = byRelevance ? null : counts.page(state.sort, offset, state.recs);
  if (ordered) return ordered;
  let matching;
  if (counts.all.total <= FEW_MATCHES)
    matching = db
      .selectFrom('products as p')
      .select('p.product_id')
      .where(sql<SqlBool>`p.product_id = ANY(${sql.val(counts.matching())}::integer[])`);
  else {
    matching = scopeQuery(db, scope, state, terms).select('p.product_id');
    for (const condition of conditions) matching = matching.where(condition);
  }
  if (byRelevance)
    matching = matching.orderBy(relevance(state.kw, terms, sql.ref('p.search_text')), 'desc').orderBy('p.popularity', 'desc');
  else
    for (const [column, direction] of sortColumns[state.sort as keyof typeof sortColumns])
      matching = matching.orderBy(sql.ref(`p.${column}`), direction);
  return (await matching.orderBy('p.product_id').limit(state.recs).offset(offset).execute()).map((row) => row.product_id);
}

/**
 * The listing of `kind` at `path` (a category path or a brand slug; nothing for a search) with the listing keys of
 * `state`, or null when the store has no such category or brand.
 *
 * Keywords are matched in the database first; then the store's facet index (`facets`, kept in memory and brought up
 * to date from the database) counts every facet under every filter but its own and, in most orders, picks the page.
 */
export async function loadListing(
  db: Db,
  facets: StoreFacets,
  kind: ScopeKind,
  path: string,
  state: ListingState,
): Promise<Listing | null> {
  const tree = await categoryTree(db);
  const scope = await resolveScope(db, tree, kind, path, state.kw);
  if (!scope) return null;
  const [groups, terms] = await Promise.all([valueGroups(db, state), state.kw ? searchTerms(db, state.kw) : Promise.resolve([])]);
  const filters = filtersOf(state, groups);
  const found = state.kw
    ? new Set((await scopeQuery(db, scope, state, terms).select('p.product_id').execute()).map((row) => row.product_id))
    : null;
  const counts = await facets.count(
    db,
    {
      categories: scope.categoryIds,
      brand: scope.brandId,
      products: found,
    },
    filters,
  );

  const [cards, brandNames, attributeValues] = await Promise.all([
    pageIds(
      db,
      scope,
      state,
      terms,
      filters.map((filter) => conditionOf(filter, state, groups)),
      counts,
    ).then((ids) => cardsOf(db, ids)),
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

  const brands = brandNames
    .map((brand) => ({
      id: brand.brand_id,
      name: brand.name,
      count: counts.without('br').brands.get(brand.brand_id) ?? 0,
      chosen: state.br.includes(brand.brand_id),
    }))
    // A chosen brand the other filters leave empty stays listed, so it can be taken back.
    .filter((brand) => brand.count > 0 || brand.chosen);

  const inCategory = (id: number) => tree.subtree(id).reduce((sum, below) => sum + (counts.all.categories.get(below) ?? 0), 0);
  const categories = tree
    .childrenOf(scope.kind === 'category' ? scope.id : null)
    .map((child) => ({ id: child.id, name: child.name, url: tree.url(child.id), count: inCategory(child.id) }))
    .filter((child) => child.count > 0);

  const attributes: AttributeFacet[] = [];
  for (const key of ['av', 'sf'] as const) {
    const byAttribute = new Map<number, AttributeFacet>();
    for (const value of attributeValues) {
      // A value of a chosen attribute counts under every filter but that attribute's own (disjunctive).
      const group = groups.findIndex((g) => g.key === key && g.attributeId === value.attribute_id);
      const count = (group >= 0 ? counts.without(`g${group}`) : counts.all).values[key].get(value.value_id) ?? 0;
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
      meta: seoMetaOf(scope.ownMeta, scope),
    },
    state,
    products: cards,
    total: counts.all.total,
    facets: { categories, brands, price: counts.without('pr').price, attributes },
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
      .select(['p.name', 'p.slug', 'img.file', 'p.price', 'p.is_hide_price'])
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
    products: products.map((row) => ({
      name: row.name,
      url: `/${row.slug}`,
      imageFile: row.file ?? null,
      price: row.is_hide_price ? null : Number(row.price),
    })),
    categories: categories.map((row) => ({ name: row.name, url: tree.url(row.category_id) })),
  };
}
