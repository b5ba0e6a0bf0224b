import { z } from 'zod';
import { attributeDisplayTypes } from './enums.ts';
import { productCard } from './api.ts';

/**
 * A listing (category, brand or search results, §2.3) and its URL: the keys kw, br, pr, sf, sort, page, recs, view
 * and av are the page's whole state, so a shared link or back/forward shows the same products.
 *
 * - `kw` keywords; `br` brand ids; `sf` product specification value ids (a material, a fit); `av` variant attribute
 *   values (a colour, a size), all comma-separated. Values of one attribute widen the result (any of them), different
 *   attributes and different keys narrow it (all of them).
 * - `pr` a price range `min-max` in whole units of the store's own currency; either end may be left open (`20-`, `-80`).
 * - `sort` 1–8 (§3.15); without it a search sorts by relevance (8) and anything else by popularity (1).
 * - `page` from 1; `recs` products per page; `view` grid or list.
 */

/** Products per page a shopper may choose. */
export const listingPageSizes = [12, 24, 48] as const;
export const DEFAULT_PAGE_SIZE = 24;
/** Keywords longer than this are cut: nobody types them, and every character costs the search. */
export const MAX_KEYWORDS_LENGTH = 100;
/** Values one filter key may name. */
const MAX_IDS = 50;

export const listingViews = ['grid', 'list'] as const;
export type ListingView = (typeof listingViews)[number];

const idList = z
  .string()
  .regex(/^\d{1,9}(,\d{1,9})*$/, 'must be ids separated by commas')
  .transform((text) => [...new Set(text.split(',').map(Number))].filter((id) => id > 0).sort((a, b) => a - b))
  .refine((ids) => ids.length <= MAX_IDS, `must name at most ${MAX_IDS} values`);

/** A price range in minor units; an end left open is null. */
export interface PriceRange {
  min: number | null;
  max: number | null;
}

const priceRange = z
  .string()
  .regex(/^(\d{1,9}(\.\d{1,2})?)?-(\d{1,9}(\.\d{1,2})?)?$/, 'must be a range such as 20-80')
  .transform((text): PriceRange => {
    const [low = '', high = ''] = text.split('-');
    const minor = (part: string) => (part === '' ? null : Math.round(Number(part) * 100));
    const range = { min: minor(low), max: minor(high) };
    return range.min !== null && range.max !== null && range.min > range.max ? { min: range.max, max: range.min } : range;
  });

/** The listing keys as the API takes them (a 400 names the key at fault). */
export const listingKeys = z.object({
  kw: z
    .string()
    .max(500)
    .transform((text) => text.trim().replace(/\s+/g, ' ').slice(0, MAX_KEYWORDS_LENGTH))
    .optional(),
  br: idList.optional(),
  pr: priceRange.optional(),
  sf: idList.optional(),
  av: idList.optional(),
  sort: z.coerce.number().int().min(1).max(8).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
  recs: z.coerce
    .number()
    .int()
    .refine((n) => (listingPageSizes as readonly number[]).includes(n), `must be one of ${listingPageSizes.join(', ')}`)
    .optional(),
  view: z.enum(listingViews).optional(),
});
export type ListingKeysInput = z.input<typeof listingKeys>;

/** The keys a listing was drawn with, every one filled in. */
export interface ListingState {
  kw: string;
  br: number[];
  pr: PriceRange;
  sf: number[];
  av: number[];
  sort: number;
  page: number;
  recs: number;
  view: ListingView;
}

/** The state of keys as parsed: defaults filled in (relevance first for a search, popularity otherwise). */
export function listingState(keys: z.output<typeof listingKeys>): ListingState {
  const kw = keys.kw ?? '';
  return {
    kw,
    br: keys.br ?? [],
    pr: keys.pr ?? { min: null, max: null },
    sf: keys.sf ?? [],
    av: keys.av ?? [],
    sort: keys.sort ?? (kw ? 8 : 1),
    page: keys.page ?? 1,
    recs: keys.recs ?? DEFAULT_PAGE_SIZE,
    view: keys.view ?? 'grid',
  };
}

/**
 * Reads a listing's keys from its URL as a shopper's link gives them: a key that does not parse is left out (the
 * page still shows, as if it were not there), never an error page.
 */
export function readListingUrl(params: URLSearchParams): ListingState {
  const keys: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(listingKeys.shape)) {
    const raw = params.get(key);
    if (raw === null || raw === '') continue;
    const parsed = schema.safeParse(raw);
    if (parsed.success) keys[key] = parsed.data;
  }
  return listingState(keys as z.output<typeof listingKeys>);
}

const units = (minor: number) => String(minor / 100);

/**
 * The query string of a listing state, defaults left out and keys in the order of §2.3, so that one state has one
 * address. `search` is '' or starts with '?'.
 */
export function listingSearch(state: ListingState): string {
  const params = new URLSearchParams();
  const defaults = listingState({});
  if (state.kw) params.set('kw', state.kw);
  if (state.br.length) params.set('br', state.br.join(','));
  if (state.pr.min !== null || state.pr.max !== null)
    params.set('pr', `${state.pr.min === null ? '' : units(state.pr.min)}-${state.pr.max === null ? '' : units(state.pr.max)}`);
  if (state.sf.length) params.set('sf', state.sf.join(','));
  if (state.sort !== (state.kw ? 8 : 1)) params.set('sort', String(state.sort));
  if (state.page !== defaults.page) params.set('page', String(state.page));
  if (state.recs !== defaults.recs) params.set('recs', String(state.recs));
  if (state.view !== defaults.view) params.set('view', state.view);
  if (state.av.length) params.set('av', state.av.join(','));
  const text = params.toString().replaceAll('%2C', ',');
  return text ? `?${text}` : '';
}

/** The listing's keys as the API's query takes them (the same text as the page's address). */
export function listingQuery(state: ListingState): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(listingSearch(state)));
}

/** A change to a listing: filters reset the page to 1, as a shopper expects; the page and view keep everything. */
export function changeListing(state: ListingState, change: Partial<ListingState>): ListingState {
  const keepsPage = Object.keys(change).every((key) => key === 'page' || key === 'view');
  return { ...state, ...(keepsPage ? {} : { page: 1 }), ...change };
}

/** One id toggled in a list of ids (a facet's value chosen or taken back). */
export function toggleId(ids: readonly number[], id: number): number[] {
  return ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id].sort((a, b) => a - b);
}

/** What a listing shows: a category with its sub-categories, a brand, or search results (any product). */
export const listingScopeKind = z.enum(['category', 'brand', 'search']);

/** A facet value: how many products of the current result it leads to. */
const facetValue = z.object({ id: z.number().int(), name: z.string(), count: z.number().int(), chosen: z.boolean() });
export type FacetValue = z.infer<typeof facetValue>;

/** An attribute's facet: its values with their counts, shown as its display type says (swatches for `color`). */
const attributeFacet = z.object({
  attributeID: z.number().int(),
  name: z.string(),
  displayType: z.enum(attributeDisplayTypes),
  /** The key it filters by: `sf` for a product's specification, `av` for a variant's value. */
  key: z.enum(['sf', 'av']),
  values: z.array(facetValue.extend({ color: z.string().nullable() })),
});
export type AttributeFacet = z.infer<typeof attributeFacet>;

/** A link with its words, for breadcrumbs and sub-categories. */
const namedLink = z.object({ name: z.string(), url: z.string() });

/** A listing's answer: the page of products, how many there are, the facets of the result and the scope's words. */
export const listing = z.object({
  scope: z.object({
    kind: listingScopeKind,
    id: z.number().int().nullable(),
    title: z.string(),
    description: z.string(),
    /** The listing's address without its keys: `/kitchen/cookware`, `/brand/fjord-works`, `/search`. */
    url: z.string(),
    breadcrumbs: z.array(namedLink),
    /** The title and description for search engines, as a product's `productMeta`: the owner's, or the scope's own. */
    meta: z.object({ title: z.string(), description: z.string() }),
  }),
  state: z.object({
    kw: z.string(),
    br: z.array(z.number().int()),
    pr: z.object({ min: z.number().int().nullable(), max: z.number().int().nullable() }),
    sf: z.array(z.number().int()),
    av: z.array(z.number().int()),
    sort: z.number().int(),
    page: z.number().int(),
    recs: z.number().int(),
    view: z.enum(listingViews),
  }),
  products: z.array(productCard),
  total: z.number().int(),
  facets: z.object({
    categories: z.array(namedLink.extend({ id: z.number().int(), count: z.number().int() })),
    brands: z.array(facetValue),
    /** The lowest and highest price of the result as the other filters leave it (minor units); null when empty. */
    price: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
    attributes: z.array(attributeFacet),
  }),
});
export type Listing = z.infer<typeof listing>;

/** `GET /api/Product/GetListing` query: what to list and the listing keys. */
export const getListingQuery = listingKeys.extend({
  /** A category's path (`kitchen/cookware`) or a brand's slug, by `Scope`. */
  Scope: listingScopeKind,
  Path: z
    .string()
    .max(300)
    .regex(/^[a-z0-9-]*(\/[a-z0-9-]+)*$/, 'must be lower-case letters, digits, - and /')
    .default(''),
});

/** What the header's search suggests as the shopper types: products and categories. */
export const suggestQuery = z.object({ kw: z.string().trim().min(1, 'is a required field').max(MAX_KEYWORDS_LENGTH) });
export const suggestAnswer = z.object({
  data: z.object({
    // The price in the store's currency's minor units; null where the product hides its price.
    products: z.array(
      z.object({ name: z.string(), url: z.string(), imageFile: z.string().nullable(), price: z.number().int().nullable().default(null) }),
    ),
    categories: z.array(namedLink),
  }),
});
export type Suggestions = z.infer<typeof suggestAnswer>['data'];

/** The section of a listing template (page type 4) that shows the listing: its first products section (type 3). */
export function listingAreaOf(sections: readonly { id: string; type: number }[]): string | null {
  return sections.find((section) => section.type === 3)?.id ?? null;
}
