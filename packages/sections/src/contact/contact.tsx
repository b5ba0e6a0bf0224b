import { useId, useRef, type FormEvent } from 'react';
import { z } from 'zod';
import { contactRequest, requestErrors } from '@vitrine/commerce';
import { defineSection } from '../define-section.ts';
import { FieldError, FormOutcome, RequiredMark, useFormSending } from '../form-submit.tsx';
import { SectionShell } from '../section-shell.tsx';
import type { SectionStyle } from '../section-style.ts';
import { linesOf } from '../text.ts';

const contactSettings = z.object({
  heading: z.string().max(160).default('Get in touch'),
  text: z.string().max(600).default('Questions about an order or a product? Write to us and we will answer within one working day.'),
  email: z.union([z.literal(''), z.email()]).default(''),
  phone: z.string().max(40).default(''),
  address: z.string().max(400).default(''),
  hours: z.string().max(400).default(''),
  show_phone_field: z.boolean().default(true),
  button_label: z.string().trim().min(1).max(40).default('Send message'),
  success_message: z.string().trim().min(1).max(300).default('Thank you! Your message is on its way and we will reply soon.'),
});
type ContactSettings = z.infer<typeof contactSettings>;

/**
 * Contact (18): the shop's email, phone, address and opening hours beside a form for name, email, phone and
 * message, checked in the browser with the server's own schema before it is sent.
 */
export const contact = defineSection({
  type: 18,
  name: 'contact',
  description: 'A contact form, with your address, phone and email beside it',
  icon: 'M3 6h18v12H3zM3 6l9 7 9-7',
  version: 1,
  settings: contactSettings,
  fields: {
    heading: { label: 'Heading', control: 'text' },
    text: { label: 'Text', control: 'textarea' },
    email: { label: 'Shop email', control: 'text', help: 'Shown as a link; leave empty to hide' },
    phone: { label: 'Shop phone', control: 'text', help: 'Leave empty to hide' },
    address: { label: 'Address', control: 'textarea', help: 'One line per line of the address' },
    hours: { label: 'Opening hours', control: 'textarea', help: 'One line per day or range of days' },
    show_phone_field: { label: 'Ask for a phone number (optional for the shopper)', control: 'toggle' },
    button_label: { label: 'Button label', control: 'text' },
    success_message: { label: 'Message after sending', control: 'textarea' },
  },
  component: function Contact({ id, settings, style }) {
    const hasDetails = Boolean(settings.email || settings.phone || settings.address || settings.hours);
    return (
      <SectionShell id={id} name="contact" style={style} label={settings.heading || 'Contact'}>
        <div className={`vt-contact${hasDetails ? ' vt-contact-with-details' : ''}`}>
          <div className="vt-contact-intro">
            {settings.heading ? <h2 className="vt-h2">{settings.heading}</h2> : null}
            {settings.text ? <p className="vt-contact-text">{settings.text}</p> : null}
            {hasDetails ? (
              <dl className="vt-contact-details">
                {settings.email ? (
                  <div>
                    <dt>Email</dt>
                    <dd>
                      <a href={`mailto:${settings.email}`}>{settings.email}</a>
                    </dd>
                  </div>
                ) : null}
                {settings.phone ? (
                  <div>
                    <dt>Phone</dt>
                    <dd>
                      <a href={`tel:${settings.phone.replace(/[^+\d]/g, '')}`}>{settings.phone}</a>
                    </dd>
                  </div>
                ) : null}
                {settings.address ? (
                  <div>
                    <dt>Address</dt>
                    <dd>
                      <address>
                        {linesOf(settings.address).map((line, i) => (
                          <span key={i} className="vt-line">
                            {line}
                          </span>
                        ))}
                      </address>
                    </dd>
                  </div>
                ) : null}
                {settings.hours ? (
                  <div>
                    <dt>Opening hours</dt>
                    <dd>
                      {linesOf(settings.hours).map((line, i) => (
                        <span key={i} className="vt-line">
                          {line}
                        </span>
                      ))}
                    </dd>
                  </div>
                ) : null}
              </dl>
            ) : null}
          </div>
          <ContactForm sectionId={id} settings={settings} style={style} />
        </div>
      </SectionShell>
    );
  },
});

function ContactForm({ sectionId, settings, style }: { sectionId: string; settings: ContactSettings; style: SectionStyle }) {
  const formRef = useRef<HTMLFormElement>(null);
  const uid = useId();
  const { status, errors, problem, refuse, send } = useFormSending(formRef);
  const sending = status === 'sending';

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' ? value : '';
    };
    const phone = text('phone').trim();
    const parsed = contactRequest.safeParse({ name: text('name'), email: text('email'), ...(phone ? { phone } : {}), message: text('message'), sectionId });
    if (!parsed.success) return refuse(requestErrors(parsed.error));
    if (await send('contact', parsed.data)) form.reset();
  }

  const control = (name: string) => ({
    id: `${uid}-${name}`,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${uid}-${name}-error` : undefined,
  });

  return (
    <form ref={formRef} className="vt-form vt-contact-form" noValidate onSubmit={handleSubmit}>
      <div className="vt-field">
        <label htmlFor={`${uid}-name`}>
          Name <RequiredMark />
        </label>
        <input {...control('name')} type="text" className="vt-input" autoComplete="name" required />
        <FieldError id={`${uid}-name-error`} message={errors.name} />
      </div>
      <div className="vt-field">
        <label htmlFor={`${uid}-email`}>
          Email <RequiredMark />
        </label>
        <input {...control('email')} type="email" className="vt-input" autoComplete="email" required />
        <FieldError id={`${uid}-email-error`} message={errors.email} />
      </div>
      {settings.show_phone_field ? (
        <div className="vt-field">
          <label htmlFor={`${uid}-phone`}>Phone (optional)</label>
          <input {...control('phone')} type="tel" className="vt-input" autoComplete="tel" />
          <FieldError id={`${uid}-phone-error`} message={errors.phone} />
        </div>
      ) : null}
      <div className="vt-field">
        <label htmlFor={`${uid}-message`}>
          Message <RequiredMark />
        </label>
        <textarea {...control('message')} className="vt-input vt-textarea" rows={6} required />
        <FieldError id={`${uid}-message-error`} message={errors.message} />
      </div>
      <div className="vt-form-actions">
        <button type="submit" className={`vt-btn vt-btn-${style.button_style} vt-btn-${style.button_size}`} disabled={sending}>
          {sending ? 'Sending…' : settings.button_label}
        </button>
      </div>
      <FormOutcome sent={status === 'sent'} success={settings.success_message} problem={problem} />
    </form>
  );
}
