import { defineSectionSchema } from '../define-section.ts';
import { z } from 'zod';

export const contactSettings = z.object({
  heading: z.string().max(160).default('Get in touch').meta({ label: 'Heading', control: 'text' }),
  text: z
    .string()
    .max(600)
    .default('Questions about an order or a product? Write to us and we will answer within one working day.')
    .meta({ label: 'Text', control: 'textarea' }),
  email: z
    .union([z.literal(''), z.email()])
    .default('')
    .meta({ label: 'Shop email', control: 'text', help: 'Shown as a link; leave empty to hide' }),
  phone: z.string().max(40).default('').meta({ label: 'Shop phone', control: 'text', help: 'Leave empty to hide' }),
  address: z.string().max(400).default('').meta({ label: 'Address', control: 'textarea', help: 'One line per line of the address' }),
  hours: z.string().max(400).default('').meta({ label: 'Opening hours', control: 'textarea', help: 'One line per day or range of days' }),
  show_phone_field: z.boolean().default(true).meta({ label: 'Ask for a phone number (optional for the shopper)', control: 'toggle' }),
  button_label: z.string().trim().min(1).max(40).default('Send message').meta({ label: 'Button label', control: 'text' }),
  success_message: z
    .string()
    .trim()
    .min(1)
    .max(300)
    .default('Thank you! Your message is on its way and we will reply soon.')
    .meta({ label: 'Message after sending', control: 'textarea' }),
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
});
