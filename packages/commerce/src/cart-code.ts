/** The parts a cart code is made of (§3.5): `productID_quantity_variantID_addonIds`. */
export interface CartCodeParts {
  productId: number;
  quantity: number;
  variantId: number;
  addonIds: number[];
}

/** Builds a cart code; a missing variant is 0 and add-on ids are comma-joined (sorted, so equal lines get equal codes). */
export function buildCartCode({ productId, quantity, variantId, addonIds }: CartCodeParts): string {
  const addons = [...addonIds].sort((a, b) => a - b).join(',');
  return `${productId}_${quantity}_${variantId || 0}_${addons}`;
}

const wholeNumber = /^\d+$/;

/** Reads a cart code back into its parts, or returns null when it is not one. */
export function parseCartCode(code: string): CartCodeParts | null {
  const segments = code.split('_');
  if (segments.length !== 4) return null;
  const [product, quantity, variant, addons] = segments as [string, string, string, string];
  if (!wholeNumber.test(product) || !wholeNumber.test(quantity) || !wholeNumber.test(variant)) return null;
  const addonIds = addons === '' ? [] : addons.split(',');
  if (!addonIds.every((id) => wholeNumber.test(id))) return null;
  return {
    productId: Number(product),
    quantity: Number(quantity),
    variantId: Number(variant),
    addonIds: addonIds.map(Number),
  };
}
