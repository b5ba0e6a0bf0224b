export { sectionRegistry, renderRegistry } from './registry.ts';
export { defineSection, readWithFallback } from './define-section.ts';
export type {
  SectionDefinition,
  SectionSpec,
  SectionProps,
  FieldHint,
  FieldControl,
  CatalogReader,
  SectionLoaderContext,
} from './define-section.ts';
export { sectionStyle, readSectionStyle } from './section-style.ts';
export type { SectionStyle } from './section-style.ts';
export { SectionShell, SectionButton } from './section-shell.tsx';
export { ShopProvider, usePrice } from './shop-context.tsx';
export type { Shop } from './shop-context.tsx';
export { ProductCard } from './product-card.tsx';
export { loadSectionData } from './load-section-data.ts';
