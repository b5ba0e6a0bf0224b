import { defineSectionSchema } from '../define-section.ts';
import { sortOptions, type ProductCard as ProductCardData } from '@vitrine/commerce';
import { z } from 'zod';

const productsSettings = z.object({
  heading: z.string().max(160).default('Featured products'),
  subheading: z.string().max(400).default(''),
  category_id: z.number().int().min(0).default(0),
  brand_id: z.number().int().min(0).default(0),
  sort: z.number().int().min(1).max(8).default(1),
  limit: z.number().int().min(1).max(24).default(8),
  columns_desktop: z.number().int().min(1).max(6).default(4),
  columns_mobile: z.number().int().min(1).max(2).default(2),
  button_label: z.string().max(60).default('View all'),
  button_link: z.string().max(2048).default(''),
});

/** Products (3): a grid of products from a category or brand, in one of the sort orders, loaded on the server. */
export const products = defineSectionSchema({
  type: 3,
  name: 'products',
  description: 'Products in a grid or slider, picked by hand or by category, brand or sale',
  icon: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  version: 1,
  settings: productsSettings,
  fields: {
    heading: { label: 'Heading', control: 'text' },
    subheading: { label: 'Text', control: 'textarea' },
    category_id: { label: 'Category', control: 'category', help: 'Leave empty for every category' },
    brand_id: { label: 'Brand', control: 'brand', help: 'Leave empty for every brand' },
    sort: {
      label: 'Order',
      control: 'select',
      // The spec's sort names, written as an option reads in a menu ("Price low-high").
      options: Object.entries(sortOptions).map(([value, name]) => ({
        value: Number(value),
        label: name[0]!.toUpperCase() + name.slice(1),
      })),
    },
    limit: { label: 'How many', control: 'range', min: 1, max: 24, step: 1 },
    columns_desktop: { label: 'Columns on large screens', control: 'range', min: 1, max: 6, step: 1 },
    columns_mobile: { label: 'Columns on phones', control: 'range', min: 1, max: 2, step: 1 },
    button_label: { label: 'Button label', control: 'text' },
    button_link: { label: 'Button link', control: 'url' },
  },
  loader: (settings, { catalog }): Promise<ProductCardData[]> =>
    catalog.getProducts({
      ...(settings.category_id ? { categoryId: settings.category_id } : {}),
      ...(settings.brand_id ? { brandId: settings.brand_id } : {}),
      sort: settings.sort,
      limit: settings.limit,
    }),
});
