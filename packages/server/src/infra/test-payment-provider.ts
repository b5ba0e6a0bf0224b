import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { encodeHtmlEntities as html } from '../shop/maintenance.ts';
import type { PaymentProvider, PaymentRequest, ProviderPayment } from './payments.ts';

/**
 * A card payment provider that behaves like a real hosted payment page, on this machine: the stand-in for an outside
 * service we cannot reach here (README, "Payments"). Its page (`/_pay/test/{id}`) takes a card and, as test modes of
 * real providers do, decides by the card number: most cards are authorised, some are declined, and one asks for a
 * 3-D Secure check on a page of its own first. It keeps its payments in this process, as a provider keeps them on
 * its side; no money moves and nothing leaves the machine.
 */
export const TEST_CARDS = {
  authorised: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  threeDSecure: '4000 0000 0000 3220',
} as const;

const declines: Record<string, string> = {
  [digits(TEST_CARDS.declined)]: 'Your card was declined.',
  [digits(TEST_CARDS.insufficientFunds)]: 'Your card has insufficient funds.',
};

interface TestPayment extends ProviderPayment {
  description: string;
  returnUrl: string;
  /** Waiting for the 3-D Secure check. */
  challenged: boolean;
}

/** Payments the provider keeps at most; the oldest go first (a shop's payment is read back within minutes). */
const KEPT = 10_000;

export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test';
  readonly #payments = new Map<string, TestPayment>();

  constructor(
    /** Where its pages are served: the path `register` serves them at. */
    private readonly basePath = '/_pay/test',
  ) {}

  async createPayment(request: PaymentRequest) {
    const paymentId = `pay_${randomBytes(12).toString('hex')}`;
    this.#payments.set(paymentId, { ...request, paymentId, status: 'pending', challenged: false });
    if (this.#payments.size > KEPT) this.#payments.delete(this.#payments.keys().next().value!);
    return { paymentId, redirectUrl: `${this.basePath}/${paymentId}` };
  }

  async getPayment(paymentId: string): Promise<ProviderPayment | null> {
    const payment = this.#payments.get(paymentId);
    if (!payment) return null;
    const { paymentId: id, reference, amount, currency, status, declineReason } = payment;
    return { paymentId: id, reference, amount, currency, status, declineReason };
  }

  /** Serves the provider's pages: the card form, its answer, and the 3-D Secure check. */
  register(app: FastifyInstance): void {
    void app.register(async (scope) => {
      // Its forms post as browsers post forms; the rest of the server speaks JSON only.
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
      type Params = { Params: { id: string } };
      type Form = Params & { Body: Record<string, string> | undefined };

      scope.get<Params>(`${this.basePath}/:id`, async (request, reply) => {
        const payment = this.#payments.get(request.params.id);
        if (!payment) return page(reply.code(404), 'Payment not found', '<p>This payment does not exist or has expired.</p>');
        if (payment.status !== 'pending') return this.#back(reply, payment);
        return payment.challenged ? this.#challengePage(reply, payment) : this.#cardPage(reply, payment, {});
      });

      scope.post<Form>(`${this.basePath}/:id`, async (request, reply) => {
        const payment = this.#payments.get(request.params.id);
        if (!payment) return page(reply.code(404), 'Payment not found', '<p>This payment does not exist or has expired.</p>');
        if (payment.status !== 'pending' || payment.challenged) return this.#back(reply, payment);
        const form = request.body ?? {};
        if (form['cancel'] !== undefined) return this.#back(reply, payment);
        const errors = cardErrors(form);
        if (Object.keys(errors).length) return this.#cardPage(reply.code(400), payment, errors, form);
        const number = digits(form['number'] ?? '');
        if (number === digits(TEST_CARDS.threeDSecure)) {
          payment.challenged = true;
          return reply.redirect(`${this.basePath}/${payment.paymentId}`, 303);
        }
        const declined = declines[number];
        Object.assign(payment, declined ? { status: 'declined', declineReason: declined } : { status: 'authorised' });
        return this.#back(reply, payment);
      });

      scope.post<Form>(`${this.basePath}/:id/challenge`, async (request, reply) => {
        const payment = this.#payments.get(request.params.id);
        if (!payment) return page(reply.code(404), 'Payment not found', '<p>This payment does not exist or has expired.</p>');
        if (payment.status === 'pending' && payment.challenged) {
          payment.challenged = false;
          Object.assign(
            payment,
            request.body?.['result'] === 'complete'
              ? { status: 'authorised' }
              : { status: 'declined', declineReason: 'Your bank could not confirm it was you (3-D Secure).' },
          );
        }
        return this.#back(reply, payment);
      });
    });
  }

  /** Back to the store, which asks what became of the payment. */
  #back(reply: FastifyReply, payment: TestPayment) {
    const url = new URL(payment.returnUrl, 'http://return.invalid');
    url.searchParams.set('payment', payment.paymentId);
    const back = payment.returnUrl.startsWith('/') ? `${url.pathname}${url.search}` : url.toString();
    return reply.redirect(back, 303);
  }

  #cardPage(reply: FastifyReply, payment: TestPayment, errors: Record<string, string>, values: Record<string, string> = {}) {
    const field = (name: string, label: string, attributes: string, hint = '') => {
      const error = errors[name];
      const describedBy = [hint && `${name}-hint`, error && `${name}-error`].filter(Boolean).join(' ');
      return `<p class="field"><label for="${name}">${label}</label>
${hint ? `<span class="hint" id="${name}-hint">${hint}</span>` : ''}
<input id="${name}" name="${name}" value="${html(values[name] ?? '')}" ${attributes}${error ? ' aria-invalid="true"' : ''}${describedBy ? ` aria-describedby="${describedBy}"` : ''}>
${error ? `<span class="error" id="${name}-error">${html(`${label} ${error}`)}</span>` : ''}</p>`;
    };
    const cards = Object.entries({
      Authorised: TEST_CARDS.authorised,
      Declined: TEST_CARDS.declined,
      'Insufficient funds': TEST_CARDS.insufficientFunds,
      '3-D Secure check': TEST_CARDS.threeDSecure,
    })
      .map(([what, number]) => `<li><code>${number}</code> ${what}</li>`)
      .join('');
    return page(
      reply,
      'Pay by card',
      `<p class="amount">${html(payment.description)}<strong>${html(money(payment.amount, payment.currency))}</strong></p>
${Object.keys(errors).length ? '<p class="error" role="alert">Check the card details below.</p>' : ''}
<form method="post" novalidate>
${field('name', 'Name on card', 'autocomplete="cc-name" required')}
${field('number', 'Card number', 'inputmode="numeric" autocomplete="cc-number" required')}
<div class="row">${field('expiry', 'Expiry', 'autocomplete="cc-exp" placeholder="MM/YY" required', 'MM/YY')}${field('cvc', 'Security code', 'inputmode="numeric" autocomplete="cc-csc" required', '3 or 4 digits')}</div>
<button type="submit" class="primary">Pay ${html(money(payment.amount, payment.currency))}</button>
<button type="submit" name="cancel" value="1" class="link" formnovalidate>Cancel and return to the store</button>
</form>
<aside><h2>Test cards</h2><p>Any name, a future expiry and any 3 digits.</p><ul>${cards}</ul></aside>`,
    );
  }

  #challengePage(reply: FastifyReply, payment: TestPayment) {
    return page(
      reply,
      '3-D Secure check',
      `<p>Your bank asks you to confirm the payment of <strong>${html(money(payment.amount, payment.currency))}</strong>.</p>
<form method="post" action="${this.basePath}/${payment.paymentId}/challenge">
<button type="submit" name="result" value="complete" class="primary">Complete authentication</button>
<button type="submit" name="result" value="fail" class="link">Fail authentication</button>
</form>`,
    );
  }
}

/** What is wrong with a card form, by field. */
export function cardErrors(form: Record<string, string | undefined>, now = new Date()): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!form['name']?.trim()) errors['name'] = 'is a required field';
  const number = digits(form['number'] ?? '');
  if (!number) errors['number'] = 'is a required field';
  else if (!/^\d{12,19}$/.test(number) || !luhn(number)) errors['number'] = 'is not a valid card number';
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(form['expiry'] ?? '');
  if (!form['expiry']?.trim()) errors['expiry'] = 'is a required field';
  else if (!expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12) errors['expiry'] = 'must be MM/YY';
  // A card is good to the end of its expiry month.
  else if (new Date(Date.UTC(2000 + Number(expiry[2]), Number(expiry[1]), 1)) <= now) errors['expiry'] = 'is in the past';
  if (!/^\d{3,4}$/.test((form['cvc'] ?? '').trim())) errors['cvc'] = form['cvc']?.trim() ? 'must be 3 or 4 digits' : 'is a required field';
  return errors;
}

function digits(text: string): string {
  return text.replace(/[\s-]/g, '');
}

/** The Luhn check every card number passes. */
function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

function money(amount: number, currency: string): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
  return format.format(amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

function page(reply: FastifyReply, title: string, body: string) {
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${html(title)} · Test payments</title><style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1f2933}
main{max-width:26rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px #0002}
.banner{margin:0 0 1rem;padding:.5rem .75rem;background:#fff4d6;border-radius:8px;font-size:.875rem}
h1{font-size:1.375rem;margin:0 0 .75rem}h2{font-size:1rem;margin:1.5rem 0 .25rem}
.amount{display:flex;justify-content:space-between;gap:1rem}.field{display:flex;flex-direction:column;margin:.75rem 0}
.row{display:flex;gap:1rem}.row .field{flex:1;min-width:0}label{font-weight:600}.hint{font-size:.8125rem;color:#52606d}
input{font:inherit;box-sizing:border-box;width:100%;padding:.5rem .625rem;border:1px solid #9aa5b1;border-radius:6px}
input[aria-invalid]{border-color:#c81e1e}.error{color:#c81e1e;font-size:.875rem}
:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
button{font:inherit;cursor:pointer;display:block;width:100%;margin-top:.75rem;padding:.625rem;border-radius:6px}
.primary{background:#1f2933;color:#fff;border:0}.link{background:none;border:0;color:#1d4ed8;text-decoration:underline}
aside{font-size:.875rem;color:#3e4c59}aside ul{padding-left:1.25rem;margin:.25rem 0}code{font-size:.8125rem}
</style></head><body><main><p class="banner" role="note">Test payment provider: no card is charged and no money moves.</p>
<h1>${html(title)}</h1>${body}</main></body></html>`,
    );
}
