import { defineSectionSchema } from '../define-section.ts';
import { z } from 'zod';

const service = z.object({
  image: z.string().max(2048).default(''),
  image_alt: z.string().max(200).default(''),
  title: z.string().max(80).default('A service'),
  text: z.string().max(500).default('Say what the shopper gets and how it works.'),
  price: z.string().max(40).default(''),
  link_label: z.string().max(40).default('Learn more'),
  link: z.string().max(2048).default(''),
});

/** Services (11): what the shop does besides selling — gift wrapping, engraving, repairs — as cards with a price. */
export const services = defineSectionSchema({
  type: 11,
  name: 'services',
  description: 'What you offer, as cards with an icon, heading and text',
  icon: 'M4 4h16v6H4zM4 14h7v6H4zM13 14h7v6h-7z',
  version: 1,
  settings: z.object({
    heading: z.string().max(160).default('Our services'),
    subheading: z.string().max(400).default(''),
    columns_desktop: z.number().int().min(1).max(4).default(3),
  }),
  fields: {
    heading: { label: 'Heading', control: 'text' },
    subheading: { label: 'Text', control: 'textarea' },
    columns_desktop: { label: 'Columns on large screens', control: 'range', min: 1, max: 4, step: 1 },
  },
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
    fields: {
      image: { label: 'Image', control: 'image' },
      image_alt: { label: 'Image description', control: 'text', help: 'Leave empty if the image is decoration' },
      title: { label: 'Title', control: 'text' },
      text: { label: 'Text', control: 'textarea' },
      price: { label: 'Price', control: 'text', help: 'As shoppers should read it, e.g. “From $12”' },
      link_label: { label: 'Link label', control: 'text' },
      link: { label: 'Link', control: 'url' },
    },
  },
});
