import { useId, useRef, type FormEvent } from 'react';
import type { z } from 'zod';
import { contactRequest, requestErrors } from '@vitrine/commerce';
import { FieldError, FormOutcome, RequiredMark, useFormSending } from '../form-submit.tsx';
import { SectionShell } from '../section-shell.tsx';
import type { SectionStyle } from '../section-style.ts';
import { linesOf } from '../text.ts';
import { sectionComponent } from '../section-component.ts';
import { contact, type contactSettings } from './contact.schema.ts';

type ContactSettings = z.infer<typeof contactSettings>;

/**
 * Contact (18): the shop's email, phone, address and opening hours beside a form for name, email, phone and
 * message, checked in the browser with the server's own schema before it is sent.
 */
export const Contact = sectionComponent(contact, function Contact({ id, settings, style }) {
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
    const parsed = contactRequest.safeParse({
      name: text('name'),
      email: text('email'),
      ...(phone ? { phone } : {}),
      message: text('message'),
      sectionId,
    });
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
