import { useEffect, useId, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Image } from '@vitrine/renderer';
import { useCart } from '../client/cart.ts';
import { popupBadge, routeNameAt, type CartPopupItem } from '../client/cart-rules.ts';

/** How long the cart status popup shows (§9). */
export const CART_POPUP_MS = 4000;

function PopupItem({ item }: { item: CartPopupItem }) {
  return (
    <li className="vt-cart-popup-item">
      <Image src={item.product.thumbnailFile ?? ''} alt="" width={48} height={48} sizes="48px" />
      <div>
        <span
          className={`vt-cart-popup-badge vt-cart-popup-badge-${['lessstock', 'choosevariant'].includes(item.status) ? 'updated' : 'removed'}`}
        >
          {popupBadge(item.status, item.statusMessage)}
        </span>
        <Link to={item.product.productURL}>{item.product.itemName}</Link>
      </div>
    </li>
  );
}

/** The toast-like popup that lists changed cart items (§2.9, §3.7), for 4 seconds. */
function CartStatusPopup({ items }: { items: CartPopupItem[] }) {
  const close = useCart((s) => s.closePopup);
  useEffect(() => {
    const timer = setTimeout(close, CART_POPUP_MS);
    return () => clearTimeout(timer);
  }, [items, close]);
  return (
    <div className="vt-cart-popup" role="status">
      <ul>
        {items.map((item) => (
          <PopupItem key={item.product.productURL + item.status} item={item} />
        ))}
      </ul>
      <button type="button" className="vt-toast-close" aria-label="Dismiss" onClick={close}>
        ×
      </button>
    </div>
  );
}

/**
 * The cart-status dialog (§2.9): the server's heading and message and the items that left. Return to home shows
 * when the cart is empty, Continue (Continue Checkout on checkout pages) when it has items; both close it.
 */
function CartStatusDialog({ heading, message, items }: { heading: string; message: string; items: CartPopupItem[] }) {
  const close = useCart((s) => s.closePopup);
  const empty = useCart((s) => s.lines.length === 0);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const dialog = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const checkout = (routeNameAt(pathname) ?? '').startsWith('checkout');
  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="vt-cart-status-dialog" aria-labelledby={headingId} onClose={close}>
      <h2 id={headingId} className="vt-h4">
        {heading || 'Your cart was updated'}
      </h2>
      {message ? <p>{message}</p> : null}
      <ul className="vt-cart-popup-items">
        {items.map((item) => (
          <PopupItem key={item.product.productURL + item.status} item={item} />
        ))}
      </ul>
      <div className="vt-cart-status-actions">
        {empty ? (
          <button
            type="button"
            className="vt-btn vt-btn-primary vt-btn-md"
            onClick={() => {
              close();
              void navigate('/');
            }}
          >
            Return to home
          </button>
        ) : (
          <button type="button" className="vt-btn vt-btn-primary vt-btn-md" onClick={close}>
            {checkout ? 'Continue Checkout' : 'Continue'}
          </button>
        )}
      </div>
    </dialog>
  );
}

/** Whichever cart popup the last answer asked for (§3.7). */
export function CartStatus() {
  const popup = useCart((s) => s.popup);
  if (!popup) return null;
  if (popup.type === 'CART_STATUS_ACTIONS') return <CartStatusPopup items={popup.data} />;
  return <CartStatusDialog heading={popup.data.heading} message={popup.data.message} items={popup.data.cart_items} />;
}
