import { createContext, use } from 'react';
import { formatPrice, type Currency } from '@vitrine/commerce';

export interface Shop {
  currency: Currency;
  showCurrency: boolean;
}

const ShopContext = createContext<Shop>({
  currency: { currencyAbbreviation: 'USD', currencySymbol: '$', currencyRate: 1 },
  showCurrency: false,
});

/** Supplies the shopper's chosen currency to the sections that show prices. */
export const ShopProvider = ShopContext;

/** Formats minor units in the shopper's currency. */
export function usePrice(): (minorUnits: number) => string {
  const { currency, showCurrency } = use(ShopContext);
  return (minorUnits) => formatPrice(minorUnits, currency, showCurrency);
}
