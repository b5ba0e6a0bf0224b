export { sectionRegistry, renderRegistry, renderRegistryOf } from './registry.ts';
export type { SectionRegistry } from './registry.ts';
export { defineSection, readWithFallback, fieldControls } from './define-section.ts';
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
export { ShopProvider, useShop, usePrice } from './shop-context.tsx';
export type { Shop } from './shop-context.tsx';
export { FormSubmitProvider, useFormSubmit } from './form-submit.tsx';
export type { FormKind, FormSubmissions, FormSubmitter } from './form-submit.tsx';
export { formFieldsOf } from './forms/forms.tsx';
export { OwnerHtmlContext } from './html/html.tsx';
export { ProductCard } from './product-card.tsx';
export { loadSectionData } from './load-section-data.ts';
