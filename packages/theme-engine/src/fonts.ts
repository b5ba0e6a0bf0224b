/** A generic CSS family a theme font falls back to while it loads, or if it never does. */
type GenericFamily = 'serif' | 'sans-serif' | 'monospace';

/** What Vitrine knows about one self-hosted font: its `@fontsource` slug, its kind and the static weights it ships. */
export interface ThemeFontInfo {
  /** The `@fontsource/<slug>` package and the `/fonts/<slug>/` folder its files are served from. */
  slug: string;
  generic: GenericFamily;
  /** Latin, normal-style weights the package ships as woff2, ascending. Some fonts lack 100–300 or 800–900. */
  weights: readonly number[];
}

/**
 * The 21 fonts a theme may use (§9), with their `@fontsource` slugs and shipped weights. Hard-coded so the engine
 * needs no I/O; `fonts.test.ts` checks every entry against the installed packages.
 */
export const themeFonts = {
  'Bai Jamjuree': { slug: 'bai-jamjuree', generic: 'sans-serif', weights: [200, 300, 400, 500, 600, 700] },
  'Fira Sans': { slug: 'fira-sans', generic: 'sans-serif', weights: [100, 200, 300, 400, 500, 600, 700, 800, 900] },
  'IBM Plex Sans': { slug: 'ibm-plex-sans', generic: 'sans-serif', weights: [100, 200, 300, 400, 500, 600, 700] },
  Inconsolata: { slug: 'inconsolata', generic: 'monospace', weights: [200, 300, 400, 500, 600, 700, 800, 900] },
  'Instrument Sans': { slug: 'instrument-sans', generic: 'sans-serif', weights: [400, 500, 600, 700] },
  Inter: { slug: 'inter', generic: 'sans-serif', weights: [100, 200, 300, 400, 500, 600, 700, 800, 900] },
  Lato: { slug: 'lato', generic: 'sans-serif', weights: [100, 300, 400, 700, 900] },
  Merriweather: { slug: 'merriweather', generic: 'serif', weights: [300, 400, 500, 600, 700, 800, 900] },
  Montserrat: { slug: 'montserrat', generic: 'sans-serif', weights: [100, 200, 300, 400, 500, 600, 700, 800, 900] },
  Nunito: { slug: 'nunito', generic: 'sans-serif', weights: [200, 300, 400, 500, 600, 700, 800, 900] },
  'Open Sans': { slug: 'open-sans', generic: 'sans-serif', weights: [300, 400, 500, 600, 700, 800] },
  Oswald: { slug: 'oswald', generic: 'sans-serif', weights: [200, 300, 400, 500, 600, 700] },
  'Playfair Display': { slug: 'playfair-display', generic: 'serif', weights: [400, 500, 600, 700, 800, 900] },
  Poppins: { slug: 'poppins', generic: 'sans-serif', weights: [100, 200, 300, 400, 500, 600, 700, 800, 900] },
  'PT Sans': { slug: 'pt-sans', generic: 'sans-serif', weights: [400, 700] },
  Quicksand: { slug: 'quicksand', generic: 'sans-serif', weights: [300, 400, 500, 600, 700] },
  Raleway: { slug: 'raleway', generic: 'sans-serif', weights: [100, 200, 300, 400, 500, 600, 700, 800, 900] },
  Roboto: { slug: 'roboto', generic: 'sans-serif', weights: [100, 200, 300, 400, 500, 600, 700, 800, 900] },
  Rubik: { slug: 'rubik', generic: 'sans-serif', weights: [300, 400, 500, 600, 700, 800, 900] },
  Ubuntu: { slug: 'ubuntu', generic: 'sans-serif', weights: [300, 400, 500, 700] },
  'Work Sans': { slug: 'work-sans', generic: 'sans-serif', weights: [100, 200, 300, 400, 500, 600, 700, 800, 900] },
} as const satisfies Record<string, ThemeFontInfo>;

/** The name of one of the 21 theme fonts, exactly as settings store it and CSS names its family. */
export type ThemeFont = keyof typeof themeFonts;
/** The 21 font names, in the order the theme panel offers them. */
export const themeFontNames = Object.keys(themeFonts) as [ThemeFont, ...ThemeFont[]];

/** The path prefix the server serves font files under: `GET /fonts/<slug>/<file>`. */
export const FONT_URL_BASE = '/fonts';
/** The code points of the `latin` subset, as `@fontsource` declares them for every one of the 21 fonts. */
export const LATIN_UNICODE_RANGE =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';

/** A CSS font-family stack for a theme font: the font itself, then system faces of the same kind. */
export function fontStack(font: ThemeFont): string {
  const generic = themeFonts[font].generic;
  const system =
    generic === 'serif'
      ? 'Georgia, "Times New Roman"'
      : generic === 'monospace'
        ? 'ui-monospace, Menlo, Consolas'
        : 'system-ui, -apple-system, "Segoe UI"';
  return `"${font}", ${system}, ${generic}`;
}

/** The `@fontsource` slug of a theme font, which is also its folder under `/fonts/`: `'PT Sans'` → `'pt-sans'`. */
export function fontSlug(font: ThemeFont): string {
  return themeFonts[font].slug;
}

/**
 * The shipped weight a browser would render for `weight` if every weight of the font were declared: the nearest
 * one, with ties and in-between values going the way CSS font matching goes (below 400 lighter first, above 500
 * heavier first, 400–500 up to 500 first). Declaring exactly this face means the page renders the face it loads.
 */
export function snapFontWeight(font: ThemeFont, weight: number): number {
  const available: readonly number[] = themeFonts[font].weights;
  if (available.includes(weight)) return weight;
  const lighter = available.filter((w) => w < weight).reverse();
  const heavier = available.filter((w) => w > weight);
  let order: number[];
  if (weight > 500) order = [...heavier, ...lighter];
  else if (weight < 400) order = [...lighter, ...heavier];
  else order = [...heavier.filter((w) => w <= 500), ...lighter, ...heavier.filter((w) => w > 500)];
  return order[0] ?? 400;
}

/** The file name of one latin, normal-style weight, as `@fontsource` names it: `inter-latin-400-normal.woff2`. */
function fontFileName(font: ThemeFont, weight: number): string {
  const slug = fontSlug(font);
  return `${slug}-latin-${weight}-normal.woff2`;
}

/** The URL the server serves one weight of a font at: `/fonts/inter/inter-latin-400-normal.woff2`. */
export function fontFileUrl(font: ThemeFont, weight: number): string {
  return `${FONT_URL_BASE}/${fontSlug(font)}/${fontFileName(font, weight)}`;
}

const fontBySlug = new Map<string, ThemeFont>(themeFontNames.map((font) => [fontSlug(font), font]));

/**
 * Whether `GET /fonts/<slug>/<file>` names a file the engine can declare: a known slug and one of its shipped
 * weights. The server checks this before touching the file system, so no other path under `@fontsource` is served.
 */
export function isFontFile(slug: string, file: string): boolean {
  const font = fontBySlug.get(slug);
  return font !== undefined && themeFonts[font].weights.some((w) => fontFileName(font, w) === file);
}

/** Weights of one font that a theme uses; the weights may be any CSS weight and are snapped to shipped ones. */
export interface FontUsage {
  font: ThemeFont;
  weights: readonly number[];
}

/** The shipped weights a usage list needs, per font in order of first mention, each list ascending and without repeats. */
export function fontWeightsUsed(usage: readonly FontUsage[]): Map<ThemeFont, number[]> {
  const byFont = new Map<ThemeFont, Set<number>>();
  for (const { font, weights } of usage) {
    const set = byFont.get(font) ?? new Set<number>();
    for (const weight of weights) set.add(snapFontWeight(font, weight));
    byFont.set(font, set);
  }
  return new Map([...byFont].map(([font, set]) => [font, [...set].sort((a, b) => a - b)]));
}

/**
 * `@font-face` rules for exactly the fonts and weights given, each weight snapped to one the font ships, served from
 * `/fonts/<slug>/` with `font-display: swap` and the latin unicode-range. The family is the theme font's name, as
 * `fontStack` names it. Browsers download a face only when text uses it.
 */
export function fontFaceCss(usage: readonly FontUsage[]): string {
  const rules: string[] = [];
  for (const [font, weights] of fontWeightsUsed(usage)) {
    for (const weight of weights) {
      rules.push(
        `@font-face{font-family:"${font}";font-style:normal;font-weight:${weight};font-display:swap;` +
          `src:url(${fontFileUrl(font, weight)}) format('woff2');unicode-range:${LATIN_UNICODE_RANGE}}`,
      );
    }
  }
  return rules.join('\n');
}
