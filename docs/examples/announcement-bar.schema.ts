import { z } from 'zod';
import type { ProductCard } from '@vitrine/commerce';
import { defineSectionSchema } from '@vitrine/sections/theme-kit';

/** The section type id of the worked example in docs/sections.md: the next free id after the 22 of §3.15. */
export const ANNOUNCEMENT_BAR_TYPE = 23;

/** "recently added" in commerce's `sortOptions`. */
const NEWEST_FIRST = 7;

const tones = ['brand', 'surface'] as const;

/**
 * Settings of version 2. Version 1 had `text` and `highlight`; the migration below turns old documents into this
 * shape, so a page saved before the change still loads with the owner's words.
 */
const announcementSettings = z.object({
  message: z
    .string()
    .max(160)
    .default('Free delivery on orders over $60')
    .meta({ label: 'Message', control: 'text', help: 'One short line: shoppers read it in passing' }),
  tone: z
    .enum(tones)
    .default('brand')
    .meta({ label: 'Colours', control: 'select', optionLabels: { brand: 'Brand colour', surface: 'Quiet' } }),
  show_newest: z.boolean().default(true).meta({ label: 'Name the newest product', control: 'toggle' }),
});

/** Announcement bar (23): one line of news across the page, the newest product, and up to three links. */
export const announcementBar = defineSectionSchema({
  type: ANNOUNCEMENT_BAR_TYPE,
  name: 'announcement bar',
  description: 'A thin bar above the header for news and offers',
  icon: 'M3 4h18v4H3zM6 6h8',
  version: 2,
  settings: announcementSettings,
  blocks: {
    name: 'link',
    max: 3,
    initial: 1,
    settings: z.object({
      label: z.string().max(40).default('Shop now').meta({ label: 'Link text', control: 'text' }),
      link: z.string().max(2048).default('/').meta({ label: 'Link', control: 'url' }),
    }),
    initialSettings: [{ label: 'Shop now', link: '/' }],
  },
  migrations: {
    1: ({ text, highlight, ...rest }) => ({ ...rest, message: text, tone: highlight === false ? 'surface' : 'brand' }),
  },
  // Runs on the server before rendering, with the settings already read; the result reaches the component as data.
  loader: async (settings, { catalog }): Promise<ProductCard[]> =>
    settings.show_newest ? catalog.getProducts({ sort: NEWEST_FIRST, limit: 1 }) : [],
});
