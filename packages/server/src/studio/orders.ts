import { sql } from 'kysely';
import type { z } from 'zod';
import { STUDIO_ORDERS_PAGE, nextStatuses, type OrderStatus, type setOrderStatusRequest, type studioOrdersQuery } from '@vitrine/commerce';
import type { Db } from '../db/connect.ts';
import { HttpError } from '../http/errors.ts';
import { listedOrder, listedOrderColumns, orderByCode } from '../shop/orders.ts';
import { moveStock, type OrderStockCause } from '../shop/stock.ts';
import { ownerActor, type OwnerCaller } from '../shop/stock-ledger.ts';

/**
 * The store's orders as its owner works them: listed newest first by status and a search, moved on through their
 * statuses one step at a time (`nextStatuses`), marked paid, or cancelled before they ship — which gives their stock
 * back. Every change is recorded with its time and note, in the same transaction, and the customer sees it.
 */

/** Characters that LIKE would read as wildcards, escaped so a search means what it says. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listStoreOrders(db: Db, query: z.output<typeof studioOrdersQuery>) {
  let orders = db.selectFrom('orders as o').leftJoin('customers as c', 'c.customer_id', 'o.customer_id');
  if (query.Status) orders = orders.where('o.status', '=', query.Status);
  if (query.Q) {
    const like = likeText(query.Q.toLowerCase());
    orders = orders.where((eb) =>
      eb.or([
        eb('o.order_code', '=', query.Q!.toUpperCase()),
        eb(sql<string>`lower(coalesce(o.email, ''))`, 'like', like),
        eb(sql<string>`coalesce(o.phone, '')`, 'like', like),
        eb(sql<string>`lower(o.shipping_address->>'fullName')`, 'like', like),
      ]),
    );
  }
  const [rows, counted] = await Promise.all([
    orders
      .select([
        ...listedOrderColumns,
        'o.email',
        'o.phone',
        sql<string>`coalesce(nullif(trim(concat_ws(' ', c.first_name, c.last_name)), ''), o.shipping_address->>'fullName', '')`.as(
          'customer_name',
        ),
        (eb) =>
          eb
            .selectFrom('order_lines as l')
            .select(sql<number>`coalesce(sum(l.quantity), 0)::integer`.as('n'))
            .whereRef('l.order_id', '=', 'o.order_id')
            .as('items'),
      ])
      .orderBy('o.created_at', 'desc')
      .orderBy('o.order_id', 'desc')
      .limit(STUDIO_ORDERS_PAGE)
      .offset((query.Page - 1) * STUDIO_ORDERS_PAGE)
      .execute(),
    orders.select(sql<number>`count(*)::integer`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    orders: rows.map((row) => ({
      ...listedOrder(row),
      email: row.email,
      phone: row.phone,
      customerName: row.customer_name,
      items: row.items ?? 0,
    })),
    total: counted.n,
  };
}

/**
 * Moves an order on, marks it paid, or cancels it (its stock goes back, the ledger saying which owner cancelled it); a
 * move its status does not allow is a 409.
 */
export async function setOrderStatus(db: Db, { webId, ownerId }: OwnerCaller, body: z.output<typeof setOrderStatusRequest>) {
  await db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('orders')
      .select(['order_id', 'status', 'payment_status'])
      .where('order_code', '=', body.orderCode)
      .forUpdate()
      .executeTakeFirst();
    if (!order) throw new HttpError(404, 'NOT_FOUND', 'No order with that code', 'orderCode');
    if (body.paymentStatus) {
      if (order.payment_status === 'Paid') throw new HttpError(409, 'ALREADY_PAID', 'This order is already paid', 'paymentStatus');
      if (order.status === 'Cancelled') throw new HttpError(409, 'ORDER_CANCELLED', 'A cancelled order cannot be paid', 'paymentStatus');
      await trx.updateTable('orders').set({ payment_status: 'Paid' }).where('order_id', '=', order.order_id).execute();
    } else {
      const from = order.status as OrderStatus;
      const to = body.status!;
      if (!nextStatuses[from]?.includes(to))
        throw new HttpError(409, 'STATUS_NOT_ALLOWED', `A ${from} order cannot become ${to}`, 'status');
      await trx.updateTable('orders').set({ status: to }).where('order_id', '=', order.order_id).execute();
      if (to === 'Cancelled')
        await giveStockBack(
          trx,
          { webId, reason: 'cancel', orderCode: body.orderCode, actor: await ownerActor(trx, ownerId) },
          order.order_id,
        );
    }
    await trx
      .insertInto('order_events')
      .values({ web_id: webId, order_id: order.order_id, status: body.paymentStatus ?? body.status!, note: body.note })
      .execute();
  });
  return orderByCode(db, body.orderCode);
}

/**
 * A cancelled order's lines go back to stock: to their variant, or their product (in stock again if it had sold out).
 * A product whose stock is not counted took none, and gets none back. Its version is raised (`moveStock`), so an
 * editor open on it since cannot write the old stock back.
 */
async function giveStockBack(trx: Db, cause: OrderStockCause, orderId: number): Promise<void> {
  const lines = await trx
    .selectFrom('order_lines as l')
    .innerJoin('products as p', 'p.product_id', 'l.product_id')
    .select(['l.product_id', 'l.variant_id', 'l.quantity'])
    .where('l.order_id', '=', orderId)
    .where('p.track_stock', '=', true)
    // Product by product in id order, as the other writers of stock take their rows: no two wait on each other.
    .orderBy('l.product_id')
    .orderBy('l.variant_id')
    .execute();
  for (const line of lines)
    if (line.product_id !== null)
      await moveStock(trx, { productId: line.product_id, variantId: line.variant_id, change: line.quantity }, cause);
}
