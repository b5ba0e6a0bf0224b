import { z } from 'zod';
import { listing, listingKeys, type Listing } from './listing.ts';
import { publishedPage } from './page.ts';
import { productDetail } from './product.ts';
import { askedAddress, pageRedirect } from './redirects.ts';

/**
 * What an address of the store holds (§2.3): the owner's page comes first, then a product (its address is one
 * segment), then a listing: `search`, `brand/{slug}` or a category's path (`kitchen/cookware`). The shopper's app
 * asks once per address, so a category is never first asked for as a page and as a product. Before any of them, the
 * owner's redirect rules and a moved store's `redirectURL` (§2.1, §3.2): an address they send elsewhere is answered
 * as that `redirect`, so the app's own navigation ends where a page load of the address would.
 */
export const addressContent = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('page'), page: publishedPage }),
  z.object({ kind: z.literal('product'), product: productDetail }),
  z.object({ kind: z.literal('listing'), listing }),
  z.object({ kind: z.literal('redirect'), redirect: pageRedirect }),
]);
export type AddressContent = z.infer<typeof addressContent>;

/**
 * `GET /api/Page/GetAddress` query: the address without its slashes ('' is home), for a listing its keys, and the
 * address as the shopper asked for it (`Url`, path and query), which the redirect rules read; `/{Path}` without it.
 */
export const getAddressQuery = listingKeys.extend({
  Path: z
    .string()
    .max(300)
    .regex(/^[a-z0-9-]*(\/[a-z0-9-]+)*$/, 'must be lower-case letters, digits, - and /')
    .default(''),
  Url: askedAddress.optional(),
});

/** Which listing an address would be, and the path within its scope: `brand/x` → brand `x`; `search`; a category. */
export function listingScopeOf(path: string): [Listing['scope']['kind'], string] {
  if (path === 'search') return ['search', ''];
  if (path.startsWith('brand/')) return ['brand', path.slice('brand/'.length)];
  return ['category', path];
}
