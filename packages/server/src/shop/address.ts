import { listingScopeOf, type AddressContent, type ListingState } from '@vitrine/commerce';
import type { Db } from '../db/connect.ts';
import type { StoreFacets } from './facet-index.ts';
import { loadListing } from './listing.ts';
import { loadPublishedPage } from './pages.ts';
import { loadProduct } from './product.ts';

/**
 * What the store holds at `path` (§2.3), in the order the catch-all reads it: the owner's published page, then a
 * product (one segment), then a listing by `state`. Null when there is nothing there.
 */
export async function loadAddress(
  db: Db,
  facets: StoreFacets,
  webId: number,
  path: string,
  state: ListingState,
  log: (message: string, error: unknown) => void,
): Promise<AddressContent | null> {
  const page = await loadPublishedPage(db, webId, path, log);
  if (page) return { kind: 'page', page };
  if (path === '') return null;
  const product = path.includes('/') ? null : await loadProduct(db, path);
  if (product) return { kind: 'product', product };
  const [scope, scopePath] = listingScopeOf(path);
  const listing = await loadListing(db, facets, scope, scopePath, state);
  return listing ? { kind: 'listing', listing } : null;
}
