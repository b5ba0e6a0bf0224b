import { defineSectionSchema } from '../define-section.ts';
import { z } from 'zod';

/** Subscribe (20): a newsletter sign-up with a heading, a line of text, an email box and a note on privacy. */
export const subscribe = defineSectionSchema({
  type: 20,
  name: 'subscribe',
  description: 'A newsletter sign-up: one email field and a button',
  icon: 'M3 11l18-7-7 18-2-8z',
  version: 1,
  settings: z.object({
    heading: z.string().max(160).default('Join our newsletter').meta({ label: 'Heading', control: 'text' }),
    text: z
      .string()
      .max(400)
      .default('New arrivals, restocks and members-only offers, once a month.')
      .meta({ label: 'Text', control: 'textarea' }),
    placeholder: z.string().max(80).default('Email address').meta({ label: 'Email box hint', control: 'text' }),
    button_label: z.string().trim().min(1).max(40).default('Subscribe').meta({ label: 'Button label', control: 'text' }),
    success_message: z
      .string()
      .trim()
      .min(1)
      .max(300)
      .default('Thanks for subscribing! Check your inbox to confirm.')
      .meta({ label: 'Message after signing up', control: 'textarea' }),
    privacy_note: z
      .string()
      .max(300)
      .default('We never share your email. Unsubscribe at any time.')
      .meta({ label: 'Privacy note', control: 'text' }),
  }),
});
