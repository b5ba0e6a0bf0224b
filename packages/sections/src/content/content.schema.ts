import { defineSectionSchema } from '../define-section.ts';
import { z } from 'zod';

const contentSettings = z.object({
  heading: z.string().max(160).default('Our story').meta({ label: 'Heading', control: 'text' }),
  text: z
    .string()
    .max(5000)
    .default('Tell shoppers who you are and what you make.')
    .meta({ label: 'Text', control: 'textarea', help: 'A blank line starts a new paragraph' }),
  image: z.string().max(2048).default('').meta({ label: 'Image', control: 'image' }),
  image_alt: z.string().max(200).default('').meta({ label: 'Image description', control: 'text' }),
  image_position: z
    .enum(['start', 'end'])
    .default('end')
    .meta({ label: 'Image side', control: 'select', optionLabels: { start: 'Before the text', end: 'After the text' } }),
  button_label: z.string().max(60).default('').meta({ label: 'Button label', control: 'text' }),
  button_link: z.string().max(2048).default('').meta({ label: 'Button link', control: 'url' }),
});

/** Content (8): a heading and paragraphs of text, with an optional image beside them. */
export const content = defineSectionSchema({
  type: 8,
  name: 'content',
  description: 'An image beside a heading, text and a button',
  icon: 'M3 6h8v12H3zM14 8h7M14 12h7M14 16h4',
  version: 1,
  settings: contentSettings,
});
