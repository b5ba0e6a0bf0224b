import { defineSectionSchema } from '../define-section.ts';
import { z } from 'zod';

/** CTA (9): one short message and a button, on the brand colour unless the style sets a background. */
export const cta = defineSectionSchema({
  type: 9,
  name: 'CTA',
  description: 'A short heading and a button that asks shoppers to act',
  icon: 'M4 8h16v8H4zM9 12h6',
  version: 1,
  settings: z.object({
    heading: z.string().max(160).default('Join us'),
    text: z.string().max(400).default(''),
    button_label: z.string().max(60).default('Sign up'),
    button_link: z.string().max(2048).default('/signup'),
  }),
  fields: {
    heading: { label: 'Heading', control: 'text' },
    text: { label: 'Text', control: 'textarea' },
    button_label: { label: 'Button label', control: 'text' },
    button_link: { label: 'Button link', control: 'url' },
  },
});
