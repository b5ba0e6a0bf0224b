import { describe, expect, it } from 'vitest';
import { demoStores } from './demo-stores.ts';

/** Every text a page document holds, however deep. */
const texts = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(texts) : [];

describe.each(demoStores)('the $title demo', (store) => {
  it('promises only what the store does: no discount, since it has none to give', () => {
    const home = texts(store.home({ featuredCategory: 1 }));
    expect(home.length).toBeGreaterThan(10);
    expect(home.filter((text) => /\b(\d+\s*%|[a-z]+ percent)\s+off\b|discount|coupon|promo(tion)? code/i.test(text))).toEqual([]);
  });

  it('keeps its prices in its own currency: the currency it shows first converts at 1', () => {
    expect(store.currencies.find((currency) => currency.isDefault)?.rate).toBe(1);
  });
});
