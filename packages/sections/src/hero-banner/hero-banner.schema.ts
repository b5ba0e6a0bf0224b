import { defineSectionSchema } from '../define-section.ts';
import { z } from 'zod';

const heroSettings = z.object({
  eyebrow: z.string().max(80).default(''),
  heading: z.string().max(160).default('Welcome to our store'),
  subheading: z.string().max(400).default('Discover what is new this season.'),
  image: z.string().max(2048).default(''),
  image_alt: z.string().max(200).default(''),
  button_label: z.string().max(60).default('Shop now'),
  button_link: z.string().max(2048).default('/'),
  secondary_label: z.string().max(60).default(''),
  secondary_link: z.string().max(2048).default(''),
  height: z.enum(['small', 'medium', 'large']).default('medium'),
  overlay: z.number().int().min(0).max(90).default(35),
});

/** Hero banner (6): a large image with a heading, a line of text and up to two calls to action. */
export const heroBanner = defineSectionSchema({
  type: 6,
  name: 'hero banner',
  description: 'A large opening image with a heading and buttons',
  icon: 'M3 5h18v14H3zM7 11h10M9 14h6',
  version: 1,
  settings: heroSettings,
  fields: {
    eyebrow: { label: 'Small text above the heading', control: 'text' },
    heading: { label: 'Heading', control: 'text' },
    subheading: { label: 'Text', control: 'textarea' },
    image: { label: 'Image', control: 'image' },
    image_alt: { label: 'Image description', control: 'text', help: 'Read aloud by screen readers' },
    button_label: { label: 'Button label', control: 'text' },
    button_link: { label: 'Button link', control: 'url' },
    secondary_label: { label: 'Second button label', control: 'text' },
    secondary_link: { label: 'Second button link', control: 'url' },
    height: {
      label: 'Height',
      control: 'select',
      options: [
        { value: 'small', label: 'Small' },
        { value: 'medium', label: 'Medium' },
        { value: 'large', label: 'Large' },
      ],
    },
    overlay: { label: 'Image darkening', control: 'range', min: 0, max: 90, step: 5 },
  },
});
