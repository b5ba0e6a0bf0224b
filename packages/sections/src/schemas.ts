import { about } from './about/about.schema.ts';
import { banners } from './banners/banners.schema.ts';
import { brands } from './brands/brands.schema.ts';
import { categories } from './categories/categories.schema.ts';
import { clients } from './clients/clients.schema.ts';
import { contact } from './contact/contact.schema.ts';
import { content } from './content/content.schema.ts';
import { cta } from './cta/cta.schema.ts';
import { features } from './features/features.schema.ts';
import { footer } from './footer/footer.schema.ts';
import { forms } from './forms/forms.schema.ts';
import { header } from './header/header.schema.ts';
import { heroBanner } from './hero-banner/hero-banner.schema.ts';
import { html } from './html/html.schema.ts';
import { pricing } from './pricing/pricing.schema.ts';
import { products } from './products/products.schema.ts';
import { promotion } from './promotion/promotion.schema.ts';
import { services } from './services/services.schema.ts';
import { socialMedia } from './social-media/social-media.schema.ts';
import { subscribe } from './subscribe/subscribe.schema.ts';
import { team } from './team/team.schema.ts';
import { testimonials } from './testimonials/testimonials.schema.ts';
import type { SectionSchema } from './define-section.ts';
// Last: a theme's sections join the store's (none unless the build names a theme).
import { themeSchemas } from '#theme-schemas';

/** Section schemas by type id, as a theme developer's registry extends them (spread, then add or replace). */
export type SectionSchemaRegistry = Readonly<Record<number, SectionSchema<number> | undefined>>;

/** A registry whose every key is its schema's own `type`: listing a schema under another id does not compile. */
function keyedByType<R extends { readonly [K in keyof R]: K extends number ? SectionSchema<K> : never }>(registry: R): R {
  return registry;
}

/**
 * Every section type the store offers (§3.15), by id: its schema, without its component. What the studio and the
 * server read. One explicit object whose keys are the store's section types (`SectionType`): a section exists when it
 * is listed here and in `sectionComponents`, which the compiler keeps to the same keys.
 */
export const sectionSchemas = keyedByType({
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
  ...themeSchemas,
});

/** The section types this store's registry offers: its keys. */
export type SectionType = keyof typeof sectionSchemas;
