/**
 * The seam where a card payment provider plugs in (issue 16). The store never sees a card: it opens a payment for an
 * amount, sends the shopper to the provider's own page, and when the shopper is back asks the provider what became
 * of that payment, trusting nothing the return address says. A real provider (a hosted checkout or payment page:
 * Stripe Checkout, Adyen's hosted page, Mollie…) is an object with these two methods, given to `buildApp` as
 * `payments`; `TestPaymentProvider` (test-payment-provider.ts) behaves like one on this machine.
 */
export interface PaymentProvider {
  /** Its name, recorded with each payment (`payments.provider`). */
  readonly name: string;
  /** Opens a payment the shopper completes on the provider's page; answers its id and where to send the shopper. */
  createPayment(request: PaymentRequest): Promise<{ paymentId: string; redirectUrl: string }>;
  /** The payment as the provider has it now, or null when it knows no payment by that id. */
  getPayment(paymentId: string): Promise<ProviderPayment | null>;
}

export interface PaymentRequest {
  /** What the payment is for, as the provider echoes it back: the order's code. */
  reference: string;
  /** In the currency's smallest unit (cents; whole yen). */
  amount: number;
  /** ISO 4217 code. */
  currency: string;
  /** A line the provider's page shows: the store and what is paid. */
  description: string;
  /** Where the provider sends the shopper when they are done, with `payment={id}` added. */
  returnUrl: string;
}

export interface ProviderPayment {
  paymentId: string;
  reference: string;
  amount: number;
  currency: string;
  /** `pending` until the shopper has finished on the provider's page (or when they left it). */
  status: 'pending' | 'authorised' | 'declined';
  /** Why the card was declined, in words for the shopper. */
  declineReason?: string | undefined;
}
