import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  changeListing,
  listingPageSizes,
  listingSearch,
  sortOptions,
  toggleId,
  type AttributeFacet,
  type Listing,
  type ListingState,
} from '@vitrine/commerce';
import { Link, useNavigator } from '@vitrine/renderer';
import { Breadcrumbs } from '../breadcrumbs.tsx';
import { useDismissable } from '../dismissable.ts';
import { CompareLink, ProductCard } from '../product-card.tsx';
import { useShop, usePrice } from '../shop-context.tsx';

/** Where the filters leave their drawer for a column beside the products; keep in step with sections.css. */
const DESKTOP_QUERY = '(min-width: 1024px)';

/** Sort options in the shopper's words (§3.15), relevance only where there are keywords to be relevant to. */
const sortLabels: Record<number, string> = {
  1: 'Most popular',
  2: 'Price: low to high',
  3: 'Price: high to low',
  4: 'Name: A to Z',
  5: 'Name: Z to A',
  6: 'Highest rated',
  7: 'Newest',
  8: 'Most relevant',
};

/**
 * A listing as a shopper uses it (§2.3): the scope's title and trail, the facets with their counts, the chosen filters
 * as chips, the sort, page size and view, the products as a grid (4 columns on large screens, 2 below) or a list, and
 * pages. Every choice is a new address, so back, forward and shared links show the same products.
 */
export function ProductListing({
  listing,
  columnsDesktop,
  columnsMobile,
}: {
  listing: Listing;
  columnsDesktop: number;
  columnsMobile: number;
}) {
  const { scope, state, products, total, facets } = listing;
  const navigate = useNavigator();
  const id = useId();
  const href = (change: Partial<ListingState>) => `${scope.url}${listingSearch(changeListing(state, change))}`;
  const go = (change: Partial<ListingState>) => navigate(href(change));
  const pages = Math.max(1, Math.ceil(total / state.recs));
  const first = total === 0 ? 0 : (state.page - 1) * state.recs + 1;
  const last = Math.min(total, state.page * state.recs);
  const hasFacets = facets.categories.length > 0 || facets.brands.length > 0 || facets.price !== null || facets.attributes.length > 0;
  // Below the desktop width the filters open as a drawer from a button (a modal dialog), so the products come first.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersToggle = useRef<HTMLButtonElement>(null);
  const filters = useRef<HTMLElement>(null);
  const chosenCount = state.br.length + state.sf.length + state.av.length + (state.pr.min !== null || state.pr.max !== null ? 1 : 0);
  const closeFilters = () => {
    setFiltersOpen(false);
    filtersToggle.current?.focus();
  };
  const dismissFilters = useCallback(() => setFiltersOpen(false), []);
  // Escape closes the drawer and gives the focus back to its button; Tab stays inside, as in any modal dialog.
  useDismissable(filtersOpen, dismissFilters, filters, filtersToggle, true);
  useEffect(() => {
    if (!filtersOpen) return;
    filters.current?.querySelector<HTMLElement>('.vt-facets-close')?.focus();
    // A window grown to the desktop width puts the filters back beside the products.
    const wide = typeof window.matchMedia === 'function' ? window.matchMedia(DESKTOP_QUERY) : null;
    const onWide = () => wide?.matches && setFiltersOpen(false);
    wide?.addEventListener('change', onWide);
    return () => wide?.removeEventListener('change', onWide);
  }, [filtersOpen]);

  return (
    <div className="vt-listing">
      <Breadcrumbs trail={scope.breadcrumbs} />
      <h1 className="vt-h1 vt-listing-title">{scope.title}</h1>
      {scope.description ? <p className="vt-subheading">{scope.description}</p> : null}

      <div className={`vt-listing-body${hasFacets ? '' : ' vt-listing-body-full'}`}>
        {hasFacets ? (
          <button
            ref={filtersToggle}
            type="button"
            className="vt-btn vt-btn-outline vt-btn-sm vt-facets-toggle"
            aria-expanded={filtersOpen}
            aria-controls={`${id}-filters`}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            {chosenCount ? `Filters (${chosenCount})` : 'Filters'}
          </button>
        ) : null}
        {hasFacets ? (
          <aside
            ref={filters}
            id={`${id}-filters`}
            className={`vt-facets${filtersOpen ? ' vt-facets-open' : ''}`}
            aria-label="Filters"
            role={filtersOpen ? 'dialog' : undefined}
            aria-modal={filtersOpen ? true : undefined}
          >
            <div className="vt-facets-top">
              <h2 className="vt-facets-heading">Filters</h2>
              <button type="button" className="vt-btn vt-btn-outline vt-btn-sm vt-facets-close" onClick={closeFilters}>
                Close<span className="vt-visually-hidden"> filters</span>
              </button>
            </div>
            {facets.categories.length ? (
              <nav className="vt-facet" aria-labelledby={`${id}-categories`}>
                <h2 id={`${id}-categories`} className="vt-facet-title">
                  {scope.kind === 'category' ? 'Categories' : 'Shop by category'}
                </h2>
                <ul className="vt-facet-links">
                  {facets.categories.map((category) => (
                    <li key={category.id}>
                      <Link to={`${category.url}${listingSearch({ ...state, page: 1, kw: scope.kind === 'search' ? '' : state.kw })}`}>
                        {category.name} <span className="vt-facet-count">({category.count})</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            ) : null}
            {facets.brands.length ? (
              <CheckList
                title="Brand"
                values={facets.brands.map((brand) => ({ ...brand, color: null }))}
                onToggle={(brandId) => go({ br: toggleId(state.br, brandId) })}
              />
            ) : null}
            {facets.price ? <PriceFacet key={`${state.pr.min}-${state.pr.max}`} listing={listing} onApply={(pr) => go({ pr })} /> : null}
            {facets.attributes.map((facet) => (
              <AttributeFacetView key={`${facet.key}-${facet.attributeID}`} facet={facet} state={state} go={go} />
            ))}
            <div className="vt-facets-bottom">
              {/* What the chosen filters leave: each choice is a new address, and its listing counts the products. */}
              <button type="button" className="vt-btn vt-btn-primary vt-facets-show" onClick={closeFilters}>
                {total === 0 ? 'No results' : `Show ${total} ${total === 1 ? 'result' : 'results'}`}
              </button>
            </div>
          </aside>
        ) : null}

        <div className="vt-listing-main">
          <Chips listing={listing} href={href} />
          <div className="vt-listing-toolbar">
            <p className="vt-listing-count" role="status">
              {total === 0 ? 'No products' : `${first}–${last} of ${total} ${total === 1 ? 'product' : 'products'}`}
            </p>
            <CompareLink />
            {total === 0 ? null : (
              <>
                <label className="vt-listing-control">
                  <span>Sort by</span>
                  <select className="vt-input" value={state.sort} onChange={(event) => go({ sort: Number(event.target.value) })}>
                    {Object.keys(sortOptions)
                      .map(Number)
                      .filter((sort) => sort !== 8 || state.kw)
                      .map((sort) => (
                        <option key={sort} value={sort}>
                          {sortLabels[sort]}
                        </option>
                      ))}
                  </select>
                </label>
                <label className="vt-listing-control">
                  <span>Per page</span>
                  <select className="vt-input" value={state.recs} onChange={(event) => go({ recs: Number(event.target.value) })}>
                    {listingPageSizes.map((size) => (
                      <option key={size} value={size}>
                        {size}
                      </option>
                    ))}
                  </select>
                </label>
                <div className="vt-listing-views" role="group" aria-label="View">
                  {(['grid', 'list'] as const).map((view) => (
                    <Link
                      key={view}
                      to={href({ view })}
                      className="vt-listing-view"
                      aria-current={state.view === view ? 'true' : undefined}
                    >
                      {view === 'grid' ? 'Grid' : 'List'}
                    </Link>
                  ))}
                </div>
              </>
            )}
          </div>

          {/* The cards' names are h3s: the results carry their h2 even when the filters (h2s) are folded away. */}
          <h2 className="vt-visually-hidden">Products</h2>
          {products.length ? (
            <ul
              className={
                state.view === 'list'
                  ? 'vt-listing-products vt-listing-list'
                  : `vt-listing-products vt-grid vt-cols-${columnsMobile} vt-cols-desktop-${columnsDesktop}`
              }
              style={{ gap: 'var(--column-spacing)' }}
            >
              {products.map((product, index) => (
                <li key={product.productID}>
                  <ProductCard product={product} priority={index < 2} />
                </li>
              ))}
            </ul>
          ) : (
            <EmptyListing listing={listing} href={href} />
          )}

          {pages > 1 ? (
            <nav aria-label="Pages" className="vt-pagination">
              {state.page > 1 ? (
                <Link to={href({ page: state.page - 1 })} rel="prev">
                  Previous
                </Link>
              ) : null}
              {pageNumbers(state.page, pages).map((page, index) =>
                page === null ? (
                  <span key={`gap-${index}`} aria-hidden="true">
                    …
                  </span>
                ) : (
                  <Link key={page} to={href({ page })} aria-current={page === state.page ? 'page' : undefined} aria-label={`Page ${page}`}>
                    {page}
                  </Link>
                ),
              )}
              {state.page < pages ? (
                <Link to={href({ page: state.page + 1 })} rel="next">
                  Next
                </Link>
              ) : null}
            </nav>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** The pages to offer: the first, the last, and two either side of the current one, with gaps between. */
export function pageNumbers(current: number, pages: number): (number | null)[] {
  const shown = [...new Set([1, current - 2, current - 1, current, current + 1, current + 2, pages])]
    .filter((page) => page >= 1 && page <= pages)
    .sort((a, b) => a - b);
  return shown.flatMap((page, index) => (index > 0 && page - shown[index - 1]! > 1 ? [null, page] : [page]));
}

interface CheckValue {
  id: number;
  name: string;
  count: number;
  chosen: boolean;
  color: string | null;
}

/** A facet of checkboxes (brands, a namelist attribute) or colour swatches; each choice is a new address. */
function CheckList({
  title,
  values,
  onToggle,
  swatches = false,
}: {
  title: string;
  values: CheckValue[];
  onToggle: (id: number) => void;
  swatches?: boolean;
}) {
  return (
    <fieldset className={`vt-facet${swatches ? ' vt-facet-swatches' : ''}`}>
      <legend className="vt-facet-title">{title}</legend>
      <ul>
        {values.map((value) => (
          <li key={value.id}>
            <label className="vt-facet-choice">
              {/* Ticked at once, then the new address's listing redraws it (keyed by what the server says is chosen). */}
              <input key={String(value.chosen)} type="checkbox" defaultChecked={value.chosen} onChange={() => onToggle(value.id)} />
              {swatches ? <span className="vt-swatch" style={{ background: value.color ?? 'transparent' }} aria-hidden="true" /> : null}
              <span>{value.name}</span> <span className="vt-facet-count">({value.count})</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function AttributeFacetView({
  facet,
  state,
  go,
}: {
  facet: AttributeFacet;
  state: ListingState;
  go: (change: Partial<ListingState>) => void;
}) {
  const chosen = state[facet.key];
  // An attribute a product page offers as a drop-down (a size) filters as checkboxes like the others: a shopper
  // ticks every size that fits, and sees each one's count at once.
  return (
    <CheckList
      title={facet.name}
      values={facet.values}
      swatches={facet.displayType === 'color'}
      onToggle={(valueId) => go({ [facet.key]: toggleId(chosen, valueId) })}
    />
  );
}

/** From and to prices in the shopper's currency; the address keeps them in the store's own currency. */
function PriceFacet({ listing, onApply }: { listing: Listing; onApply: (pr: ListingState['pr']) => void }) {
  const currency = useShop((shop) => shop.currency);
  const price = usePrice();
  const id = useId();
  const rate = currency.currencyRate || 1;
  const shown = (minor: number | null) => (minor === null ? '' : String(Math.round((minor / 100) * rate * 100) / 100));
  const [min, setMin] = useState(shown(listing.state.pr.min));
  const [max, setMax] = useState(shown(listing.state.pr.max));
  const range = listing.facets.price!;
  const toMinor = (text: string) =>
    text.trim() === '' || !Number.isFinite(Number(text)) ? null : Math.max(0, Math.round((Number(text) / rate) * 100));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    onApply({ min: toMinor(min), max: toMinor(max) });
  };
  return (
    <form className="vt-facet vt-facet-price" onSubmit={apply} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="vt-facet-title">
        Price
      </h2>
      <p className="vt-facet-hint">
        {price(range.min)} – {price(range.max)}
      </p>
      <div className="vt-facet-price-row">
        <label>
          <span>From</span>
          <input
            className="vt-input"
            type="number"
            min={0}
            step="any"
            inputMode="decimal"
            value={min}
            onChange={(e) => setMin(e.target.value)}
          />
        </label>
        <label>
          <span>To</span>
          <input
            className="vt-input"
            type="number"
            min={0}
            step="any"
            inputMode="decimal"
            value={max}
            onChange={(e) => setMax(e.target.value)}
          />
        </label>
      </div>
      <button type="submit" className="vt-btn vt-btn-outline vt-btn-sm">
        Apply
      </button>
    </form>
  );
}

/** The chosen filters as chips, each removable, and "Clear all". */
function Chips({ listing, href }: { listing: Listing; href: (change: Partial<ListingState>) => string }) {
  const { state, facets } = listing;
  const price = usePrice();
  const chips: { label: string; to: string }[] = [];
  for (const brand of facets.brands) if (brand.chosen) chips.push({ label: brand.name, to: href({ br: toggleId(state.br, brand.id) }) });
  if (state.pr.min !== null || state.pr.max !== null) {
    const label =
      state.pr.min !== null && state.pr.max !== null
        ? `${price(state.pr.min)} – ${price(state.pr.max)}`
        : state.pr.min !== null
          ? `From ${price(state.pr.min)}`
          : `Up to ${price(state.pr.max!)}`;
    chips.push({ label, to: href({ pr: { min: null, max: null } }) });
  }
  for (const facet of facets.attributes)
    for (const value of facet.values)
      if (value.chosen)
        chips.push({ label: `${facet.name}: ${value.name}`, to: href({ [facet.key]: toggleId(state[facet.key], value.id) }) });
  if (!chips.length) return null;
  return (
    <div className="vt-chips" aria-label="Chosen filters" role="group">
      {chips.map((chip) => (
        <Link key={chip.to} to={chip.to} className="vt-chip" aria-label={`Remove filter: ${chip.label}`}>
          {chip.label} <span aria-hidden="true">×</span>
        </Link>
      ))}
      <Link to={href({ br: [], pr: { min: null, max: null }, sf: [], av: [] })} className="vt-chip-clear">
        Clear all
      </Link>
    </div>
  );
}

/** No product matches: say so, and offer the ways out a shopper would try. */
function EmptyListing({ listing, href }: { listing: Listing; href: (change: Partial<ListingState>) => string }) {
  const { state, scope } = listing;
  const filtered = state.br.length || state.sf.length || state.av.length || state.pr.min !== null || state.pr.max !== null;
  return (
    <div className="vt-listing-empty">
      <h2 className="vt-h3">{state.kw ? `Nothing matches “${state.kw}”` : 'No products match these filters'}</h2>
      <ul>
        {filtered ? (
          <li>
            <Link to={href({ br: [], pr: { min: null, max: null }, sf: [], av: [] })}>Clear the filters</Link>
          </li>
        ) : null}
        {state.kw ? <li>Check the spelling, or try fewer or more general words.</li> : null}
        {scope.kind !== 'search' || state.kw ? (
          <li>
            <Link to="/search">Browse every product</Link>
          </li>
        ) : null}
        <li>
          <Link to="/">Back to the home page</Link>
        </li>
      </ul>
    </div>
  );
}
