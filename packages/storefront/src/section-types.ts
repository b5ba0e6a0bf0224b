import { readOncePerText } from './read-once.ts';

/** How deep into a route's data section lists are looked for (a page document sits at most a few levels down). */
const MAX_DEPTH = 6;

/**
 * The section types a route's data draws: those in every `sections` list in it (a page's, a template's) and in the
 * theme's header and footer when it holds the theme document's text (`themeData`). Read from the data, so the code
 * for exactly these sections can be fetched before they are drawn.
 */
export function sectionTypesIn(value: unknown, into = new Set<number>(), depth = 0): Set<number> {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return into;
  if (Array.isArray(value)) {
    for (const item of value) sectionTypesIn(item, into, depth + 1);
    return into;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key === 'sections' && Array.isArray(item)) {
      for (const section of item) {
        const type = (section as { type?: unknown } | null)?.type;
        if (typeof type === 'number') into.add(type);
      }
    } else if (key === 'themeData' && typeof item === 'string') {
      for (const type of themeSectionTypes(item)) into.add(type);
    } else sectionTypesIn(item, into, depth + 1);
  }
  return into;
}

/** The types of the theme's global header and footer, from the theme document's text; none when it does not parse. */
const themeSectionTypes = readOncePerText((themeData): number[] => {
  try {
    const theme = JSON.parse(themeData) as { header?: { type?: unknown } | null; footer?: { type?: unknown } | null };
    return [theme.header?.type, theme.footer?.type].filter((type): type is number => typeof type === 'number');
  } catch {
    return [];
  }
});
