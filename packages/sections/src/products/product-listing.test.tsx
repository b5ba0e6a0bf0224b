// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import type { Listing } from '@vitrine/commerce';
import { NavigationProvider } from '@vitrine/renderer';
import { ShopProvider } from '../shop-context.tsx';
import { sampleCard } from '../all-sections.fixture.ts';
import { ProductListing, pageNumbers } from './product-listing.tsx';

afterEach(cleanup);

it('offers the first and last page and two either side of the current one, with gaps between', () => {
  expect(pageNumbers(1, 1)).toEqual([1]);
  expect(pageNumbers(1, 4)).toEqual([1, 2, 3, 4]);
  expect(pageNumbers(1, 20)).toEqual([1, 2, 3, null, 20]);
  expect(pageNumbers(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
  expect(pageNumbers(20, 20)).toEqual([1, null, 18, 19, 20]);
  expect(pageNumbers(4, 20)).toEqual([1, 2, 3, 4, 5, 6, null, 20]);
});

function listingOf(change: Partial<Listing> = {}): Listing {
  return {
    scope: {
      kind: 'category',
      id: 3,
      title: 'Shirts',
      description: '',
      url: '/shirts',
      breadcrumbs: [],
      meta: { title: 'Shirts', description: '' },
    },
    state: { kw: '', br: [], pr: { min: null, max: null }, sf: [], av: [12], sort: 1, page: 1, recs: 24, view: 'grid' },
    products: [sampleCard],
    total: 7,
    facets: {
      categories: [],
      brands: [{ id: 1, name: 'Fjord', count: 7, chosen: false }],
      price: null,
      attributes: [
        {
          attributeID: 5,
          name: 'Size',
          // A product page offers sizes from a drop-down; the filter still ticks them.
          displayType: 'dropdown',
          key: 'av',
          values: [
            { id: 11, name: 'S', count: 3, chosen: false, color: null },
            { id: 12, name: 'M', count: 7, chosen: true, color: null },
          ],
        },
      ],
    },
    ...change,
  };
}

function renderListing(listing: Listing, navigate = vi.fn()) {
  render(
    <NavigationProvider navigate={navigate}>
      <ProductListing listing={listing} columnsDesktop={4} columnsMobile={2} />
    </NavigationProvider>,
  );
  return navigate;
}

it('opens the filters as a drawer that shows how many results they leave, and closes on Escape (issue 33)', () => {
  renderListing(listingOf());
  const toggle = screen.getByRole('button', { name: 'Filters (1)' });
  expect(screen.queryByRole('dialog')).toBeNull();
  fireEvent.click(toggle);
  const drawer = screen.getByRole('dialog', { name: 'Filters' });
  expect(drawer.id).toBe(toggle.getAttribute('aria-controls'));
  expect(drawer.contains(document.activeElement)).toBe(true);
  fireEvent.click(within(drawer).getByRole('button', { name: 'Show 7 results' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(document.activeElement).toBe(toggle);
  fireEvent.click(toggle);
  fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(document.activeElement).toBe(toggle);
});

it('filters by size with checkboxes, like the other facets (issue 33)', () => {
  const navigate = renderListing(listingOf());
  const size = screen.getByRole('group', { name: 'Size' });
  expect(within(size).queryByRole('combobox')).toBeNull();
  const small = within(size).getByRole('checkbox', { name: 'S (3)' });
  expect((within(size).getByRole('checkbox', { name: 'M (7)' }) as HTMLInputElement).checked).toBe(true);
  fireEvent.click(small);
  // Any of the ticked sizes: S joins M.
  expect(navigate).toHaveBeenCalledWith('/shirts?av=11,12');
});

it('draws an empty search across the whole width, without sort, per page or view (issue 33)', () => {
  renderListing(
    listingOf({
      scope: {
        kind: 'search',
        id: null,
        title: 'Search',
        description: '',
        url: '/search',
        breadcrumbs: [],
        meta: { title: 'Search', description: '' },
      },
      state: { kw: 'zzz', br: [], pr: { min: null, max: null }, sf: [], av: [], sort: 8, page: 1, recs: 24, view: 'grid' },
      products: [],
      total: 0,
      facets: { categories: [], brands: [], price: null, attributes: [] },
    }),
  );
  expect(screen.getByRole('heading', { name: 'Nothing matches “zzz”' })).toBeTruthy();
  expect(screen.queryByRole('combobox', { name: 'Sort by' })).toBeNull();
  expect(screen.queryByRole('combobox', { name: 'Per page' })).toBeNull();
  expect(screen.queryByRole('group', { name: 'View' })).toBeNull();
  expect(document.querySelector('.vt-listing-body')!.className).toContain('vt-listing-body-full');
});

it('links to the comparison, with how many are chosen, beside the results (issue 33)', () => {
  render(
    <ShopProvider value={{ compare: { ids: [7, 9], toggle: () => {} } }}>
      <ProductListing listing={listingOf()} columnsDesktop={4} columnsMobile={2} />
    </ShopProvider>,
  );
  expect(screen.getByRole('link', { name: 'Compare (2)' }).getAttribute('href')).toBe('/compare');
});
