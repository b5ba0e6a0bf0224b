import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { buildCartCode, type CartItem, type ProductDetail, type ProductVariant } from '@vitrine/commerce';
import type { ThemeSettings } from '@vitrine/theme-engine';
import { provisionalLine, useAddToCart } from '../cart/add-to-cart-action.ts';
import { useHydrated } from '../ui/hydrated.ts';
import { QuantityStepper } from '../ui/quantity-stepper.tsx';

/** The line as it will show in the cart before the server has priced it, from what the product page already knows. */
function provisionalItem(
  product: ProductDetail,
  variant: ProductVariant | null,
  code: string,
  quantity: number,
  addonIds: number[],
): CartItem {
  const price = variant?.price ?? product.price;
  const image = variant?.imageFile ?? product.images[0]?.file ?? null;
  return provisionalLine(
    code,
    quantity,
    {
      productID: product.productID,
      variantID: variant?.variantID ?? 0,
      sku: variant?.sku ?? product.sku,
      itemName: product.itemName,
      variantName: variant?.name ?? '',
      price,
      imageFile: image,
      thumbnailFile: image,
      productURL: product.productURL,
    },
    product.addons
      .filter((addon) => addonIds.includes(addon.addonID))
      .map((addon) => ({
        cartAddonID: '0',
        addonID: addon.addonID,
        addonName: addon.name,
        quantity: String(quantity),
        price: addon.price,
        totalPrice: addon.price * quantity,
      })),
  );
}

/**
 * The quantity, Add to cart and Buy now, with the chosen variant and add-ons. Adding shows in the cart at once and
 * opens the drawer or the cart page as the theme says (§2.9 add_to_card_action); Buy now goes to checkout with this
 * line alone. Both wait, saying why, while a variant is to be chosen or the product is out of stock.
 */
export function AddToCart({
  product,
  variant,
  needsVariant,
  inStock,
  addonIds,
  addToCartAction,
}: {
  product: ProductDetail;
  variant: ProductVariant | null;
  needsVariant: boolean;
  inStock: boolean;
  addonIds: number[];
  addToCartAction: ThemeSettings['add_to_card_action'];
}) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const addToCart = useAddToCart(addToCartAction);
  const [quantity, setQuantity] = useState(1);
  const reason = needsVariant ? 'Choose an available combination first.' : !inStock ? 'Out of stock.' : null;
  const code = buildCartCode({ productId: product.productID, quantity, variantId: variant?.variantID ?? 0, addonIds });
  const reasonId = `add-to-cart-reason-${product.productID}`;
  return (
    <div className="vt-add-to-cart">
      <QuantityStepper value={quantity} onChange={setQuantity} label={`Quantity of ${product.itemName}`} disabled={reason !== null} />
      <div className="vt-add-to-cart-buttons">
        <button
          type="button"
          className="vt-btn vt-btn-primary vt-btn-md"
          // Until the page has hydrated there is no cart to add to.
          disabled={!hydrated || reason !== null}
          aria-describedby={reason ? reasonId : undefined}
          onClick={() => addToCart(code, provisionalItem(product, variant, code, quantity, addonIds))}
        >
          Add to cart
        </button>
        <button
          type="button"
          className="vt-btn vt-btn-outline vt-btn-md"
          disabled={!hydrated || reason !== null}
          aria-describedby={reason ? reasonId : undefined}
          onClick={() => void navigate(`/checkout/bn/${code}`)}
        >
          Buy now
        </button>
      </div>
      {reason ? (
        <p id={reasonId} className="vt-add-to-cart-reason">
          {reason}
        </p>
      ) : null}
    </div>
  );
}
