import { readOncePerText } from './read-once.ts';

/** How deep into a route's data section lists are looked for (a page document sits at most a few levels down). */
const MAX_DEPTH = 6;

const NONE: ReadonlySet<number> = new Set();

/**
 * Each object's section types, found once: on the server, a route's data is mostly the store's kept data, the same
 * objects page after page (route data is never changed in place). An object first met deep in the data may have been
 * read only down to the depth limit; what that leaves out is code fetched when it is drawn rather than before.
 */
const typesOf = new WeakMap<object, ReadonlySet<number>>();

/**
 * The section types a route's data draws: those in every `sections` list in it (a page's, a template's) and in the
 * theme's header and footer when it holds the theme document's text (`themeData`). Read from the data, so the code
 * for exactly these sections can be fetched before they are drawn.
 */
export function sectionTypesIn(value: unknown, depth = 0): ReadonlySet<number> {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return NONE;
  const found = typesOf.get(value);
  if (found) return found;
  const types = new Set<number>();
  const add = (more: Iterable<number>) => {
    for (const type of more) types.add(type);
  };
  if (Array.isArray(value)) {
    for (const item of value) add(sectionTypesIn(item, depth + 1));
  } else {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'sections' && Array.isArray(item)) {
        for (const section of item) {
          const type = (section as { type?: unknown } | null)?.type;
          if (typeof type === 'number') types.add(type);
        }
      } else if (key === 'themeData' && typeof item === 'string') add(themeSectionTypes(item));
      else add(sectionTypesIn(item, depth + 1));
    }
  }
  typesOf.set(value, types);
  return types;
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
