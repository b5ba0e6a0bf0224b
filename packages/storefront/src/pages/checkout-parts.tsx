import { perUnitExtras, type CartItem } from '@vitrine/commerce';
import { Image } from '@vitrine/renderer';
import { useCartPrice, usePrice } from '@vitrine/sections';
import { ChosenOptions, PriceWas } from '../cart/cart-lines.tsx';
import { itemOf, type CartLine } from '../client/cart-rules.ts';

/** What the checkout pages share: the lines being bought, and what shows while they load. */

/**
 * The lines being bought, as the order summary lists them, in the shop's currency (an order being paid gives its own
 * through a `ShopProvider`): each unit price converted first, as the cart and the order add them up.
 */
export function SummaryLines({
  lines,
  items,
  fromCart = false,
}: {
  lines: readonly CartLine[];
  items: readonly CartItem[];
  /** The lines are the cart's: a price that changed since the shopper added a line is said. */
  fromCart?: boolean;
}) {
  const price = usePrice();
  const linePrice = useCartPrice();
  return (
    <ul className="vt-checkout-lines" aria-label="Items in your order">
      {lines.map((line) => {
        const item = itemOf(items, line);
        if (!item) return null;
        const quantity = Number(item.quantity);
        const lineTotal = linePrice([{ price: Number(item.price), quantity, addonPrices: perUnitExtras(item) }]);
        return (
          <li key={line.cartCode}>
            <span className="vt-checkout-line-image">
              <Image src={item.product.thumbnailFile ?? ''} alt="" width={56} height={56} sizes="56px" />
              <span className="vt-checkout-line-count" aria-hidden="true">
                {quantity}
              </span>
            </span>
            <span className="vt-checkout-line-info">
              <span className="vt-checkout-line-name">{item.product.itemName}</span>
              {item.product.variantName ? <span className="vt-checkout-line-meta">{item.product.variantName}</span> : null}
              {item.addons.map((addon) => (
                <span key={addon.addonID} className="vt-checkout-line-meta">
                  + {addon.addonName}
                </span>
              ))}
              <ChosenOptions options={item.options} className="vt-checkout-line-meta" />
              <span className="vt-checkout-line-meta">{`${quantity} × ${price(Number(item.price))}`}</span>
              {fromCart ? <PriceWas line={line} /> : null}
            </span>
            <span className="vt-checkout-line-total">{lineTotal}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** What a checkout page says while it loads. */
export function CheckoutLoading({ what = 'checkout' }: { what?: string }) {
  return (
    <p className="vt-loading" aria-busy="true">
      Loading your {what}…
    </p>
  );
}
