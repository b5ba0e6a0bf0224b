import { z } from 'zod';
import { contactRequirementProblem, staysInCart, type CartItem, type PlaceOrderRequest } from '@vitrine/commerce';
import type { CartPopupItem } from './cart-rules.ts';

/**
 * The checkout's rules (§3.15 modes, delivery "free from", the idempotent order) as plain functions, so the page
 * stays a thin shell around them and they are tested without a browser or a server.
 */

export type ContactNeed = 'required' | 'optional' | 'hidden';

/**
 * Which of email and phone a contact requirement mode asks for (§3.15): 1 both; 2 email, phone optional; 3 phone,
 * email optional; 4 either (both optional, one needed: see `contactProblem`); 5 email only; 6 phone only.
 */
export function contactFields(mode: number): { email: ContactNeed; phone: ContactNeed } {
  switch (mode) {
    case 1:
      return { email: 'required', phone: 'required' };
    case 3:
      return { email: 'optional', phone: 'required' };
    case 4:
      return { email: 'optional', phone: 'optional' };
    case 5:
      return { email: 'required', phone: 'hidden' };
    case 6:
      return { email: 'hidden', phone: 'required' };
    default:
      return { email: 'required', phone: 'optional' };
  }
}

/**
 * What the store would refuse in the contact given, as the server words it, before anything is sent: the rule of
 * mode 4 ("email or phone") is one no single field's `required` can say.
 */
export function contactProblem(mode: number, contact: { email?: string | undefined; phone?: string | undefined }) {
  return contactRequirementProblem(mode, { email: contact.email?.trim(), phone: contact.phone?.trim() });
}

/** A delivery option as GetCheckoutOptions answers it: price and the subtotal from which it is free, minor units. */
export interface DeliveryOption {
  deliveryOptionId: number;
  name: string;
  price: number;
  freeFrom: number | null;
}

/** What delivery by `option` costs for `subtotal`: free from its threshold on, as the server charges it. */
export const deliveryPrice = (option: DeliveryOption, subtotal: number): number =>
  option.freeFrom !== null && subtotal >= option.freeFrom ? 0 : option.price;

/** The checkout's totals in minor units; delivery is null until an option is chosen. */
export function checkoutTotals(subtotal: number, option: DeliveryOption | undefined) {
  const delivery = option ? deliveryPrice(option, subtotal) : null;
  return { subtotal, delivery, total: subtotal + (delivery ?? 0) };
}

/**
 * A new idempotency key for one checkout visit (16–64 of A–Z, a–z, 0–9, - and _): kept for every try of that
 * visit, so a double click or a retry after a lost answer makes one order.
 */
export function newIdempotencyKey(random: () => string = () => crypto.randomUUID()): string {
  return `co-${random().replace(/[^A-Za-z0-9_-]/g, '')}`.slice(0, 64);
}

/** The address fields of the checkout form, by the names the server gives refusals (`shippingAddress.city`). */
export const addressFieldNames = ['fullName', 'line1', 'line2', 'city', 'region', 'postalCode', 'country', 'phone'] as const;

/** The new address typed into a form (the checkout's, whose fields are named `shippingAddress.…`), from its values by name. */
export function addressFromValues(
  values: Readonly<Record<string, string>>,
  prefix = 'shippingAddress.',
): NonNullable<PlaceOrderRequest['shippingAddress']> {
  const value = (name: (typeof addressFieldNames)[number]) => (values[`${prefix}${name}`] ?? '').trim();
  return {
    fullName: value('fullName'),
    line1: value('line1'),
    line2: value('line2'),
    city: value('city'),
    region: value('region'),
    postalCode: value('postalCode'),
    country: value('country').toUpperCase(),
    phone: value('phone'),
  };
}

/** The priced lines a 409 CART_CHANGED carries (`error.items`): the lines as they are now. */
const changedAnswer = z.object({ error: z.object({ items: z.array(z.object({ status: z.string() }).passthrough()) }) });

/** The lines of a CART_CHANGED refusal's body, those that changed first; empty when the body has none. */
export function changedItems(body: unknown): { items: CartItem[]; changed: CartItem[] } {
  const read = changedAnswer.safeParse(body);
  if (!read.success) return { items: [], changed: [] };
  const items = read.data.error.items as unknown as CartItem[];
  return { items, changed: items.filter((item) => item.status !== 'ok') };
}

/** A changed line as the cart-status dialog lists it (§2.9). */
export const changedPopupItem = (item: CartItem): CartPopupItem => ({
  productName: item.product.itemName,
  status: staysInCart(item.status) ? 'lessstock' : item.status,
  statusMessage: item.statusMessage,
  product: { thumbnailFile: item.product.thumbnailFile, productURL: item.product.productURL, itemName: item.product.itemName },
});

/** An order's address on lines, as a label prints it. */
export function addressLines(address: Readonly<Record<string, unknown>>): string[] {
  const cityLine = [address['postalCode'], address['city']].filter(Boolean).join(' ');
  return [address['fullName'], address['line1'], address['line2'], cityLine, address['region'], address['country'], address['phone']]
    .map((part) => (typeof part === 'string' ? part.trim() : ''))
    .filter(Boolean);
}

/** An order code as a shopper may type it: spaces and dashes dropped, upper case. */
export const readOrderCode = (typed: string): string => typed.replace(/[\s-]/g, '').toUpperCase();

/** Whether `code` can be an order code (16 of A–Z and 0–9, as GetOrder takes it). */
export const isOrderCode = (code: string): boolean => /^[A-Z0-9]{16}$/.test(code);
