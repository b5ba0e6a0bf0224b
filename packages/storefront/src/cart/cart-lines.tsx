import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { perUnitExtras, type CartItem, type ChosenOption } from '@vitrine/commerce';
import { Image } from '@vitrine/renderer';
import { useCartPrice, usePrice } from '@vitrine/sections';
import { useCart } from '../client/cart.ts';
import { cartSubtotal, itemOf, lineKey, lineOf, quantityOf, type CartLine } from '../client/cart-rules.ts';
import { useHydrated } from '../ui/hydrated.ts';
import { QuantityStepper } from '../ui/quantity-stepper.tsx';

/** A cart as drawn: its lines and their priced items. */
interface DrawnCart {
  lines: readonly CartLine[];
  items: readonly CartItem[];
}

/**
 * The cart the server drew (the one the browser keeps, priced by the server from its cookie): shown until the page
 * has hydrated, so the app's first render matches the server's page; the browser's own cart from then on.
 */
const ServerCart = createContext<DrawnCart | null>(null);

/** Draws `items`, the server's pricing of the browser's cart, inside `children` until the page has hydrated. */
export function ServerCartProvider({ items, children }: { items: readonly CartItem[] | null; children: ReactNode }) {
  const drawn = useMemo(() => items && { lines: items.map(lineOf), items }, [items]);
  return <ServerCart.Provider value={drawn}>{children}</ServerCart.Provider>;
}

/** Whether the cart shown is known: the browser's once hydrated, or the one the server drew. */
export function useCartKnown(): boolean {
  const drawn = useContext(ServerCart);
  return useHydrated() || drawn !== null;
}

/** The cart's lines and their priced items, as shown, and whether a change is on its way to the server. */
export function useCartLines() {
  const drawn = useContext(ServerCart);
  const hydrated = useHydrated();
  const kept = { lines: useCart((s) => s.lines), items: useCart((s) => s.items) };
  const busy = useCart((s) => s.pending.length > 0);
  const { lines, items } = drawn && !hydrated ? drawn : kept;
  return { lines, items, busy: hydrated && busy };
}

/** The product options chosen for a line: "Personal note: Happy birthday", a priced one with what it adds. */
export function ChosenOptions({ options, className }: { options: readonly ChosenOption[]; className: string }) {
  const price = usePrice();
  if (!options.length) return null;
  return (
    <ul className={`vt-line-options ${className}`} aria-label="Options">
      {options.map((option) => (
        <li key={option.optionID}>
          {option.name}: {option.value}
          {option.price ? ` (+${price(option.price)})` : null}
        </li>
      ))}
    </ul>
  );
}

/** "Price changed since you added it": the unit price the shopper saw, when it is no longer the price. */
export function PriceWas({ line }: { line: CartLine }) {
  const was = useCart((s) => s.wasPrices[lineKey(line.cartCode)]);
  const price = usePrice();
  // What the shopper saw is the browser's: the server's page does not know it.
  const hydrated = useHydrated();
  if (was === undefined || !hydrated) return null;
  return (
    <span className="vt-price-was" role="note">
      Price changed since you added it: was <s>{price(was)}</s>
    </span>
  );
}

/**
 * One line of the cart: image, name, variant, add-ons, unit price, quantity and remove. On the cart page
 * (`removableAddons`) each add-on can be taken off too.
 */
function CartLineView({ line, removableAddons }: { line: CartLine; removableAddons: boolean }) {
  const item = itemOf(useCartLines().items, line);
  const { setQuantity, remove, removeAddon } = useCart.getState();
  const price = usePrice();
  const linePrice = useCartPrice();
  const quantity = quantityOf(line);
  const name = item?.product.itemName ?? 'Item';
  if (!item) {
    return (
      <li className="vt-cart-line vt-cart-line-pending" aria-busy="true">
        <span className="vt-cart-line-image" aria-hidden="true" />
        <p>Updating this item…</p>
      </li>
    );
  }
  const lineTotal = linePrice([{ price: Number(item.price), quantity, addonPrices: perUnitExtras(item) }]);
  return (
    <li className="vt-cart-line">
      <Link to={item.product.productURL} className="vt-cart-line-image" tabIndex={-1} aria-hidden="true">
        <Image src={item.product.thumbnailFile ?? ''} alt="" width={96} height={96} sizes="96px" />
      </Link>
      <div className="vt-cart-line-info">
        <Link to={item.product.productURL} className="vt-cart-line-name">
          {name}
        </Link>
        {item.product.variantName ? <p className="vt-cart-line-variant">{item.product.variantName}</p> : null}
        <ChosenOptions options={item.options} className="vt-cart-line-variant" />
        {item.addons.length ? (
          <ul className="vt-cart-line-addons" aria-label="Add-ons">
            {item.addons.map((addon) => (
              <li key={addon.addonID}>
                <span>
                  + {addon.addonName} ({price(addon.price)})
                </span>
                {removableAddons ? (
                  <button
                    type="button"
                    className="vt-btn-link vt-cart-remove"
                    aria-label={`Remove ${addon.addonName} from ${name}`}
                    onClick={() => removeAddon(line.cartCode, addon.addonID)}
                  >
                    Remove
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        <p className="vt-cart-line-unit">
          <span className="vt-visually-hidden">Unit price </span>
          {price(Number(item.price))}
        </p>
        <PriceWas line={line} />
      </div>
      <div className="vt-cart-line-actions">
        {/* Lowered to the stock by the store's answer: the field says so, and the most is what there is (issue 33). */}
        <QuantityStepper
          value={quantity}
          onChange={(next) => setQuantity(line.cartCode, next)}
          label={`Quantity of ${name}`}
          max={item.status === 'lessstock' ? quantity : undefined}
          limited={item.status === 'lessstock'}
        />
        <p className="vt-cart-line-total">
          <span className="vt-visually-hidden">Line total </span>
          {lineTotal}
        </p>
        <button type="button" className="vt-btn-link vt-cart-remove" aria-label={`Remove ${name}`} onClick={() => remove(line.cartCode)}>
          Remove
        </button>
      </div>
    </li>
  );
}

/** The cart's lines, as the drawer and the cart page show them. */
export function CartLines({ lines, removableAddons = false }: { lines: readonly CartLine[]; removableAddons?: boolean }) {
  return (
    <ul className="vt-cart-lines" aria-label="Items in your cart">
      {lines.map((line) => (
        <CartLineView key={lineKey(line.cartCode)} line={line} removableAddons={removableAddons} />
      ))}
    </ul>
  );
}

/** The subtotal in the shopper's currency, busy while a change is on its way. */
export function CartSubtotal() {
  const { lines, items, busy } = useCartLines();
  const subtotal = cartSubtotal(lines, items);
  const cartPrice = useCartPrice();
  return (
    <p className="vt-cart-subtotal" aria-live="polite" aria-busy={busy || !subtotal.priced}>
      <span>Subtotal</span> <strong>{subtotal.priced ? cartPrice(subtotal.rows) : '…'}</strong>
      {busy ? <span className="vt-cart-busy">Updating…</span> : null}
    </p>
  );
}

/** What an empty cart says, with the way back to the shop. */
export function CartEmpty({ className = '' }: { className?: string }) {
  return (
    <div className={`vt-cart-empty ${className}`.trim()}>
      <p>Your cart is empty.</p>
      <Link to="/" className="vt-btn vt-btn-primary vt-btn-md">
        Continue shopping
      </Link>
    </div>
  );
}
