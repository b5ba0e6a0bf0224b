import { defineSectionSchema } from '../define-section.ts';
import { z } from 'zod';

const logo = z.object({
  image: z.string().max(2048).default('').meta({ label: 'Logo', control: 'image', help: 'Without a logo the name is shown' }),
  name: z.string().trim().max(80).default('Client name').meta({ label: 'Name', control: 'text', help: 'Read aloud by screen readers' }),
  link: z.string().max(2048).default('').meta({ label: 'Link', control: 'url' }),
});

/** Clients (13): a row of logos of shops, cafés or companies the store works with — social proof at a glance. */
export const clients = defineSectionSchema({
  type: 13,
  name: 'clients',
  description: 'Logos of the people and companies you work with',
  icon: 'M4 8h4v8H4zM10 8h4v8h-4zM16 8h4v8h-4z',
  version: 1,
  settings: z.object({
    heading: z.string().max(160).default('Trusted by').meta({ label: 'Heading', control: 'text' }),
    columns_desktop: z.number().int().min(2).max(8).default(5).meta({ label: 'Logos per row on large screens', control: 'range', step: 1 }),
    greyscale: z.boolean().default(true).meta({ label: 'Show logos in grey until pointed at', control: 'toggle' }),
  }),
  blocks: {
    name: 'logo',
    max: 24,
    initial: 4,
    settings: logo,
  },
});
