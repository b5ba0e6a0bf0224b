import { defineSectionSchema } from '../define-section.ts';
import { z } from 'zod';
import type { BrandSummary } from '@vitrine/commerce';

const brandsSettings = z.object({
  heading: z.string().max(160).default('Shop by brand').meta({ label: 'Heading', control: 'text' }),
  limit: z.number().int().min(1).max(24).default(12).meta({ label: 'How many', control: 'range', step: 1 }),
  columns_desktop: z.number().int().min(2).max(8).default(6).meta({ label: 'Columns on large screens', control: 'range', step: 1 }),
  show_names: z.boolean().default(false).meta({ label: 'Show brand names under logos', control: 'toggle' }),
});

/** Brands (5): the store's brands as a wall of logos, each opening the listing of that brand; loaded on the server. */
export const brands = defineSectionSchema({
  type: 5,
  name: 'brands',
  description: 'Logos of the brands you sell, each opening its products',
  icon: 'M12 3l2.6 5.6 6.1.7-4.5 4.2 1.2 6L12 16.6 6.6 19.5l1.2-6-4.5-4.2 6.1-.7z',
  version: 1,
  settings: brandsSettings,
  loader: (settings, { catalog }): Promise<BrandSummary[]> => catalog.getBrands({ limit: settings.limit }),
});
