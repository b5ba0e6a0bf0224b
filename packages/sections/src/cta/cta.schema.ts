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
    heading: z.string().max(160).default('Join us').meta({ label: 'Heading', control: 'text' }),
    text: z.string().max(400).default('').meta({ label: 'Text', control: 'textarea' }),
    button_label: z.string().max(60).default('Sign up').meta({ label: 'Button label', control: 'text' }),
    button_link: z.string().max(2048).default('/signup').meta({ label: 'Button link', control: 'url' }),
  }),
});
