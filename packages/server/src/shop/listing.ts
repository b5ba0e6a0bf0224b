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
function matches(kw: string, terms: readonly SearchTerm[], text: Expression<string>): Expression<SqlBool> {
  const close = (term: string) => sql<SqlBool>`(${folded(term)} <% ${text} OR ${text} LIKE '%' || ${folded(term)} || '%')`;
  if (!terms.length) return close(kw);
  return sql<SqlBool>`(${sql.join(
    terms.map((term) => (term.words ? sql<SqlBool>`${wordsOf(text)} && ${term.words}::text[]` : close(term.word))),
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

/**
 * A filter the listing keys set: its condition on a product, the facet that leaves it out (`br`, `pr`, `g0`…) and the
 * column that facet counts by (the price range is the plain min and max).
 */
interface Filter {
  facet: string;
  condition: Expression<SqlBool>;
  counts: 'price' | 'brand_id' | 'spec_value_ids' | 'variant_value_ids';
}

/** The filters of `state`, in a fixed order: brands, price, then each chosen attribute. */
function filtersOf(state: ListingState, groups: readonly ValueGroup[]): Filter[] {
  const { min, max } = state.pr;
  return [
    ...(state.br.length ? [{ facet: 'br', condition: brandCondition(state), counts: 'brand_id' as const }] : []),
    ...(min !== null || max !== null ? [{ facet: 'pr', condition: priceCondition(state), counts: 'price' as const }] : []),
    ...groups.map((group, i) => ({
      facet: `g${i}`,
      condition: groupCondition(group),
      counts: group.key === 'sf' ? ('spec_value_ids' as const) : ('variant_value_ids' as const),
    })),
  ];
}

/** Products counted: in all, per brand, per category and per value (`sf:12`, `av:7`), and their price range. */
interface Tally {
  total: number;
  brands: Map<number, number>;
  price: { min: number; max: number } | null;
  values: Map<string, number>;
  /** Products in the category with everything below it. */
  inCategory: (id: number) => number;
}

const emptyTally = (): Tally => ({ total: 0, brands: new Map(), price: null, values: new Map(), inCategory: () => 0 });
const add = <K>(map: Map<K, number>, key: K, n: number) => map.set(key, (map.get(key) ?? 0) + n);

/**
 * The counts kept ahead for category `node` (0: the whole store) and its sub-categories (migration 0007): every facet
 * of the scope with no filter, read from a few hundred rows.
 */
async function keptTally(db: Db, node: number, children: readonly number[]): Promise<{ tally: Tally; storeTotal: number }> {
  const totals = [...new Set([0, ...children])];
  const [rows, price] = await Promise.all([
    db
      .selectFrom('facet_counts')
      .select(['category_id', 'kind', 'value_id', 'products'])
      .where('products', '>', 0)
      .where((eb) =>
        eb.or([
          eb.and([eb('category_id', '=', node), eb('kind', 'in', ['total', 'brand', 'spec', 'variant'])]),
          eb.and([eb('category_id', 'in', totals), eb('kind', '=', 'total')]),
        ]),
      )
      .execute(),
    db
      .selectFrom('facet_counts')
      .select([sql<number | null>`min(value_id)`.as('min'), sql<number | null>`max(value_id)`.as('max')])
      .where('category_id', '=', node)
      .where('kind', '=', 'price')
      .where('products', '>', 0)
      .executeTakeFirstOrThrow(),
  ]);
  const tally = emptyTally();
  const totalOf = new Map<number, number>();
  for (const row of rows) {
    if (row.kind === 'total') totalOf.set(row.category_id, row.products);
    else if (row.kind === 'brand') tally.brands.set(row.value_id, row.products);
    else tally.values.set(`${row.kind === 'spec' ? 'sf' : 'av'}:${row.value_id}`, row.products);
  }
  tally.total = totalOf.get(node) ?? 0;
  tally.inCategory = (id) => totalOf.get(id) ?? 0;
  tally.price = price.min === null || price.max === null ? null : { min: price.min, max: price.max };
  return { tally, storeTotal: totalOf.get(0) ?? 0 };
}

/**
 * The ids of the listing's page. A sort order's index gives the first rows of a category at once when the listing's
 * products are many; when they are few among many, walking that index would pass over most of the store before
 * finding them (a price range no product of the category has, a rare brand), so those few are read from the covering
 * index and sorted. The counts kept ahead say which: `kept` has the scope's size and the store's.
 */
async function pageIds(
  db: Db,
  scope: Scope,
  state: ListingState,
  terms: readonly SearchTerm[],
  filters: readonly Filter[],
  total: number,
  kept: { tally: Tally; storeTotal: number } | null,
): Promise<number[]> {
  const offset = (state.page - 1) * state.recs;
  if (total <= offset) return [];
  let matching = scopeQuery(db, scope, state, terms).select('p.product_id');
  for (const filter of filters) matching = matching.where(filter.condition);
  const columns = sortColumns[state.sort as keyof typeof sortColumns];
  let page;
  if (state.kw && state.sort === 8)
    page = matching
      .orderBy(relevance(state.kw, terms, sql.ref('p.search_text')), 'desc')
      .orderBy('p.popularity', 'desc')
      .orderBy('p.product_id');
  else {
    // Rows an index walk reads before it has the page if the listing's products were spread evenly through the store.
    // Each costs several times a covering index entry (a table row is read for it), and they are seldom spread evenly
    // (a kitchen's goods are the cheap end of a sort by price), while sorting the matches costs reading the scope's
    // entries once, however the filters fall: so the walk is taken only when it is clearly the shorter.
    const walked = kept ? ((offset + state.recs) * kept.storeTotal) / total : 0;
    const sorted = kept && 8 * walked > kept.tally.total;
    let ordered = sorted
      ? db
          .selectFrom(
            matching
              .select(columns.map(([column]) => sql.ref(`p.${column}`).as(column)))
              // OFFSET 0 keeps the matches a subquery of their own, read from the covering index, not in sort order.
              .offset(0)
              .as('p'),
          )
          .select('p.product_id')
      : matching;
    for (const [column, direction] of columns) ordered = ordered.orderBy(sql.ref(`p.${column}`), direction);
    page = ordered.orderBy('p.product_id');
  }
  return (await page.limit(state.recs).offset(offset).execute()).map((row) => row.product_id);
}

/**
 * The facets counted from the products themselves, in one statement: the scope's rows that fail at most one filter
 * (only those that pass them all when `passingOnly`), each marked with the filter it fails (-1 for none), grouped at
 * once by brand, category, specification values and variant values. Values are grouped as the arrays products hold
 * (a few hundred distinct ones) and unnested here, which is much cheaper than unnesting every product's array. The
 * tally under "every filter but X" is then the rows that pass everything plus those that fail X alone.
 */
async function countedTallies(
  db: Db,
  scope: Scope,
  state: ListingState,
  terms: readonly SearchTerm[],
  filters: readonly Filter[],
  tree: CategoryTree,
  passingOnly: boolean,
): Promise<(leaveOut: string | null) => Tally> {
  const fails = (filter: Filter) => sql<number>`(CASE WHEN ${filter.condition} THEN 0 ELSE 1 END)`;
  const failing =
    filters.length && !passingOnly
      ? sql<number>`CASE ${sql.join(
          filters.map((filter, i) => sql`WHEN ${fails(filter)} = 1 THEN ${sql.lit(i)}`),
          sql` `,
        )} ELSE -1 END`
      : sql<number>`-1`;
  let rows = scopeQuery(db, scope, state, terms).select([
    'p.brand_id',
    'p.category_id',
    'p.price',
    'p.spec_value_ids',
    'p.variant_value_ids',
    failing.as('fail'),
  ]);
  if (filters.length && passingOnly) for (const filter of filters) rows = rows.where(filter.condition);
  else if (filters.length > 1) rows = rows.where(sql<SqlBool>`(${sql.join(filters.map(fails), sql` + `)}) <= 1`);
  // A row that fails one filter counts for that filter's facet alone: in the other sets it falls in one null group.
  const keyFor = <C extends 'brand_id' | 'category_id' | 'spec_value_ids' | 'variant_value_ids'>(column: C) => {
    const failures = filters.flatMap((filter, i) => (filter.counts === column ? [i] : []));
    return sql<Row[C] | null>`CASE WHEN f.fail IN (${sql.join([-1, ...failures].map((i) => sql.lit(i)))}) THEN f.${sql.raw(column)} END`.as(
      column,
    );
  };
  type Row = { brand_id: number | null; category_id: number | null; spec_value_ids: number[]; variant_value_ids: number[] };
  const keyed = db
    // OFFSET 0 keeps the subquery whole, so that each row's failing filter is worked out once, not once per set.
    .selectFrom(rows.offset(0).as('f'))
    .select(['f.fail', 'f.price', keyFor('brand_id'), keyFor('category_id'), keyFor('spec_value_ids'), keyFor('variant_value_ids')]);
  const grouped = await db
    .selectFrom(keyed.as('s'))
    .select([
      sql<'all' | 'brand' | 'category' | 'spec' | 'variant'>`CASE grouping(s.brand_id, s.category_id, s.spec_value_ids, s.variant_value_ids)
        WHEN 7 THEN 'brand' WHEN 11 THEN 'category' WHEN 13 THEN 'spec' WHEN 14 THEN 'variant' ELSE 'all' END`.as('set'),
      's.fail',
      's.brand_id',
      's.category_id',
      's.spec_value_ids',
      's.variant_value_ids',
      sql<number>`count(*)`.as('n'),
      sql<number>`min(s.price)`.as('min'),
      sql<number>`max(s.price)`.as('max'),
    ])
    .groupBy(
      sql`GROUPING SETS ((s.fail), (s.fail, s.brand_id), (s.fail, s.category_id), (s.fail, s.spec_value_ids), (s.fail, s.variant_value_ids))`,
    )
    .execute();

  const byFail = new Map<number, { tally: Tally; direct: Map<number | null, number> }>();
  for (const row of grouped) {
    const fail = Number(row.fail);
    const part = byFail.get(fail) ?? { tally: emptyTally(), direct: new Map() };
    byFail.set(fail, part);
    const n = Number(row.n);
    if (row.set === 'all') {
      part.tally.total = n;
      part.tally.price = { min: Number(row.min), max: Number(row.max) };
    } else if (row.set === 'brand') {
      if (row.brand_id !== null) add(part.tally.brands, row.brand_id, n);
    } else if (row.set === 'category') add(part.direct, row.category_id, n);
    else if (row.set === 'spec') for (const id of row.spec_value_ids ?? []) add(part.tally.values, `sf:${id}`, n);
    else for (const id of row.variant_value_ids ?? []) add(part.tally.values, `av:${id}`, n);
  }
  return (leaveOut) => {
    const left = filters.findIndex((filter) => filter.facet === leaveOut);
    const parts = [byFail.get(-1), left >= 0 ? byFail.get(left) : undefined].filter((part) => part !== undefined);
    const tally = emptyTally();
    const direct = new Map<number | null, number>();
    for (const part of parts) {
      tally.total += part.tally.total;
      for (const [id, n] of part.tally.brands) add(tally.brands, id, n);
      for (const [key, n] of part.tally.values) add(tally.values, key, n);
      for (const [id, n] of part.direct) add(direct, id, n);
      const price = part.tally.price;
      if (price)
        tally.price = tally.price ? { min: Math.min(tally.price.min, price.min), max: Math.max(tally.price.max, price.max) } : price;
    }
    tally.inCategory = (id) => tree.subtree(id).reduce((sum, below) => sum + (direct.get(below) ?? 0), 0);
    return tally;
  };
}

/**
 * The listing of `kind` at `path` (a category path or a brand slug; nothing for a search) with the listing keys of
 * `state`, or null when the store has no such category or brand.
 *
 * The page is read from the table itself, so a sort order's index gives the first rows of a large category at once.
 * Each facet counts under every filter but its own. A category or the whole store without keywords reads the counts
 * kept ahead (migration 0007) for every facet that no filter narrows: all of them with no filter, the chosen one's
 * own with one. Everything else is counted from the products in one statement over the covering index.
 */
export async function loadListing(db: Db, kind: ScopeKind, path: string, state: ListingState): Promise<Listing | null> {
  const tree = await categoryTree(db);
  const scope = await resolveScope(db, tree, kind, path, state.kw);
  if (!scope) return null;
  const [groups, terms] = await Promise.all([valueGroups(db, state), state.kw ? searchTerms(db, state.kw) : Promise.resolve([])]);
  const filters = filtersOf(state, groups);

  const children = tree.childrenOf(scope.kind === 'category' ? scope.id : null);
  const node = scope.kind === 'brand' || state.kw ? null : (scope.id ?? 0);
  const kept =
    node === null
      ? null
      : keptTally(
          db,
          node,
          children.map((child) => child.id),
        );
  const keptAnswers = kept !== null && filters.length <= 1;
  const counted = keptAnswers && !filters.length ? null : countedTallies(db, scope, state, terms, filters, tree, keptAnswers);
  /** The facet that leaves out `facet`'s filter (or none), from the kept counts when no other filter narrows it. */
  const tallyWithout = async (facet: string | null): Promise<Tally> =>
    keptAnswers && filters.every((filter) => filter.facet === facet) ? (await kept).tally : (await counted!)(facet);
  const products = tallyWithout(null).then(async ({ total }) =>
    cardsOf(db, await pageIds(db, scope, state, terms, filters, total, kept && (await kept))),
  );

  const [all, brandTally, priceTally, groupTallies, cards, brandNames, attributeValues] = await Promise.all([
    tallyWithout(null),
    tallyWithout('br'),
    tallyWithout('pr'),
    Promise.all(groups.map((_, i) => tallyWithout(`g${i}`))),
    products,
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
      count: brandTally.brands.get(brand.brand_id) ?? 0,
      chosen: state.br.includes(brand.brand_id),
    }))
    // A chosen brand the other filters leave empty stays listed, so it can be taken back.
    .filter((brand) => brand.count > 0 || brand.chosen);

  const categories = children
    .map((child) => ({ id: child.id, name: child.name, url: tree.url(child.id), count: all.inCategory(child.id) }))
    .filter((child) => child.count > 0);

  const attributes: AttributeFacet[] = [];
  for (const key of ['av', 'sf'] as const) {
    const byAttribute = new Map<number, AttributeFacet>();
    for (const value of attributeValues) {
      // A value of a chosen attribute counts under every filter but that attribute's own (disjunctive).
      const group = groups.findIndex((g) => g.key === key && g.attributeId === value.attribute_id);
      const count = (group >= 0 ? groupTallies[group]! : all).values.get(`${key}:${value.value_id}`) ?? 0;
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
    products: cards,
    total: all.total,
    facets: { categories, brands, price: priceTally.price, attributes },
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
