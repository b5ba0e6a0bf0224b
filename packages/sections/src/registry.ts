import type { SectionTypeId } from '@vitrine/commerce';
import type { RenderRegistry } from '@vitrine/renderer';
import { about } from './about/about.tsx';
import { banners } from './banners/banners.tsx';
import { brands } from './brands/brands.tsx';
import { categories } from './categories/categories.tsx';
import { clients } from './clients/clients.tsx';
import { contact } from './contact/contact.tsx';
import { content } from './content/content.tsx';
import { cta } from './cta/cta.tsx';
import type { SectionDefinition } from './define-section.ts';
import { features } from './features/features.tsx';
import { footer } from './footer/footer.tsx';
import { forms } from './forms/forms.tsx';
import { header } from './header/header.tsx';
import { heroBanner } from './hero-banner/hero-banner.tsx';
import { html } from './html/html.tsx';
import { pricing } from './pricing/pricing.tsx';
import { products } from './products/products.tsx';
import { promotion } from './promotion/promotion.tsx';
import { services } from './services/services.tsx';
import { socialMedia } from './social-media/social-media.tsx';
import { subscribe } from './subscribe/subscribe.tsx';
import { team } from './team/team.tsx';
import { testimonials } from './testimonials/testimonials.tsx';

/**
 * Section types by id, as `loadSectionData` and `renderRegistryOf` take them: the store's own `sectionRegistry`, or a
 * theme developer's object that spreads it and adds or replaces entries.
 */
export type SectionRegistry = Readonly<Record<number, SectionDefinition<number> | undefined>>;

/**
 * Every section type the store offers, by id (§3.15). One explicit object: a section exists when it is listed here.
 * Each key must be its definition's own `type`; the compiler checks it.
 */
export const sectionRegistry: { [K in SectionTypeId]: SectionDefinition<K> } = {
  1: header,
  2: footer,
  3: products,
  4: categories,
  5: brands,
  6: heroBanner,
  7: banners,
  8: content,
  9: cta,
  10: about,
  11: services,
  12: features,
  13: clients,
  14: testimonials,
  15: promotion,
  16: pricing,
  17: team,
  18: contact,
  19: socialMedia,
  20: subscribe,
  21: forms,
  22: html,
};

/** A section registry in the shape the renderer draws with: a name and a component for each type. */
export function renderRegistryOf(registry: SectionRegistry): RenderRegistry {
  return Object.fromEntries(
    Object.entries(registry).flatMap(([type, definition]) => (definition ? [[type, { name: definition.name, Component: definition.Component }]] : [])),
  );
}

/** The store's own registry in the shape the renderer draws with. */
export const renderRegistry: RenderRegistry = renderRegistryOf(sectionRegistry);
