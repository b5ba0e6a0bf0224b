import { defineSectionSchema } from '../define-section.ts';
import { z } from 'zod';

const banner = z.object({
  image: z.string().max(2048).default('').meta({ label: 'Image', control: 'image' }),
  image_alt: z
    .string()
    .max(200)
    .default('')
    .meta({ label: 'Image description', control: 'text', help: 'Read aloud by screen readers; leave empty if the image is decoration' }),
  heading: z.string().max(120).default('New collection').meta({ label: 'Heading', control: 'text' }),
  text: z.string().max(300).default('A line about what shoppers will find.').meta({ label: 'Text', control: 'textarea' }),
  button_label: z
    .string()
    .max(60)
    .default('Shop now')
    .meta({ label: 'Button label', control: 'text', help: 'Leave empty to make the heading the link' }),
  link: z.string().max(2048).default('/').meta({ label: 'Link', control: 'url' }),
});

/**
 * Banners (7): two or more image banners side by side, each with a heading, a line of text and a link — for
 * collections, seasons or campaigns. Text sits on the image (darkened for contrast) or below it.
 */
export const banners = defineSectionSchema({
  type: 7,
  name: 'banners',
  description: 'Image banners side by side, each with its own link',
  icon: 'M3 6h8v12H3zM13 6h8v12h-8z',
  version: 1,
  settings: z.object({
    heading: z.string().max(160).default('').meta({ label: 'Heading', control: 'text', help: 'Optional; shown above the banners' }),
    columns_desktop: z
      .number()
      .int()
      .min(1)
      .max(4)
      .default(2)
      .meta({ label: 'Banners per row on large screens', control: 'range', step: 1 }),
    image_ratio: z
      .enum(['landscape', 'classic', 'square', 'portrait'])
      .default('classic')
      .meta({
        label: 'Image shape',
        control: 'select',
        optionLabels: { landscape: 'Wide (16:9)', classic: 'Classic (4:3)', square: 'Square', portrait: 'Tall (4:5)' },
      }),
    text_position: z
      .enum(['on_image', 'below'])
      .default('on_image')
      .meta({ label: 'Text', control: 'select', optionLabels: { on_image: 'On the image', below: 'Below the image' } }),
  }),
  blocks: {
    name: 'banner',
    max: 6,
    initial: 2,
    initialSettings: [
      { heading: 'New arrivals', text: 'Fresh from the workshop this week.', button_label: 'Shop new' },
      { heading: 'Gifts under $50', text: 'Little things, chosen with care.', button_label: 'Find a gift' },
    ],
    settings: banner,
  },
});
