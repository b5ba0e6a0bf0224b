import type { CartItem } from './cart.ts';

/** A currency as a site offers it: its code, symbol and rate against the store's base prices. */
export interface Currency {
  currencyAbbreviation: string;
  currencySymbol: string;
  currencyRate: number;
}

/**
 * The currencies shown without decimals: CLDR's display digits, as `Intl.NumberFormat` gives them for a currency
 * (money.test.ts checks this list against Intl for every currency it knows). Every other currency shows two (§9: its
 * own minor unit, at most two, so KWD's three show as two). A table, not Intl: a page's first `Intl.NumberFormat`
 * costs the browser 45–140 ms of loading ICU data, on every page that shows a price, before anything is interactive.
 */
const WHOLE_UNIT_CURRENCIES = new Set(
  'AFN ALL BIF CLP COP DJF GNF HUF IDR IQD IRR ISK JPY KMF KPW KRW LAK LBP MGA MMK PKR PYG RWF SLL SOS SYP UGX VND VUV XAF XOF XPF YER'.split(
    ' ',
  ),
);

/** Decimals shown for a currency: its own minor unit (0 for JPY, 3 for KWD), at most 2 (§9); 2 for any other code. */
export function displayDecimals(code: string): number {
  return WHOLE_UNIT_CURRENCIES.has(code) ? 0 : 2;
}

/** A whole number in en-US grouping: 1234567 → "1,234,567". */
const grouped = (whole: number) => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

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
  // Whole units by construction (convertedUnits); a fraction is rounded away rather than shown.
  const rounded = Math.round(units);
  const scale = 10 ** decimals;
  const magnitude = Math.abs(rounded);
  const whole = grouped(Math.floor(magnitude / scale));
  const fraction = magnitude % scale === 0 ? '' : `.${String(magnitude % scale).padStart(decimals, '0')}`;
  const number = Number.isFinite(units) ? `${rounded < 0 ? '-' : ''}${whole}${fraction}` : String(units);
  const text = `${symbol}${number}`;
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
 * An amount as a number of the currency's whole units, as it is shown (`formatPrice` of the same amount reads the
 * same): 4323 cents at 0.92 → 39.77. What machines are told (structured data, pixels, the Conversions API) comes from
 * here, so they never disagree with the page by a rounding.
 */
export function decimalAmount(minorUnits: number, currency: Currency): number {
  return wholeUnits(convertedUnits(minorUnits, currency), currency);
}

/** Smallest shown units as a number of the currency's whole units: 3977 cents → 39.77, 18287 yen → 18287. */
export function wholeUnits(units: number, currency: Currency): number {
  return units / 10 ** displayDecimals(currency.currencyAbbreviation);
}

/** What an order keeps of the currency it was placed in (`OrderSummary` has these). */
export interface OrderCurrencyFields {
  currencyCode: string;
  currencySymbol: string;
  currencyRate: number;
}

/**
 * The currency an order was placed in, at the rate recorded then: every surface that shows an order's amounts (its
 * pages, its mails, the studio, the payment page, the Purchase event) converts through this, so they agree to the
 * cent whatever the store's rates are now. An order from before symbols were kept shows its code.
 */
export function orderCurrency(order: OrderCurrencyFields): Currency {
  return {
    currencyAbbreviation: order.currencyCode.trim(),
    currencySymbol: order.currencySymbol || order.currencyCode.trim(),
    currencyRate: order.currencyRate,
  };
}

/** An order's line as far as its amounts go (`OrderSummary`'s lines have these). */
export interface OrderLineAmounts {
  unitPrice: number;
  quantity: number;
  addons: readonly { price: number }[];
  options: readonly { price: number }[];
}

/** An order's amounts as its shopper saw them at the checkout and is charged: smallest shown units of its currency. */
export interface OrderUnits {
  lines: number[];
  subtotal: number;
  shipping: number;
  total: number;
}

/**
 * An order's amounts in the currency it was placed in, exactly as its checkout showed them: each unit price, add-on
 * and priced option converted first (as `cartTotalUnits` does for the cart), times the quantity, and delivery
 * converted on its own. So the order's pages, mails, payment and Purchase event say what the checkout said, to the
 * cent: converting the base-currency total once could differ from the lines' sum by a rounding.
 */
export function orderUnits(order: OrderCurrencyFields & { shippingTotal: number; lines: readonly OrderLineAmounts[] }): OrderUnits {
  const currency = orderCurrency(order);
  const lines = order.lines.map((line) =>
    cartTotalUnits(
      [
        {
          price: line.unitPrice,
          quantity: line.quantity,
          addonPrices: [...line.addons.map((addon) => addon.price), ...line.options.filter((o) => o.price > 0).map((o) => o.price)],
        },
      ],
      currency,
    ),
  );
  const subtotal = lines.reduce((sum, units) => sum + units, 0);
  const shipping = convertedUnits(order.shippingTotal, currency);
  return { lines, subtotal, shipping, total: subtotal + shipping };
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

/**
 * What one unit of a line costs beyond its price: its add-ons and its priced options (totals add these, §9). Here,
 * beside the totals, rather than with the cart's schemas: a page that only adds up a priced cart loads no schema.
 */
export const perUnitExtras = (item: Pick<CartItem, 'addons' | 'options'>): number[] => [
  ...item.addons.map((addon) => addon.price),
  ...item.options.filter((option) => option.price > 0).map((option) => option.price),
];

/** Cart totals are integer sums (§9): each line's price × quantity plus its add-on totals, in minor units. */
export function cartTotal(lines: readonly { price: number; quantity: number; addonTotals?: readonly number[] }[]): number {
  let total = 0;
  for (const line of lines) {
    total += Math.round(line.price) * Math.round(line.quantity);
    for (const addon of line.addonTotals ?? []) total += Math.round(addon);
  }
  return total;
}
