export { sectionRegistry, registryOf, renderRegistry, renderRegistryOf } from './registry.ts';
export type { SectionRegistry } from './registry.ts';
export { lazyRenderRegistry, preloadSections, sectionSources } from './lazy-registry.ts';
export { sectionSchemas } from './schemas.ts';
export type { SectionSchemaRegistry } from './schemas.ts';
export { sectionComponents } from './components.ts';
export { defineSectionSchema, readWithFallback, fieldControls } from './define-section.ts';
export { sectionComponent } from './section-component.ts';
export type { SectionDefinition, SectionComponentProps } from './section-component.ts';
export type {
  SectionSchema,
  TypedSectionSchema,
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
export { ShopProvider, useShop, useShopReader, usePrice, useCartPrice, themeShopOf } from './shop-context.tsx';
export type { PricedLine } from './shop-context.tsx';
export type { Shop, ThemeShop } from './shop-context.tsx';
export { FormSubmitProvider, useFormSubmit } from './form-submit.tsx';
export type { FormKind, FormSubmissions, FormSubmitter } from './form-submit.tsx';
export { formFieldsOf } from './forms/forms.tsx';
export { OwnerHtmlContext } from './html/html.tsx';
export { ProductCard, CardBuyAction, CompareToggle, CompareLink } from './product-card.tsx';
export { WishlistHeart } from './wishlist-heart.tsx';
export { ListingProvider } from './listing-context.tsx';
export { Breadcrumbs } from './breadcrumbs.tsx';
export type { ListingContextValue } from './listing-context.tsx';
export { loadSectionData } from './load-section-data.ts';
