import type { SectionNode } from '@vitrine/commerce';
import type { SectionLoaderContext } from './define-section.ts';
import { sectionRegistry, type SectionRegistry } from './registry.ts';

/**
 * Runs the loaders of a page's data-bound sections, all at once, and returns their results by section id. A loader
 * that fails leaves its section without data (the section shows its empty state) instead of failing the page.
 * `registry` says which loader each type has: the store's own by default, or a theme developer's registry.
 */
export async function loadSectionData(
  sections: readonly SectionNode[],
  context: SectionLoaderContext,
  onError: (sectionId: string, error: unknown) => void = () => {},
  registry: SectionRegistry = sectionRegistry,
): Promise<Record<string, unknown>> {
  const entries = await Promise.all(
    sections.map(async (section) => {
      // A stored page may name a type this build does not know; it simply has no loader.
      const definition = registry[section.type];
      if (!definition?.loader || section.hidden) return null;
      try {
        return [section.id, await definition.loader(definition.readSettings(section.settings, section.version), context)] as const;
      } catch (error) {
        onError(section.id, error);
        return null;
      }
    }),
  );
  return Object.fromEntries(entries.filter((entry) => entry !== null));
}
