import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { addressContent, getAddressQuery } from './address.ts';
import { getListingQuery, listing, suggestAnswer, suggestQuery } from './listing.ts';
import { publishedPage, sectionDataAnswer, sectionDataRequest } from './page.ts';
import { compareAnswer, compareQuery, getProductQuery, productDetail } from './product.ts';
import { getRedirectQuery, pageRedirect } from './redirects.ts';

/**
 * The store's pages and catalogue (§2.3, §3.9, §7): the shopper app imports this module when it first loads a page's
 * data itself, on the first navigation, so a shopper's first page does not build the schemas of every page and product.
 */

/** `GET /api/Page/GetPage` query: the page's slug, '' for home. */
export const getPageQuery = z.object({
  Slug: z
    .string()
    .max(200)
    .regex(/^[a-z0-9-/]*$/, 'must be lower-case letters, digits, - and /')
    .default(''),
});

/** `GET /api/Page/GetTemplate` query: the product (3) or listing (4) template a catalogue page is drawn with. */
export const templateQuery = z.object({ PageTypeID: z.coerce.number().int().min(3).max(4) });

/** `GET /api/Page/GetThemeSections` query: the theme being previewed (`wtid`), 0 for the store's own. */
export const themeSectionsQuery = z.object({ WebThemeID: z.coerce.number().int().min(0).default(0) });

/** Published pages and what their sections load (§3.9, §7). */
export const pageEndpoints = {
  getAddress: endpoint({
    method: 'GET',
    path: '/api/Page/GetAddress',
    caller: 'visitor',
    query: getAddressQuery,
    answer: z.object({ data: addressContent }),
  }),
  /**
   * Where the owner's redirect rules or a moved store send an address that is no address of the store's catalogue
   * (`/old_page.html`), null when nowhere: the shopper app asks before it shows such an address as not found.
   */
  getRedirect: endpoint({
    method: 'GET',
    path: '/api/Page/GetRedirect',
    caller: 'visitor',
    query: getRedirectQuery,
    answer: z.object({ data: pageRedirect.nullable() }),
  }),
  getPage: endpoint({
    method: 'GET',
    path: '/api/Page/GetPage',
    caller: 'visitor',
    query: getPageQuery,
    answer: z.object({ data: publishedPage }),
  }),
  getSectionData: endpoint({
    method: 'POST',
    path: '/api/Page/GetSectionData',
    caller: 'visitor',
    body: sectionDataRequest,
    answer: sectionDataAnswer,
  }),
  getThemeSections: endpoint({
    method: 'GET',
    path: '/api/Page/GetThemeSections',
    caller: 'visitor',
    query: themeSectionsQuery,
    answer: sectionDataAnswer,
  }),
  /** A catalogue page's template, with its sections' data (the listing area's is the listing, loaded apart). */
  getTemplate: endpoint({
    method: 'GET',
    path: '/api/Page/GetTemplate',
    caller: 'visitor',
    query: templateQuery,
    answer: z.object({ data: publishedPage }),
  }),
};

/** The catalogue a shopper browses: listings with their facets, and the header search's suggestions (§2.3). */
export const catalogueEndpoints = {
  getProducts: endpoint({
    method: 'GET',
    path: '/api/Product/GetProducts',
    caller: 'visitor',
    query: getListingQuery,
    answer: z.object({ data: listing }),
  }),
  suggest: endpoint({ method: 'GET', path: '/api/Product/Suggest', caller: 'visitor', query: suggestQuery, answer: suggestAnswer }),
  compare: endpoint({ method: 'GET', path: '/api/Product/Compare', caller: 'visitor', query: compareQuery, answer: compareAnswer }),
  getProduct: endpoint({
    method: 'GET',
    path: '/api/Product/GetProduct',
    caller: 'visitor',
    query: getProductQuery,
    answer: z.object({ data: productDetail }),
  }),
};
