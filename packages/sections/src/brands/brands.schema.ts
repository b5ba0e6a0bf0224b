import { defineSectionSchema } from '../define-section.ts';
import { z } from 'zod';
import type { BrandSummary } from '@vitrine/commerce';

const brandsSettings = z.object({
  heading: z.string().max(160).default('Shop by brand'),
  limit: z.number().int().min(1).max(24).default(12),
  columns_desktop: z.number().int().min(2).max(8).default(6),
  show_names: z.boolean().default(false),
});

/** Brands (5): the store's brands as a wall of logos, each opening the listing of that brand; loaded on the server. */
export const brands = defineSectionSchema({
  type: 5,
  name: 'brands',
  description: 'Logos of the brands you sell, each opening its products',
  icon: 'M12 3l2.6 5.6 6.1.7-4.5 4.2 1.2 6L12 16.6 6.6 19.5l1.2-6-4.5-4.2 6.1-.7z',
  version: 1,
  settings: brandsSettings,
  fields: {
    heading: { label: 'Heading', control: 'text' },
    limit: { label: 'How many', control: 'range', min: 1, max: 24, step: 1 },
    columns_desktop: { label: 'Columns on large screens', control: 'range', min: 2, max: 8, step: 1 },
    show_names: { label: 'Show brand names under logos', control: 'toggle' },
  },
  loader: (settings, { catalog }): Promise<BrandSummary[]> => catalog.getBrands({ limit: settings.limit }),
});
