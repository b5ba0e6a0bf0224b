import { defineSectionSchema } from '../define-section.ts';
import { z } from 'zod';
import type { CategorySummary } from '@vitrine/commerce';

const headerSettings = z.object({
  logo: z.string().max(2048).default('').meta({ label: 'Logo', control: 'image', help: 'Its width comes from the theme’s logo settings' }),
  logo_alt: z.string().max(200).default('').meta({ label: 'Logo description', control: 'text', help: 'Leave empty to use the store name' }),
  show_categories: z.boolean().default(true).meta({ label: 'Show categories in the menu', control: 'toggle' }),
  category_limit: z.number().int().min(1).max(12).default(5).meta({ label: 'How many categories', control: 'range', step: 1 }),
  show_search: z.boolean().default(true).meta({ label: 'Show search', control: 'toggle' }),
  search_placeholder: z.string().max(80).default('Search products').meta({ label: 'Search box hint', control: 'text' }),
  show_currency_picker: z
    .boolean()
    .default(true)
    .meta({ label: 'Show currency picker', control: 'toggle', help: 'Shown when the shop offers more than one currency' }),
  show_account: z.boolean().default(true).meta({ label: 'Show account link', control: 'toggle' }),
  show_wishlist: z.boolean().default(true).meta({ label: 'Show wishlist link', control: 'toggle' }),
  show_cart: z.boolean().default(true).meta({ label: 'Show cart link', control: 'toggle' }),
  sticky: z.boolean().default(false).meta({ label: 'Stay at the top while scrolling', control: 'toggle' }),
});

/** How many sub-categories of each top-level category the phone menu lists. */
export const SUBCATEGORY_LIMIT = 8;

const menuLink = z.object({
  label: z.string().trim().max(60).default('Menu link').meta({ label: 'Label', control: 'text' }),
  link: z.string().max(2048).default('/').meta({ label: 'Link', control: 'url' }),
});

/**
 * Header (1): the store's logo or name, a menu of top-level categories (loaded on the server) and the owner's links,
 * product search, a currency picker, and links to the account, wishlist and cart with their counts. It is the page's
 * `<header>` and one row at every width: below the tablet width the menu, search and currency picker fold into a
 * drawer behind a Menu button; up to the wide desktop the search opens from a button under the row.
 */
export const header = defineSectionSchema({
  type: 1,
  name: 'header',
  description: 'Your logo, menu, search and cart at the top of every page',
  icon: 'M3 5h18v5H3zM6 7.5h4M15 7.5h3',
  version: 1,
  settings: headerSettings,
  blocks: {
    name: 'menu link',
    max: 20,
    initial: 2,
    initialSettings: [
      { label: 'Home', link: '/' },
      { label: 'Contact', link: '/contact' },
    ],
    settings: menuLink,
  },
  // The top-level categories, then each one's sub-categories (parentID says whose): the phone menu lists them under
  // their parent, the row only the top level.
  loader: async (settings, { catalog }): Promise<CategorySummary[]> => {
    if (!settings.show_categories) return [];
    const top = await catalog.getCategories({ parentId: null, limit: settings.category_limit });
    const children = await Promise.all(
      top.map((category) => catalog.getCategories({ parentId: category.categoryID, limit: SUBCATEGORY_LIMIT })),
    );
    return [...top, ...children.flat()];
  },
});
