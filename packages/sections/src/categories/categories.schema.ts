import { defineSectionSchema } from '../define-section.ts';
import { z } from 'zod';
import type { CategorySummary } from '@vitrine/commerce';

const categoriesSettings = z.object({
  heading: z.string().max(160).default('Shop by category').meta({ label: 'Heading', control: 'text' }),
  parent_id: z
    .number()
    .int()
    .min(0)
    .default(0)
    .meta({ label: 'Show the sub-categories of', control: 'category', help: 'Leave empty for the top level' }),
  limit: z.number().int().min(1).max(24).default(6).meta({ label: 'How many', control: 'range', step: 1 }),
  columns_desktop: z.number().int().min(1).max(6).default(4).meta({ label: 'Columns on large screens', control: 'range', step: 1 }),
  show_count: z.boolean().default(true).meta({ label: 'Show product counts', control: 'toggle' }),
});

/** Categories (4): tiles of the store's categories (top level, or the children of one), loaded on the server. */
export const categories = defineSectionSchema({
  type: 4,
  name: 'categories',
  description: 'Tiles that lead shoppers into your categories',
  icon: 'M3 6h6v6H3zM3 15h6v3H3zM12 7h9M12 11h6M12 16h9M12 20h6',
  version: 1,
  settings: categoriesSettings,
  loader: (settings, { catalog }): Promise<CategorySummary[]> =>
    catalog.getCategories({ parentId: settings.parent_id || null, limit: settings.limit }),
});
