import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  buildCartCode,
  type CartItem,
  type ChosenOption,
  type ProductDetail,
  type ProductOption,
  type ProductVariant,
} from '@vitrine/commerce';
import type { ThemeSettings } from '@vitrine/theme-engine';
import { provisionalLine, useAddToCart } from '../cart/add-to-cart-action.ts';
import { ApiCallError } from '../client/api-client.ts';
import { useSaveOptions, type OptionValues } from './chosen-options.ts';
import { QuantityStepper } from '../ui/quantity-stepper.tsx';

/** The line as it will show in the cart before the server has priced it, from what the product page already knows. */
function provisionalItem(
  product: ProductDetail,
  variant: ProductVariant | null,
  code: string,
  quantity: number,
  addonIds: number[],
  options: ChosenOption[],
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
    options,
  );
}

/**
 * The quantity, Add to cart and Buy now, with the chosen variant, options and add-ons. Adding shows in the cart at once
 * and opens the drawer or the cart page as the theme says (§2.9 add_to_card_action); Buy now goes to checkout with
 * this line alone. Both wait, saying why, while a variant is to be chosen or the product is out of stock; a required
 * option left empty is named at its field. Chosen options are kept with the store first (one call), and the line's
 * code carries their id.
 */
export function AddToCart({
  product,
  variant,
  needsVariant,
  inStock,
  addonIds,
  options,
  addToCartAction,
}: {
  product: ProductDetail;
  variant: ProductVariant | null;
  needsVariant: boolean;
  inStock: boolean;
  addonIds: number[];
  /** The product's options, what was chosen, and a check that marks what is missing (false when something is). */
  options: { list: readonly ProductOption[]; values: OptionValues; complete: () => boolean };
  addToCartAction: ThemeSettings['add_to_card_action'];
}) {
  const navigate = useNavigate();
  const addToCart = useAddToCart(addToCartAction);
  const saveOptions = useSaveOptions();
  // What is in stock of the line chosen (issue 33): more is not offered, and the field says "Only N left".
  const stock = variant ? variant.stock : product.variants.length ? undefined : product.stock;
  const [asked, setQuantity] = useState(1);
  // A variant with less in stock than asked for before: its stock, said at the field.
  const quantity = stock !== undefined && stock > 0 ? Math.min(asked, stock) : asked;
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const reason = needsVariant ? 'Choose an available combination first.' : !inStock ? 'Out of stock.' : null;
  const parts = { productId: product.productID, quantity, variantId: variant?.variantID ?? 0, addonIds };
  const reasonId = `add-to-cart-reason-${product.productID}`;
  /** The line with its options kept, then `then` with its code and chosen options; nothing when an option is missing. */
  const withOptions = async (then: (code: string, chosen: ChosenOption[]) => void) => {
    if (!options.complete()) return;
    setRefusal(null);
    setBusy(true);
    try {
      const kept = await saveOptions(product.productID, options.list, options.values);
      then(buildCartCode({ ...parts, options: kept.options }), kept.chosen);
    } catch (error) {
      setRefusal(
        error instanceof ApiCallError ? error.message.replace(/^Options\.\d+: /, '') : 'Your choices could not be saved. Try again.',
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="vt-add-to-cart">
      <QuantityStepper
        value={quantity}
        onChange={setQuantity}
        label={`Quantity of ${product.itemName}`}
        disabled={reason !== null}
        max={stock}
        limited={asked > quantity}
      />
      <div className="vt-add-to-cart-buttons">
        <button
          type="button"
          className="vt-btn vt-btn-primary vt-btn-md"
          // A press before the app runs is held by the page's entry and done once it has (client/app-start.ts).
          disabled={reason !== null || busy}
          aria-describedby={reason ? reasonId : undefined}
          onClick={() =>
            void withOptions((line, chosen) =>
              addToCart(line, provisionalItem(product, variant, line, quantity, addonIds, chosen), {
                brand: product.brand?.name,
                category: product.category?.name,
              }),
            )
          }
        >
          Add to cart
        </button>
        <button
          type="button"
          className="vt-btn vt-btn-outline vt-btn-md"
          disabled={reason !== null || busy}
          aria-describedby={reason ? reasonId : undefined}
          onClick={() => void withOptions((line) => void navigate(`/checkout/bn/${line}`))}
        >
          Buy now
        </button>
      </div>
      {reason ? (
        <p id={reasonId} className="vt-add-to-cart-reason">
          {reason}
        </p>
      ) : null}
      {refusal ? (
        <p className="vt-field-error" role="alert">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}
