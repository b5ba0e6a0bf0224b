import type { ComponentType } from 'react';
import { lazyComponent, type RenderRegistry, type SectionRenderProps } from '@vitrine/renderer';
import type { sectionComponents } from './components.ts';
import { sectionSchemas } from './schemas.ts';
import { themeComponents } from '#theme-components';

type SectionLoader = () => Promise<ComponentType<SectionRenderProps>>;

/**
 * Each of the store's section components as its own chunk: a shopper's page fetches the sections it shows, not all 22.
 * Keyed like `sectionComponents`; a theme's own sections stay in the app's bundle.
 */
const loaders: { [K in Exclude<keyof typeof sectionComponents, keyof typeof themeComponents>]: SectionLoader } = {
  1: () => import('./header/header.tsx').then((m) => m.Header),
  2: () => import('./footer/footer.tsx').then((m) => m.Footer),
  3: () => import('./products/products.tsx').then((m) => m.Products),
  4: () => import('./categories/categories.tsx').then((m) => m.Categories),
  5: () => import('./brands/brands.tsx').then((m) => m.Brands),
  6: () => import('./hero-banner/hero-banner.tsx').then((m) => m.HeroBanner),
  7: () => import('./banners/banners.tsx').then((m) => m.Banners),
  8: () => import('./content/content.tsx').then((m) => m.Content),
  9: () => import('./cta/cta.tsx').then((m) => m.Cta),
  10: () => import('./about/about.tsx').then((m) => m.About),
  11: () => import('./services/services.tsx').then((m) => m.Services),
  12: () => import('./features/features.tsx').then((m) => m.Features),
  13: () => import('./clients/clients.tsx').then((m) => m.Clients),
  14: () => import('./testimonials/testimonials.tsx').then((m) => m.Testimonials),
  15: () => import('./promotion/promotion.tsx').then((m) => m.Promotion),
  16: () => import('./pricing/pricing.tsx').then((m) => m.Pricing),
  17: () => import('./team/team.tsx').then((m) => m.Team),
  18: () => import('./contact/contact.tsx').then((m) => m.Contact),
  19: () => import('./social-media/social-media.tsx').then((m) => m.SocialMedia),
  20: () => import('./subscribe/subscribe.tsx').then((m) => m.Subscribe),
  21: () => import('./forms/forms.tsx').then((m) => m.Forms),
  22: () => import('./html/html.tsx').then((m) => m.Html),
};

const preloads = new Map<number, () => Promise<void>>();

/**
 * The store's registry in the shape the renderer draws with, each section's code fetched when first drawn (or ahead,
 * by `preloadSections`). What the shopper app draws pages with; `renderRegistry` is the same with everything bundled.
 */
export const lazyRenderRegistry: RenderRegistry = Object.fromEntries(
  Object.entries(sectionSchemas).map(([key, schema]) => {
    const type = Number(key);
    const own = (themeComponents as Readonly<Record<number, ComponentType<SectionRenderProps> | undefined>>)[type];
    if (own) return [type, { name: schema.name, Component: own }];
    const Component = lazyComponent(loaders[type as keyof typeof loaders], `Section(${schema.name})`);
    preloads.set(type, Component.preload);
    return [type, { name: schema.name, Component }];
  }),
);

/** Fetches the code of these section types (unknown ones are skipped), so pages drawing them never wait. */
export async function preloadSections(types: Iterable<number>): Promise<void> {
  await Promise.all([...new Set(types)].map((type) => preloads.get(type)?.()));
}
