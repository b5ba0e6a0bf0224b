import { defineSectionSchema } from '../define-section.ts';
import { z } from 'zod';

const aboutSettings = z.object({
  eyebrow: z.string().max(80).default('About us').meta({ label: 'Small text above the heading', control: 'text' }),
  heading: z.string().max(160).default('Who we are').meta({ label: 'Heading', control: 'text' }),
  text: z
    .string()
    .max(5000)
    .default('Tell shoppers how the shop began, what you make and what you care about.')
    .meta({ label: 'Story', control: 'textarea', help: 'A blank line starts a new paragraph' }),
  image: z.string().max(2048).default('').meta({ label: 'Image', control: 'image' }),
  image_alt: z.string().max(200).default('').meta({ label: 'Image description', control: 'text', help: 'Read aloud by screen readers' }),
  image_position: z
    .enum(['start', 'end'])
    .default('start')
    .meta({ label: 'Image side', control: 'select', optionLabels: { start: 'Before the text', end: 'After the text' } }),
  signature: z.string().max(80).default('').meta({ label: 'Signed by', control: 'text', help: 'For example the founder’s name' }),
  signature_role: z.string().max(80).default('').meta({ label: 'Their role', control: 'text' }),
  button_label: z.string().max(60).default('').meta({ label: 'Button label', control: 'text' }),
  button_link: z.string().max(2048).default('').meta({ label: 'Button link', control: 'url' }),
});

/** About (10): the shop's story — a picture of the people or the workshop, a few paragraphs and a founder's sign-off. */
export const about = defineSectionSchema({
  type: 10,
  name: 'about',
  description: 'Your story: who you are and what you make',
  icon: 'M12 4a4 4 0 1 1 0 8 4 4 0 0 1 0-8zM5 20a7 7 0 0 1 14 0',
  version: 1,
  settings: aboutSettings,
});
