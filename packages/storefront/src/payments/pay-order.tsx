import { useState } from 'react';
import { Link } from 'react-router-dom';
import { cartEndpoints, orderCurrency, orderEndpoints, type CartAnswer, type OrderSummary } from '@vitrine/commerce';
import { ShopProvider, useShop } from '@vitrine/sections';
import { useApi } from '../app-context.tsx';
import { ApiCallError } from '../client/api-client.ts';
import { lineOf } from '../client/cart-rules.ts';
import { isOrderCode, readOrderCode } from '../client/checkout-rules.ts';
import { CheckoutLoading, SummaryLines } from '../pages/checkout-parts.tsx';
import { OrderTotals, StatusBadge, useLoaded, useOrderPrice } from '../pages/order-pages.tsx';
import { FormNotice, SubmitButton } from '../ui/field.tsx';
import { usePayByCard } from './pay-by-card.ts';

/**
 * /checkout/oc/{ordercode}: pays an order placed before (a card payment that was declined or left, or a bank
 * transfer the shopper would rather pay by card). Its lines come as a cart (GetOrderCart, §7), its totals as the
 * order has them; Pay sends the shopper to the provider's page.
 */
export function PayOrder({ orderCode: given }: { orderCode: string }) {
  const api = useApi();
  const payByCard = usePayByCard();
  const code = readOrderCode(given);
  const loaded = useLoaded(code, async () => {
    if (!isOrderCode(code)) return null;
    const [order, cart] = await Promise.all([
      api.request(orderEndpoints.getOrder, { query: { OrderCode: code } }),
      api.request(cartEndpoints.getOrderCart, { query: { CartCodes: code } }),
    ]);
    return { order: order.data.order, cart: cart.data };
  });
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  if (loaded.state === 'loading') return <CheckoutLoading what="order" />;
  if (loaded.state === 'missing')
    return <FormNotice kind="error">No order matches this code. Check the code in your confirmation.</FormNotice>;
  if (loaded.state === 'failed')
    return <FormNotice kind="error">The order could not be loaded. Please reload the page to try again.</FormNotice>;

  const { order, cart } = loaded.value;
  async function pay() {
    setBusy(true);
    setRefusal(null);
    try {
      await payByCard(order.orderCode);
    } catch (error) {
      setRefusal(error instanceof ApiCallError ? error.message : 'The payment could not be opened. Check your connection and try again.');
      setBusy(false);
    }
  }
  return <PayOrderView order={order} cart={cart} busy={busy} refusal={refusal} onPay={() => void pay()} />;
}

function PayOrderView({
  order,
  cart,
  busy,
  refusal,
  onPay,
}: {
  order: OrderSummary;
  cart: CartAnswer['data'];
  busy: boolean;
  refusal: string | null;
  onPay: () => void;
}) {
  const { units } = useOrderPrice(order);
  const shop = useShop();
  const orderLink = (
    <Link to={`/order/${order.orderCode}`}>
      See order <span className="vt-order-code">{order.orderCode}</span>
    </Link>
  );
  if (cart.cartStatusMessage)
    return (
      <div className="vt-order-intro">
        <FormNotice kind="error">{cart.cartStatusMessage}.</FormNotice>
        <p>{orderLink}</p>
      </div>
    );
  return (
    <form
      className="vt-checkout"
      onSubmit={(event) => {
        event.preventDefault();
        onPay();
      }}
    >
      <div className="vt-checkout-main">
        <section className="vt-checkout-step" aria-labelledby="pay-order">
          <h2 id="pay-order" className="vt-h4">
            Order <span className="vt-order-code">{order.orderCode}</span>
          </h2>
          <p>
            Status <StatusBadge status={order.status} /> · Payment <StatusBadge status={order.paymentStatus} />
          </p>
          <p>{orderLink}</p>
        </section>
        <section className="vt-checkout-step" aria-labelledby="pay-method">
          <h2 id="pay-method" className="vt-h4">
            Payment
          </h2>
          <p className="vt-checkout-choice">
            <span className="vt-checkout-choice-text">
              <span className="vt-checkout-choice-title">Card</span>
              <span className="vt-checkout-choice-detail">
                Pay on the payment provider’s secure page. Your card details never reach this store.
              </span>
            </span>
          </p>
        </section>
      </div>
      <aside className="vt-checkout-summary" aria-labelledby="pay-summary">
        <h2 id="pay-summary" className="vt-h4">
          Your order
        </h2>
        {/* The lines in the order's currency, at its rate: converted as its checkout converted them. */}
        <ShopProvider value={{ ...shop, currency: orderCurrency(order) }}>
          <SummaryLines lines={cart.data.map(lineOf)} items={cart.data} />
        </ShopProvider>
        <OrderTotals order={order} />
        {refusal ? <FormNotice kind="error">{refusal}</FormNotice> : null}
        <SubmitButton busy={busy}>{busy ? 'Opening the payment…' : `Pay ${units(order.totalUnits)}`}</SubmitButton>
      </aside>
    </form>
  );
}
