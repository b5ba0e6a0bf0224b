/**
 * The parts a cart code is made of (§3.5): `productID_quantity_variantID_addonIds`. A line with product options
 * chosen (input types 1–6, which §3.5's code has no place for) carries one more segment: the id of its chosen
 * options as the store saved them (`Cart/SaveOptions`), so the line travels through every call as a code still.
 */
export interface CartCodeParts {
  productId: number;
  quantity: number;
  variantId: number;
  addonIds: number[];
  /** The id of the line's chosen options, when it has any. */
  options?: string | undefined;
}

/** What an id of chosen options looks like: 20 hexadecimal digits. */
export const OPTION_SET_ID = /^[0-9a-f]{20}$/;

/** Builds a cart code; a missing variant is 0 and add-on ids are comma-joined (sorted, so equal lines get equal codes). */
export function buildCartCode({ productId, quantity, variantId, addonIds, options }: CartCodeParts): string {
  const addons = [...addonIds].sort((a, b) => a - b).join(',');
  return `${productId}_${quantity}_${variantId || 0}_${addons}${options ? `_${options}` : ''}`;
}

const wholeNumber = /^\d+$/;

/**
 * Reads a cart code back into its parts, or returns null when it is not one. An add-on named twice (`10_1_0_19,19`)
 * is one add-on: a line has each add-on once, so it is priced and saved once, whatever the code repeats.
 */
export function parseCartCode(code: string): CartCodeParts | null {
  const segments = code.split('_');
  if (segments.length !== 4 && segments.length !== 5) return null;
  const [product, quantity, variant, addons, options] = segments as [string, string, string, string, string | undefined];
  if (!wholeNumber.test(product) || !wholeNumber.test(quantity) || !wholeNumber.test(variant)) return null;
  const addonIds = addons === '' ? [] : addons.split(',');
  if (!addonIds.every((id) => wholeNumber.test(id))) return null;
  if (options !== undefined && !OPTION_SET_ID.test(options)) return null;
  return {
    productId: Number(product),
    quantity: Number(quantity),
    variantId: Number(variant),
    addonIds: [...new Set(addonIds.map(Number))],
    ...(options ? { options } : {}),
  };
}
