import { defineSectionSchema } from '../define-section.ts';
import { z } from 'zod';

const plan = z.object({
  name: z.string().trim().max(60).default('Plan').meta({ label: 'Name', control: 'text' }),
  price: z.string().max(30).default('$20').meta({ label: 'Price', control: 'text', help: 'As shoppers should read it, e.g. “$18”' }),
  period: z
    .string()
    .max(30)
    .default('per month')
    .meta({ label: 'Billing period', control: 'text', help: 'For example “per month”; leave empty for a one-off price' }),
  description: z.string().max(300).default('').meta({ label: 'Description', control: 'textarea' }),
  features: z
    .string()
    .max(2000)
    .default('What is included\nAnother thing included')
    .meta({ label: 'What is included', control: 'textarea', help: 'One item per line' }),
  highlighted: z.boolean().default(false).meta({ label: 'Highlight this plan', control: 'toggle' }),
  badge: z.string().max(30).default('Most popular').meta({ label: 'Badge on a highlighted plan', control: 'text' }),
  button_label: z.string().max(40).default('Choose plan').meta({ label: 'Button label', control: 'text' }),
  button_link: z.string().max(2048).default('/').meta({ label: 'Button link', control: 'url' }),
});

/** Pricing (16): plans side by side — subscriptions, boxes, memberships — with what each includes and a button. */
export const pricing = defineSectionSchema({
  type: 16,
  name: 'pricing',
  description: 'Plans side by side, with prices and what each includes',
  icon: 'M12 3v18M16 7h-6a2.5 2.5 0 0 0 0 5h4a2.5 2.5 0 0 1 0 5H8',
  version: 1,
  settings: z.object({
    heading: z.string().max(160).default('Plans and pricing').meta({ label: 'Heading', control: 'text' }),
    subheading: z.string().max(400).default('').meta({ label: 'Text', control: 'textarea' }),
    columns_desktop: z.number().int().min(1).max(4).default(3).meta({ label: 'Plans per row on large screens', control: 'range', step: 1 }),
  }),
  blocks: {
    name: 'plan',
    max: 6,
    initial: 3,
    initialSettings: [
      { name: 'Taster', price: '$18', features: 'One bag of coffee\nFree delivery\nSkip or cancel any time' },
      { name: 'Regular', price: '$32', features: 'Two bags of coffee\nFree delivery\nTasting notes card', highlighted: true },
      { name: 'Café', price: '$60', features: 'Four bags of coffee\nPriority delivery\nBrewing guide' },
    ],
    settings: plan,
  },
});
