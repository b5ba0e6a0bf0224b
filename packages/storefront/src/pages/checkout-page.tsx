import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useLoaderData, useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  accountEndpoints,
  cartEndpoints,
  orderEndpoints,
  paymentMethodNames,
  staysInCart,
  type AccountProfile,
  type CartItem,
  type CheckoutOptions,
  type CustomerAddress,
  type PaymentMethod,
  type PlaceOrderRequest,
} from '@vitrine/commerce';
import { useCartPrice, usePrice, useShop } from '@vitrine/sections';
import { useApi } from '../app-context.tsx';
import { ApiCallError } from '../client/api-client.ts';
import { useCart } from '../client/cart.ts';
import { ServerCartProvider, useCartLines } from '../cart/cart-lines.tsx';
import { cartSubtotal, joinCodes, lineOf } from '../client/cart-rules.ts';
import {
  addressFromValues,
  addressLines,
  changedItems,
  changedPopupItem,
  checkoutTotals,
  contactFields,
  contactProblem,
  deliveryPrice,
  newIdempotencyKey,
  type DeliveryOption,
} from '../client/checkout-rules.ts';
import { signedInUserId, useSession } from '../client/session.ts';
import { AppForm, FormNotice, SubmitButton, fieldMessage } from '../ui/field.tsx';
import { AddressFields } from '../ui/address-fields.tsx';
import { ContactFields } from '../ui/contact-fields.tsx';
import { useHydrated } from '../ui/hydrated.ts';
import { PayOrder } from '../payments/pay-order.tsx';
import { CheckoutLoading, SummaryLines } from './checkout-parts.tsx';
import { usePayByCard } from '../payments/pay-by-card.ts';
import type { PlacedState } from './order-pages.tsx';
import { PageShell } from './page-shell.tsx';
import { marketingEvent } from '../marketing/emitter.ts';
import { initiateCheckoutFacts } from '../marketing/page-events.ts';
import type { RouteMeta } from '../meta.ts';
import type { KeptCartData } from '../server-data.ts';

const loadOptions = async (api: ReturnType<typeof useApi>) => (await api.request(orderEndpoints.getCheckoutOptions)).data;

/**
 * What /checkout loads: the cart the browser keeps, priced by the server, and the store's checkout options, when its
 * cookie told it (null otherwise: the app reads both). The server then draws the whole form (issue 18).
 */
export interface CheckoutPageData extends KeptCartData {
  options: CheckoutOptions | null;
  meta: RouteMeta;
}

/** What the payment methods say under their names. */
const paymentHints: Record<PaymentMethod, string> = {
  cod: 'Pay the courier when your order arrives.',
  bank_transfer: 'Transfer the total after placing the order: the instructions follow on the confirmation.',
  card: 'Pay on the payment provider’s secure page after placing the order. Your card details never reach this store.',
};

/**
 * The lines being bought: the cart's (`/checkout`; the one the server drew until the page has hydrated) or Buy now's
 * one line (`/checkout/bn/{cartcode}`), priced.
 */
function useCheckoutLines(buyNowCode: string | undefined) {
  const api = useApi();
  const { lines: cartLines, items: cartItems, busy: cartBusy } = useCartLines();
  const [buyNow, setBuyNow] = useState<{ items: CartItem[]; message: string } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!buyNowCode) return;
    let live = true;
    api
      .request(cartEndpoints.getBuyCart, { query: { CartCodes: buyNowCode } })
      .then(({ data }) => live && setBuyNow({ items: data.data, message: data.cartStatusMessage }))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [api, buyNowCode]);
  if (!buyNowCode) return { source: 'cart' as const, lines: cartLines, items: cartItems, busy: cartBusy, failed: false, message: '' };
  const items = buyNow?.items.filter((item) => staysInCart(item.status)) ?? [];
  return {
    source: 'buynow' as const,
    lines: items.map(lineOf),
    items,
    busy: !buyNow && !failed,
    failed,
    message: buyNow?.message ?? '',
    /** Buy now's line as the server now prices it, after a refusal said it changed. */
    replace: (next: CartItem[]) => setBuyNow({ items: next, message: '' }),
  };
}

/** The signed-in customer's profile (saved addresses, email, phone): undefined while it loads, null for a guest. */
function useProfile(signedIn: boolean): AccountProfile | null | undefined {
  const api = useApi();
  const [profile, setProfile] = useState<AccountProfile | null | undefined>(undefined);
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    api
      .request(accountEndpoints.getProfile)
      .then((answer) => live && setProfile(answer.data))
      // Without the profile the customer types a new address, as a guest does.
      .catch(() => live && setProfile(null));
    return () => {
      live = false;
    };
  }, [api, signedIn]);
  return signedIn ? profile : null;
}

/** A group of radio buttons with its legend and its message, which names the group. */
function ChoiceGroup({ legend, name, error, children }: { legend: string; name: string; error: string | undefined; children: ReactNode }) {
  const id = useId();
  return (
    <fieldset className="vt-checkout-choices" aria-describedby={error ? `${id}-error` : undefined} data-field={name}>
      {/* The step's heading says it on screen; the legend names the group for screen readers and in its message. */}
      <legend className="vt-visually-hidden">{legend}</legend>
      {children}
      {error ? (
        <p id={`${id}-error`} className="vt-field-error">
          {fieldMessage(legend, error)}
        </p>
      ) : null}
    </fieldset>
  );
}

/** One radio choice: a card with its label and a line under it. */
function Choice({
  name,
  value,
  checked,
  onChange,
  invalid,
  title,
  detail,
  aside,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  invalid: boolean;
  title: ReactNode;
  detail?: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <label className="vt-checkout-choice">
      <input type="radio" name={name} value={value} checked={checked} onChange={onChange} aria-invalid={invalid || undefined} />
      <span className="vt-checkout-choice-text">
        <span className="vt-checkout-choice-title">{title}</span>
        {detail ? <span className="vt-checkout-choice-detail">{detail}</span> : null}
      </span>
      {aside ? <span className="vt-checkout-choice-aside">{aside}</span> : null}
    </label>
  );
}

/** The fields the form shows, so a refusal naming another (the lines, the currency) is said above the form. */
const formFields = new Set([
  'email',
  'phone',
  'addressId',
  'deliveryOptionId',
  'paymentMethod',
  ...['fullName', 'line1', 'line2', 'city', 'region', 'postalCode', 'country', 'phone'].map((name) => `shippingAddress.${name}`),
]);

/**
 * InitiateCheckout, once per visit to the checkout, when its lines are priced; not where the server drew them
 * (`drawn`): that page's event is read from its data and told as it loads (`marketing/page-events.ts`).
 */
function useInitiateCheckout(items: readonly CartItem[], total: number | null, drawn: boolean) {
  const told = useRef(drawn);
  useEffect(() => {
    if (told.current || total === null) return;
    told.current = true;
    marketingEvent('InitiateCheckout', initiateCheckoutFacts(items, total));
  }, [items, total]);
}

/**
 * /checkout and /checkout/bn/{cartcode}: contact (as the store's contact mode asks), the address (a saved one or a
 * new one), delivery, payment and the order summary, then Place order. One idempotency key is made per visit and
 * sent with every try, so a second click or a retry makes one order. /checkout/oc/{ordercode} pays an order placed
 * before.
 */
export function CheckoutPage() {
  const { cartcode, ordercode } = useParams();
  const drawn = useLoaderData() as Partial<CheckoutPageData>;
  const hydrated = useHydrated();
  if (ordercode)
    return (
      <PageShell heading="Pay for your order">{hydrated ? <PayOrder orderCode={ordercode} /> : <CheckoutLoading what="order" />}</PageShell>
    );
  return (
    <PageShell heading="Checkout">
      <ServerCartProvider items={drawn.cart ?? null}>
        {hydrated || drawn.options ? <CheckoutForm buyNowCode={cartcode} drawnOptions={drawn.options ?? null} /> : <CheckoutLoading />}
      </ServerCartProvider>
    </PageShell>
  );
}

function CheckoutForm({ buyNowCode, drawnOptions }: { buyNowCode: string | undefined; drawnOptions: CheckoutOptions | null }) {
  const api = useApi();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const price = usePrice();
  const cartPrice = useCartPrice();
  const { currency } = useShop();
  const signedIn = useSession((s) => signedInUserId(s.tokens) !== null);
  const checkout = useCheckoutLines(buyNowCode);
  const profile = useProfile(signedIn);
  const payByCard = usePayByCard();
  const [options, setOptions] = useState<CheckoutOptions | null>(drawnOptions);
  const [optionsFailed, setOptionsFailed] = useState(false);
  const [deliveryId, setDeliveryId] = useState<number | null>(drawnOptions?.options[0]?.deliveryOptionId ?? null);
  const [payment, setPayment] = useState<PaymentMethod>('cod');
  const [addressChoice, setAddressChoice] = useState<string | null>(null);
  const [saveAddress, setSaveAddress] = useState(true);
  const [summaryOpen, setSummaryOpen] = useState(false);
  const [key] = useState(() => newIdempotencyKey());
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; field?: string | undefined; code?: string } | null>(null);
  const placing = useRef(false);
  const placed = useRef(false);

  useEffect(() => {
    if (drawnOptions) return;
    let live = true;
    loadOptions(api)
      .then((answer) => {
        if (!live) return;
        setOptions(answer);
        setDeliveryId((chosen) => chosen ?? answer.options[0]?.deliveryOptionId ?? null);
      })
      .catch(() => live && setOptionsFailed(true));
    return () => {
      live = false;
    };
  }, [api, drawnOptions]);

  // The plain checkout is for a cart with lines; an emptied cart (not by this order) goes back to it.
  const empty = checkout.source === 'cart' && checkout.lines.length === 0;
  useEffect(() => {
    if (empty && !placed.current) void navigate('/cart', { replace: true });
  }, [empty, navigate]);

  const saved = profile?.addresses ?? [];
  const chosenAddress = addressChoice ?? String(saved.find((a) => a.isDefault)?.addressId ?? saved[0]?.addressId ?? 'new');
  // A signed-in customer's contact: their email, and their phone (or the one their default address keeps), asked once.
  const contactDefaults = {
    email: profile?.email,
    phone: profile?.phone || (saved.find((a) => a.isDefault) ?? saved[0])?.phone || undefined,
  };
  const subtotal = cartSubtotal(checkout.lines, checkout.items);
  const option = options?.options.find((o) => o.deliveryOptionId === deliveryId);
  const totals = checkoutTotals(subtotal.total, option);
  const totalText = subtotal.priced ? cartPrice(subtotal.rows, [totals.delivery ?? 0]) : '…';
  const accountMode = options?.accountMode ?? 2;
  const errors = refusal?.field && formFields.has(refusal.field) ? { [refusal.field]: refusal.message } : undefined;
  const errorOf = (name: string) => (refusal?.field === name ? refusal.message : undefined);
  useInitiateCheckout(checkout.items, subtotal.priced && checkout.lines.length > 0 ? subtotal.total : null, drawnOptions !== null);

  if (optionsFailed || checkout.failed)
    return <FormNotice kind="error">The checkout could not be loaded. Please reload the page to try again.</FormNotice>;
  if (!options || (checkout.busy && !checkout.lines.length) || profile === undefined) return <CheckoutLoading />;
  if (accountMode === 1 && !signedIn) {
    return (
      <div className="vt-checkout-signin">
        <p>This store asks you to sign in before you check out.</p>
        <Link to={`/signin?redirect=${encodeURIComponent(pathname)}`} className="vt-btn vt-btn-primary vt-btn-md">
          Sign in to check out
        </Link>
        <Link to="/signup">Create an account</Link>
      </div>
    );
  }
  if (!checkout.lines.length) {
    return (
      <>
        <FormNotice kind="error">{checkout.message || 'There is nothing to check out.'}</FormNotice>
        <p>
          <Link to="/">Continue shopping</Link>
        </p>
      </>
    );
  }

  /** What the store refused in what was bought: the §2.9 dialog with the lines that changed, and the lines read again. */
  function cartChanged(error: ApiCallError) {
    const { items, changed } = changedItems(error.body);
    useCart.setState({
      popup: {
        type: 'CART_STATUS_ACTIONS_DIALOG',
        data: { heading: 'Your cart has changed', message: error.message, cart_items: changed.map(changedPopupItem) },
      },
    });
    if (checkout.source === 'cart') useCart.getState().refresh();
    else checkout.replace?.(items);
  }

  /** Once the order is placed: what was bought leaves the cart (a customer's cart is read again from the server). */
  function emptyBought(codes: readonly string[]) {
    const cart = useCart.getState();
    if (signedIn) {
      cart.clear();
      cart.refresh();
    } else for (const code of codes) cart.remove(code);
  }

  async function place(values: Record<string, string>) {
    // A second click while the first is on its way sends nothing more; a retry later sends the same key.
    if (placing.current) return;
    const problem = contactProblem(options!.contactRequirementMode, { email: values['email'], phone: values['phone'] });
    if (problem) {
      setRefusal({ message: problem.message, field: problem.field });
      return;
    }
    const newAddress = chosenAddress === 'new';
    const body: PlaceOrderRequest = {
      idempotencyKey: key,
      cartCodes: joinCodes(checkout.lines),
      source: checkout.source,
      ...(values['email']?.trim() ? { email: values['email'].trim() } : {}),
      ...(values['phone']?.trim() ? { phone: values['phone'].trim() } : {}),
      ...(newAddress ? { shippingAddress: addressFromValues(values) } : { addressId: Number(chosenAddress) }),
      deliveryOptionId: deliveryId ?? 0,
      paymentMethod: payment,
      currency: currency.currencyAbbreviation,
    };
    placing.current = true;
    setBusy(true);
    setRefusal(null);
    try {
      const { order } = (await api.request(orderEndpoints.placeOrder, { body })).data;
      placed.current = true;
      // The order is placed whether or not the address is kept; keeping it is a convenience for next time.
      if (newAddress && signedIn && saveAddress)
        await api.request(accountEndpoints.saveAddress, { body: body.shippingAddress! }).catch(() => undefined);
      if (body.paymentMethod === 'card') {
        if (checkout.source === 'cart') emptyBought(checkout.lines.map((line) => line.cartCode));
        // Off to the provider's page; if the payment cannot be opened, the order's page offers to pay it.
        const leaving = await payByCard(order.orderCode).then(
          () => true,
          () => false,
        );
        if (leaving) return;
        await navigate(`/order/${order.orderCode}`, { replace: true, state: { placed: order } satisfies PlacedState });
        return;
      }
      await navigate(`/order/${order.orderCode}`, { replace: true, state: { placed: order } satisfies PlacedState });
      if (checkout.source === 'cart') emptyBought(checkout.lines.map((line) => line.cartCode));
    } catch (error) {
      if (error instanceof ApiCallError) {
        const message = error.message.replace(/^[\w.]+: /, '');
        setRefusal({ message, field: error.field, code: error.code });
        if (error.code === 'CART_CHANGED') cartChanged(error);
        else if (error.code === 'OUT_OF_STOCK' && checkout.source === 'cart') useCart.getState().refresh();
      } else setRefusal({ message: 'Your order could not be sent. Check your connection and press Place order again.' });
    } finally {
      placing.current = false;
      setBusy(false);
    }
  }

  const notice =
    refusal && !(refusal.field && formFields.has(refusal.field)) ? (
      <FormNotice kind="error">
        {refusal.code === 'SIGN_IN_REQUIRED' ? (
          <>
            {refusal.message}. <Link to={`/signin?redirect=${encodeURIComponent(pathname)}`}>Sign in</Link>
          </>
        ) : refusal.code === 'CART_CHANGED' ? (
          'Some items changed since you added them. Check your order below, then place it again.'
        ) : (
          refusal.message
        )}
      </FormNotice>
    ) : null;

  return (
    <AppForm className="vt-checkout-form" errors={errors} onValues={(values) => void place(values)}>
      {notice}
      <div className="vt-checkout">
        {/* First, so that on a phone it is the bar at the top, and in the order a keyboard reaches it there. */}
        <aside className="vt-checkout-summary" aria-labelledby="checkout-summary" data-open={summaryOpen || undefined}>
          <h2 id="checkout-summary" className="vt-h4">
            Your order
          </h2>
          {/* On a phone the summary folds into a bar with the total (app.css), opened and closed here. */}
          <button
            type="button"
            className="vt-checkout-summary-toggle"
            aria-expanded={summaryOpen}
            aria-controls="checkout-summary-body"
            onClick={() => setSummaryOpen((open) => !open)}
          >
            <span className="vt-checkout-summary-toggle-label">{summaryOpen ? 'Hide order summary' : 'Show order summary'}</span>
            <span className="vt-checkout-summary-toggle-total">{totalText}</span>
          </button>
          <div id="checkout-summary-body" className="vt-checkout-summary-body">
            <SummaryLines lines={checkout.lines} items={checkout.items} fromCart={checkout.source === 'cart'} />
            <dl className="vt-totals" aria-label="Order totals" aria-live="polite" aria-busy={checkout.busy || !subtotal.priced}>
              <dt>Subtotal</dt>
              <dd>{subtotal.priced ? cartPrice(subtotal.rows) : '…'}</dd>
              <dt>Delivery</dt>
              <dd>{totals.delivery === null ? '—' : totals.delivery === 0 ? 'Free' : price(totals.delivery)}</dd>
              <dt className="vt-totals-total">Total</dt>
              <dd className="vt-totals-total" data-testid="checkout-total">
                {totalText}
              </dd>
            </dl>
          </div>
        </aside>
        <div className="vt-checkout-main">
          {accountMode === 2 && !signedIn ? (
            <p className="vt-checkout-account">
              Checking out as a guest. Have an account? <Link to={`/signin?redirect=${encodeURIComponent(pathname)}`}>Sign in</Link> for
              your saved addresses and order history.
            </p>
          ) : null}
          <section className="vt-checkout-step" aria-labelledby="checkout-contact">
            <h2 id="checkout-contact" className="vt-h4">
              Contact
            </h2>
            <div className="vt-field-row">
              <ContactFields mode={options.contactRequirementMode} defaults={contactDefaults} />
            </div>
          </section>
          <section className="vt-checkout-step" aria-labelledby="checkout-address">
            <h2 id="checkout-address" className="vt-h4">
              Shipping address
            </h2>
            {saved.length ? (
              <ChoiceGroup legend="Ship to" name="addressId" error={errorOf('addressId')}>
                {saved.map((address: CustomerAddress) => (
                  <Choice
                    key={address.addressId}
                    name="addressId"
                    value={String(address.addressId)}
                    checked={chosenAddress === String(address.addressId)}
                    onChange={() => setAddressChoice(String(address.addressId))}
                    invalid={Boolean(errorOf('addressId'))}
                    title={address.fullName}
                    detail={addressLines(address).slice(1).join(', ')}
                  />
                ))}
                <Choice
                  name="addressId"
                  value="new"
                  checked={chosenAddress === 'new'}
                  onChange={() => setAddressChoice('new')}
                  invalid={false}
                  title="A new address"
                />
              </ChoiceGroup>
            ) : null}
            {chosenAddress === 'new' ? (
              <AddressFields
                prefix="shippingAddress."
                defaults={{ fullName: profile ? `${profile.firstName} ${profile.lastName}`.trim() : '', country: options.storeCountry }}
                phone={contactFields(options.contactRequirementMode).phone === 'hidden'}
              >
                {signedIn ? (
                  <label className="vt-checkbox">
                    <input type="checkbox" checked={saveAddress} onChange={(event) => setSaveAddress(event.target.checked)} /> Save this
                    address to my account
                  </label>
                ) : null}
              </AddressFields>
            ) : null}
          </section>
          <section className="vt-checkout-step" aria-labelledby="checkout-delivery">
            <h2 id="checkout-delivery" className="vt-h4">
              Delivery
            </h2>
            <ChoiceGroup legend="Delivery method" name="deliveryOptionId" error={errorOf('deliveryOptionId')}>
              {options.options.map((o: DeliveryOption) => {
                const cost = deliveryPrice(o, subtotal.total);
                return (
                  <Choice
                    key={o.deliveryOptionId}
                    name="deliveryOptionId"
                    value={String(o.deliveryOptionId)}
                    checked={deliveryId === o.deliveryOptionId}
                    onChange={() => setDeliveryId(o.deliveryOptionId)}
                    invalid={Boolean(errorOf('deliveryOptionId'))}
                    title={o.name}
                    detail={o.freeFrom !== null && cost > 0 ? `Free on orders from ${price(o.freeFrom)}` : undefined}
                    aside={cost === 0 ? 'Free' : price(cost)}
                  />
                );
              })}
            </ChoiceGroup>
          </section>
          <section className="vt-checkout-step" aria-labelledby="checkout-payment">
            <h2 id="checkout-payment" className="vt-h4">
              Payment
            </h2>
            <ChoiceGroup legend="Payment method" name="paymentMethod" error={errorOf('paymentMethod')}>
              {options.paymentMethods.map((method) => (
                <Choice
                  key={method}
                  name="paymentMethod"
                  value={method}
                  checked={payment === method}
                  onChange={() => setPayment(method)}
                  invalid={Boolean(errorOf('paymentMethod'))}
                  title={paymentMethodNames[method]}
                  detail={paymentHints[method]}
                />
              ))}
            </ChoiceGroup>
          </section>
        </div>
        <div className="vt-checkout-actions">
          <SubmitButton busy={busy || checkout.busy || !subtotal.priced} aria-describedby={busy ? 'checkout-placing' : undefined}>
            {busy ? 'Placing your order…' : payment === 'card' ? 'Place order and pay' : 'Place order'}
          </SubmitButton>
          {busy ? (
            <p id="checkout-placing" className="vt-cart-note" role="status">
              Placing your order. Please wait; pressing again does not order twice.
            </p>
          ) : null}
          {checkout.source === 'cart' ? <Link to="/cart">Edit your cart</Link> : <Link to="/cart">Back to the cart</Link>}
        </div>
      </div>
    </AppForm>
  );
}
