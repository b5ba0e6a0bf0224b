import { z } from 'zod';
import { listing, listingKeys, type Listing } from './listing.ts';
import { publishedPage } from './page.ts';
import { productDetail } from './product.ts';

/**
 * What an address of the store holds (§2.3): the owner's page comes first, then a product (its address is one
 * segment), then a listing: `search`, `brand/{slug}` or a category's path (`kitchen/cookware`). The shopper's app
 * asks once per address, so a category is never first asked for as a page and as a product.
 */
export const addressContent = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('page'), page: publishedPage }),
  z.object({ kind: z.literal('product'), product: productDetail }),
  z.object({ kind: z.literal('listing'), listing }),
]);
export type AddressContent = z.infer<typeof addressContent>;

/** `GET /api/Page/GetAddress` query: the address without its slashes ('' is home) and, for a listing, its keys. */
export const getAddressQuery = listingKeys.extend({
  Path: z
    .string()
    .max(300)
    .regex(/^[a-z0-9-]*(\/[a-z0-9-]+)*$/, 'must be lower-case letters, digits, - and /')
    .default(''),
});

/** Which listing an address would be, and the path within its scope: `brand/x` → brand `x`; `search`; a category. */
export function listingScopeOf(path: string): [Listing['scope']['kind'], string] {
  if (path === 'search') return ['search', ''];
  if (path.startsWith('brand/')) return ['brand', path.slice('brand/'.length)];
  return ['category', path];
}
