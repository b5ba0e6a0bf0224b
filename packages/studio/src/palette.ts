import { sectionSchemas, type SectionSchemaRegistry } from '@vitrine/sections/schemas';

/** One entry of the studio's palette: a section type as the owner reads it. */
export interface PaletteEntry {
  type: number;
  /** "Hero banner", "CTA": the registry's name with a capital. */
  name: string;
  /** One line on what the section is for. */
  description: string;
  /** SVG path data on a 24 × 24 grid, or undefined for the generic block glyph. */
  icon: string | undefined;
}

/**
 * Every section type of the registry in id order, named and described by its schema: the store's 22 (§3.15), and a
 * theme developer's own when their registry adds them.
 */
export function paletteEntries(registry: SectionSchemaRegistry = sectionSchemas): PaletteEntry[] {
  return Object.values(registry)
    .flatMap((definition) => (definition ? [definition] : []))
    .sort((a, b) => a.type - b.type)
    .map((definition) => ({
      type: definition.type,
      name: definition.name.charAt(0).toUpperCase() + definition.name.slice(1),
      description: definition.description,
      icon: definition.icon,
    }));
}

/** The entries whose name or description holds every word of `query`, in any case; all of them for an empty query. */
export function searchPalette(entries: readonly PaletteEntry[], query: string): PaletteEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return entries.filter((entry) => {
    const text = `${entry.name} ${entry.description}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
