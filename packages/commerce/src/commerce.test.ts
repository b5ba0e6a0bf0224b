import { describe, expect, it } from 'vitest';
import {
  buildCartCode,
  cartTotal,
  formatPrice,
  isTempId,
  pageDocument,
  parseCartCode,
  roundRating,
  sectionTypes,
  statusColour,
  tempId,
} from './index.ts';

describe('formatPrice', () => {
  const usd = { currencyAbbreviation: 'USD', currencySymbol: '$', currencyRate: 1 };
  it('shows at most two decimals in en-US grouping', () => {
    expect(formatPrice(123456789, usd)).toBe('$1,234,567.89');
    expect(formatPrice(1500, usd)).toBe('$15');
  });
  it('multiplies by the currency rate and strips spaces from the symbol', () => {
    expect(formatPrice(1000, { currencyAbbreviation: 'EUR', currencySymbol: ' € ', currencyRate: 0.9 })).toBe('€9');
  });
  it('appends the abbreviation only when asked', () => {
    expect(formatPrice(250, usd, true)).toBe('$2.50 USD');
  });
});

describe('cart codes', () => {
  it('joins product, quantity, variant and add-ons with underscores', () => {
    expect(buildCartCode({ productId: 12, quantity: 3, variantId: 0, addonIds: [9, 4] })).toBe('12_3_0_4,9');
  });
  it('round-trips and rejects what is not a code', () => {
    expect(parseCartCode('12_3_7_4,9')).toEqual({ productId: 12, quantity: 3, variantId: 7, addonIds: [4, 9] });
    expect(parseCartCode('12_3_7_')).toEqual({ productId: 12, quantity: 3, variantId: 7, addonIds: [] });
    expect(parseCartCode('12_x_7_')).toBeNull();
    expect(parseCartCode('12_3_7')).toBeNull();
  });
});

it('sums cart totals as integers', () => {
  expect(
    cartTotal([
      { price: 1999, quantity: 2, addonTotals: [300] },
      { price: 500, quantity: 1 },
    ]),
  ).toBe(4798);
});

it('rounds ratings to halves within 0–5', () => {
  expect([roundRating(4.26), roundRating(4.3), roundRating(9), roundRating(-1), roundRating('x')]).toEqual([4.5, 4.5, 5, 0, 0]);
});

it('colours statuses as §4 says', () => {
  expect(['Cancelled', 'Confirmed', 'Shipped', 'Paid', 'Verification Pending', 'Refunded'].map(statusColour)).toEqual([
    'red',
    'blue',
    'cyan',
    'green',
    'orange',
    'grey',
  ]);
});

it('makes temp ids of twelve alphanumerics', () => {
  const id = tempId();
  expect(isTempId(id)).toBe(true);
  expect(id).not.toBe(tempId());
});

it('names all 22 section types', () => {
  expect(Object.keys(sectionTypes)).toHaveLength(22);
  expect(sectionTypes[6]).toBe('hero banner');
});

describe('page documents', () => {
  it('fill defaults and refuse a bad section id', () => {
    const page = pageDocument.parse({ pageTypeId: 1, slug: '', title: 'Home', sections: [{ id: 'a', type: 6 }] });
    expect(page.sections[0]).toMatchObject({ settings: {}, style: {}, version: 1 });
    const bad = pageDocument.safeParse({ pageTypeId: 1, slug: '', title: 'Home', sections: [{ id: 'a b', type: 6 }] });
    expect(bad.success).toBe(false);
  });
});
