import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { nextStatuses, orderStatuses, orderUnits, type OrderStatus, type OrderSummary } from '@vitrine/commerce';
import { StudioApiError, type OrderChange } from '../api/client.ts';
import { useStudio } from '../context.tsx';
import { problemText } from '../state/controller.ts';
import { Button } from '../ui/button.tsx';
import { ConfirmStep } from '../ui/confirm-step.tsx';
import { baseAmount, orderAmount, orderPrice, StatusChip, Time } from './order-format.tsx';

/** The button that moves an order to each status, and what the notice says once it has. */
const moves: Record<OrderStatus, { button: string; done: string }> = {
  Pending: { button: 'Back to pending', done: 'is pending again' },
  Confirmed: { button: 'Confirm order', done: 'confirmed' },
  Shipped: { button: 'Mark shipped', done: 'marked shipped' },
  Delivered: { button: 'Mark delivered', done: 'marked delivered' },
  Cancelled: { button: 'Cancel order…', done: 'cancelled; its items are back in stock' },
};

const isOrderStatus = (status: string): status is OrderStatus => (orderStatuses as readonly string[]).includes(status);

/** The address fields in the order a label reads them; any others the server sends follow. */
const addressOrder = ['fullName', 'company', 'line1', 'line2', 'city', 'region', 'state', 'postalCode', 'country'];

/**
 * One order whole, and the moves its status allows: each of `nextStatuses`, Mark paid, Cancel after a question.
 * `onDirty` is told whether a note is typed that no move has taken yet.
 */
export function OrderDetail({
  orderCode,
  onChanged,
  onDirty,
}: {
  orderCode: string;
  onChanged: (order: OrderSummary) => void;
  onDirty?: (dirty: boolean) => void;
}) {
  const { controller, store } = useStudio();
  const [loaded, setLoaded] = useState<{ order: OrderSummary | null; error: string | null }>({ order: null, error: null });
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  /** Set when the order arrives or changes: the keyboard goes on to it (the button pressed may have gone). */
  const focusHeading = useRef(false);
  const noteId = useId();
  const typed = note.trim() !== '';
  useEffect(() => onDirty?.(typed), [onDirty, typed]);
  // A closed order leaves no note behind.
  useEffect(() => () => onDirty?.(false), [onDirty]);

  useEffect(() => {
    let live = true;
    controller.order(orderCode).then(
      (order) => {
        if (!live) return;
        focusHeading.current = true;
        setLoaded({ order, error: null });
      },
      (error: unknown) => live && setLoaded({ order: null, error: problemText(error) }),
    );
    return () => {
      live = false;
    };
  }, [controller, orderCode]);

  useEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    heading.current?.focus();
  }, [loaded]);

  const change = async (what: OrderChange, done: string) => {
    setBusy(true);
    try {
      const order = await controller.changeOrder(orderCode, { ...what, note: note.trim() });
      focusHeading.current = true;
      setLoaded({ order, error: null });
      onChanged(order);
      setNote('');
      setConfirmingCancel(false);
      store.getState().notify(`Order ${orderCode} ${done}.`, 'success');
    } catch (error) {
      store.getState().notify(`Not changed: ${problemText(error)}`, 'error');
      setConfirmingCancel(false);
      // Refused because the order moved on elsewhere: show it as it is now, with the moves it allows now.
      if (error instanceof StudioApiError && error.status === 409) {
        const order = await controller.order(orderCode).catch(() => null);
        if (order) {
          setLoaded({ order, error: null });
          onChanged(order);
        }
      }
    } finally {
      setBusy(false);
    }
  };

  const { order, error } = loaded;
  if (error)
    return (
      <p role="alert" className="px-5 py-6 text-sm text-red-700">
        Order {orderCode} could not be loaded: {error}
      </p>
    );
  if (!order)
    return (
      <p role="status" className="px-5 py-6 text-sm text-slate-500">
        Loading order {orderCode}…
      </p>
    );

  const status = isOrderStatus(order.status) ? order.status : null;
  const forward = status ? nextStatuses[status].filter((s) => s !== 'Cancelled') : [];
  const canCancel = status ? nextStatuses[status].includes('Cancelled') : false;
  const canPay = order.paymentStatus !== 'Paid' && order.status !== 'Cancelled';
  const price = (minor: number) => orderPrice(order, minor);
  const amount = (units: number) => orderAmount(order, units);
  const amounts = orderUnits(order);
  const address = [
    ...addressOrder.flatMap((key) => (order.shippingAddress[key] ? [order.shippingAddress[key]] : [])),
    ...Object.entries(order.shippingAddress)
      .filter(([key, value]) => value && !addressOrder.includes(key))
      .map(([, value]) => value),
  ];
  return (
    <article aria-labelledby="order-heading" className="space-y-5 px-5 py-4 text-sm">
      <header className="space-y-1">
        <h2 id="order-heading" ref={heading} tabIndex={-1} className="rounded font-mono text-base font-semibold focus:outline-none">
          <span className="sr-only">Order</span> {order.orderCode}
        </h2>
        <p className="text-slate-600">
          Placed <Time at={order.createdAt} />
        </p>
        <p className="flex gap-2">
          <StatusChip status={order.status} label="Status" />
          <StatusChip status={order.paymentStatus} label="Payment" />
        </p>
      </header>

      {forward.length || canCancel || canPay ? (
        <section aria-label="Change this order" className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
          <label htmlFor={noteId} className="block text-xs font-medium text-slate-700">
            Note <span className="font-normal text-slate-500">(optional; kept in the history, which the customer sees)</span>
          </label>
          <textarea
            id={noteId}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            maxLength={500}
            rows={2}
            className="block w-full rounded-md border border-slate-300 px-2 py-1 text-sm focus:border-indigo-500 focus:outline-2 focus:outline-indigo-500/30"
          />
          <div className="flex flex-wrap items-center gap-2">
            {forward.map((next) => (
              <Button key={next} tone="primary" disabled={busy} onClick={() => void change({ status: next }, moves[next].done)}>
                {moves[next].button}
              </Button>
            ))}
            {canPay ? (
              <Button disabled={busy} onClick={() => void change({ paymentStatus: 'Paid' }, 'marked paid')}>
                Mark paid
              </Button>
            ) : null}
            {canCancel ? (
              <ConfirmStep
                label={moves.Cancelled.button}
                question="Cancel this order? Its items go back into stock."
                confirm="Cancel order"
                cancel="Keep order"
                tone="danger"
                open={confirmingCancel}
                busy={busy}
                onOpenChange={setConfirmingCancel}
                onConfirm={() => void change({ status: 'Cancelled' }, moves.Cancelled.done)}
              />
            ) : null}
          </div>
        </section>
      ) : (
        <p className="rounded-lg border border-slate-200 bg-white p-3 text-slate-600">
          This order is {order.status.toLowerCase()}: there is nothing more to do with it.
        </p>
      )}

      <Part title="Items">
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
          {order.lines.map((line, index) => (
            <li key={index} className="px-3 py-2">
              <div className="flex gap-2">
                <span className="flex-1 font-medium">
                  {line.name}
                  {line.variantName ? <span className="font-normal text-slate-600"> — {line.variantName}</span> : null}
                </span>
                <span className="tabular-nums">{amount(amounts.lines[index]!)}</span>
              </div>
              <p className="text-xs text-slate-500">
                {line.quantity} × {price(line.unitPrice)}
                {line.sku ? ` · SKU ${line.sku}` : ''}
              </p>
              {line.addons.length ? (
                <ul aria-label={`Add-ons of ${line.name}`} className="mt-1 text-xs text-slate-600">
                  {line.addons.map((addon, a) => (
                    <li key={a}>
                      + {addon.name} × {addon.quantity} · {price(addon.price)}
                    </li>
                  ))}
                </ul>
              ) : null}
              {line.options.length ? (
                <ul aria-label={`Options of ${line.name}`} className="mt-1 text-xs text-slate-600">
                  {line.options.map((option) => (
                    <li key={option.optionID}>
                      {option.name}: <span className="whitespace-pre-wrap text-slate-800">{option.value}</span>
                      {option.price ? ` · ${price(option.price)}` : ''}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5 px-3 tabular-nums">
          <dt className="text-slate-600">Subtotal</dt>
          <dd className="text-right">{amount(amounts.subtotal)}</dd>
          <dt className="text-slate-600">Delivery</dt>
          <dd className="text-right">{order.shippingTotal === 0 ? 'Free' : amount(amounts.shipping)}</dd>
          <dt className="font-semibold">Total</dt>
          <dd className="text-right font-semibold">{amount(order.totalUnits)}</dd>
        </dl>
        {order.currencyRate !== 1 ? (
          <p className="mt-1 px-3 text-xs text-slate-500">
            In {order.currencyCode}, as the customer paid, at the rate of the day ({order.currencyRate}): {baseAmount(order.total)} in the
            store's currency.
          </p>
        ) : null}
      </Part>

      <div className="grid grid-cols-2 gap-4">
        <Part title="Customer">
          <p>{order.shippingAddress['fullName'] || '—'}</p>
          {order.email ? (
            <p>
              <a className="[overflow-wrap:anywhere] text-indigo-700 underline hover:text-indigo-900" href={`mailto:${order.email}`}>
                {order.email}
              </a>
            </p>
          ) : null}
          {order.phone ? <p>{order.phone}</p> : null}
        </Part>
        <Part title="Ship to">
          <address className="not-italic">
            {address.map((line, index) => (
              <span key={index} className="block">
                {line}
              </span>
            ))}
          </address>
        </Part>
        <Part title="Delivery">
          <p>{order.deliveryMethod}</p>
        </Part>
        <Part title="Payment">
          <p>{order.paymentMethod}</p>
          <p className="text-slate-600">Currency {order.currencyCode}</p>
        </Part>
      </div>

      <Part title="History">
        <ol className="space-y-2">
          {order.history.map((event, index) => (
            <li key={index} className="flex flex-wrap items-baseline gap-x-2">
              <StatusChip status={event.status} />
              <span className="text-xs text-slate-500">
                <Time at={event.at} />
              </span>
              {event.note ? <span className="basis-full text-slate-700">{event.note}</span> : null}
            </li>
          ))}
        </ol>
      </Part>
    </article>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {title}
      </h3>
      {children}
    </section>
  );
}
