import type { SectionTypeId } from '@vitrine/commerce';
import type { RenderRegistry } from '@vitrine/renderer';
import { categories } from './categories/categories.tsx';
import { content } from './content/content.tsx';
import { cta } from './cta/cta.tsx';
import type { SectionDefinition } from './define-section.ts';
import { features } from './features/features.tsx';
import { heroBanner } from './hero-banner/hero-banner.tsx';
import { products } from './products/products.tsx';

/**
 * Every section type the store offers, by id (§3.15). One explicit object: a section exists when it is listed here.
 * Types not listed yet render nothing for shoppers and a placeholder in the preview.
 */
export const sectionRegistry: Partial<Record<SectionTypeId, SectionDefinition>> = {
  3: products,
  4: categories,
  6: heroBanner,
  8: content,
  9: cta,
  12: features,
};

/** The registry in the shape the renderer draws with. */
export const renderRegistry: RenderRegistry = Object.fromEntries(
  Object.entries(sectionRegistry).map(([type, definition]) => [type, { name: definition.name, Component: definition.Component }]),
);
