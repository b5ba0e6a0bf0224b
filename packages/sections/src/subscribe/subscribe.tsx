import { z } from 'zod';
import { defineSection } from '../define-section.ts';
import { SectionShell } from '../section-shell.tsx';
import { SubscribeForm } from './subscribe-form.tsx';

/** Subscribe (20): a newsletter sign-up with a heading, a line of text, an email box and a note on privacy. */
export const subscribe = defineSection({
  type: 20,
  name: 'subscribe',
  description: 'A newsletter sign-up: one email field and a button',
  icon: 'M3 11l18-7-7 18-2-8z',
  version: 1,
  settings: z.object({
    heading: z.string().max(160).default('Join our newsletter'),
    text: z.string().max(400).default('New arrivals, restocks and members-only offers, once a month.'),
    placeholder: z.string().max(80).default('Email address'),
    button_label: z.string().trim().min(1).max(40).default('Subscribe'),
    success_message: z.string().trim().min(1).max(300).default('Thanks for subscribing! Check your inbox to confirm.'),
    privacy_note: z.string().max(300).default('We never share your email. Unsubscribe at any time.'),
  }),
  fields: {
    heading: { label: 'Heading', control: 'text' },
    text: { label: 'Text', control: 'textarea' },
    placeholder: { label: 'Email box hint', control: 'text' },
    button_label: { label: 'Button label', control: 'text' },
    success_message: { label: 'Message after signing up', control: 'textarea' },
    privacy_note: { label: 'Privacy note', control: 'text' },
  },
  component: function Subscribe({ id, settings, style }) {
    return (
      <SectionShell id={id} name="subscribe" style={style} className="vt-subscribe" label={settings.heading || 'Newsletter'}>
        <div className="vt-subscribe-inner">
          {settings.heading ? <h2 className="vt-h2">{settings.heading}</h2> : null}
          {settings.text ? <p className="vt-subheading">{settings.text}</p> : null}
          <SubscribeForm sectionId={id} style={style} buttonLabel={settings.button_label} success={settings.success_message} placeholder={settings.placeholder} />
          {settings.privacy_note ? <p className="vt-subscribe-note">{settings.privacy_note}</p> : null}
        </div>
      </SectionShell>
    );
  },
});
