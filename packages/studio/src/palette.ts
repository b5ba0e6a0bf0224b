import { sectionTypes, type SectionTypeId } from '@vitrine/commerce';
import { sectionSchemas } from '@vitrine/sections/schemas';

/** One entry of the studio's palette: a section type as the owner reads it, and whether this build can add it. */
export interface PaletteEntry {
  type: SectionTypeId;
  /** "Hero banner", "CTA": the registry's name with a capital. */
  name: string;
  /** One line on what the section is for. */
  description: string;
  /** SVG path data on a 24 × 24 grid, or undefined for the generic block glyph. */
  icon: string | undefined;
  available: boolean;
}

/** All 22 section types of §3.15 in id order, named and described by their definitions, marked by whether the registry has them. */
export function paletteEntries(): PaletteEntry[] {
  return (Object.entries(sectionTypes) as [string, string][]).map(([id, fallback]) => {
    const type = Number(id) as SectionTypeId;
    const definition = sectionSchemas[type];
    const name = definition?.name ?? fallback;
    return {
      type,
      name: name.charAt(0).toUpperCase() + name.slice(1),
      description: definition?.description ?? '',
      icon: definition?.icon,
      available: Boolean(definition),
    };
  });
}

/** The entries whose name or description holds every word of `query`, in any case; all of them for an empty query. */
export function searchPalette(entries: readonly PaletteEntry[], query: string): PaletteEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return entries.filter((entry) => {
    const text = `${entry.name} ${entry.description}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
