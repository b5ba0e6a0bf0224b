import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  PAYMENT_FAILED,
  cartEndpoints,
  contactWithheld,
  formatPrice,
  formatUnits,
  orderCurrency,
  orderUnits,
  orderEndpoints,
  paymentMethodNames,
  statusColour,
  type OrderCurrencyFields,
  type OrderSummary,
  type OrderUnits,
} from '@vitrine/commerce';
import { useShop } from '@vitrine/sections';
import { useApi } from '../app-context.tsx';
import { ApiCallError } from '../client/api-client.ts';
import { useCart } from '../client/cart.ts';
import { isLine } from '../client/cart-rules.ts';
import { addressLines, isOrderCode, readOrderCode } from '../client/checkout-rules.ts';
import { AppForm, Field, FormNotice, SubmitButton } from '../ui/field.tsx';
import { PageShell } from './page-shell.tsx';
import { reportPurchase } from '../marketing/facts.ts';

/** An order, its list entry, or why there is none. */
type Loaded<T> = { state: 'loading' } | { state: 'missing' } | { state: 'failed' } | { state: 'ready'; value: T };

/** Loads `load` for `key` (nothing while it is null); a 404 is "missing", anything else "failed". */
export function useLoaded<T>(key: string | null, load: () => Promise<T | null>): Loaded<T> {
  // Each result remembers its key: a new key reads as loading until its own result arrives.
  const [result, setResult] = useState<{ key: string; loaded: Loaded<T> } | null>(null);
  useEffect(() => {
    if (key === null) return;
    let live = true;
    load()
      .then((value) => live && setResult({ key, loaded: value === null ? { state: 'missing' } : { state: 'ready', value } }))
      .catch(
        (error: unknown) =>
          live &&
          setResult({ key, loaded: error instanceof ApiCallError && error.status === 404 ? { state: 'missing' } : { state: 'failed' } }),
      );
    return () => {
      live = false;
    };
    // `load` is made anew each render; what it loads is named by `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return result && result.key === key ? result.loaded : { state: 'loading' };
}

/**
 * How an order's amounts read, in the currency it was placed in at the rate recorded then: `price` converts one
 * amount of the store's (a unit price, an add-on), `units` shows an amount already in the order's currency (its
 * lines' totals and its totals, `orderUnits`), as the checkout showed them.
 */
export function useOrderPrice(order: OrderCurrencyFields): { price: (minor: number) => string; units: (units: number) => string } {
  const { showCurrency } = useShop();
  const currency = orderCurrency(order);
  return {
    price: (minor) => formatPrice(minor, currency, showCurrency),
    units: (units) => formatUnits(units, currency, showCurrency),
  };
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A time as the shopper's clock shows it, machine-readable too. */
export function Time({ at }: { at: string }) {
  return <time dateTime={at}>{dateTime.format(new Date(at))}</time>;
}

/** A status in its colour (§4: Cancelled red, Confirmed blue, Shipped cyan, Delivered and Paid green, Pending orange). */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`vt-status vt-status-${statusColour(status)}`}>{status}</span>;
}

/** Each status the order took, oldest first, with its time and note. */
function OrderHistory({ history }: { history: OrderSummary['history'] }) {
  return (
    <ol className="vt-order-history" aria-label="Order history">
      {history.map((event, i) => (
        <li key={`${event.at}-${i}`}>
          <StatusBadge status={event.status} />
          <Time at={event.at} />
          {event.note ? <span className="vt-order-history-note">{event.note}</span> : null}
        </li>
      ))}
    </ol>
  );
}

/** What a bank transfer asks of the shopper, with the order's code as the payment reference. */
export function BankTransferInstructions({ orderCode, total }: { orderCode: string; total: string }) {
  return (
    <div className="vt-bank-transfer" role="note" aria-label="How to pay by bank transfer">
      <h3 className="vt-h5">How to pay by bank transfer</h3>
      <ol>
        <li>
          Transfer <strong>{total}</strong> to the store&apos;s bank account.
        </li>
        <li>
          Give your order code <strong className="vt-order-code">{orderCode}</strong> as the payment reference, so the store can match your
          payment.
        </li>
        <li>
          We send your order once the payment has arrived. If you do not have the store&apos;s bank details, ask for them on the{' '}
          <Link to="/contact">contact page</Link>.
        </li>
      </ol>
    </div>
  );
}

/** An order's subtotal, delivery and total, in the currency it was placed in. */
export function OrderTotals({ order, amounts = orderUnits(order) }: { order: OrderSummary; amounts?: OrderUnits }) {
  const { units } = useOrderPrice(order);
  return (
    <dl className="vt-totals" aria-label="Order totals">
      <dt>Subtotal</dt>
      <dd>{units(amounts.subtotal)}</dd>
      <dt>Delivery</dt>
      <dd>{order.shippingTotal === 0 ? 'Free' : units(amounts.shipping)}</dd>
      <dt className="vt-totals-total">Total</dt>
      <dd className="vt-totals-total" data-testid="order-total">
        {units(order.totalUnits)}
      </dd>
    </dl>
  );
}

/** An order as its confirmation and its detail page show it: lines, totals, address, delivery and payment. */
export function OrderView({ order, children }: { order: OrderSummary; children?: ReactNode }) {
  const { price, units } = useOrderPrice(order);
  const amounts = orderUnits(order);
  const bankTransfer = order.paymentMethod === paymentMethodNames.bank_transfer;
  return (
    <div className="vt-order">
      <div className="vt-order-main">
        <section className="vt-card" aria-labelledby="order-lines">
          <h2 id="order-lines" className="vt-h4">
            Items
          </h2>
          <ul className="vt-order-lines">
            {order.lines.map((line, i) => (
              <li key={`${line.sku}-${i}`}>
                <div>
                  <p className="vt-order-line-name">{line.name}</p>
                  {line.variantName ? <p className="vt-order-line-meta">{line.variantName}</p> : null}
                  {line.addons.map((addon) => (
                    <p key={addon.name} className="vt-order-line-meta">
                      + {addon.name} ({price(addon.price)})
                    </p>
                  ))}
                  {line.options.map((option) => (
                    <p key={option.optionID} className="vt-order-line-meta">
                      {option.name}: {option.value}
                      {option.price ? ` (+${price(option.price)})` : null}
                    </p>
                  ))}
                  <p className="vt-order-line-meta">{`${line.quantity} × ${price(line.unitPrice)}`}</p>
                </div>
                <p className="vt-order-line-total">{units(amounts.lines[i]!)}</p>
              </li>
            ))}
          </ul>
          <OrderTotals order={order} amounts={amounts} />
        </section>
        {children}
      </div>
      <div className="vt-order-side">
        <section className="vt-card" aria-labelledby="order-delivery">
          <h2 id="order-delivery" className="vt-h4">
            Delivery
          </h2>
          {contactWithheld(order) ? (
            <p className="vt-order-withheld">The name and address show with the e-mail the order was placed with.</p>
          ) : (
            <address className="vt-order-address">
              {addressLines(order.shippingAddress).map((line, i) => (
                <span key={i}>{line}</span>
              ))}
            </address>
          )}
          <dl className="vt-details">
            <dt>Method</dt>
            <dd>{order.deliveryMethod}</dd>
            {order.email ? (
              <>
                <dt>Email</dt>
                <dd>{order.email}</dd>
              </>
            ) : null}
            {order.phone ? (
              <>
                <dt>Phone</dt>
                <dd>{order.phone}</dd>
              </>
            ) : null}
          </dl>
        </section>
        <section className="vt-card" aria-labelledby="order-payment">
          <h2 id="order-payment" className="vt-h4">
            Payment
          </h2>
          <dl className="vt-details">
            <dt>Method</dt>
            <dd>{order.paymentMethod}</dd>
            <dt>Payment</dt>
            <dd>
              <StatusBadge status={order.paymentStatus} />
            </dd>
          </dl>
          {bankTransfer && order.paymentStatus !== 'Paid' ? (
            <BankTransferInstructions orderCode={order.orderCode} total={units(order.totalUnits)} />
          ) : null}
        </section>
      </div>
    </div>
  );
}

/** "1 item", "3 items": the units of an order. */
const itemCount = (order: OrderSummary) => {
  const count = order.lines.reduce((n, line) => n + line.quantity, 0);
  return `${count} ${count === 1 ? 'item' : 'items'}`;
};

/** What a page says while its order loads, or when there is none. */
function OrderState({ loaded, missing }: { loaded: Loaded<unknown>; missing: ReactNode }) {
  if (loaded.state === 'loading')
    return (
      <p className="vt-loading" aria-busy="true">
        Loading the order…
      </p>
    );
  if (loaded.state === 'missing') return <FormNotice kind="error">{missing}</FormNotice>;
  if (loaded.state === 'failed') return <FormNotice kind="error">The order could not be loaded. Please try again.</FormNotice>;
  return null;
}

/** What the checkout hands the confirmation, so it shows at once. */
export interface PlacedState {
  placed?: OrderSummary;
  /** The order's e-mail as the shopper typed it (on /status), which shows who the order is for (issue 33). */
  email?: string;
}

/** GetOrder with the e-mail the shopper gave, if any: the code alone shows no name or address (issue 33). */
const orderQuery = (code: string, email: string | undefined) => ({ query: { OrderCode: code, ...(email ? { Email: email } : {}) } });

/**
 * "Back to cart" after a card payment failed (issue 33): the order's lines go back into the shopper's cart (those not
 * in it already), so leaving the failed payment loses nothing, and the shopper is taken to the cart. The order stays,
 * unpaid and payable.
 */
function BackToCart({ orderCode }: { orderCode: string }) {
  const api = useApi();
  const navigate = useNavigate();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const restore = async () => {
    setState('busy');
    try {
      const cart = (await api.request(cartEndpoints.getOrderCart, { query: { CartCodes: orderCode } })).data;
      const { lines, add } = useCart.getState();
      for (const item of cart.data) if (!lines.some((line) => isLine(line, item.cartItemCode))) add(item.cartItemCode, item);
      void navigate('/cart');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <button type="button" className="vt-btn vt-btn-outline vt-btn-md" disabled={state === 'busy'} onClick={() => void restore()}>
        Back to cart
      </button>
      {state === 'failed' ? <FormNotice kind="error">The items could not be put back in your cart. Please try again.</FormNotice> : null}
    </>
  );
}

/** Whether an order can still be paid by card: not paid, not cancelled, and not meant to be paid to the courier. */
const payableByCard = (order: OrderSummary) =>
  order.paymentStatus !== 'Paid' && order.status !== 'Cancelled' && order.paymentMethod !== paymentMethodNames.cod;

/** "Pay by card" for an order that can still be paid that way. */
function PayLink({ order, children = 'Pay by card' }: { order: OrderSummary; children?: ReactNode }) {
  return payableByCard(order) ? (
    <Link to={`/checkout/oc/${order.orderCode}`} className="vt-btn vt-btn-primary vt-btn-md">
      {children}
    </Link>
  ) : null;
}

/**
 * /order/{code}: the order for whoever holds its code; "Thank you" when the shopper has just placed it. Back from the
 * payment provider (`?payment={id}`), it first asks the store what became of the payment and says so.
 */
export function OrderPage() {
  const { id = '' } = useParams();
  const api = useApi();
  const code = readOrderCode(id);
  const paymentId = useSearchParams()[0].get('payment');
  const locationState = useLocation().state as PlacedState | null;
  const given = locationState?.placed;
  const justPlaced = given?.orderCode === code ? given : undefined;
  const [typedEmail, setTypedEmail] = useState<string | undefined>(undefined);
  const email = typedEmail ?? locationState?.email;
  const returned = useLoaded(paymentId && isOrderCode(code) ? `${code} ${paymentId}` : null, async () =>
    paymentId ? (await api.request(orderEndpoints.confirmPayment, { body: { orderCode: code, paymentId } })).data : null,
  );
  const loaded = useLoaded(justPlaced || paymentId ? null : `${code} ${email ?? ''}`, async () =>
    isOrderCode(code) ? (await api.request(orderEndpoints.getOrder, orderQuery(code, email))).data.order : null,
  );
  const payment = returned.state === 'ready' ? returned.value : undefined;
  const order = justPlaced ?? payment?.order ?? (loaded.state === 'ready' ? loaded.value : undefined);
  const thanks = justPlaced !== undefined || payment?.outcome === 'authorised';
  // A card payment declined or left unfinished, just now or before (issue 33): the order is unpaid and payable still.
  const paymentFailed =
    order !== undefined &&
    order.paymentStatus !== 'Paid' &&
    (payment ? payment.outcome === 'declined' || payment.outcome === 'pending' : order.paymentStatus === PAYMENT_FAILED);
  useEffect(() => {
    if (thanks && order) reportPurchase(order);
  }, [thanks, order]);
  return (
    <PageShell heading={paymentFailed ? 'Payment failed' : thanks ? 'Thank you for your order' : `Order ${code}`}>
      {order ? (
        <>
          <div className="vt-order-intro">
            {payment ? (
              <FormNotice kind={payment.outcome === 'authorised' ? 'success' : 'error'}>
                {payment.message}
                {payment.outcome === 'declined' ? ' Try again with another card, or pay later from this page.' : null}
              </FormNotice>
            ) : paymentFailed ? (
              <FormNotice kind="error">
                The last card payment of this order was declined. Try again, or pay later from this page.
              </FormNotice>
            ) : null}
            {thanks ? (
              <p>We have your order{order.email ? ` and sent a confirmation to ${order.email}` : ''}. Keep its code to follow it.</p>
            ) : null}
            <p className="vt-order-code-line">
              Order code <strong className="vt-order-code">{order.orderCode}</strong>
            </p>
            <p>
              Placed <Time at={order.createdAt} /> · Status <StatusBadge status={order.status} />
            </p>
            <p className="vt-actions">
              <PayLink order={order}>{paymentFailed ? 'Try again' : 'Pay by card'}</PayLink>
              {paymentFailed ? <BackToCart orderCode={order.orderCode} /> : null}
              <Link to={`/status?code=${order.orderCode}`}>Follow this order</Link>
            </p>
          </div>
          {contactWithheld(order) && !justPlaced ? (
            <AppForm key={email ?? ''} onValues={(values) => setTypedEmail(values['email']?.trim() || undefined)}>
              <Field
                label="E-mail the order was placed with"
                name="email"
                type="email"
                autoComplete="email"
                defaultValue={email ?? ''}
                hint="To see the name and address it is delivered to"
                {...(email ? { error: 'This is not the e-mail of this order' } : {})}
              />
              <SubmitButton>Show the details</SubmitButton>
            </AppForm>
          ) : null}
          <OrderView order={order} />
        </>
      ) : (
        <OrderState
          loaded={paymentId ? returned : loaded}
          missing={paymentId ? 'No such payment of this order.' : 'No order matches this code. Check the code in your confirmation.'}
        />
      )}
    </PageShell>
  );
}

/** /status: asks for an order code, then shows the order's status and its history (§4 colours). */
export function StatusPage() {
  const api = useApi();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const typed = params.get('code') ?? '';
  const code = readOrderCode(typed);
  // The e-mail goes with the navigation, not in the address: it is not kept in the history or sent on to other sites.
  const email = (useLocation().state as PlacedState | null)?.email;
  const [invalid, setInvalid] = useState(false);
  const loaded = useLoaded(code ? `${code} ${email ?? ''}` : null, async () =>
    isOrderCode(code) ? (await api.request(orderEndpoints.getOrder, orderQuery(code, email))).data.order : null,
  );
  const order = code && loaded.state === 'ready' ? loaded.value : undefined;
  const units = useOrderPrice(order ?? { currencyCode: '', currencySymbol: '', currencyRate: 1 }).units;
  return (
    <PageShell heading="Order status" breadcrumbs={[{ label: 'Order status' }]}>
      <div className="vt-status-page">
        <AppForm
          key={typed}
          errors={invalid ? { code: 'must be the 16 letters and digits of your order code' } : undefined}
          onValues={(values) => {
            const next = readOrderCode(values['code'] ?? '');
            setInvalid(!isOrderCode(next));
            const given = values['email']?.trim();
            if (isOrderCode(next)) void navigate(`/status?code=${next}`, { state: given ? { email: given } : null });
          }}
        >
          <Field
            label="Order code"
            name="code"
            defaultValue={typed}
            required
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            hint="The 16 letters and digits in your order confirmation"
          />
          <Field
            label="E-mail (optional)"
            name="email"
            type="email"
            defaultValue={email ?? ''}
            autoComplete="email"
            hint="The e-mail the order was placed with, to see who it is delivered to"
          />
          <SubmitButton>Check status</SubmitButton>
        </AppForm>
        {code ? (
          order ? (
            <section className="vt-card vt-status-result" aria-labelledby="status-heading">
              <h2 id="status-heading" className="vt-h4">
                Order <span className="vt-order-code">{order.orderCode}</span>
              </h2>
              <dl className="vt-details vt-status-now">
                <dt>Status</dt>
                <dd>
                  <StatusBadge status={order.status} />
                </dd>
                <dt>Payment</dt>
                <dd>
                  <StatusBadge status={order.paymentStatus} />
                </dd>
                <dt>Placed</dt>
                <dd>
                  <Time at={order.createdAt} />
                </dd>
                <dt>Total</dt>
                <dd>
                  {units(order.totalUnits)} for {itemCount(order)}
                </dd>
                {contactWithheld(order) ? null : (
                  <>
                    <dt>Delivery to</dt>
                    <dd>
                      <address className="vt-order-address">
                        {addressLines(order.shippingAddress).map((line, i) => (
                          <span key={i}>{line}</span>
                        ))}
                      </address>
                    </dd>
                  </>
                )}
              </dl>
              {email && contactWithheld(order) ? (
                <FormNotice kind="error">This is not the e-mail of this order, so its name and address are not shown.</FormNotice>
              ) : null}
              <h3 className="vt-h5">History</h3>
              <OrderHistory history={order.history} />
              <Link to={`/order/${order.orderCode}`} state={email ? { email } : null}>
                See the whole order
              </Link>
            </section>
          ) : (
            <OrderState loaded={loaded} missing="No order matches this code. Check the code in your confirmation." />
          )
        ) : null}
      </div>
    </PageShell>
  );
}

type OrderListEntry = Awaited<ReturnType<typeof loadOrders>>[number];
const loadOrders = async (api: ReturnType<typeof useApi>) => (await api.request(orderEndpoints.getOrders)).data.orders;

/** One order of the list, its total in the currency it was placed in. */
function OrderListRow({ order }: { order: OrderListEntry }) {
  const { units } = useOrderPrice(order);
  return (
    <tr>
      <th scope="row">
        <Link to={`/orderdetail/${order.orderCode}`} className="vt-order-code">
          {order.orderCode}
        </Link>
      </th>
      <td>
        <Time at={order.createdAt} />
      </td>
      <td>
        <StatusBadge status={order.status} />
      </td>
      <td>
        <StatusBadge status={order.paymentStatus} />
      </td>
      <td className="vt-num">{units(order.totalUnits)}</td>
    </tr>
  );
}

/** /orderlist: the signed-in customer's orders, newest first, each opening its detail. */
export function OrderListPage() {
  const api = useApi();
  const loaded = useLoaded('orders', async () => loadOrders(api));
  return (
    <PageShell heading="Order History" breadcrumbs={[{ label: 'My Account', to: '/account' }, { label: 'Order History' }]}>
      {loaded.state === 'ready' ? (
        loaded.value.length ? (
          <div className="vt-table-wrap">
            <table className="vt-orders-table">
              <caption className="vt-visually-hidden">Your orders, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Placed</th>
                  <th scope="col">Status</th>
                  <th scope="col">Payment</th>
                  <th scope="col" className="vt-num">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody>
                {loaded.value.map((order) => (
                  <OrderListRow key={order.orderCode} order={order} />
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <div className="vt-cart-empty">
            <p>You have no orders yet.</p>
            <Link to="/" className="vt-btn vt-btn-primary vt-btn-md">
              Start shopping
            </Link>
          </div>
        )
      ) : (
        <OrderState loaded={loaded} missing="You have no orders yet." />
      )}
    </PageShell>
  );
}

/** /orderdetail/{code}: one of the signed-in customer's orders, with its history. */
export function OrderDetailPage() {
  const { id = '' } = useParams();
  const api = useApi();
  const code = readOrderCode(id);
  const loaded = useLoaded(code, async () => {
    // Only the customer's own orders open here: the code must be in their list.
    if (!isOrderCode(code) || !(await loadOrders(api)).some((order) => order.orderCode === code)) return null;
    return (await api.request(orderEndpoints.getOrder, { query: { OrderCode: code } })).data.order;
  });
  return (
    <PageShell
      heading={`Order ${code}`}
      breadcrumbs={[{ label: 'My Account', to: '/account' }, { label: 'Order History', to: '/orderlist' }, { label: `Order ${code}` }]}
    >
      {loaded.state === 'ready' ? (
        <>
          <div className="vt-order-intro">
            <p>
              Placed <Time at={loaded.value.createdAt} /> · Status <StatusBadge status={loaded.value.status} />
            </p>
          </div>
          <OrderView order={loaded.value}>
            <section className="vt-card" aria-labelledby="order-history">
              <h2 id="order-history" className="vt-h4">
                History
              </h2>
              <OrderHistory history={loaded.value.history} />
            </section>
          </OrderView>
        </>
      ) : (
        <OrderState loaded={loaded} missing="This order could not be found in your account." />
      )}
    </PageShell>
  );
}
