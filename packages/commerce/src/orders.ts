import { z } from 'zod';
import { addressFields, customerEmail, customerPhone, optionalField } from './account.ts';
import { cartCodeList, orderCode } from './cart.ts';
import { chosenOption } from './line-options.ts';

/**
 * How a shopper pays (§2.1). Cash on delivery and bank transfer need no outside service; a card is paid on the payment
 * provider's own page, after the order is placed (so card details never reach the store).
 */
export const paymentMethods = ['cod', 'bank_transfer', 'card'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
export const paymentMethodNames: Record<PaymentMethod, string> = { cod: 'Cash on delivery', bank_transfer: 'Bank transfer', card: 'Card' };

/** An order's statuses (§4's colours name them), in the order a shop moves through them; Cancelled from any but Delivered. */
export const orderStatuses = ['Pending', 'Confirmed', 'Shipped', 'Delivered', 'Cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/**
 * `POST /api/Order/PlaceOrder`. The lines are the cart codes the shopper checks out (the cart, or one buy-now code),
 * priced again on the server. `idempotencyKey` is made once per checkout in the browser: the same checkout sent again
 * (a double click, a retry, a second tab) answers the same order. A customer pays to a saved address (`addressId`) or
 * a new one; a guest gives one.
 */
export const placeOrderRequest = z
  .object({
    idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'must be 16 to 64 letters, digits, - or _'),
    cartCodes: cartCodeList.refine((codes) => codes.length > 0, 'must name at least one line'),
    /** Whether the lines are the shopper's cart (they leave a customer's saved cart once ordered) or a buy-now line. */
    source: z.enum(['cart', 'buynow']).default('cart'),
    email: optionalField(customerEmail),
    phone: optionalField(customerPhone),
    addressId: z.number().int().positive().optional(),
    shippingAddress: addressFields.optional(),
    deliveryOptionId: z.number().int().positive(),
    paymentMethod: z.enum(paymentMethods, { error: `must be one of ${paymentMethods.join(', ')}` }),
    /** The currency the shopper chose (its code); totals stay in the store's base currency, the rate is recorded. */
    currency: z.string().trim().toUpperCase().length(3, 'must be a three-letter currency code'),
  })
  .refine((body) => body.addressId !== undefined || body.shippingAddress !== undefined, {
    message: 'is a required field',
    path: ['shippingAddress'],
  });
export type PlaceOrderRequest = z.input<typeof placeOrderRequest>;

/**
 * An order as its customer and its confirmation page see it. Amounts in minor units of the store's base currency.
 * GetOrder answers who the order is for (`email`, `phone`, `shippingAddress`) only to a request that proves it is
 * theirs (issue 33): its `Email` is the order's, or its signed-in customer placed it. To anyone else holding just the
 * code they are withheld: `email` and `phone` null and `shippingAddress` empty (`contactWithheld` says which).
 */
export const orderSummary = z.object({
  orderCode: z.string(),
  status: z.string(),
  paymentStatus: z.string(),
  createdAt: z.string(),
  /** Null when the order has none, or when it is withheld from this request. */
  email: z.string().nullable(),
  /** Null when the order has none, or when it is withheld from this request. */
  phone: z.string().nullable(),
  /** Empty (`{}`) when withheld from this request. */
  shippingAddress: z.record(z.string(), z.string()),
  deliveryMethod: z.string(),
  paymentMethod: z.string(),
  currencyCode: z.string(),
  /** The currency's symbol when the order was placed: with the code and rate, how every surface shows its amounts. */
  currencySymbol: z.string(),
  currencyRate: z.number(),
  subtotal: z.number().int(),
  shippingTotal: z.number().int(),
  total: z.number().int(),
  /**
   * The total as the shopper was shown and charged it, in the smallest shown units of the order's currency
   * (`orderUnits`); what a list of orders shows. Orders placed before it was kept have it converted from `total`.
   */
  totalUnits: z.number().int(),
  lines: z.array(
    z.object({
      productID: z.number().int().nullable(),
      variantID: z.number().int().nullable(),
      name: z.string(),
      variantName: z.string(),
      sku: z.string(),
      quantity: z.number().int(),
      unitPrice: z.number().int(),
      addons: z.array(z.object({ name: z.string(), price: z.number().int(), quantity: z.number().int() })),
      /** The product options chosen, each with what it added per unit. */
      options: z.array(chosenOption),
      lineTotal: z.number().int(),
    }),
  ),
  /** Each status the order took, oldest first. */
  history: z.array(z.object({ status: z.string(), note: z.string(), at: z.string() })),
});
export type OrderSummary = z.infer<typeof orderSummary>;

export const orderAnswer = z.object({ data: z.object({ order: orderSummary }) });

/** An order by its unguessable code (the studio's GetOrder, which shows all of it to the store's owner). */
export const orderCodeQuery = z.object({ OrderCode: orderCode });

/**
 * `GET /api/Order/GetOrder`: an order by its unguessable code (the order page and `/status`). The code alone shows its
 * status, lines and totals; its e-mail, phone and address come only with `Email` matching the order's (any case) or
 * to the signed-in customer who placed it.
 */
export const orderQuery = orderCodeQuery.extend({
  Email: z.string().trim().max(254, 'must be at most 254 characters').optional(),
});

/** Whether GetOrder withheld who an order is for (no `Email` proving it): its address comes empty. */
export const contactWithheld = (order: Pick<OrderSummary, 'shippingAddress'>): boolean => Object.keys(order.shippingAddress).length === 0;

/** `GET /api/Order/GetOrders`: the signed-in customer's orders, newest first. */
/** An order in a list: what a row shows. */
const orderListEntry = orderSummary.pick({
  orderCode: true,
  status: true,
  paymentStatus: true,
  createdAt: true,
  total: true,
  totalUnits: true,
  currencyCode: true,
  currencySymbol: true,
  currencyRate: true,
});

export const ordersAnswer = z.object({
  data: z.object({
    orders: z.array(orderListEntry),
  }),
});

/** `GET /api/Order/GetDeliveryOptions`: the store's ways of delivering, for the checkout. */
export const deliveryOptionsAnswer = z.object({
  data: z.object({
    options: z.array(
      z.object({ deliveryOptionId: z.number().int(), name: z.string(), price: z.number().int(), freeFrom: z.number().int().nullable() }),
    ),
    accountMode: z.number().int(),
    contactRequirementMode: z.number().int(),
    paymentMethods: z.array(z.enum(paymentMethods)),
    /** The store's country (from its base currency, `storeCountryOf`), first in the checkout's list; null when not known. */
    storeCountry: z.string().nullable().optional(),
  }),
});

/** The store's checkout settings: its delivery options, account and contact modes, and the ways to pay. */
export type CheckoutOptions = z.output<typeof deliveryOptionsAnswer>['data'];

/**
 * Where an order may go from each status (§4's statuses): forward one step at a time, or cancelled before it ships.
 * Delivered and Cancelled are where an order ends.
 */
export const nextStatuses: Record<OrderStatus, readonly OrderStatus[]> = {
  Pending: ['Confirmed', 'Cancelled'],
  Confirmed: ['Shipped', 'Cancelled'],
  Shipped: ['Delivered'],
  Delivered: [],
  Cancelled: [],
};

/** Orders listed in the studio, a page at a time. */
export const STUDIO_ORDERS_PAGE = 25;

/** `GET /api/Studio/GetOrders`: the store's orders, newest first, by status and by a search of code, email, phone or name. */
export const studioOrdersQuery = z.object({
  Status: z.enum(orderStatuses).optional(),
  Q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  Page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const studioOrdersAnswer = z.object({
  data: z.object({
    orders: z.array(
      orderListEntry.extend({
        email: z.string().nullable(),
        phone: z.string().nullable(),
        customerName: z.string(),
        items: z.number().int(),
      }),
    ),
    total: z.number().int(),
  }),
});

/** `POST /api/Studio/SetOrderStatus`: moves an order on (`status`), or marks it paid (`paymentStatus`), with a note. */
export const setOrderStatusRequest = z
  .object({
    orderCode,
    status: z.enum(orderStatuses).optional(),
    paymentStatus: z.literal('Paid').optional(),
    note: z.string().trim().max(500, 'must be at most 500 characters').default(''),
  })
  .refine((body) => (body.status === undefined) !== (body.paymentStatus === undefined), {
    message: 'give either a status or a payment status',
    path: ['status'],
  });

/**
 * The payment status an unpaid order shows when its last card payment was declined (issue 33). It is not kept: the
 * order is still unpaid (it never counts as a sale) and can be paid again at `/checkout/oc/{code}`.
 */
export const PAYMENT_FAILED = 'Payment failed';

/** `POST /api/Order/StartPayment`: opens a card payment of an unpaid order; the shopper is sent to `redirectUrl` to pay. */
export const startPaymentRequest = z.object({ orderCode });
export const startPaymentAnswer = z.object({ data: z.object({ redirectUrl: z.string() }) });

/**
 * What a card payment came to: `pending` while the shopper has not finished on the provider's page (or left it);
 * `unapplied` when the card was authorised but the payment does not pay the order (paid already, or cancelled).
 */
export const paymentOutcomes = ['authorised', 'declined', 'pending', 'unapplied'] as const;
export type PaymentOutcome = (typeof paymentOutcomes)[number];

/**
 * `POST /api/Order/ConfirmPayment`: the shopper is back from the provider with `paymentId`; the store asks the provider
 * what became of it (the address alone proves nothing) and records it once, however often it is asked.
 */
export const confirmPaymentRequest = z.object({
  orderCode,
  paymentId: z.string().trim().min(1, 'is a required field').max(200, 'must be at most 200 characters'),
});
export const confirmPaymentAnswer = z.object({
  data: z.object({ order: orderSummary, outcome: z.enum(paymentOutcomes), message: z.string() }),
});
