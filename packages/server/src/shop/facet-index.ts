import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';

/**
 * Each store's published products as its listings filter, count and sort them, held in memory: counting the facets of
 * a listing of 20,000 products and picking its page takes a millisecond or two here, where the database took tens
 * (issue 15's bench). The database stays the truth. Migration 0007 gives each store a catalogue version, raised in the
 * writing transaction by every statement that changes what a listing uses, with the products it changed; before it
 * answers, a store's copy reads the changes since the version it holds, in the same statement as the version, or reads
 * the store afresh when it is too far behind. So a listing shows what the database held a moment before, in every
 * server process.
 */

/** A published product as listings see it; brands and values by their place in the store's dictionaries. */
interface Entry {
  id: number;
  category: number | null;
  brand: number;
  price: number;
  specs: readonly number[];
  variants: readonly number[];
  popularity: number;
  rating: number;
  ratingCount: number;
  /** Microseconds since 1970, as exact as the database's timestamps. */
  created: number;
}

/**
 * A category's products column by column, built from its entries when first counted after a change: a pass over
 * packed arrays is several times quicker than over objects spread through the heap.
 */
interface Block {
  size: number;
  ids: Int32Array;
  brands: Int32Array;
  prices: Float64Array;
  /** Each product's values are `specs[specStart[i]]` up to `specs[specStart[i + 1]]`; the same for variants. */
  specStart: Int32Array;
  specs: Int32Array;
  variantStart: Int32Array;
  variants: Int32Array;
  entries: Entry[];
}

function blockOf(entries: Entry[]): Block {
  const size = entries.length;
  const block: Block = {
    size,
    ids: new Int32Array(size),
    brands: new Int32Array(size),
    prices: new Float64Array(size),
    specStart: new Int32Array(size + 1),
    specs: new Int32Array(entries.reduce((n, entry) => n + entry.specs.length, 0)),
    variantStart: new Int32Array(size + 1),
    variants: new Int32Array(entries.reduce((n, entry) => n + entry.variants.length, 0)),
    entries,
  };
  let spec = 0;
  let variant = 0;
  entries.forEach((entry, i) => {
    block.ids[i] = entry.id;
    block.brands[i] = entry.brand;
    block.prices[i] = entry.price;
    block.specStart[i] = spec;
    for (const place of entry.specs) block.specs[spec++] = place;
    block.variantStart[i] = variant;
    for (const place of entry.variants) block.variants[variant++] = place;
  });
  block.specStart[size] = spec;
  block.variantStart[size] = variant;
  return block;
}

/** A product's row as the database gives it: id, category, brand, price, spec values, variant values, popularity, rating, ratings, created. */
type Row = [number, number | null, number | null, number, number[], number[], number, number, number, number];

/** A filter a listing's keys set; `facet` names it (`br`, `pr`, `g0`, `g1`… for each chosen attribute). */
export type FacetFilter =
  | { facet: 'br'; brands: readonly number[] }
  | { facet: 'pr'; min: number | null; max: number | null }
  | { facet: `g${number}`; key: 'sf' | 'av'; values: readonly number[] };

/** What a listing holds before its filters: a category with those below it, a brand, the keywords' matches. */
export interface FacetScope {
  categories: readonly number[] | null;
  brand: number | null;
  products: ReadonlySet<number> | null;
}

/** Products counted: in all, per brand, per category they are in (not below), per value of `sf` and `av`, and prices. */
export interface Tally {
  total: number;
  brands: Map<number, number>;
  categories: Map<number | null, number>;
  values: Record<'sf' | 'av', Map<number, number>>;
  price: { min: number; max: number } | null;
}

/** A listing's counts: under every filter, and under every filter but one facet's own. */
export interface FacetCounts {
  all: Tally;
  without(facet: string): Tally;
  /**
   * The ids of the products on the page of `recs` from `offset` in sort order `sort` (§3.15), or null for the orders
   * kept only by the database (by name, which follows its collation; by relevance to keywords).
   */
  page(sort: number, offset: number, recs: number): number[] | null;
  /** The ids of the products that pass every filter. */
  matching(): number[];
}

/** Versions whose changes the database keeps (migration 0007); a copy further behind reads its store afresh. */
const KEPT_VERSIONS = 100;
/** Changed products read one by one at most; more are read with the whole store, which is quicker then. */
const MOST_CHANGES = 5_000;

/** A product placed for a sort: by `a`, then `b`, then its id (every order's tie-break). */
interface Ranked {
  id: number;
  a: number;
  b: number;
}

/** The sort orders of §3.15 this copy can follow, each as the database orders them (descending by negation). */
const rankings: Partial<Record<number, (entry: Entry) => Ranked>> = {
  1: (entry) => ({ id: entry.id, a: -entry.popularity, b: 0 }),
  2: (entry) => ({ id: entry.id, a: entry.price, b: 0 }),
  3: (entry) => ({ id: entry.id, a: -entry.price, b: 0 }),
  6: (entry) => ({ id: entry.id, a: -entry.rating, b: -entry.ratingCount }),
  7: (entry) => ({ id: entry.id, a: -entry.created, b: 0 }),
};
rankings[8] = rankings[1];

const inOrder = (x: Ranked, y: Ranked) => x.a - y.a || x.b - y.b || x.id - y.id;

/** The first `k` in order, without sorting them all when `k` is small. */
function firstInOrder(ranked: readonly Ranked[], k: number): Ranked[] {
  if (k * 8 >= ranked.length) return [...ranked].sort(inOrder).slice(0, k);
  const best: Ranked[] = [];
  for (const item of ranked) {
    if (best.length === k && inOrder(item, best[k - 1]!) >= 0) continue;
    let low = 0;
    let high = best.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (inOrder(best[middle]!, item) <= 0) low = middle + 1;
      else high = middle;
    }
    best.splice(low, 0, item);
    if (best.length > k) best.pop();
  }
  return best;
}

/** Ids given places in order of first sight, so counts can be kept in arrays. */
class Dictionary {
  private readonly places = new Map<number, number>();
  readonly ids: number[] = [];

  placeOf(id: number): number {
    let place = this.places.get(id);
    if (place === undefined) {
      place = this.ids.length;
      this.places.set(id, place);
      this.ids.push(id);
    }
    return place;
  }

  /** A mark for each place: whether its id is one of `ids`. */
  marks(ids: readonly number[]): Uint8Array {
    const marks = new Uint8Array(this.ids.length);
    for (const id of ids) {
      const place = this.places.get(id);
      if (place !== undefined) marks[place] = 1;
    }
    return marks;
  }

  /** Counts by place as a map by id, leaving out the zeros. */
  counted(counts: Int32Array): Map<number, number> {
    const map = new Map<number, number>();
    for (let place = 0; place < counts.length; place++) if (counts[place]) map.set(this.ids[place]!, counts[place]!);
    return map;
  }
}

/** Counts kept in arrays while counting. */
interface Counting {
  total: number;
  brands: Int32Array;
  specs: Int32Array;
  variants: Int32Array;
  categories: Map<number | null, number>;
  min: number;
  max: number;
}

/** One store's copy. */
export class StoreFacets {
  private version: number | null = null;
  private readonly byId = new Map<number, Entry>();
  /** The products of each category (null: none), and their block once built. */
  private readonly members = new Map<number | null, Map<number, Entry>>();
  private readonly blocks = new Map<number | null, Block>();
  private brands = new Dictionary();
  private values = new Dictionary();
  private updating: Promise<void> | null = null;

  /** The counts of a listing, read through `db` (scoped to the store) once the copy is up to date. */
  async count(db: Db, scope: FacetScope, filters: readonly FacetFilter[]): Promise<FacetCounts> {
    await this.upToDate(db);
    return this.counted(scope, filters);
  }

  /** Brings the copy up to the database's latest version; requests that ask together share one read. */
  private upToDate(db: Db): Promise<void> {
    this.updating ??= this.update(db).finally(() => {
      this.updating = null;
    });
    return this.updating;
  }

  private async update(db: Db): Promise<void> {
    if (this.version === null) return this.load(db);
    const rows = await db
      .selectFrom('catalogue_versions as v')
      .leftJoin('catalogue_changes as c', (join) => join.onRef('c.web_id', '=', 'v.web_id').on('c.version', '>', this.version!))
      .leftJoin('products as p', (join) =>
        join.onRef('p.web_id', '=', 'c.web_id').onRef('p.product_id', '=', 'c.product_id').on('p.is_published', '=', true),
      )
      // A product deleted or unpublished has no row: it leaves the copy.
      .select(['v.version', 'c.product_id as changed', sql<Row | null>`CASE WHEN p.product_id IS NOT NULL THEN ${entryRow} END`.as('row')])
      .limit(MOST_CHANGES + 1)
      .execute();
    // A store whose products never changed since migration 0007 has no version yet: 0.
    const latest = rows[0]?.version ?? 0;
    if (latest === this.version) return;
    if (latest - KEPT_VERSIONS >= this.version || rows.length > MOST_CHANGES) return this.load(db);
    for (const { changed, row } of rows) {
      if (changed === null) continue;
      this.remove(changed);
      if (row) this.add(row);
    }
    this.version = latest;
  }

  /** The whole store afresh, with the version it was read at, in one statement (one snapshot). */
  private async load(db: Db): Promise<void> {
    const read = await db
      .selectNoFrom((eb) => [
        eb.selectFrom('catalogue_versions').select('version').as('version'),
        eb
          .selectFrom('products as p')
          .select(sql<string>`coalesce(json_agg(${entryRow}), '[]')::text`.as('rows'))
          .where('p.is_published', '=', true)
          .as('rows'),
      ])
      .executeTakeFirstOrThrow();
    this.byId.clear();
    this.members.clear();
    this.blocks.clear();
    this.brands = new Dictionary();
    this.values = new Dictionary();
    for (const row of JSON.parse(read.rows ?? '[]') as Row[]) this.add(row);
    this.version = read.version ?? 0;
  }

  private add([id, category, brand, price, specs, variants, popularity, rating, ratingCount, created]: Row): void {
    const entry: Entry = {
      id,
      category,
      brand: brand === null ? -1 : this.brands.placeOf(brand),
      price,
      specs: specs.map((value) => this.values.placeOf(value)),
      variants: variants.map((value) => this.values.placeOf(value)),
      popularity,
      rating,
      ratingCount,
      created,
    };
    this.byId.set(id, entry);
    const members = this.members.get(category) ?? new Map<number, Entry>();
    this.members.set(category, members.set(id, entry));
    this.blocks.delete(category);
  }

  private remove(id: number): void {
    const entry = this.byId.get(id);
    if (!entry) return;
    this.byId.delete(id);
    this.members.get(entry.category)!.delete(id);
    this.blocks.delete(entry.category);
  }

  private blockOf(category: number | null): Block | null {
    let block = this.blocks.get(category);
    if (!block) {
      const members = this.members.get(category);
      if (!members?.size) return null;
      this.blocks.set(category, (block = blockOf([...members.values()])));
    }
    return block;
  }

  /**
   * The counts of a listing in one pass over its scope. A product that fails one filter counts only for that filter's
   * own facet (its brands, its price range, its attribute's values), so every facet counts under every filter but its
   * own.
   */
  private counted(scope: FacetScope, filters: readonly FacetFilter[]): FacetCounts {
    const tests = filters.map((filter): ((block: Block, i: number) => boolean) => {
      if (filter.facet === 'br') {
        const marks = this.brands.marks(filter.brands);
        return (block, i) => marks[block.brands[i]!] === 1;
      }
      if (filter.facet === 'pr') {
        const min = filter.min ?? -Infinity;
        const max = filter.max ?? Infinity;
        return (block, i) => block.prices[i]! >= min && block.prices[i]! <= max;
      }
      const marks = this.values.marks(filter.values);
      return filter.key === 'sf'
        ? (block, i) => {
            for (let v = block.specStart[i]!; v < block.specStart[i + 1]!; v++) if (marks[block.specs[v]!] === 1) return true;
            return false;
          }
        : (block, i) => {
            for (let v = block.variantStart[i]!; v < block.variantStart[i + 1]!; v++) if (marks[block.variants[v]!] === 1) return true;
            return false;
          };
    });
    const counting = (): Counting => ({
      total: 0,
      brands: new Int32Array(this.brands.ids.length),
      specs: new Int32Array(this.values.ids.length),
      variants: new Int32Array(this.values.ids.length),
      categories: new Map(),
      min: Infinity,
      max: -Infinity,
    });
    const all = counting();
    const failedOnly = filters.map(counting);
    const passing: Entry[] = [];
    const brand = scope.brand === null ? null : this.brands.marks([scope.brand]);
    for (const category of scope.categories ?? this.members.keys()) {
      const block = this.blockOf(category);
      if (!block) continue;
      let inCategory = 0;
      for (let i = 0; i < block.size; i++) {
        if (brand && brand[block.brands[i]!] !== 1) continue;
        if (scope.products && !scope.products.has(block.ids[i]!)) continue;
        let failed = -1;
        for (let t = 0; t < tests.length; t++) {
          if (tests[t]!(block, i)) continue;
          if (failed >= 0) {
            failed = -2;
            break;
          }
          failed = t;
        }
        const price = block.prices[i]!;
        if (failed === -1) {
          passing.push(block.entries[i]!);
          inCategory++;
          if (block.brands[i]! >= 0) all.brands[block.brands[i]!]!++;
          if (price < all.min) all.min = price;
          if (price > all.max) all.max = price;
          for (let v = block.specStart[i]!; v < block.specStart[i + 1]!; v++) all.specs[block.specs[v]!]!++;
          for (let v = block.variantStart[i]!; v < block.variantStart[i + 1]!; v++) all.variants[block.variants[v]!]!++;
        } else if (failed >= 0) {
          const filter = filters[failed]!;
          const counts = failedOnly[failed]!;
          if (filter.facet === 'br') {
            if (block.brands[i]! >= 0) counts.brands[block.brands[i]!]!++;
          } else if (filter.facet === 'pr') {
            if (price < counts.min) counts.min = price;
            if (price > counts.max) counts.max = price;
          } else if (filter.key === 'sf')
            for (let v = block.specStart[i]!; v < block.specStart[i + 1]!; v++) counts.specs[block.specs[v]!]!++;
          else for (let v = block.variantStart[i]!; v < block.variantStart[i + 1]!; v++) counts.variants[block.variants[v]!]!++;
        }
      }
      if (inCategory) all.categories.set(category, inCategory);
      all.total += inCategory;
    }

    const tallyOf = (counts: Counting): Tally => ({
      total: counts.total,
      brands: this.brands.counted(counts.brands),
      categories: counts.categories,
      values: { sf: this.values.counted(counts.specs), av: this.values.counted(counts.variants) },
      price: counts.min <= counts.max ? { min: counts.min, max: counts.max } : null,
    });
    const allTally = tallyOf(all);
    const leftOut = new Map<number, Tally>();
    return {
      all: allTally,
      without: (facet) => {
        const i = filters.findIndex((filter) => filter.facet === facet);
        if (i < 0) return allTally;
        let tally = leftOut.get(i);
        if (!tally) {
          const extra = failedOnly[i]!;
          const sum = (a: Int32Array, b: Int32Array) => a.map((n, place) => n + b[place]!);
          tally = tallyOf({
            ...all,
            brands: sum(all.brands, extra.brands),
            specs: sum(all.specs, extra.specs),
            variants: sum(all.variants, extra.variants),
            min: Math.min(all.min, extra.min),
            max: Math.max(all.max, extra.max),
          });
          leftOut.set(i, tally);
        }
        return tally;
      },
      matching: () => passing.map((entry) => entry.id),
      page: (sort, offset, recs) => {
        const rank = rankings[sort];
        return rank
          ? firstInOrder(passing.map(rank), offset + recs)
              .slice(offset)
              .map((ranked) => ranked.id)
          : null;
      },
    };
  }
}

/** A product's row as `Row`, from `products as p`. */
const entryRow = sql`json_build_array(p.product_id, p.category_id, p.brand_id, p.price, p.spec_value_ids, p.variant_value_ids,
  p.popularity, p.rating, p.rating_count, (extract(epoch FROM p.created_at) * 1000000)::bigint)`;

/** Every store's copy in this server process, made when the store is first listed. */
export class FacetIndex {
  private readonly stores = new Map<number, StoreFacets>();

  of(webId: number): StoreFacets {
    let store = this.stores.get(webId);
    if (!store) this.stores.set(webId, (store = new StoreFacets()));
    return store;
  }
}
