import { defineSectionSchema } from '../define-section.ts';
import { MAX_PICKED_PRODUCTS, sortOptions, type ProductCard as ProductCardData } from '@vitrine/commerce';
import { z } from 'zod';

const productsSettings = z.object({
  heading: z.string().max(160).default('Featured products').meta({ label: 'Heading', control: 'text' }),
  subheading: z.string().max(400).default('').meta({ label: 'Text', control: 'textarea' }),
  product_ids: z.array(z.number().int().positive()).max(MAX_PICKED_PRODUCTS).default([]).meta({
    label: 'Products',
    control: 'product',
    help: 'Shown in the order picked. With none picked, the category, brand and order below choose them.',
  }),
  category_id: z.number().int().min(0).default(0).meta({ label: 'Category', control: 'category', help: 'Leave empty for every category' }),
  brand_id: z.number().int().min(0).default(0).meta({ label: 'Brand', control: 'brand', help: 'Leave empty for every brand' }),
  sort: z
    .number()
    .int()
    .min(1)
    .max(8)
    .default(1)
    .meta({
      label: 'Order',
      control: 'select',
      optionLabels: Object.fromEntries(Object.entries(sortOptions).map(([id, name]) => [id, name[0]!.toUpperCase() + name.slice(1)])),
    }),
  limit: z.number().int().min(1).max(24).default(8).meta({ label: 'How many', control: 'range', step: 1 }),
  columns_desktop: z.number().int().min(1).max(6).default(4).meta({ label: 'Columns on large screens', control: 'range', step: 1 }),
  columns_mobile: z.number().int().min(1).max(2).default(2).meta({ label: 'Columns on phones', control: 'range', step: 1 }),
  button_label: z.string().max(60).default('View all').meta({ label: 'Button label', control: 'text' }),
  button_link: z.string().max(2048).default('').meta({ label: 'Button link', control: 'url' }),
});

/**
 * Products (3): a grid of products picked by hand, or from a category or brand in one of the sort orders, loaded on
 * the server. A picked product the store no longer shows is left out.
 */
export const products = defineSectionSchema({
  type: 3,
  name: 'products',
  description: 'Products in a grid or slider, picked by hand or by category, brand or sale',
  icon: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  version: 1,
  settings: productsSettings,
  loader: (settings, { catalog }): Promise<ProductCardData[]> =>
    catalog.getProducts(
      settings.product_ids.length
        ? { ids: settings.product_ids, limit: settings.product_ids.length }
        : {
            ...(settings.category_id ? { categoryId: settings.category_id } : {}),
            ...(settings.brand_id ? { brandId: settings.brand_id } : {}),
            sort: settings.sort,
            limit: settings.limit,
          },
    ),
});
