/** A currency as a site offers it: its code, symbol and rate against the store's base prices. */
export interface Currency {
  currencyAbbreviation: string;
  currencySymbol: string;
  currencyRate: number;
}

const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/**
 * Formats a price held in integer minor units (cents) for display (§9): price × currencyRate, at most two
 * decimals in en-US grouping, the symbol with its spaces removed, the abbreviation only when asked for.
 */
export function formatPrice(minorUnits: number, currency: Currency, showCurrency = false): string {
  const value = (minorUnits / 100) * currency.currencyRate;
  const symbol = currency.currencySymbol.replace(/\s+/g, '');
  const text = `${symbol}${twoDecimals.format(value)}`;
  return showCurrency ? `${text} ${currency.currencyAbbreviation}` : text;
}

/** Cart totals are integer sums (§9): each line's price × quantity plus its add-on totals, in minor units. */
export function cartTotal(lines: readonly { price: number; quantity: number; addonTotals?: readonly number[] }[]): number {
  let total = 0;
  for (const line of lines) {
    total += Math.round(line.price) * Math.round(line.quantity);
    for (const addon of line.addonTotals ?? []) total += Math.round(addon);
  }
  return total;
}
