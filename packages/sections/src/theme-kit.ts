/**
 * What a theme's section modules import (`@vitrine/sections/theme-kit`): declaring a schema and drawing it, and
 * nothing that holds a registry. A theme's sections join the store's registry, so importing the registry from them
 * would be a cycle (docs/sections.md, "In a theme").
 */
export { defineSectionSchema } from './define-section.ts';
export type { FieldMeta, SectionLoaderContext, SectionProps } from './define-section.ts';
export { sectionComponent } from './section-component.ts';
export { SectionShell } from './section-shell.tsx';
