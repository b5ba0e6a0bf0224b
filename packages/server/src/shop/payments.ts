import { buildCartCode, type CartAnswer, type OrderSummary, type PaymentOutcome } from '@vitrine/commerce';
import type { Db } from '../db/connect.ts';
import { HttpError } from '../http/errors.ts';
import type { PaymentProvider } from '../infra/payments.ts';
import { firstImage } from './catalog.ts';
import { orderByCode } from './orders.ts';

/**
 * Paying an order by card (issue 16), at checkout or later at `/checkout/oc/{ordercode}`. The order is placed first
 * (its stock taken), then paid on the provider's page; the amount is the order's total in the currency the shopper
 * chose, converted as the order shows it. What the provider says is recorded once per payment, in one transaction
 * with the order's payment status and history, so a reloaded return page or two tabs never mark it paid twice.
 */

/** Why an order cannot be paid now, or null when it can. */
function notPayable(order: Pick<OrderSummary, 'status' | 'paymentStatus'>): string | null {
  if (order.paymentStatus === 'Paid') return 'This order is already paid';
  if (order.status === 'Cancelled') return 'This order was cancelled and cannot be paid';
  return null;
}

/** What the shopper pays for `order`, in the currency they chose, in its smallest unit. */
const chargeOf = (order: OrderSummary) => ({
  amount: order.totalUnits,
  currency: order.currencyCode,
});

/** Opens a card payment of an unpaid order at the provider; answers where to send the shopper. */
export async function startPayment(
  db: Db,
  webId: number,
  payments: PaymentProvider,
  orderCode: string,
  returnUrl: string,
): Promise<{ redirectUrl: string }> {
  const order = await orderByCode(db, orderCode);
  const refused = notPayable(order);
  if (refused) throw new HttpError(409, 'ORDER_NOT_PAYABLE', refused, 'orderCode');
  const [site, row] = await Promise.all([
    db.selectFrom('sites').select('title').executeTakeFirstOrThrow(),
    db.selectFrom('orders').select('order_id').where('order_code', '=', orderCode).executeTakeFirstOrThrow(),
  ]);
  const charge = chargeOf(order);
  const opened = await payments.createPayment({
    reference: orderCode,
    ...charge,
    description: `${site.title}, order ${orderCode}`,
    returnUrl,
  });
  await db
    .insertInto('payments')
    .values({
      web_id: webId,
      order_id: row.order_id,
      provider: payments.name,
      provider_ref: opened.paymentId,
      amount: charge.amount,
      currency_code: charge.currency,
    })
    .execute();
  return { redirectUrl: opened.redirectUrl };
}

const messages: Record<PaymentOutcome, string> = {
  authorised: 'Payment received. Thank you!',
  declined: 'Your card was declined.',
  pending: 'The payment was not completed. You can pay this order now or later.',
  unapplied: 'This payment does not pay the order. The store will refund it.',
};

/** Why an authorised payment does not pay its order (it is paid already, or cancelled), or null when it pays it. */
function notApplied(order: { status: string; payment_status: string }): string | null {
  if (order.payment_status === 'Paid')
    return 'This order was already paid, so this card payment does not pay it. The store will refund it.';
  if (order.status === 'Cancelled') return 'This order was cancelled, so this card payment does not pay it. The store will refund it.';
  return null;
}

/**
 * The shopper is back from the provider: asks it what became of `paymentId` (which must be this store's payment of
 * this order, for its amount) and records the outcome once. An authorised payment marks the order Paid; a declined
 * one is noted in its history, and the order can be paid again. An order is paid once: the order's row is locked
 * while a payment is recorded, so completions take turns, and an authorised payment of an order that is paid already
 * (by another payment, or by the store) or cancelled does not pay it: its history says so, and the shopper is told
 * it will be refunded. The unique index on `pays_order` refuses a second paying payment should anything else race.
 */
export async function confirmPayment(
  db: Db,
  webId: number,
  payments: PaymentProvider,
  orderCode: string,
  paymentId: string,
): Promise<{ order: OrderSummary; outcome: PaymentOutcome; message: string }> {
  const recorded = await db
    .selectFrom('payments as p')
    .innerJoin('orders as o', 'o.order_id', 'p.order_id')
    .select(['p.payment_id', 'p.order_id', 'p.amount', 'p.currency_code'])
    .where('p.provider', '=', payments.name)
    .where('p.provider_ref', '=', paymentId)
    .where('o.order_code', '=', orderCode)
    .executeTakeFirst();
  if (!recorded) throw new HttpError(404, 'NOT_FOUND', 'No such payment of this order', 'paymentId');
  const payment = await payments.getPayment(paymentId);
  // What the provider says must be the payment the store opened: the same order, amount and currency.
  if (
    !payment ||
    payment.reference !== orderCode ||
    payment.amount !== recorded.amount ||
    payment.currency.toUpperCase() !== recorded.currency_code.trim()
  )
    throw new HttpError(409, 'PAYMENT_MISMATCH', 'The payment provider does not confirm this payment', 'paymentId');

  let unapplied: string | null = null;
  if (payment.status !== 'pending') {
    await db.transaction().execute(async (trx) => {
      // The order first: two payments of it completing at once take turns here, and the second sees the first's.
      const order = await trx
        .selectFrom('orders')
        .select(['status', 'payment_status'])
        .where('order_id', '=', recorded.order_id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const changed = await trx
        .updateTable('payments')
        .set({ status: payment.status, updated_at: new Date() })
        .where('payment_id', '=', recorded.payment_id)
        .where('status', '=', 'pending')
        .returning('payment_id')
        .executeTakeFirst();
      // Recorded already, by an earlier visit of the return page.
      if (!changed) return;
      if (payment.status === 'authorised' && notApplied(order)) {
        await trx
          .insertInto('order_events')
          .values({ web_id: webId, order_id: recorded.order_id, status: 'Payment not applied', note: notApplied(order)! })
          .execute();
      } else if (payment.status === 'authorised') {
        await trx.updateTable('payments').set({ pays_order: true }).where('payment_id', '=', recorded.payment_id).execute();
        await trx.updateTable('orders').set({ payment_status: 'Paid' }).where('order_id', '=', recorded.order_id).execute();
        await trx
          .insertInto('order_events')
          .values({ web_id: webId, order_id: recorded.order_id, status: 'Paid', note: 'Paid by card' })
          .execute();
      } else {
        await trx
          .insertInto('order_events')
          .values({ web_id: webId, order_id: recorded.order_id, status: 'Payment declined', note: payment.declineReason ?? '' })
          .execute();
      }
    });
  }
  if (payment.status === 'authorised') {
    // Whether this payment pays the order, as recorded (now or by an earlier visit of the return page).
    const { pays_order } = await db
      .selectFrom('payments')
      .select('pays_order')
      .where('payment_id', '=', recorded.payment_id)
      .executeTakeFirstOrThrow();
    if (!pays_order) unapplied = messages.unapplied;
  }
  const order = await orderByCode(db, orderCode);
  if (unapplied) {
    const why = order.history.findLast((event) => event.status === 'Payment not applied')?.note;
    return { order, outcome: 'unapplied', message: why ?? unapplied };
  }
  const message = payment.status === 'declined' ? (payment.declineReason ?? messages.declined) : messages[payment.status];
  return { order, outcome: payment.status, message };
}

/**
 * GetOrderCart (§7): an order's lines as a cart, as they were ordered (price, quantity, add-ons), for paying it at
 * `/checkout/oc/{ordercode}`. An order that cannot be paid says why in the cart's heading and message.
 */
export async function orderCart(db: Db, orderCode: string): Promise<CartAnswer> {
  const order = await orderByCode(db, orderCode);
  const productIds = order.lines.flatMap((line) => (line.productID === null ? [] : [line.productID]));
  // Each line's chosen options by their id, in the order the summary lists the lines (by line id).
  const optionSets = await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.order_id', 'l.order_id')
    .select('l.option_set')
    .where('o.order_code', '=', orderCode)
    .orderBy('l.line_id')
    .execute();
  const [products, addons] = productIds.length
    ? await Promise.all([
        db
          .selectFrom('products as p')
          .leftJoinLateral(firstImage, (join) => join.onTrue())
          .select(['p.product_id', 'p.slug', 'img.file'])
          .where('p.product_id', 'in', productIds)
          .execute(),
        db.selectFrom('addons').select(['addon_id', 'product_id', 'name']).where('product_id', 'in', productIds).execute(),
      ])
    : [[], []];
  // An order keeps its add-ons by name: the product's add-on of that name, while it has one, and its chosen options by
  // their id, so the line's code is the one it was bought with (Back to cart after a failed payment puts it back as it
  // was, issue 33).
  const addonIdOf = (productId: number | null, name: string) =>
    addons.find((addon) => addon.product_id === productId && addon.name === name)?.addon_id;
  const refused = notPayable(order);
  return {
    data: {
      data: order.lines.map((line, i) => {
        const product = products.find((p) => p.product_id === line.productID);
        const addonIds = line.addons.map((addon) => addonIdOf(line.productID, addon.name));
        return {
          cartItemID: '0',
          cartItemCode: buildCartCode({
            productId: line.productID ?? 0,
            quantity: line.quantity,
            variantId: line.variantID ?? 0,
            addonIds: addonIds.filter((id) => id !== undefined),
            options: optionSets[i]?.option_set ?? undefined,
          }),
          quantity: String(line.quantity),
          price: String(line.unitPrice),
          status: 'ok',
          statusMessage: '',
          product: {
            productID: line.productID ?? 0,
            variantID: line.variantID ?? 0,
            sku: line.sku,
            itemName: line.name,
            variantName: line.variantName,
            price: line.unitPrice,
            imageFile: product?.file ?? null,
            thumbnailFile: product?.file ?? null,
            productURL: product ? `/${product.slug}` : '/',
          },
          addons: line.addons.map((addon, i) => ({
            cartAddonID: '0',
            addonID: addonIds[i] ?? i + 1,
            addonName: addon.name,
            quantity: String(addon.quantity),
            price: addon.price,
            totalPrice: addon.price * addon.quantity,
          })),
          options: line.options,
        };
      }),
      cartStatusHeading: refused ? 'This order cannot be paid' : '',
      cartStatusMessage: refused ?? '',
      cartResponse: null,
    },
  };
}
