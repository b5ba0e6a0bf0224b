import type { ComponentType } from 'react';
import type { RenderRegistry, SectionRenderProps } from '@vitrine/renderer';
import type { SectionSchema } from './define-section.ts';
import { sectionComponents } from './components.ts';
import type { SectionDefinition } from './section-component.ts';
import { sectionSchemas, type SectionType } from './schemas.ts';

/**
 * Section types by id, as `loadSectionData` and `renderRegistryOf` take them: the store's own `sectionRegistry`, or a
 * theme developer's object that spreads it and adds or replaces entries.
 */
export type SectionRegistry = Readonly<Record<number, SectionDefinition<number> | undefined>>;

/** The type id a schema declares. */
type TypeOf<Schema> = Schema extends SectionSchema<infer T> ? T : number;

/**
 * Schemas and components joined by type id into the registry the server and the renderer use. A theme developer
 * joins their own: `registryOf({ ...sectionSchemas, 23: mySchema }, { ...sectionComponents, 23: MyComponent })`.
 */
export function registryOf<R extends Readonly<Record<number, SectionSchema<number>>>>(
  schemas: R,
  components: { readonly [K in keyof R]: ComponentType<SectionRenderProps> },
): { [K in keyof R]: SectionDefinition<TypeOf<R[K]>> } {
  return Object.fromEntries(
    Object.entries(schemas).map(([type, schema]) => [type, { ...schema, Component: components[type as keyof R] }]),
  ) as {
    [K in keyof R]: SectionDefinition<TypeOf<R[K]>>;
  };
}

/** Every section type the store offers (§3.15): each schema with its component, for the server and the storefront. */
export const sectionRegistry: { [K in SectionType]: SectionDefinition<K> } = registryOf(sectionSchemas, sectionComponents);

/** A section registry in the shape the renderer draws with: a name and a component for each type. */
export function renderRegistryOf(registry: SectionRegistry): RenderRegistry {
  return Object.fromEntries(
    Object.entries(registry).flatMap(([type, definition]) =>
      definition ? [[type, { name: definition.name, Component: definition.Component }]] : [],
    ),
  );
}

/** The store's own registry in the shape the renderer draws with. */
export const renderRegistry: RenderRegistry = renderRegistryOf(sectionRegistry);
