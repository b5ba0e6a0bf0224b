import { createContext, use, useCallback, useLayoutEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import {
  cartTotalUnits,
  convertedUnits,
  formatPrice,
  formatUnits,
  type Currency,
  type ProductCard,
  type Suggestions,
} from '@vitrine/commerce';
import type { ThemeSettings } from '@vitrine/theme-engine';

/** What sections know of the shop and the shopper: currency, store name, counts for the header, signed-in state. */
export interface Shop extends ThemeShop {
  currency: Currency;
  /** The store's name, shown where the owner has set no logo. */
  storeTitle: string;
  /** Every currency the shop offers; the header's currency picker lists them. */
  currencies: readonly Currency[];
  /** Called with a currency code when the shopper picks one. */
  onCurrencyChange?: ((code: string) => void) | undefined;
  cartCount: number;
  wishlistCount: number;
  isSignedIn: boolean;
  /** The products the shopper is comparing (§3.1 `compare`, at most 4), and how to add or take one away. */
  compare?: { ids: readonly number[]; toggle: (productId: number) => void } | undefined;
  /** The products the shopper has hearted (a guest's kept in the browser, §3.4), and how to heart or unheart one. */
  wishlist?: { ids: readonly number[]; toggle: (productId: number) => void } | undefined;
  /**
   * Puts one of a card's product in the cart as the product page does, then opens the drawer or the cart (§2.9).
   * Absent where there is no cart (a test): cards draw no button.
   */
  cart?: { add: (product: ProductCard) => void } | undefined;
  /**
   * Whether the store asks shoppers' consent before its marketing tags run (its consent banner is on and it has tags):
   * the footer then offers "Cookie settings", to change the choice at any time (issue 33).
   */
  asksConsent?: boolean | undefined;
  /** What the header's search suggests for what the shopper has typed; absent where nothing can be asked (a test). */
  suggest?: ((kw: string) => Promise<Suggestions>) | undefined;
  /** What the shopper searched for, on the search results page (/search?kw=…): the header's search box shows it. */
  searchKeywords?: string | undefined;
}

/** What the shop context carries of the theme's settings (§3.8): what sections draw by them, not by the theme's CSS. */
export interface ThemeShop {
  /** §9 show_currency: the currency code beside every price. */
  showCurrency: boolean;
  /** What a product card shows besides its picture, name and price. */
  productCard: { showBrand: boolean; showRating: boolean };
}

/** The shop context's part of a theme's settings, as the storefront hands it to the sections. */
export function themeShopOf(settings: Pick<ThemeSettings, 'show_currency' | 'productCard'>): ThemeShop {
  return {
    showCurrency: settings.show_currency,
    productCard: { showBrand: settings.productCard.showBrand, showRating: settings.productCard.showRating },
  };
}

const defaultShop: Shop = {
  currency: { currencyAbbreviation: 'USD', currencySymbol: '$', currencyRate: 1 },
  showCurrency: false,
  // As the default theme says.
  productCard: { showBrand: true, showRating: true },
  storeTitle: 'Store',
  currencies: [],
  cartCount: 0,
  wishlistCount: 0,
  isSignedIn: false,
};

/**
 * The shop a provider holds, which sections select from. The context carries this, one per provider and never
 * another, not the shop: a change of the shop re-renders only the components whose selected part changed, and no
 * section React has not hydrated yet is subscribed to it (issue 33: a first tap hydrates the section it falls in).
 */
interface ShopStore {
  /** The shop as last committed. */
  get: () => Shop;
  /** The shop the provider first held: on a hydrating page, what the server drew. */
  getServer: () => Shop;
  subscribe: (listener: () => void) => () => void;
}

function createShopStore(first: Shop): ShopStore & { set: (shop: Shop) => void } {
  let shop = first;
  const listeners = new Set<() => void>();
  return {
    get: () => shop,
    getServer: () => first,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set: (next) => {
      if (next === shop) return;
      shop = next;
      for (const listener of listeners) listener();
    },
  };
}

const ShopContext = createContext<ShopStore>(createShopStore(defaultShop));

/**
 * Supplies the shop to the sections. Anything left out keeps a safe default (a guest with an empty cart), so a
 * section drawn in a test or the studio needs no more than it uses.
 */
export function ShopProvider({ value, children }: { value: Partial<Shop>; children?: ReactNode }) {
  const shop = useMemo(() => ({ ...defaultShop, ...value }), [value]);
  const [store] = useState(() => createShopStore(shop));
  // After the commit, as useSyncExternalStore expects: a render React throws away never reaches the sections.
  useLayoutEffect(() => store.set(shop), [store, shop]);
  return <ShopContext value={store}>{children}</ShopContext>;
}

const wholeShop = (shop: Shop) => shop;

/**
 * The shop as the nearest `ShopProvider` gives it, or the part `select` picks of it: the component then re-renders
 * only when that part changes. `select` returns a primitive or a value the shop holds, never a new object or array
 * (it runs on every read); the shop's functions are read when called, through `useShopReader`, not selected.
 */
export function useShop(): Shop;
export function useShop<Selected>(select: (shop: Shop) => Selected): Selected;
export function useShop<Selected>(select?: (shop: Shop) => Selected): Shop | Selected {
  const store = use(ShopContext);
  const pick = select ?? wholeShop;
  return useSyncExternalStore(
    store.subscribe,
    () => pick(store.get()),
    () => pick(store.getServer()),
  );
}

/**
 * Reads the shop when called: for event handlers calling the shop's functions (`wishlist.toggle`, `cart.add`…), whose
 * identity changes with every change of the shop. The function itself never changes.
 */
export function useShopReader(): () => Shop {
  return use(ShopContext).get;
}

const currencyOf = (shop: Shop) => shop.currency;
const showsCurrency = (shop: Shop) => shop.showCurrency;

/** Formats minor units in the shopper's currency. */
export function usePrice(): (minorUnits: number) => string {
  const currency = useShop(currencyOf);
  const showCurrency = useShop(showsCurrency);
  return useCallback((minorUnits) => formatPrice(minorUnits, currency, showCurrency), [currency, showCurrency]);
}

/** A cart line as its amount is shown: unit price and add-on prices in minor units, and the quantity. */
export interface PricedLine {
  price: number;
  quantity: number;
  addonPrices?: readonly number[];
}

/**
 * Shows the sum of cart lines (and any further amounts, as delivery) in the shopper's currency as the lines are
 * shown: each unit price converted first, so the lines shown add up to the total shown (§9).
 */
export function useCartPrice(): (lines: readonly PricedLine[], more?: readonly number[]) => string {
  const currency = useShop(currencyOf);
  const showCurrency = useShop(showsCurrency);
  return useCallback(
    (lines, more = []) =>
      formatUnits(
        cartTotalUnits(lines, currency) + more.reduce((sum, minor) => sum + convertedUnits(minor, currency), 0),
        currency,
        showCurrency,
      ),
    [currency, showCurrency],
  );
}
