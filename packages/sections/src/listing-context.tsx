import { createContext, use, type ReactNode } from 'react';
import type { Listing } from '@vitrine/commerce';

/** The listing a catalogue page shows, and the section of its template (the products area) that draws it. */
export interface ListingContextValue {
  listing: Listing;
  areaId: string;
}

const ListingContext = createContext<ListingContextValue | null>(null);

/** Gives a listing template's products area the listing of the page it is drawn on (§2.3). */
export function ListingProvider({ value, children }: { value: ListingContextValue | null; children?: ReactNode }) {
  return <ListingContext value={value}>{children}</ListingContext>;
}

/** The page's listing when the section `id` is its products area; null anywhere else. */
export function useListingOf(id: string): Listing | null {
  const value = use(ListingContext);
  return value && value.areaId === id ? value.listing : null;
}
