import { defineSectionSchema } from '../define-section.ts';
import { z } from 'zod';

export const contactSettings = z.object({
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

/**
 * Contact (18): the shop's email, phone, address and opening hours beside a form for name, email, phone and
 * message, checked in the browser with the server's own schema before it is sent.
 */
export const contact = defineSectionSchema({
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
});
