import { defineSectionSchema } from '../define-section.ts';
import { z } from 'zod';

const promotionSettings = z.object({
  eyebrow: z.string().max(80).default('Limited time'),
  heading: z.string().max(160).default('20% off everything'),
  text: z.string().max(400).default('Our seasonal sale is on. Stock up before it ends.'),
  code: z
    .string()
    .trim()
    .max(40)
    .regex(/^[A-Za-z0-9_-]*$/, 'letters, digits, - and _ only')
    .default(''),
  code_label: z.string().max(60).default('Use code'),
  ends_on: z.union([z.literal(''), z.iso.date()]).default(''),
  ends_label: z.string().max(60).default('Offer ends'),
  image: z.string().max(2048).default(''),
  image_alt: z.string().max(200).default(''),
  button_label: z.string().max(60).default('Shop the sale'),
  button_link: z.string().max(2048).default('/'),
});

/**
 * Promotion (15): a limited-time offer — a headline, an optional discount code the shopper can copy, the last day
 * of the offer and a button. The end date is printed, never counted down, so the server and browser agree.
 */
export const promotion = defineSectionSchema({
  type: 15,
  name: 'promotion',
  description: 'A sale or offer with its picture and a countdown',
  icon: 'M20 12l-8 8-8-8V4h8zM8 8h.01',
  version: 1,
  settings: promotionSettings,
  fields: {
    eyebrow: { label: 'Small text above the heading', control: 'text' },
    heading: { label: 'Heading', control: 'text' },
    text: { label: 'Text', control: 'textarea' },
    code: { label: 'Discount code', control: 'text', help: 'Leave empty when no code is needed' },
    code_label: { label: 'Text before the code', control: 'text' },
    ends_on: { label: 'Last day of the offer', control: 'text', help: 'As YYYY-MM-DD; leave empty for no end date' },
    ends_label: { label: 'Text before the date', control: 'text' },
    image: { label: 'Image', control: 'image' },
    image_alt: { label: 'Image description', control: 'text', help: 'Read aloud by screen readers' },
    button_label: { label: 'Button label', control: 'text' },
    button_link: { label: 'Button link', control: 'url' },
  },
});
