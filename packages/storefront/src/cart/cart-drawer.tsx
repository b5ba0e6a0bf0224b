import { useEffect, useId, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { create } from 'zustand';
import { CartEmpty, CartLines, CartSubtotal, useCartLines } from './cart-lines.tsx';

const useDrawer = create<{ open: boolean }>(() => ({ open: false }));

/** Opens the cart drawer (after add-to-cart, when the theme says OPEN_DRAWER, §2.9). */
export const openCartDrawer = () => useDrawer.setState({ open: true });
const closeCartDrawer = () => useDrawer.setState({ open: false });

/**
 * The cart drawer: a modal dialog (the page behind is inert, the focus stays inside, Escape closes) with the cart's
 * lines, the subtotal, and the ways on: View cart and Checkout. It closes when the shopper goes to another page.
 */
export function CartDrawer() {
  const open = useDrawer((s) => s.open);
  const dialog = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const { pathname } = useLocation();
  const { lines } = useCartLines();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    else if (!open && element.open) element.close();
  }, [open]);
  useEffect(() => closeCartDrawer(), [pathname]);

  return (
    <dialog
      ref={dialog}
      className="vt-cart-drawer"
      aria-labelledby={headingId}
      onClose={closeCartDrawer}
      // A click on the backdrop (the dialog element itself, outside its panel) closes it.
      onClick={(event) => {
        if (event.target === event.currentTarget) closeCartDrawer();
      }}
    >
      {open ? (
        <div className="vt-cart-drawer-panel">
          <div className="vt-cart-drawer-head">
            <h2 id={headingId} className="vt-h4">
              Your cart
            </h2>
            <button type="button" className="vt-cart-drawer-close" aria-label="Close cart" onClick={closeCartDrawer}>
              ×
            </button>
          </div>
          {lines.length ? (
            <>
              <div className="vt-cart-drawer-body">
                <CartLines lines={lines} />
              </div>
              <div className="vt-cart-drawer-foot">
                <CartSubtotal />
                <div className="vt-cart-drawer-actions">
                  <Link to="/cart" className="vt-btn vt-btn-outline vt-btn-md">
                    View cart
                  </Link>
                  <Link to="/checkout" className="vt-btn vt-btn-primary vt-btn-md">
                    Checkout
                  </Link>
                </div>
              </div>
            </>
          ) : (
            <CartEmpty className="vt-cart-drawer-body" />
          )}
        </div>
      ) : null}
    </dialog>
  );
}
