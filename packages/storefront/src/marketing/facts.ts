import { orderCurrency, perUnitExtras, wholeUnits, type CartItem, type OrderSummary } from '@vitrine/commerce';
import { marketingEvent, type MarketingFacts } from './emitter.ts';

/** What a page knows of a product beyond its cart line, for AddToCart's category and brand (§7). */
export interface ProductAbout {
  brand?: string | null | undefined;
  category?: string | null | undefined;
}

const named = (about: ProductAbout) => ({
  ...(about.brand ? { brand: about.brand } : {}),
  ...(about.category ? { category: about.category } : {}),
});

/** AddToCart (§7): content_name, content_ids, content_type, value (of the quantity added, add-ons and priced options included), category and brand. */
export function addToCartFacts(line: CartItem, about: ProductAbout = {}): MarketingFacts {
  const quantity = Number(line.quantity) || 1;
  const { product } = line;
  const extras = perUnitExtras(line).reduce((sum, price) => sum + price, 0);
  return {
    content_name: product.variantName ? `${product.itemName} (${product.variantName})` : product.itemName,
    content_ids: [String(product.productID)],
    content_type: 'product',
    amount: (Number(product.price) + extras) * quantity,
    num_items: quantity,
    ...named(about),
  };
}

const REPORTED_KEY = 'vt.purchases-reported';

/**
 * Purchase, on the confirmation of an order the shopper has just placed or paid: once per order in this browser, with
 * the event id `purchase-{orderCode}` the store's own Conversions API report of the order carries too (Meta counts one).
 */
export function reportPurchase(order: OrderSummary): void {
  let reported: string[] = [];
  try {
    reported = JSON.parse(localStorage.getItem(REPORTED_KEY) ?? '[]') as string[];
    if (!Array.isArray(reported)) reported = [];
  } catch {
    reported = [];
  }
  if (reported.includes(order.orderCode)) return;
  try {
    localStorage.setItem(REPORTED_KEY, JSON.stringify([order.orderCode, ...reported].slice(0, 20)));
  } catch {
    // Storage full or refused: reported anyway; Meta deduplicates by the event id.
  }
  const ids = order.lines.flatMap((line) => (line.productID === null ? [] : [String(line.productID)]));
  marketingEvent(
    'Purchase',
    {
      content_ids: [...new Set(ids)],
      content_type: 'product',
      num_items: order.lines.reduce((sum, line) => sum + line.quantity, 0),
      value: wholeUnits(order.totalUnits, orderCurrency(order)),
      currency: order.currencyCode,
    },
    `purchase-${order.orderCode}`,
  );
}
