import { defineSectionSchema } from '../define-section.ts';
import { z } from 'zod';

const heroSettings = z.object({
  eyebrow: z.string().max(80).default('').meta({ label: 'Small text above the heading', control: 'text' }),
  heading: z.string().max(160).default('Welcome to our store').meta({ label: 'Heading', control: 'text' }),
  subheading: z.string().max(400).default('Discover what is new this season.').meta({ label: 'Text', control: 'textarea' }),
  image: z.string().max(2048).default('').meta({ label: 'Image', control: 'image' }),
  image_alt: z.string().max(200).default('').meta({ label: 'Image description', control: 'text', help: 'Read aloud by screen readers' }),
  button_label: z.string().max(60).default('Shop now').meta({ label: 'Button label', control: 'text' }),
  button_link: z.string().max(2048).default('/').meta({ label: 'Button link', control: 'url' }),
  secondary_label: z.string().max(60).default('').meta({ label: 'Second button label', control: 'text' }),
  secondary_link: z.string().max(2048).default('').meta({ label: 'Second button link', control: 'url' }),
  height: z
    .enum(['small', 'medium', 'large'])
    .default('medium')
    .meta({ label: 'Height', control: 'select', optionLabels: { small: 'Small', medium: 'Medium', large: 'Large' } }),
  overlay: z.number().int().min(0).max(90).default(35).meta({ label: 'Image darkening', control: 'range', step: 5 }),
});

/** Hero banner (6): a large image with a heading, a line of text and up to two calls to action. */
export const heroBanner = defineSectionSchema({
  type: 6,
  name: 'hero banner',
  description: 'A large opening image with a heading and buttons',
  icon: 'M3 5h18v14H3zM7 11h10M9 14h6',
  version: 1,
  settings: heroSettings,
});
