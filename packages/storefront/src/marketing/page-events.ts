import { cartTotal, perUnitExtras, type CartItem, type PixelEventName, type ProductDetail } from '@vitrine/commerce';
import type { KeptCartData } from '../server-data.ts';
import type { ListingData } from '../pages/listing-view.tsx';
import type { ProductData } from '../product/product-view.tsx';
import type { MarketingFacts } from './emitter.ts';

/**
 * The events a page makes by being shown (§7), read from its routes' data, not from its view: the marketing runtime
 * reports the first page's as soon as it loads, whether or not the app ever starts, and the app reports each later
 * page's. An event carries what makes it new: a PageView its address, a ViewContent its product (choosing a variant
 * is the same view), a Search its words.
 */
export interface PageEvent {
  name: PixelEventName;
  key: string;
  facts: MarketingFacts;
}

/** ViewContent (§7): the product on its page; its price unless the store hides it. */
function viewContentFacts(product: ProductDetail): MarketingFacts {
  return {
    content_name: product.itemName,
    content_ids: [String(product.productID)],
    content_type: 'product',
    ...(product.isHidePrice ? {} : { amount: product.price }),
    ...(product.brand?.name ? { brand: product.brand.name } : {}),
    ...(product.category?.name ? { category: product.category.name } : {}),
  };
}

/** InitiateCheckout (§7): the products and how many are bought, and their subtotal (`amount`, minor units). */
export function initiateCheckoutFacts(items: readonly CartItem[], amount: number): MarketingFacts {
  return {
    content_ids: [...new Set(items.map((item) => String(item.product.productID)))],
    content_type: 'product',
    num_items: items.reduce((sum, item) => sum + (Number(item.quantity) || 0), 0),
    amount,
  };
}

/** The subtotal of priced items, as the cart shows it: each unit price and its extras, times the quantity. */
const subtotalOf = (items: readonly CartItem[]): number =>
  cartTotal(
    items.map((item) => {
      const quantity = Number(item.quantity) || 0;
      return { price: Number(item.price), quantity, addonTotals: perUnitExtras(item).map((price) => price * quantity) };
    }),
  );

const isProductData = (data: unknown): data is ProductData =>
  typeof data === 'object' && data !== null && 'product' in data && typeof (data as ProductData).product?.productID === 'number';

const isListingData = (data: unknown): data is ListingData =>
  typeof data === 'object' && data !== null && 'listing' in data && typeof (data as ListingData).listing?.scope === 'object';

/** The checkout the server drew: its cart and options (the app's own checkout tells its event itself). */
const isDrawnCheckout = (data: unknown): data is KeptCartData & { cart: CartItem[] } =>
  typeof data === 'object' && data !== null && 'options' in data && !!data.options && 'cart' in data && Array.isArray(data.cart);

/** A page's events, from its address and the data of its matched routes. */
export function pageEventsOf(pathname: string, routeData: readonly unknown[]): PageEvent[] {
  const events: PageEvent[] = [{ name: 'PageView', key: pathname, facts: {} }];
  for (const data of routeData) {
    if (isProductData(data)) {
      events.push({ name: 'ViewContent', key: String(data.product.productID), facts: viewContentFacts(data.product) });
    } else if (isListingData(data) && data.listing.scope.kind === 'search') {
      const searched = data.listing.state.kw.trim();
      if (searched) events.push({ name: 'Search', key: searched, facts: { search_string: searched.slice(0, 300) } });
    } else if (isDrawnCheckout(data)) {
      events.push({ name: 'InitiateCheckout', key: pathname, facts: initiateCheckoutFacts(data.cart, subtotalOf(data.cart)) });
    }
  }
  return events;
}

/**
 * Remembers what the shopper has been shown, and answers the events of a page that are new: the first page's are all
 * new; a later page's are those whose key changed (the same product, or the same words, again is no new event).
 */
export function pageEventsSeen() {
  let last = new Map<PixelEventName, string>();
  return (events: readonly PageEvent[]): PageEvent[] => {
    const fresh = events.filter((event) => last.get(event.name) !== event.key);
    last = new Map(events.map((event) => [event.name, event.key]));
    return fresh;
  };
}
