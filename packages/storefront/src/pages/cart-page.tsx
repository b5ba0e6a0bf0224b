import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { cartEndpoints, cartTotal, staysInCart, type CartItem } from '@vitrine/commerce';
import { Image } from '@vitrine/renderer';
import { usePrice } from '@vitrine/sections';
import { useApi } from '../app-context.tsx';
import { CartEmpty, CartLines, CartSubtotal, useCartLines } from '../cart/cart-lines.tsx';
import { useHydrated } from '../ui/hydrated.ts';
import { FormNotice } from '../ui/field.tsx';
import { PageShell } from './page-shell.tsx';

/** /cart: the cart's lines with their add-ons, quantities and removal, the subtotal, and the way to checkout. */
export function CartPage() {
  const hydrated = useHydrated();
  const { lines } = useCartLines();
  return (
    <PageShell heading="Shopping Cart" breadcrumbs={[{ label: 'Shopping Cart' }]}>
      {/* The cart lives in the browser: the server's page cannot know it. */}
      {!hydrated ? (
        <p aria-busy="true">Loading your cart…</p>
      ) : lines.length ? (
        <div className="vt-cart-page">
          <CartLines lines={lines} removableAddons />
          <aside className="vt-cart-summary" aria-label="Order summary">
            <CartSubtotal />
            <p className="vt-cart-note">Shipping and taxes are worked out at checkout.</p>
            <Link to="/checkout" className="vt-btn vt-btn-primary vt-btn-md">
              Checkout
            </Link>
            <Link to="/">Continue shopping</Link>
          </aside>
        </div>
      ) : (
        <CartEmpty />
      )}
    </PageShell>
  );
}

/** The total of priced items (§9: integer sums of the prices and the add-on totals). */
const totalOf = (items: readonly CartItem[]) =>
  cartTotal(
    items.map((item) => ({
      price: Number(item.price),
      quantity: Number(item.quantity),
      addonTotals: item.addons.map((a) => a.totalPrice),
    })),
  );

/** /checkout/bn/{cartcode}: the one line of Buy now, priced by GetBuyCart, apart from the cart. */
export function BuyNowSummary() {
  const { cartcode = '' } = useParams();
  const api = useApi();
  const price = usePrice();
  const [answer, setAnswer] = useState<{ items: CartItem[]; message: string } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    api
      .request(cartEndpoints.getBuyCart, { query: { CartCodes: cartcode } })
      .then(({ data }) => live && setAnswer({ items: data.data, message: data.cartStatusMessage }))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [api, cartcode]);
  const items = answer?.items.filter((item) => staysInCart(item.status)) ?? [];
  return (
    <PageShell heading="Checkout">
      {failed ? <FormNotice kind="error">This item could not be priced. Please try again.</FormNotice> : null}
      {!answer && !failed ? <p aria-busy="true">Pricing your item…</p> : null}
      {answer && answer.message ? <FormNotice kind="error">{answer.message}</FormNotice> : null}
      {answer && items.length ? (
        <div className="vt-cart-summary">
          <ul className="vt-cart-lines">
            {items.map((item) => (
              <li key={item.cartItemCode} className="vt-cart-line">
                <span className="vt-cart-line-image">
                  <Image src={item.product.thumbnailFile ?? ''} alt="" width={96} height={96} sizes="96px" />
                </span>
                <div className="vt-cart-line-info">
                  <Link to={item.product.productURL} className="vt-cart-line-name">
                    {item.product.itemName}
                  </Link>
                  {item.product.variantName ? <p className="vt-cart-line-variant">{item.product.variantName}</p> : null}
                  {item.addons.map((addon) => (
                    <p key={addon.addonID} className="vt-cart-line-variant">
                      + {addon.addonName} ({price(addon.price)})
                    </p>
                  ))}
                  <p className="vt-cart-line-unit">{`${item.quantity} × ${price(Number(item.price))}`}</p>
                </div>
              </li>
            ))}
          </ul>
          <p className="vt-cart-subtotal">
            <span>Total</span> <strong>{price(totalOf(items))}</strong>
          </p>
          <p className="vt-cart-note">Paying online is not open yet.</p>
        </div>
      ) : null}
      <Link to="/cart">Back to the cart</Link>
    </PageShell>
  );
}
