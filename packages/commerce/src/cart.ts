import { z } from 'zod';
import { buildCartCode, parseCartCode, type CartCodeParts } from './cart-code.ts';
import { chosenOption } from './line-options.ts';

/** The most lines a cart holds, and the most of one line: more is refused, naming the field. */
export const MAX_CART_LINES = 100;
export const MAX_LINE_QUANTITY = 999;

/**
 * What the server found for a line (§3.5): `ok`; `lessstock`, its quantity lowered to the stock there is; or one of
 * the statuses that take the line out of the cart: `outofstock`, or `unavailable` (no longer sold: the product,
 * its variant or an add-on is gone or unpublished, or the product needs a variant chosen).
 */
/**
 * How a priced line fares. `choosevariant` (issue 33): its variant is gone (or it names none) but the product is still
 * sold in others, so the shopper only needs to choose again ("Choose a size"); it leaves the cart as `unavailable` does.
 */
export const cartLineStatuses = ['ok', 'lessstock', 'outofstock', 'unavailable', 'choosevariant'] as const;
export type CartLineStatus = (typeof cartLineStatuses)[number];

/** Whether a line with `status` stays in the cart (§4: ok and lessstock stay, all others go). */
export const staysInCart = (status: string) => status === 'ok' || status === 'lessstock';

/** One cart code, read into its parts; a quantity below 1 is 1 (§4). */
export const cartCode = z
  .string()
  .trim()
  .transform((code, context): CartCodeParts => {
    const parts = parseCartCode(code);
    if (!parts) {
      context.addIssue({
        code: 'custom',
        message: 'must be a cart code: productID_quantity_variantID_addonIds (and the chosen options’ id)',
      });
      return z.NEVER;
    }
    if (parts.quantity > MAX_LINE_QUANTITY) {
      context.addIssue({ code: 'custom', message: `must have a quantity of at most ${MAX_LINE_QUANTITY}` });
      return z.NEVER;
    }
    return { ...parts, quantity: Math.max(1, parts.quantity) };
  });

/** Cart codes as §7 sends them: pipe-separated, empty for none. */
export const cartCodeList = z
  .string()
  .default('')
  .transform((text, context): CartCodeParts[] => {
    const codes = text.split('|').filter((code) => code.trim() !== '');
    if (codes.length > MAX_CART_LINES) {
      context.addIssue({ code: 'custom', message: `must hold at most ${MAX_CART_LINES} cart codes` });
      return z.NEVER;
    }
    const parsed: CartCodeParts[] = [];
    for (const [i, code] of codes.entries()) {
      const result = cartCode.safeParse(code);
      if (!result.success) {
        context.addIssue({ code: 'custom', message: `code ${i + 1} ("${code.slice(0, 40)}") ${result.error.issues[0]!.message}` });
        return z.NEVER;
      }
      parsed.push(result.data);
    }
    return parsed;
  });

/** A saved line's id as the calls send it: a whole number in a string, "0" for a line not yet saved. */
const itemId = z
  .union([z.string(), z.number().int().nonnegative()])
  .transform(String)
  .pipe(z.string().regex(/^\d{1,9}$/, 'must be a cart item id'))
  .transform(Number);

export const cartCodesQuery = z.object({ CartCodes: cartCodeList });
export const syncCartRequest = z.object({ CartCodes: cartCodeList });
/** Adds a line (CartItemID "0"), or sets a saved line's quantity to the code's (§7: "also used for quantity changes"). */
export const addCartItemRequest = z.object({ CartCodes: cartCodeList, CartCode: cartCode, CartItemID: itemId });
export const removeCartItemRequest = z.object({ CartItemID: itemId });
export const removeCartAddonRequest = z.object({ CartItemID: itemId, CartAddonID: itemId });

/** A line of the cart as the server prices it (§3.5). Prices are integer minor units, sent as strings. */
export const cartItem = z.object({
  cartItemID: z.string(),
  cartItemCode: z.string(),
  quantity: z.string(),
  /** The unit price of the product or its variant. */
  price: z.string(),
  status: z.string(),
  statusMessage: z.string(),
  product: z.object({
    productID: z.number().int(),
    variantID: z.number().int(),
    sku: z.string(),
    itemName: z.string(),
    variantName: z.string(),
    price: z.number().int(),
    imageFile: z.string().nullable(),
    thumbnailFile: z.string().nullable(),
    productURL: z.string(),
  }),
  addons: z.array(
    z.object({
      cartAddonID: z.string(),
      addonID: z.number().int(),
      addonName: z.string(),
      quantity: z.string(),
      price: z.number().int(),
      totalPrice: z.number().int(),
    }),
  ),
  /** The product options chosen for the line (its code's last segment), each with what it adds per unit. */
  options: z.array(chosenOption).default([]),
});
export type CartItem = z.infer<typeof cartItem>;

/** The status of the line a call named (`CartCode`), so its popup can show (§4). */
export const cartResponse = z.object({ cartCode: z.string(), status: z.string(), statusMessage: z.string() });

/**
 * A cart as every /Cart call answers it (§3.6): the lines in `data.data` — those that left the cart too, with their
 * status, so the shopper is told — a heading and a message when any left or changed, and the named line's status.
 */
export const cartAnswer = z.object({
  data: z.object({
    data: z.array(cartItem),
    cartStatusHeading: z.string(),
    cartStatusMessage: z.string(),
    cartResponse: cartResponse.nullable(),
  }),
});
export type CartAnswer = z.infer<typeof cartAnswer>;

/** The code of `parts` with another quantity. */
export const withQuantity = (parts: CartCodeParts, quantity: number) => buildCartCode({ ...parts, quantity });

/** Whether two lines are the same product, variant, add-ons and chosen options, so they merge (§4). */
export function sameLine(a: CartCodeParts, b: CartCodeParts): boolean {
  const addons = (parts: CartCodeParts) => [...parts.addonIds].sort((x, y) => x - y).join(',');
  return (
    a.productId === b.productId &&
    (a.variantId || 0) === (b.variantId || 0) &&
    addons(a) === addons(b) &&
    (a.options ?? '') === (b.options ?? '')
  );
}

/** An order's unguessable code: 16 capitals and digits. */
export const orderCode = z
  .string()
  .trim()
  .regex(/^[A-Z0-9]{16}$/, 'must be an order code');

/** `GET /api/Cart/GetOrderCart` (§7): an order's lines as a cart, to pay it at `/checkout/oc/{ordercode}`; `CartCodes` is the order code. */
export const orderCartQuery = z.object({ CartCodes: orderCode });
