import { describe, expect, it } from 'vitest';
import { cartTotalUnits, convertedUnits, displayDecimals, formatPrice, formatUnits, type Currency } from './money.ts';

/** mulberry32: the same carts every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A shown amount read back as a whole number of its smallest shown unit. */
const shownUnits = (text: string, decimals: number) => {
  const [whole = '0', fraction = ''] = text.replace(/[^0-9.]/g, '').split('.');
  return Number(whole) * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || '0');
};

describe('prices in the chosen currency (§9)', () => {
  it('shows a currency’s own decimals, at most two: none for yen, two for dinars', () => {
    expect([displayDecimals('USD'), displayDecimals('JPY'), displayDecimals('KWD'), displayDecimals('XXX1')]).toEqual([2, 0, 2, 2]);
    const yen: Currency = { currencyAbbreviation: 'JPY', currencySymbol: '¥', currencyRate: 151.37 };
    expect(formatPrice(1999, yen)).toBe('¥3,026');
    const dinar: Currency = { currencyAbbreviation: 'KWD', currencySymbol: 'KD ', currencyRate: 0.3071 };
    expect(formatPrice(1999, dinar, true)).toBe('KD6.14 KWD');
    // A half rounds up, whatever float noise the multiplication leaves.
    expect(convertedUnits(1005, { currencyAbbreviation: 'EUR', currencySymbol: '€', currencyRate: 0.5 })).toBe(503);
  });

  it('shows as many decimals as Intl gives each currency it knows (at most two), without asking Intl', () => {
    for (const code of Intl.supportedValuesOf('currency')) {
      const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).resolvedOptions();
      expect([code, displayDecimals(code)]).toEqual([code, Math.min(2, intl.maximumFractionDigits ?? 2)]);
    }
  });

  it('writes amounts as Intl writes them in en-US, grouped, signed and with all of a currency’s decimals or none', () => {
    const rnd = random(4);
    const amounts = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 99_999, 100_000, 123_456_789, 10 ** 12 + 7];
    for (let i = 0; i < 2000; i++) amounts.push(Math.floor(rnd() * 10 ** Math.floor(rnd() * 13)));
    for (const decimals of [0, 2]) {
      const currency: Currency = { currencyAbbreviation: decimals ? 'USD' : 'JPY', currencySymbol: '$', currencyRate: 1 };
      for (const units of [...amounts, ...amounts.filter((amount) => amount > 0).map((amount) => -amount)]) {
        const least = units % 10 ** decimals === 0 ? 0 : decimals;
        const intl = new Intl.NumberFormat('en-US', { minimumFractionDigits: least, maximumFractionDigits: decimals });
        expect(formatUnits(units, currency)).toBe(`$${intl.format(units / 10 ** decimals)}`);
      }
    }
  });

  it('adds the lines shown up to the total shown, in 10,000 random carts, rates and currencies', () => {
    const rnd = random(9);
    const currencies = [
      { code: 'USD', symbol: '$' },
      { code: 'JPY', symbol: '¥' },
      { code: 'KWD', symbol: 'KD' },
      { code: 'BHD', symbol: 'BD' },
      { code: 'EUR', symbol: ' € ' },
    ];
    for (let n = 0; n < 10_000; n++) {
      const { code, symbol } = currencies[n % currencies.length]!;
      const currency: Currency = { currencyAbbreviation: code, currencySymbol: symbol, currencyRate: 10 ** (rnd() * 7 - 3) };
      const decimals = displayDecimals(code);
      const lines = Array.from({ length: 1 + Math.floor(rnd() * 8) }, () => ({
        price: Math.floor(rnd() * 500_000),
        quantity: 1 + Math.floor(rnd() * 9),
        addonPrices: Array.from({ length: Math.floor(rnd() * 3) }, () => Math.floor(rnd() * 5_000)),
      }));
      // What the cart shows for each line: its unit price, and each add-on's, times the quantity.
      const shownLines = lines.map(
        (line) =>
          shownUnits(formatPrice(line.price, currency), decimals) * line.quantity +
          line.addonPrices.reduce((sum, addon) => sum + shownUnits(formatPrice(addon, currency), decimals) * line.quantity, 0),
      );
      const total = formatUnits(cartTotalUnits(lines, currency), currency);
      expect(shownUnits(total, decimals), `cart ${n} in ${code} at ${currency.currencyRate}`).toBe(shownLines.reduce((a, b) => a + b, 0));
    }
  });
});
