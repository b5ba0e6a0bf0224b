import { defineSectionSchema } from '../define-section.ts';
import { z } from 'zod';

const promotionSettings = z.object({
  eyebrow: z.string().max(80).default('Limited time').meta({ label: 'Small text above the heading', control: 'text' }),
  heading: z.string().max(160).default('20% off everything').meta({ label: 'Heading', control: 'text' }),
  text: z.string().max(400).default('Our seasonal sale is on. Stock up before it ends.').meta({ label: 'Text', control: 'textarea' }),
  code: z
    .string()
    .trim()
    .max(40)
    .regex(/^[A-Za-z0-9_-]*$/, 'letters, digits, - and _ only')
    .default('')
    .meta({ label: 'Discount code', control: 'text', help: 'Leave empty when no code is needed' }),
  code_label: z.string().max(60).default('Use code').meta({ label: 'Text before the code', control: 'text' }),
  ends_on: z
    .union([z.literal(''), z.iso.date()])
    .default('')
    .meta({ label: 'Last day of the offer', control: 'text', help: 'As YYYY-MM-DD; leave empty for no end date' }),
  ends_label: z.string().max(60).default('Offer ends').meta({ label: 'Text before the date', control: 'text' }),
  image: z.string().max(2048).default('').meta({ label: 'Image', control: 'image' }),
  image_alt: z.string().max(200).default('').meta({ label: 'Image description', control: 'text', help: 'Read aloud by screen readers' }),
  button_label: z.string().max(60).default('Shop the sale').meta({ label: 'Button label', control: 'text' }),
  button_link: z.string().max(2048).default('/').meta({ label: 'Button link', control: 'url' }),
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
});
