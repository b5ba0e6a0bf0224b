import { defineSectionSchema } from '../define-section.ts';
import { z } from 'zod';

const aboutSettings = z.object({
  eyebrow: z.string().max(80).default('About us'),
  heading: z.string().max(160).default('Who we are'),
  text: z.string().max(5000).default('Tell shoppers how the shop began, what you make and what you care about.'),
  image: z.string().max(2048).default(''),
  image_alt: z.string().max(200).default(''),
  image_position: z.enum(['start', 'end']).default('start'),
  signature: z.string().max(80).default(''),
  signature_role: z.string().max(80).default(''),
  button_label: z.string().max(60).default(''),
  button_link: z.string().max(2048).default(''),
});

/** About (10): the shop's story — a picture of the people or the workshop, a few paragraphs and a founder's sign-off. */
export const about = defineSectionSchema({
  type: 10,
  name: 'about',
  description: 'Your story: who you are and what you make',
  icon: 'M12 4a4 4 0 1 1 0 8 4 4 0 0 1 0-8zM5 20a7 7 0 0 1 14 0',
  version: 1,
  settings: aboutSettings,
  fields: {
    eyebrow: { label: 'Small text above the heading', control: 'text' },
    heading: { label: 'Heading', control: 'text' },
    text: { label: 'Story', control: 'textarea', help: 'A blank line starts a new paragraph' },
    image: { label: 'Image', control: 'image' },
    image_alt: { label: 'Image description', control: 'text', help: 'Read aloud by screen readers' },
    image_position: {
      label: 'Image side',
      control: 'select',
      options: [
        { value: 'start', label: 'Before the text' },
        { value: 'end', label: 'After the text' },
      ],
    },
    signature: { label: 'Signed by', control: 'text', help: 'For example the founder’s name' },
    signature_role: { label: 'Their role', control: 'text' },
    button_label: { label: 'Button label', control: 'text' },
    button_link: { label: 'Button link', control: 'url' },
  },
});
