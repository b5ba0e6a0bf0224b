import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { buildCartCode, type CartItem, type ProductCard } from '@vitrine/commerce';
import type { ThemeSettings } from '@vitrine/theme-engine';
import { useCart } from '../client/cart.ts';
import { addToCartFacts, type ProductAbout } from '../marketing/facts.ts';
import { marketingEvent } from '../marketing/emitter.ts';
import { openCartDrawer } from './cart-drawer.tsx';

/** A line as the cart shows it before the server has priced it, from what the page already knows of the product. */
export function provisionalLine(
  code: string,
  quantity: number,
  product: CartItem['product'],
  addons: CartItem['addons'] = [],
  options: CartItem['options'] = [],
): CartItem {
  return {
    cartItemID: '0',
    cartItemCode: code,
    quantity: String(quantity),
    price: String(product.price),
    status: 'ok',
    statusMessage: '',
    product,
    addons,
    options,
  };
}

/** One of a card's product, as Add to cart on the card puts it in the cart: no variant, no add-ons. */
export function cardLine(card: ProductCard): { code: string; preview: CartItem } {
  const code = buildCartCode({ productId: card.productID, quantity: 1, variantId: 0, addonIds: [] });
  return {
    code,
    preview: provisionalLine(code, 1, {
      productID: card.productID,
      variantID: 0,
      sku: '',
      itemName: card.itemName,
      variantName: '',
      price: card.price,
      imageFile: card.imageFile,
      thumbnailFile: card.imageFile,
      productURL: card.productURL,
    }),
  };
}

/**
 * Adds a line to the cart, shown at once, then opens the drawer or the cart page as the theme says (§2.9
 * add_to_card_action): what every Add to cart does, on the product page and on cards.
 */
export function useAddToCart(action: ThemeSettings['add_to_card_action']): (code: string, preview: CartItem, about?: ProductAbout) => void {
  const navigate = useNavigate();
  const add = useCart((s) => s.add);
  return useCallback(
    (code, preview, about) => {
      add(code, preview);
      marketingEvent('AddToCart', addToCartFacts(preview, about));
      if (action === 'OPEN_CART') void navigate('/cart');
      else openCartDrawer();
    },
    [add, action, navigate],
  );
}
