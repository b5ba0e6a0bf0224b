import type { ComponentType } from 'react';
import { lazyComponent, type RenderableSectionType, type RenderRegistry, type SectionRenderProps } from '@vitrine/renderer';
import type { sectionComponents } from './components.ts';
import type { SectionComponentType } from './section-component.ts';
import { themeComponents } from '#theme-components';

type SectionLoader = () => Promise<SectionComponentType>;
/** A section's module, by its path in this package, and how the app loads it. */
type SectionModule = readonly [source: string, load: SectionLoader];

/**
 * Each of the store's section components as its own chunk: a shopper's page fetches the sections it shows, not all 22.
 * Keyed like `sectionComponents`; a theme's own sections stay in the app's bundle. Each names the module it loads, as
 * the build names the files a module needs (`sectionSources`).
 */
const loaders: { [K in Exclude<keyof typeof sectionComponents, keyof typeof themeComponents>]: SectionModule } = {
  1: ['header/header.tsx', () => import('./header/header.tsx').then((m) => m.Header)],
  2: ['footer/footer.tsx', () => import('./footer/footer.tsx').then((m) => m.Footer)],
  3: ['products/products.tsx', () => import('./products/products.tsx').then((m) => m.Products)],
  4: ['categories/categories.tsx', () => import('./categories/categories.tsx').then((m) => m.Categories)],
  5: ['brands/brands.tsx', () => import('./brands/brands.tsx').then((m) => m.Brands)],
  6: ['hero-banner/hero-banner.tsx', () => import('./hero-banner/hero-banner.tsx').then((m) => m.HeroBanner)],
  7: ['banners/banners.tsx', () => import('./banners/banners.tsx').then((m) => m.Banners)],
  8: ['content/content.tsx', () => import('./content/content.tsx').then((m) => m.Content)],
  9: ['cta/cta.tsx', () => import('./cta/cta.tsx').then((m) => m.Cta)],
  10: ['about/about.tsx', () => import('./about/about.tsx').then((m) => m.About)],
  11: ['services/services.tsx', () => import('./services/services.tsx').then((m) => m.Services)],
  12: ['features/features.tsx', () => import('./features/features.tsx').then((m) => m.Features)],
  13: ['clients/clients.tsx', () => import('./clients/clients.tsx').then((m) => m.Clients)],
  14: ['testimonials/testimonials.tsx', () => import('./testimonials/testimonials.tsx').then((m) => m.Testimonials)],
  15: ['promotion/promotion.tsx', () => import('./promotion/promotion.tsx').then((m) => m.Promotion)],
  16: ['pricing/pricing.tsx', () => import('./pricing/pricing.tsx').then((m) => m.Pricing)],
  17: ['team/team.tsx', () => import('./team/team.tsx').then((m) => m.Team)],
  18: ['contact/contact.tsx', () => import('./contact/contact.tsx').then((m) => m.Contact)],
  19: ['social-media/social-media.tsx', () => import('./social-media/social-media.tsx').then((m) => m.SocialMedia)],
  20: ['subscribe/subscribe.tsx', () => import('./subscribe/subscribe.tsx').then((m) => m.Subscribe)],
  21: ['forms/forms.tsx', () => import('./forms/forms.tsx').then((m) => m.Forms)],
  22: ['html/html.tsx', () => import('./html/html.tsx').then((m) => m.Html)],
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
  ...Object.fromEntries(Object.entries(loaders).map(([type, [, load]]) => [type, lazySection(Number(type), load)])),
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

/**
 * The modules of these section types, named by their path under `packages/` as the build's page code is
 * (`scripts/page-code.ts`): what a page drawing them will load, to be fetched ahead. A theme's own are in the app.
 */
export function sectionSources(types: Iterable<number>): string[] {
  return [...new Set(types)].flatMap((type) => {
    const module = (loaders as Readonly<Record<number, SectionModule>>)[type];
    return module ? [`sections/src/${module[0]}`] : [];
  });
}
