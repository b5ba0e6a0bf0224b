import { formatPrice, formatUnits, orderCurrency, statusColour, type OrderCurrencyFields, type StatusColour } from '@vitrine/commerce';

const chipTones: Record<StatusColour, string> = {
  red: 'bg-red-100 text-red-800 ring-red-200',
  blue: 'bg-blue-100 text-blue-800 ring-blue-200',
  cyan: 'bg-cyan-100 text-cyan-800 ring-cyan-200',
  green: 'bg-emerald-100 text-emerald-800 ring-emerald-200',
  orange: 'bg-orange-100 text-orange-800 ring-orange-200',
  grey: 'bg-slate-100 text-slate-700 ring-slate-200',
};

/** An order or payment status in its colour (§4); `label` says which one it is to a screen reader outside a table. */
export function StatusChip({ status, label }: { status: string; label?: string }) {
  return (
    <span
      data-colour={statusColour(status)}
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${chipTones[statusColour(status)]}`}
    >
      {label ? <span className="sr-only">{label}:</span> : null}
      {label ? ' ' : null}
      {status}
    </span>
  );
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A moment as the owner's clock shows it, machine-readable too. */
export function Time({ at }: { at: string }) {
  return <time dateTime={at}>{dateTime.format(new Date(at))}</time>;
}

/** An order's amount (minor units of the store's base currency) in the currency it was placed in. */
export const orderPrice = (order: OrderCurrencyFields, minorUnits: number) => formatPrice(minorUnits, orderCurrency(order));

/** An amount already in the order's currency (`orderUnits`, `totalUnits`): as the customer saw and paid it. */
export const orderAmount = (order: OrderCurrencyFields, units: number) => formatUnits(units, orderCurrency(order));

/** An amount in the store's base currency, as a number (as `formatPrice` shows it): beside an order's own currency, where that is named. */
export const baseAmount = (minorUnits: number) =>
  formatUnits(minorUnits, { currencyAbbreviation: 'USD', currencySymbol: '', currencyRate: 1 });
