import { defineSectionSchema } from '../define-section.ts';
import { z } from 'zod';

export const featureIcons = ['truck', 'return', 'shield', 'chat', 'leaf', 'star'] as const;

/** Features (12): a row of short selling points, each with an icon, a title and a line of text. */
export const features = defineSectionSchema({
  type: 12,
  name: 'features',
  description: 'Short selling points with icons, such as free delivery',
  icon: 'M5 12l4 4 10-10',
  version: 1,
  settings: z.object({
    heading: z.string().max(160).default('Why shop with us').meta({ label: 'Heading', control: 'text' }),
    columns_desktop: z.number().int().min(1).max(6).default(3).meta({ label: 'Columns on large screens', control: 'range', step: 1 }),
  }),
  blocks: {
    name: 'feature',
    max: 12,
    initial: 3,
    settings: z.object({
      icon: z.enum(featureIcons).default('star').meta({ label: 'Icon', control: 'select' }),
      title: z.string().max(80).default('A good reason').meta({ label: 'Title', control: 'text' }),
      text: z.string().max(300).default('Say in a sentence why it matters.').meta({ label: 'Text', control: 'textarea' }),
    }),
  },
});
