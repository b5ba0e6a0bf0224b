import { sectionTypes, type SectionTypeId } from '@vitrine/commerce';
import { sectionRegistry } from '@vitrine/sections';

/** One entry of the studio's palette: a section type and whether this build can add it yet. */
export interface PaletteEntry {
  type: SectionTypeId;
  name: string;
  available: boolean;
}

/** All 22 section types of §3.15 in id order, marked by whether the registry has them. */
export function paletteEntries(): PaletteEntry[] {
  return (Object.entries(sectionTypes) as [string, string][]).map(([id, name]) => {
    const type = Number(id) as SectionTypeId;
    return { type, name, available: Boolean(sectionRegistry[type]) };
  });
}
