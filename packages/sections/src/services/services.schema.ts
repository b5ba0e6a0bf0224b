import { defineSectionSchema } from '../define-section.ts';
import { z } from 'zod';

const service = z.object({
  image: z.string().max(2048).default('').meta({ label: 'Image', control: 'image' }),
  image_alt: z
    .string()
    .max(200)
    .default('')
    .meta({ label: 'Image description', control: 'text', help: 'Leave empty if the image is decoration' }),
  title: z.string().max(80).default('A service').meta({ label: 'Title', control: 'text' }),
  text: z.string().max(500).default('Say what the shopper gets and how it works.').meta({ label: 'Text', control: 'textarea' }),
  price: z.string().max(40).default('').meta({ label: 'Price', control: 'text', help: 'As shoppers should read it, e.g. “From $12”' }),
  link_label: z.string().max(40).default('Learn more').meta({ label: 'Link label', control: 'text' }),
  link: z.string().max(2048).default('').meta({ label: 'Link', control: 'url' }),
});

/** Services (11): what the shop does besides selling — gift wrapping, engraving, repairs — as cards with a price. */
export const services = defineSectionSchema({
  type: 11,
  name: 'services',
  description: 'What you offer, as cards with an icon, heading and text',
  icon: 'M4 4h16v6H4zM4 14h7v6H4zM13 14h7v6h-7z',
  version: 1,
  settings: z.object({
    heading: z.string().max(160).default('Our services').meta({ label: 'Heading', control: 'text' }),
    subheading: z.string().max(400).default('').meta({ label: 'Text', control: 'textarea' }),
    columns_desktop: z.number().int().min(1).max(4).default(3).meta({ label: 'Columns on large screens', control: 'range', step: 1 }),
  }),
  blocks: {
    name: 'service',
    max: 12,
    initial: 3,
    initialSettings: [
      { title: 'Gift wrapping', text: 'Recycled paper, a cotton ribbon and your message written by hand.', price: 'From $4' },
      { title: 'Engraving', text: 'Initials or a short line on wood and metal pieces, ready in two days.', price: 'From $12' },
      { title: 'Repairs', text: 'Chipped or cracked? Send it back and we will mend it.', price: 'Free for a year' },
    ],
    settings: service,
  },
});
