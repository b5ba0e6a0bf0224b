import { useId, useRef, type FormEvent } from 'react';
import { requestErrors, subscribeRequest } from '@vitrine/commerce';
import { FieldError, FormOutcome, useFormSending } from '../form-submit.tsx';
import type { SectionStyle } from '../section-style.ts';

/** An email box and a button that signs the shopper up for the newsletter; used by Subscribe (20) and the footer. */
export function SubscribeForm({
  sectionId,
  style,
  buttonLabel,
  success,
  placeholder = 'Email address',
}: {
  sectionId: string;
  style: SectionStyle;
  buttonLabel: string;
  success: string;
  placeholder?: string;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const uid = useId();
  const { status, errors, problem, refuse, send } = useFormSending(formRef);
  const sending = status === 'sending';

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = new FormData(form).get('email');
    const parsed = subscribeRequest.safeParse({ email: typeof email === 'string' ? email : '', sectionId });
    if (!parsed.success) return refuse(requestErrors(parsed.error));
    if (await send('subscribe', parsed.data)) form.reset();
  }

  return (
    <form ref={formRef} className="vt-subscribe-form" noValidate onSubmit={handleSubmit}>
      <div className="vt-subscribe-row">
        <label htmlFor={`${uid}-email`} className="vt-visually-hidden">
          Email address
        </label>
        <input
          id={`${uid}-email`}
          type="email"
          name="email"
          className="vt-input"
          autoComplete="email"
          placeholder={placeholder}
          required
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${uid}-email-error` : undefined}
        />
        <button type="submit" className={`vt-btn vt-btn-${style.button_style} vt-btn-${style.button_size}`} disabled={sending}>
          {sending ? 'Sending…' : buttonLabel}
        </button>
      </div>
      <FieldError id={`${uid}-email-error`} message={errors.email} />
      <FormOutcome sent={status === 'sent'} success={success} problem={problem} />
    </form>
  );
}
