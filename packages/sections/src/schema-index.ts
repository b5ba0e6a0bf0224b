// `@vitrine/sections/schemas`: the sections without their components — no React — for the studio (and anything
// else that reads, checks or creates section nodes without drawing them).
export { sectionSchemas } from './schemas.ts';
export type { SectionSchemaRegistry } from './schemas.ts';
export { defineSectionSchema, readWithFallback, fieldControls } from './define-section.ts';
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
