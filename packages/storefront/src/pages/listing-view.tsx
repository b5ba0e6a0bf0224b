import { useLoaderData } from 'react-router-dom';
import { listingAreaOf, type Listing, type PublishedPage } from '@vitrine/commerce';
import { PageRenderer } from '@vitrine/renderer';
import { ListingProvider, lazyRenderRegistry } from '@vitrine/sections';
import type { RouteMeta } from '../meta.ts';

export interface ListingData {
  listing: Listing;
  /** The store's published listing template (page type 4); its first products section shows the listing. */
  template: PublishedPage | null;
  meta: RouteMeta;
}

/** A category, brand or search results page: the listing template the owner designed, its products area the listing. */
export function ListingView() {
  const { listing, template } = useLoaderData() as ListingData;
  const sections = template?.document.sections ?? [];
  const areaId = listingAreaOf(sections);
  return (
    <ListingProvider value={areaId ? { listing, areaId } : null}>
      <PageRenderer sections={sections} registry={lazyRenderRegistry} data={template?.sectionData ?? {}} />
    </ListingProvider>
  );
}
