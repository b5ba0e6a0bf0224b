import { matchPath } from 'react-router-dom';
import { z } from 'zod';
import {
  MAX_LINE_QUANTITY,
  buildCartCode,
  cartTotal,
  parseCartCode,
  perUnitExtras,
  sameLine,
  staysInCart,
  withQuantity,
  type CartAnswer,
  type CartCodeParts,
  type CartItem,
} from '@vitrine/commerce';
import { routeTable } from '../route-table.ts';

/**
 * The cart's rules (§4, §2.9, §3.7) as plain functions over lines and answers, so the store stays a thin shell
 * around them and the rules can be tested without a browser or a server.
 */

/** A line of the cart as the browser keeps it: its cart code (§3.5) and its server id, "0" until saved. */
export const cartLine = z.object({ cartCode: z.string(), cartItemID: z.string() });
export type CartLine = z.infer<typeof cartLine>;

/** The parts of a line's code; a line whose code does not read is no line (it is dropped where lines are read). */
const partsOf = (line: CartLine): CartCodeParts | null => parseCartCode(line.cartCode);

/** Whether `line` is the same product, variant and add-ons as the cart code `code`. */
export function isLine(line: CartLine, code: string): boolean {
  const a = partsOf(line);
  const b = parseCartCode(code);
  return a !== null && b !== null && sameLine(a, b);
}

/** A quantity as the shopper typed it: empty, unreadable or below 1 is 1 (§4); more than a line holds is the most. */
export function readQuantity(value: string | number): number {
  const n = typeof value === 'number' ? value : Number.parseInt(value.trim(), 10);
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(MAX_LINE_QUANTITY, Math.floor(n));
}

/** A quantity one up or one down, never below 1 (§4). */
export const stepQuantity = (value: string | number, by: 1 | -1): number => readQuantity(readQuantity(value) + by);

/** The quantity of a line (the second segment of its code). */
export const quantityOf = (line: CartLine): number => partsOf(line)?.quantity ?? 1;

/**
 * How many items a cart holds, as the header counts them: the sum of its lines' quantities (two mugs and a skillet are
 * three), from the lines' codes. A code that does not read is no line.
 */
export function cartItemCount(codes: readonly string[]): number {
  let count = 0;
  for (const code of codes) {
    const parts = parseCartCode(code);
    if (parts) count += readQuantity(parts.quantity);
  }
  return count;
}

/** Lines with `code` added: the same product, variant and add-ons merge and their quantities add up, else it is appended (§4). */
export function addLine(lines: readonly CartLine[], code: string): CartLine[] {
  const parts = parseCartCode(code);
  if (!parts) return [...lines];
  const at = lines.findIndex((line) => isLine(line, code));
  if (at < 0) return [...lines, { cartCode: buildCartCode({ ...parts, quantity: readQuantity(parts.quantity) }), cartItemID: '0' }];
  const same = lines[at]!;
  const merged = readQuantity(quantityOf(same) + readQuantity(parts.quantity));
  return lines.map((line, i) => (i === at ? { ...line, cartCode: withQuantity(partsOf(same)!, merged) } : line));
}

/** Lines with the quantity of the line `code` set (read as §4 says). */
export function setLineQuantity(lines: readonly CartLine[], code: string, quantity: string | number): CartLine[] {
  return lines.map((line) => (isLine(line, code) ? { ...line, cartCode: withQuantity(partsOf(line)!, readQuantity(quantity)) } : line));
}

/** Lines without the line `code`. */
export const removeLine = (lines: readonly CartLine[], code: string): CartLine[] => lines.filter((line) => !isLine(line, code));

/** Lines with one add-on taken off the line `code`; if it is then the same as another line, the two merge. */
export function removeLineAddon(lines: readonly CartLine[], code: string, addonId: number): CartLine[] {
  const line = lines.find((l) => isLine(l, code));
  const parts = line && partsOf(line);
  if (!line || !parts) return [...lines];
  const without = buildCartCode({ ...parts, addonIds: parts.addonIds.filter((id) => id !== addonId) });
  const rest = lines.filter((l) => l !== line);
  const twin = rest.find((l) => isLine(l, without));
  if (!twin) return lines.map((l) => (l === line ? { ...l, cartCode: without } : l));
  return addLine(rest, without);
}

/** Pipe-joined codes, as §7 sends them. */
export const joinCodes = (lines: readonly CartLine[]): string => lines.map((line) => line.cartCode).join('|');

/** What names a line whatever its quantity: its code without the quantity. */
export const lineKey = (code: string): string => code.replace(/^(\d+)_\d+_/, '$1_');

/**
 * The unit prices the shopper saw before, of lines whose price is another in `after` than in `before`, by line
 * (`lineKey`), added to the ones noted already (`was`, which keeps the first price seen); lines no longer in
 * `after` are forgotten.
 */
export function notePriceChanges(
  was: Readonly<Record<string, number>>,
  before: readonly CartItem[],
  after: readonly CartItem[],
): Record<string, number> {
  const noted: Record<string, number> = {};
  for (const item of after) {
    const key = lineKey(item.cartItemCode);
    const seen = was[key] ?? before.find((b) => lineKey(b.cartItemCode) === key)?.price;
    if (seen !== undefined && Number(seen) !== Number(item.price)) noted[key] = Number(seen);
  }
  return noted;
}

/** The line of a priced item. */
export const lineOf = (item: CartItem): CartLine => ({ cartCode: item.cartItemCode, cartItemID: item.cartItemID });

/** The priced item of a line, when the server has priced it (or the page that added it gave one). */
export const itemOf = (items: readonly CartItem[], line: CartLine): CartItem | undefined =>
  items.find((item) => isLine(line, item.cartItemCode));

/**
 * The subtotal of the lines in minor units of the store's currency: the integer sum of each unit price times the
 * line's quantity and its add-ons' totals (§9), with the lines as `useCartPrice` shows them. Lines not priced yet count
 * nothing; `priced` says whether every line was.
 */
export function cartSubtotal(
  lines: readonly CartLine[],
  items: readonly CartItem[],
): { total: number; priced: boolean; rows: { price: number; quantity: number; addonPrices: number[] }[] } {
  let priced = true;
  const rows = lines.flatMap((line) => {
    const item = itemOf(items, line);
    if (!item) {
      priced = false;
      return [];
    }
    return [{ price: Number(item.price), quantity: quantityOf(line), addonPrices: perUnitExtras(item) }];
  });
  const total = cartTotal(rows.map((row) => ({ ...row, addonTotals: row.addonPrices.map((price) => price * row.quantity) })));
  return { total, priced, rows };
}

/** An item of a cart popup (§3.7). */
export interface CartPopupItem {
  productName: string;
  status: string;
  /** What the server said of the line: for `choosevariant`, what to choose ("Choose a size"). */
  statusMessage?: string;
  product: Pick<CartItem['product'], 'thumbnailFile' | 'productURL' | 'itemName'>;
}

/** The popups of §3.7: a toast-like list of changed items, or a dialog with the server's heading and message. */
export type CartPopup =
  | { type: 'CART_STATUS_ACTIONS'; data: CartPopupItem[] }
  | { type: 'CART_STATUS_ACTIONS_DIALOG'; data: { heading: string; message: string; cart_items: CartPopupItem[] } };

/**
 * The badge of a popup item (§3.7). A line whose size (or colour) is gone while others are sold says what to choose,
 * as the server words it, rather than that it was removed (issue 33).
 */
export const popupBadge = (status: string, statusMessage = ''): string =>
  status === 'lessstock' ? 'Quantity Updated' : status === 'choosevariant' ? statusMessage || 'Choose an option' : 'Item Removed';

const popupItem = (item: CartItem): CartPopupItem => ({
  productName: item.product.itemName,
  status: item.status,
  statusMessage: item.statusMessage,
  product: { thumbnailFile: item.product.thumbnailFile, productURL: item.product.productURL, itemName: item.product.itemName },
});

/** The screens on which the cart-status dialog shows (§2.9): cart, checkout and checkout-id. */
const statusScreens = new Set(['cart', 'checkout', 'checkout-id']);

/** The internal route name (§2.1) of a path, or null for the catch-all. */
export function routeNameAt(pathname: string): string | null {
  const spec = routeTable.find((route) => route.path !== '*' && matchPath({ path: `/${route.path}`, end: true }, pathname));
  return spec?.name ?? null;
}

/** Whether `pathname` is one of the screens of §2.9 that show the cart-status dialog. */
export const isCartStatusScreen = (pathname: string): boolean => statusScreens.has(routeNameAt(pathname) ?? '');

/**
 * Reads a cart answer (§4): items with status ok or lessstock stay, all others leave. If the answer names a cart
 * code whose status is not ok, that item's popup shows; otherwise, if items left and the shopper is on a screen of
 * §2.9, the dialog with the server's heading, message and the items that left.
 */
export function readCartAnswer(answer: CartAnswer, pathname: string): { items: CartItem[]; popup: CartPopup | null } {
  const { data: all, cartStatusHeading, cartStatusMessage, cartResponse } = answer.data;
  const items = all.filter((item) => staysInCart(item.status));
  const removed = all.filter((item) => !staysInCart(item.status));
  const named =
    cartResponse && cartResponse.status !== 'ok'
      ? all.find((item) => isLine({ cartCode: cartResponse.cartCode, cartItemID: '0' }, item.cartItemCode))
      : undefined;
  if (named) return { items, popup: { type: 'CART_STATUS_ACTIONS', data: [popupItem(named)] } };
  if (removed.length && isCartStatusScreen(pathname)) {
    return {
      items,
      popup: {
        type: 'CART_STATUS_ACTIONS_DIALOG',
        data: { heading: cartStatusHeading, message: cartStatusMessage, cart_items: removed.map(popupItem) },
      },
    };
  }
  return { items, popup: null };
}
