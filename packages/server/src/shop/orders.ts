import { createHash, randomInt } from 'node:crypto';
import { sql, type ExpressionBuilder } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { z } from 'zod';
import {
  contactRequirementProblem,
  paymentMethodNames,
  paymentMethods,
  parseCartCode,
  PAYMENT_FAILED,
  perUnitExtras,
  sameLine,
  type OrderSummary,
  type placeOrderRequest,
  convertedUnits,
  formatUnits,
  orderCurrency,
  orderUnits,
  trackingId,
  wholeUnits,
  storeCountryOf,
  type Currency,
  type OrderUnits,
} from '@vitrine/commerce';
import type { Db } from '../db/connect.ts';
import type { Database, OrdersTable } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import type { Mailer } from '../infra/mailer.ts';
import { consentAllows, conversionsTarget, hashedUserData, queueConversion, type ConversionOutbox, type Customer } from './conversions.ts';
import { pricedItems } from './cart.ts';
import { moveStock } from './stock.ts';

/**
 * Checkout and orders (issue 16). Placing an order prices its lines again, takes their stock and writes the order,
 * its lines and its first status in one transaction: stock is taken only where there is enough (`stock >= quantity`
 * in the same UPDATE, so two buyers of the last unit cannot both have it), and the order is written once per checkout
 * (a unique idempotency key per store), so a checkout sent again answers the order it made.
 */

type PlaceOrder = z.output<typeof placeOrderRequest>;

/** Order codes: 16 characters of an alphabet without look-alikes, 80 bits: not guessable, easy to read out. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newOrderCode = () => Array.from({ length: 16 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** The store's checkout settings: its delivery options, account and contact modes, and the ways to pay. */
export async function checkoutOptions(db: Db) {
  const [site, options] = await Promise.all([
    db.selectFrom('sites').select(['account_mode', 'contact_requirement_mode', 'base_currency']).executeTakeFirstOrThrow(),
    db
      .selectFrom('delivery_options')
      .select(['delivery_option_id', 'name', 'price', 'free_from'])
      .orderBy('sort')
      .orderBy('delivery_option_id')
      .execute(),
  ]);
  return {
    options: options.map((o) => ({ deliveryOptionId: o.delivery_option_id, name: o.name, price: o.price, freeFrom: o.free_from })),
    accountMode: site.account_mode,
    contactRequirementMode: site.contact_requirement_mode,
    paymentMethods: [...paymentMethods],
    storeCountry: storeCountryOf(site.base_currency),
  };
}

/** An order's total as its shopper was charged it; an order from before that was kept has its total converted once. */
export const totalUnitsOf = (order: {
  total: number;
  total_units: number | null;
  currency_code: string;
  currency_symbol: string;
  currency_rate: number;
}): number =>
  order.total_units ??
  convertedUnits(
    order.total,
    orderCurrency({ currencyCode: order.currency_code, currencySymbol: order.currency_symbol, currencyRate: order.currency_rate }),
  );

/**
 * The status of the last card payment of order `o` (null for none), selected beside it, for `shownPaymentStatus`:
 * the order page, the customer's order list and the studio's read it the same way.
 */
export const lastPaymentStatus = (eb: ExpressionBuilder<Database & { o: OrdersTable }, 'o'>) =>
  eb
    .selectFrom('payments as p')
    .select('p.status')
    .whereRef('p.order_id', '=', 'o.order_id')
    .orderBy('p.payment_id', 'desc')
    .limit(1)
    .as('last_payment_status');

/**
 * The payment status an order shows wherever it is shown (issue 33): an unpaid order whose last card payment was
 * declined says `PAYMENT_FAILED`. It is never stored: the order stays unpaid (no sale) and payable.
 */
export const shownPaymentStatus = (order: { payment_status: string; last_payment_status: string | null }): string =>
  order.payment_status === 'Pending' && order.last_payment_status === 'declined' ? PAYMENT_FAILED : order.payment_status;

/** An order by its id, as its customer sees it. */
async function orderSummaryOf(db: Db, orderId: number): Promise<OrderSummary> {
  const [order, lines, history] = await Promise.all([
    db.selectFrom('orders as o').selectAll('o').select(lastPaymentStatus).where('o.order_id', '=', orderId).executeTakeFirstOrThrow(),
    db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('line_id').execute(),
    db.selectFrom('order_events').select(['status', 'note', 'created_at']).where('order_id', '=', orderId).orderBy('event_id').execute(),
  ]);
  return {
    orderCode: order.order_code,
    status: order.status,
    paymentStatus: shownPaymentStatus(order),
    createdAt: order.created_at.toISOString(),
    email: order.email,
    phone: order.phone,
    shippingAddress: order.shipping_address,
    deliveryMethod: order.delivery_method,
    paymentMethod: order.payment_method,
    currencyCode: order.currency_code,
    currencySymbol: order.currency_symbol,
    currencyRate: order.currency_rate,
    subtotal: order.subtotal,
    shippingTotal: order.shipping_total,
    total: order.total,
    totalUnits: totalUnitsOf(order),
    lines: lines.map((line) => ({
      productID: line.product_id,
      variantID: line.variant_id,
      name: line.name,
      variantName: line.variant_name,
      sku: line.sku,
      quantity: line.quantity,
      unitPrice: line.unit_price,
      addons: line.addons as OrderSummary['lines'][number]['addons'],
      options: line.options,
      lineTotal: line.line_total,
    })),
    history: history.map((event) => ({ status: event.status, note: event.note, at: event.created_at.toISOString() })),
  };
}

/** The order with code `code`, or a 404 naming the field. */
export async function orderByCode(db: Db, code: string): Promise<OrderSummary> {
  const order = await db.selectFrom('orders').select('order_id').where('order_code', '=', code).executeTakeFirst();
  if (!order) throw new HttpError(404, 'NOT_FOUND', 'No order with that code', 'OrderCode');
  return orderSummaryOf(db, order.order_id);
}

/**
 * GetOrder (issue 33): the order with code `code`, with who it is for (its e-mail, phone and address) only when the
 * request proves it is theirs: `email` is the order's (any case), or `customerId` (the signed-in customer, asked only
 * when needed) placed it. Anyone else holding the code sees its status, lines and totals, and those fields withheld.
 */
export async function orderShownTo(
  db: Db,
  code: string,
  proof: { email: string | undefined; customerId: () => Promise<number | null> },
): Promise<OrderSummary> {
  const row = await db.selectFrom('orders').select(['order_id', 'email', 'customer_id']).where('order_code', '=', code).executeTakeFirst();
  if (!row) throw new HttpError(404, 'NOT_FOUND', 'No order with that code', 'OrderCode');
  const order = await orderSummaryOf(db, row.order_id);
  const given = proof.email?.trim().toLowerCase();
  if (given && row.email !== null && given === row.email.trim().toLowerCase()) return order;
  if (row.customer_id !== null && row.customer_id === (await proof.customerId())) return order;
  return { ...order, email: null, phone: null, shippingAddress: {} };
}

/** The columns an order list (the customer's, the studio's) reads of each order `o`, for `listedOrder`. */
export const listedOrderColumns = [
  'o.order_code',
  'o.status',
  'o.payment_status',
  'o.created_at',
  'o.total',
  'o.total_units',
  'o.currency_code',
  'o.currency_symbol',
  'o.currency_rate',
  lastPaymentStatus,
] as const;

/** An order as a list shows it: its code, statuses (the payment's as its page says it), date and total in its currency. */
export const listedOrder = (o: {
  order_code: string;
  status: string;
  payment_status: string;
  last_payment_status: string | null;
  created_at: Date;
  total: number;
  total_units: number | null;
  currency_code: string;
  currency_symbol: string;
  currency_rate: number;
}) => ({
  orderCode: o.order_code,
  status: o.status,
  paymentStatus: shownPaymentStatus(o),
  createdAt: o.created_at.toISOString(),
  total: o.total,
  totalUnits: totalUnitsOf(o),
  currencyCode: o.currency_code,
  currencySymbol: o.currency_symbol,
  currencyRate: o.currency_rate,
});

/** A customer's orders, newest first. */
export async function customerOrders(db: Db, customerId: number) {
  const orders = await db
    .selectFrom('orders as o')
    .select(listedOrderColumns)
    .where('o.customer_id', '=', customerId)
    .orderBy('o.created_at', 'desc')
    .orderBy('o.order_id', 'desc')
    .execute();
  return orders.map(listedOrder);
}

/**
 * What an order key stands for: who placed the order (the customer, or a guest) and everything they sent with it,
 * hashed. The key replays its order only to a request with the same hash, so a key read or guessed elsewhere tells
 * nothing of the order (its e-mail, its address) to whoever sends it.
 */
function checkoutHash(customerId: number | null, body: PlaceOrder): string {
  const { idempotencyKey: _key, ...sent } = body;
  return createHash('sha256').update(JSON.stringify({ customerId, sent })).digest('hex');
}

/** The order `idempotencyKey` placed, when this same checkout placed it; a 409 without any of the order when another did. */
async function existingOrder(db: Db, idempotencyKey: string, requestHash: string) {
  const order = await db
    .selectFrom('orders')
    .select(['order_id', 'request_hash'])
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  if (order && order.request_hash !== requestHash)
    throw new HttpError(
      409,
      'ORDER_KEY_USED',
      'This checkout key was already used for a different order. Reload the checkout page to place your order.',
      'idempotencyKey',
    );
  return order;
}

/** How an order reports its Purchase to the Conversions API: who bought (as the request shows them) and where. */
export interface PurchaseReport {
  outbox: ConversionOutbox;
  customer: Customer;
  /** The shopper's consent cookie (`CONSENT_COOKIE`), for stores that ask. */
  consent: string | undefined;
  /** The page the order was placed from. */
  pageUrl: string;
  /** The tracker's session the order is placed in (its `vt_sid` cookie), which the conversion rate counts. */
  trackingSession?: string | undefined;
  /** Set once the Purchase is queued with the order. */
  queued?: boolean;
}

/**
 * Places an order for `customerId` (null: a guest). Refusals change nothing: 401 when the store requires an account,
 * 400 naming the field at fault, 404 for an address or delivery option that is not the store's, and 409 when a line
 * changed since the shopper saw it (its price, its stock, or it is no longer sold), with the lines as they are now.
 */
export async function placeOrder(
  db: Db,
  webId: number,
  customerId: number | null,
  body: PlaceOrder,
  mailer: Mailer,
  log: (details: unknown, message: string) => void,
  purchase?: PurchaseReport,
): Promise<OrderSummary> {
  const requestHash = checkoutHash(customerId, body);
  const placed = await existingOrder(db, body.idempotencyKey, requestHash);
  if (placed) return orderSummaryOf(db, placed.order_id);

  // One statement for what the order needs of the store: its settings, the chosen currency and delivery option, and
  // for the mails its owners.
  const [site, customer] = await Promise.all([
    db
      .selectFrom('sites as s')
      .select((eb) => [
        's.title',
        's.account_mode',
        's.contact_requirement_mode',
        's.scripts',
        's.consent_banner',
        jsonObjectFrom(eb.selectFrom('currencies as c').select(['c.code', 'c.symbol', 'c.rate']).where('c.code', '=', body.currency)).as(
          'currency',
        ),
        jsonObjectFrom(
          eb
            .selectFrom('delivery_options as d')
            .select(['d.name', 'd.price', 'd.free_from'])
            .where('d.delivery_option_id', '=', body.deliveryOptionId),
        ).as('option'),
        jsonArrayFrom(
          eb
            .selectFrom('site_owners as so')
            .innerJoin('owners as o', 'o.owner_id', 'so.owner_id')
            .select('o.email')
            .whereRef('so.web_id', '=', 's.web_id'),
        ).as('owners'),
      ])
      .executeTakeFirstOrThrow(),
    customerId === null
      ? Promise.resolve(undefined)
      : db
          .selectFrom('customers')
          .select(['email', 'phone', 'first_name', 'last_name'])
          .where('customer_id', '=', customerId)
          .executeTakeFirst(),
  ]);
  const { currency, option } = site;
  if (site.account_mode === 1 && customerId === null) throw new HttpError(401, 'SIGN_IN_REQUIRED', 'Sign in to check out');
  if (!currency) throw new HttpError(400, 'VALIDATION', 'is not a currency of this store', 'currency');
  if (!option) throw new HttpError(404, 'NOT_FOUND', 'No such delivery option', 'deliveryOptionId');
  // How this order's amounts are shown everywhere: its currency at the rate it is placed at.
  const shownFields = { currencyCode: currency.code, currencySymbol: currency.symbol, currencyRate: currency.rate };
  const shown = orderCurrency(shownFields);
  const email = body.email ?? customer?.email ?? null;
  const phone = body.phone ?? customer?.phone ?? null;
  const contact = contactRequirementProblem(site.contact_requirement_mode, { email, phone });
  if (contact) throw new HttpError(400, 'VALIDATION', contact.message, contact.field);
  let address: Record<string, string>;
  if (body.addressId !== undefined) {
    const saved =
      customerId === null
        ? undefined
        : await db
            .selectFrom('customer_addresses')
            .select(['full_name', 'line1', 'line2', 'city', 'region', 'postal_code', 'country', 'phone'])
            .where('customer_id', '=', customerId)
            .where('address_id', '=', body.addressId)
            .executeTakeFirst();
    if (!saved) throw new HttpError(404, 'NOT_FOUND', 'No such saved address', 'addressId');
    address = {
      fullName: saved.full_name,
      line1: saved.line1,
      line2: saved.line2,
      city: saved.city,
      region: saved.region,
      postalCode: saved.postal_code,
      country: saved.country,
      phone: saved.phone,
    };
  } else {
    const { isDefault: _isDefault, ...given } = body.shippingAddress!;
    // The checkout asks the phone once, with the contact (issue 33): the courier's is that one unless one was given.
    address = { ...given, phone: given.phone || (phone ?? '') };
  }

  const items = await pricedItems(db, body.cartCodes);
  const changed = items.filter((item) => item.status !== 'ok');
  if (changed.length)
    throw new HttpError(409, 'CART_CHANGED', 'Some items changed since you added them: check your cart', 'cartCodes', undefined, {
      items,
    });
  const lines = items.map((item) => {
    const quantity = Number(item.quantity);
    const unitPrice = Number(item.price);
    const addons = item.addons.map((addon) => ({ name: addon.addonName, price: addon.price, quantity }));
    const extras = perUnitExtras(item).reduce((sum, price) => sum + price, 0);
    return { item, quantity, unitPrice, addons, lineTotal: (unitPrice + extras) * quantity };
  });
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
  const shippingTotal = option.free_from !== null && subtotal >= option.free_from ? 0 : option.price;
  // What the checkout showed in the chosen currency, line by line: what every surface of the order says after.
  const units = orderUnits({
    ...shownFields,
    shippingTotal,
    lines: lines.map(({ item, quantity, unitPrice, addons }) => ({ unitPrice, quantity, addons, options: item.options })),
  });
  const orderCode = newOrderCode();

  const placedAt = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('orders')
      .values({
        web_id: webId,
        order_code: orderCode,
        idempotency_key: body.idempotencyKey,
        request_hash: requestHash,
        customer_id: customerId,
        email,
        phone,
        shipping_address: JSON.stringify(address),
        delivery_method: option.name,
        payment_method: paymentMethodNames[body.paymentMethod],
        currency_code: currency.code,
        currency_symbol: currency.symbol,
        currency_rate: currency.rate,
        // A cookie the browser makes up: kept only when it is shaped like the tracker's ids.
        tracking_session_id: trackingId.safeParse(purchase?.trackingSession).data ?? null,
        subtotal,
        shipping_total: shippingTotal,
        total: subtotal + shippingTotal,
        total_units: units.total,
      })
      .onConflict((oc) => oc.columns(['web_id', 'idempotency_key']).doNothing())
      .returning(['order_id', 'created_at'])
      .executeTakeFirst();
    // The same checkout, placed by a request that committed first: its order is the answer.
    if (!inserted) return null;
    // Stock is counted down for the products that count it; one made to order has no stock to take. The ledger says
    // the signed-in customer took it, or a guest shopper.
    const orderCause = { webId, reason: 'order' as const, orderCode, actor: customer?.email ?? customer?.phone ?? 'shopper' };
    const productIds = [...new Set(lines.map(({ item }) => item.product.productID))];
    const untracked = new Set(
      (
        await trx
          .selectFrom('products')
          .select('product_id')
          .where('product_id', 'in', productIds)
          .where('track_stock', '=', false)
          .execute()
      ).map((row) => row.product_id),
    );
    // Taken product by product in id order, as every other writer of stock takes its rows (Studio/SetStock), so two
    // transactions never each hold a product the other waits for.
    for (const { item, quantity } of [...lines].sort((a, b) => a.item.product.productID - b.item.product.productID)) {
      const { productID, variantID, itemName } = item.product;
      if (untracked.has(productID)) continue;
      const taken = await moveStock(trx, { productId: productID, variantId: variantID || null, change: -quantity }, orderCause);
      if (!taken) throw new HttpError(409, 'OUT_OF_STOCK', `${itemName} sold out while you were checking out`, 'cartCodes');
    }
    await trx
      .insertInto('order_lines')
      .values(
        lines.map(({ item, quantity, unitPrice, addons, lineTotal }) => ({
          web_id: webId,
          order_id: inserted.order_id,
          product_id: item.product.productID,
          variant_id: item.product.variantID || null,
          name: item.product.itemName,
          variant_name: item.product.variantName,
          sku: item.product.sku,
          quantity,
          unit_price: unitPrice,
          addons: JSON.stringify(addons),
          options: JSON.stringify(item.options),
          option_set: parseCartCode(item.cartItemCode)?.options ?? null,
          line_total: lineTotal,
        })),
      )
      .execute();
    await trx
      .insertInto('order_events')
      .values({ web_id: webId, order_id: inserted.order_id, status: 'Pending', note: 'Order placed' })
      .execute();
    // What was bought leaves the customer's saved cart.
    if (customerId !== null && body.source === 'cart') {
      const saved = await trx
        .selectFrom('cart_lines as l')
        .innerJoin('carts as c', 'c.cart_id', 'l.cart_id')
        .leftJoin('cart_line_addons as a', 'a.cart_item_id', 'l.cart_item_id')
        .select([
          'l.cart_item_id',
          'l.product_id',
          'l.variant_id',
          'l.option_set',
          sql<number[]>`coalesce(array_agg(a.addon_id) FILTER (WHERE a.addon_id IS NOT NULL), '{}')`.as('addon_ids'),
        ])
        .where('c.customer_id', '=', customerId)
        .groupBy(['l.cart_item_id', 'l.product_id', 'l.variant_id', 'l.option_set'])
        .execute();
      const bought = saved.filter((line) =>
        body.cartCodes.some((code) =>
          sameLine(code, {
            productId: line.product_id,
            variantId: line.variant_id ?? 0,
            quantity: 1,
            addonIds: line.addon_ids,
            options: line.option_set ?? undefined,
          }),
        ),
      );
      if (bought.length)
        await trx
          .deleteFrom('cart_lines')
          .where(
            'cart_item_id',
            'in',
            bought.map((line) => line.cart_item_id),
          )
          .execute();
    }
    await queueOrderMails(trx, webId, mailer, { site, currency: shown, orderCode, email, lines, units });
    // The Purchase is the store's to report, once per order: its id is the order's, and the order is written once.
    if (purchase && conversionsTarget(site.scripts) && consentAllows(site.consent_banner, purchase.consent)) {
      const [firstName, ...lastNames] = (address['fullName'] ?? '').trim().split(/\s+/);
      await queueConversion(trx, webId, {
        event_name: 'Purchase',
        event_time: Math.floor(Date.now() / 1000),
        event_id: `purchase-${orderCode}`,
        event_source_url: purchase.pageUrl,
        action_source: 'website',
        user_data: hashedUserData({
          ...purchase.customer,
          email,
          phone,
          firstName,
          lastName: lastNames.join(' '),
          city: address['city'],
          postalCode: address['postalCode'],
          country: address['country'],
          externalId: customerId !== null ? `customer-${customerId}` : purchase.customer.externalId,
        }),
        custom_data: {
          value: wholeUnits(units.total, shown),
          currency: currency.code,
          order_id: orderCode,
          content_type: 'product',
          content_ids: lines.map(({ item }) => String(item.product.productID)),
          contents: lines.map(({ item, quantity }) => ({ id: String(item.product.productID), quantity })),
          num_items: lines.reduce((sum, line) => sum + line.quantity, 0),
        },
      });
      purchase.queued = true;
    }
    return inserted.created_at;
  });
  // The answer does not wait on mail: delivery runs in the background, one at a time, and what fails stays queued.
  mailer.deliverSoon((error) => log({ err: error }, 'queued order mail not delivered yet'));
  if (purchase?.queued) purchase.outbox.sendSoon();
  if (placedAt === null) {
    const order = await existingOrder(db, body.idempotencyKey, requestHash);
    if (!order) throw new Error(`Order with key ${body.idempotencyKey} neither written nor found`);
    return orderSummaryOf(db, order.order_id);
  }
  // The order as written, answered from what this request wrote rather than read back (GetOrder reads the same).
  const at = placedAt.toISOString();
  return {
    orderCode,
    status: 'Pending',
    paymentStatus: 'Pending',
    createdAt: at,
    email,
    phone,
    // As the database keeps it: a field left out has no key.
    shippingAddress: Object.fromEntries(Object.entries(address).filter(([, value]) => value !== undefined)),
    deliveryMethod: option.name,
    paymentMethod: paymentMethodNames[body.paymentMethod],
    currencyCode: currency.code,
    currencySymbol: currency.symbol,
    currencyRate: currency.rate,
    subtotal,
    shippingTotal,
    total: subtotal + shippingTotal,
    totalUnits: units.total,
    lines: lines.map(({ item, quantity, unitPrice, addons, lineTotal }) => ({
      productID: item.product.productID,
      variantID: item.product.variantID || null,
      name: item.product.itemName,
      variantName: item.product.variantName,
      sku: item.product.sku,
      quantity,
      unitPrice,
      addons,
      options: item.options,
      lineTotal,
    })),
    history: [{ status: 'Pending', note: 'Order placed', at }],
  };
}

/** The confirmation to the shopper (when they gave an email) and the news to the store's owners, in the order's transaction. */
async function queueOrderMails(
  trx: Db,
  webId: number,
  mailer: Mailer,
  order: {
    site: { title: string; owners: { email: string }[] };
    /** The currency the order was placed in, at its rate. */
    currency: Currency;
    orderCode: string;
    email: string | null;
    lines: {
      item: { product: { itemName: string; variantName: string }; options: readonly { name: string; value: string }[] };
      quantity: number;
    }[];
    /** Its amounts as the checkout showed them (`orderUnits`). */
    units: OrderUnits;
  },
): Promise<void> {
  const money = (units: number) => formatUnits(units, order.currency);
  const text = [
    `Order ${order.orderCode}`,
    '',
    ...order.lines.map(
      ({ item, quantity }, i) =>
        `${quantity} × ${item.product.itemName}${item.product.variantName ? ` (${item.product.variantName})` : ''}: ${money(order.units.lines[i]!)}` +
        item.options.map((option) => `\n    ${option.name}: ${option.value}`).join(''),
    ),
    '',
    `Subtotal: ${money(order.units.subtotal)}`,
    `Delivery: ${money(order.units.shipping)}`,
    `Total: ${money(order.units.total)}`,
    '',
    `Follow it at /status?code=${order.orderCode}`,
  ].join('\n');
  await mailer.queue(trx, [
    ...(order.email ? [{ webId, to: order.email, subject: `Your order ${order.orderCode} at ${order.site.title}`, text }] : []),
    ...order.site.owners.map((owner) => ({ webId, to: owner.email, subject: `New order ${order.orderCode}`, text })),
  ]);
}
