import { describe, expect, it } from 'vitest';
import { changeListing, listingSearch, listingState, readListingUrl, toggleId } from './listing.ts';

describe('a listing’s address is its state (§2.3)', () => {
  it('reads every key, and writes them back as one address, defaults left out', () => {
    const search = '?kw=linen+throw&br=3,7&pr=20-80.5&sf=12&sort=3&page=2&recs=48&view=list&av=4,9';
    const state = readListingUrl(new URLSearchParams(search));
    expect(state).toEqual({
      kw: 'linen throw',
      br: [3, 7],
      pr: { min: 2000, max: 8050 },
      sf: [12],
      av: [4, 9],
      sort: 3,
      page: 2,
      recs: 48,
      view: 'list',
    });
    expect(listingSearch(state)).toBe(search);
    expect(readListingUrl(new URLSearchParams(listingSearch(state)))).toEqual(state);
    expect(listingSearch(listingState({}))).toBe('');
  });

  it('sorts a search by relevance and anything else by popularity unless told, and writes only a chosen order', () => {
    expect(readListingUrl(new URLSearchParams('kw=mug')).sort).toBe(8);
    expect(readListingUrl(new URLSearchParams('')).sort).toBe(1);
    expect(listingSearch({ ...listingState({}), kw: 'mug', sort: 8 })).toBe('?kw=mug');
    expect(listingSearch({ ...listingState({}), kw: 'mug', sort: 1 })).toBe('?kw=mug&sort=1');
  });

  it('leaves out a key of a shared link that does not parse, instead of failing the page', () => {
    const state = readListingUrl(new URLSearchParams('sort=99&br=x&pr=cheap&recs=7&view=table&page=-1&av=5'));
    expect(state).toEqual({ ...listingState({}), av: [5] });
  });

  it('keeps open price ends open, and swaps a range given upside down', () => {
    expect(readListingUrl(new URLSearchParams('pr=20-')).pr).toEqual({ min: 2000, max: null });
    expect(readListingUrl(new URLSearchParams('pr=-15')).pr).toEqual({ min: null, max: 1500 });
    expect(readListingUrl(new URLSearchParams('pr=80-20')).pr).toEqual({ min: 2000, max: 8000 });
  });

  it('goes back to the first page when a filter changes, not when the page or view does', () => {
    const onPage3 = { ...listingState({}), page: 3 };
    expect(changeListing(onPage3, { br: [2] }).page).toBe(1);
    expect(changeListing(onPage3, { view: 'list' }).page).toBe(3);
    expect(toggleId([2, 5], 5)).toEqual([2]);
    expect(toggleId([5], 2)).toEqual([2, 5]);
  });
});
