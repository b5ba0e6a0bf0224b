/** A currency as a site offers it: its code, symbol and rate against the store's base prices. */
export interface Currency {
  currencyAbbreviation: string;
  currencySymbol: string;
  currencyRate: number;
}

const decimalsByCode = new Map<string, number>();

/** Decimals shown for a currency: its own minor unit (0 for JPY, 3 for KWD), at most 2 (§9); 2 for a code Intl does not know. */
export function displayDecimals(code: string): number {
  let decimals = decimalsByCode.get(code);
  if (decimals === undefined) {
    try {
      decimals = Math.min(
        2,
        new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2,
      );
    } catch {
      decimals = 2;
    }
    decimalsByCode.set(code, decimals);
  }
  return decimals;
}

const formatters = new Map<string, Intl.NumberFormat>();
const formatterFor = (least: number, most: number) => {
  let formatter = formatters.get(`${least}/${most}`);
  if (!formatter)
    formatters.set(
      `${least}/${most}`,
      (formatter = new Intl.NumberFormat('en-US', { minimumFractionDigits: least, maximumFractionDigits: most })),
    );
  return formatter;
};

/**
 * A price in minor units of the store's base currency (cents) in the chosen currency, as a whole number of the
 * smallest unit shown (cents, yen): price × currencyRate, rounded once. Every amount shown goes through here, so the
 * lines of a cart add up to its total in any currency.
 */
export function convertedUnits(minorUnits: number, currency: Currency): number {
  const decimals = displayDecimals(currency.currencyAbbreviation);
  const exact = (minorUnits * currency.currencyRate * 10 ** decimals) / 100;
  // Snapped to a millionth first, so float noise (1004.9999999) never decides which way a half rounds.
  return Math.round(Math.round(exact * 1e6) / 1e6);
}

/**
 * Shows a number of the chosen currency's smallest shown units (`convertedUnits`): en-US grouping, the symbol without
 * spaces; a whole amount without decimals ("$15"), any other with all of the currency's ("$2.50", never "$2.5").
 */
export function formatUnits(units: number, currency: Currency, showCurrency = false): string {
  const decimals = displayDecimals(currency.currencyAbbreviation);
  const symbol = currency.currencySymbol.replace(/\s+/g, '');
  const least = units % 10 ** decimals === 0 ? 0 : decimals;
  const text = `${symbol}${formatterFor(least, decimals).format(units / 10 ** decimals)}`;
  return showCurrency ? `${text} ${currency.currencyAbbreviation}` : text;
}

/**
 * Formats a price held in integer minor units (cents) for display (§9): price × currencyRate, at most two
 * decimals (none for a currency without them) in en-US grouping, the symbol with its spaces removed, the
 * abbreviation only when asked for.
 */
export function formatPrice(minorUnits: number, currency: Currency, showCurrency = false): string {
  return formatUnits(convertedUnits(minorUnits, currency), currency, showCurrency);
}

/**
 * A cart's total in the chosen currency's smallest shown units: each unit price (and add-on price) converted as it is
 * shown, times its quantity, summed — so the total shown is the sum of the lines shown.
 */
export function cartTotalUnits(
  lines: readonly { price: number; quantity: number; addonPrices?: readonly number[] }[],
  currency: Currency,
): number {
  let total = 0;
  for (const line of lines) {
    const quantity = Math.round(line.quantity);
    total += convertedUnits(line.price, currency) * quantity;
    for (const addon of line.addonPrices ?? []) total += convertedUnits(addon, currency) * quantity;
  }
  return total;
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
