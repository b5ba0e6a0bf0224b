import type { ComponentType } from 'react';
import { lazyComponent, type RenderableSectionType, type RenderRegistry, type SectionRenderProps } from '@vitrine/renderer';
import type { sectionComponents } from './components.ts';
import type { SectionComponentType } from './section-component.ts';
import { themeComponents } from '#theme-components';

type SectionLoader = () => Promise<SectionComponentType>;

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
/** Section names by type, known once a section's code is here: nothing else needs one before it has drawn. */
const names = new Map<number, string>();

/** A registry entry whose code is fetched when first drawn; its name is read from the code once it is here. */
function lazySection(type: number, load: SectionLoader): RenderableSectionType {
  const Component = lazyComponent<SectionRenderProps>(
    () =>
      load().then((section) => {
        names.set(type, section.sectionName);
        return section;
      }),
    `Section(${type})`,
  );
  preloads.set(type, Component.preload);
  return {
    get name() {
      return names.get(type) ?? `section ${type}`;
    },
    Component,
  };
}

/**
 * The store's registry in the shape the renderer draws with, each section's code (its schema with it) fetched when
 * first drawn or ahead by `preloadSections`, so a shopper's page neither downloads nor builds the schemas of sections
 * it does not show. What the shopper app draws pages with; `renderRegistry` is the same with everything bundled. A
 * theme's own sections stay in the app's bundle.
 */
export const lazyRenderRegistry: RenderRegistry = {
  ...Object.fromEntries(Object.entries(loaders).map(([type, load]) => [type, lazySection(Number(type), load)])),
  ...Object.fromEntries(
    Object.entries(themeComponents as Readonly<Record<number, SectionComponentType>>).map(([type, Component]) => [
      type,
      { name: Component.sectionName, Component: Component as ComponentType<SectionRenderProps> },
    ]),
  ),
};

/** Fetches the code of these section types (unknown ones are skipped), so pages drawing them never wait. */
export async function preloadSections(types: Iterable<number>): Promise<void> {
  await Promise.all([...new Set(types)].map((type) => preloads.get(type)?.()));
}
