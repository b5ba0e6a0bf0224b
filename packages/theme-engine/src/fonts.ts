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

/**
 * A face's vertical metrics in font units, as its `hhea` table gives them: units per em, ascent, descent (negative)
 * and line gap. A family's weights share them.
 */
export type FontMetrics = readonly [unitsPerEm: number, ascent: number, descent: number, lineGap: number];

/** How a theme font's faces measure, to size the fallback face drawn while one loads. */
export interface ThemeFontMeasures {
  metrics: FontMetrics;
  /**
   * Each shipped weight's average character width in font units: letters weighted by how often English uses them,
   * as Capsize measures `xWidthAvg`.
   */
  widths: Readonly<Record<number, number>>;
}

/**
 * The 21 fonts' measures, read from the files `/fonts/` serves (`fonts.test.ts` reads them again). Kept apart from
 * `themeFonts`, so the shopper's app, which checks settings against the font names, does not carry them.
 */
export const themeFontMeasures: Record<ThemeFont, ThemeFontMeasures> = {
  'Bai Jamjuree': { metrics: [1000, 1000, -250, 0], widths: { 200: 446, 300: 454, 400: 461, 500: 469, 600: 479, 700: 488 } },
  'Fira Sans': {
    metrics: [1000, 935, -265, 0],
    widths: { 100: 444, 200: 448, 300: 451, 400: 458, 500: 459, 600: 459, 700: 459, 800: 460, 900: 461 },
  },
  'IBM Plex Sans': { metrics: [1000, 1025, -275, 0], widths: { 100: 433, 200: 437, 300: 444, 400: 451, 500: 461, 600: 467, 700: 473 } },
  Inconsolata: {
    metrics: [1000, 859, -190, 0],
    widths: { 200: 500, 300: 500, 400: 500, 500: 500, 600: 500, 700: 500, 800: 500, 900: 500 },
  },
  'Instrument Sans': { metrics: [1000, 970, -250, 0], widths: { 400: 458, 500: 465, 600: 471, 700: 478 } },
  Inter: {
    metrics: [2048, 1984, -494, 0],
    widths: { 100: 925, 200: 942, 300: 960, 400: 978, 500: 988, 600: 998, 700: 1008, 800: 1021, 900: 1035 },
  },
  Lato: { metrics: [2000, 1974, -426, 0], widths: { 100: 827, 300: 847, 400: 871, 700: 891, 900: 909 } },
  Merriweather: { metrics: [2000, 1968, -546, 0], widths: { 300: 952, 400: 970, 500: 974, 600: 981, 700: 998, 800: 1007, 900: 1014 } },
  Montserrat: {
    metrics: [1000, 968, -251, 0],
    widths: { 100: 488, 200: 492, 300: 497, 400: 503, 500: 511, 600: 520, 700: 530, 800: 540, 900: 551 },
  },
  Nunito: { metrics: [1000, 1011, -353, 0], widths: { 200: 436, 300: 444, 400: 452, 500: 456, 600: 460, 700: 470, 800: 481, 900: 492 } },
  'Open Sans': { metrics: [2048, 2189, -600, 0], widths: { 300: 924, 400: 960, 500: 978, 600: 995, 700: 1030, 800: 1065 } },
  Oswald: { metrics: [1000, 1193, -289, 0], widths: { 200: 325, 300: 340, 400: 363, 500: 388, 600: 401, 700: 411 } },
  'Playfair Display': { metrics: [1000, 1082, -251, 0], widths: { 400: 452, 500: 456, 600: 459, 700: 463, 800: 467, 900: 471 } },
  Poppins: {
    metrics: [1000, 1050, -350, 100],
    widths: { 100: 483, 200: 489, 300: 495, 400: 500, 500: 506, 600: 510, 700: 515, 800: 519, 900: 523 },
  },
  'PT Sans': { metrics: [1000, 1018, -276, 0], widths: { 400: 431, 700: 431 } },
  Quicksand: { metrics: [1000, 1000, -250, 0], widths: { 300: 457, 400: 465, 500: 473, 600: 481, 700: 489 } },
  Raleway: {
    metrics: [1000, 940, -234, 0],
    widths: { 100: 448, 200: 453, 300: 458, 400: 463, 500: 470, 600: 475, 700: 481, 800: 488, 900: 496 },
  },
  Roboto: {
    metrics: [2048, 1900, -500, 0],
    widths: { 100: 880, 200: 887, 300: 896, 400: 911, 500: 919, 600: 923, 700: 926, 800: 930, 900: 933 },
  },
  Rubik: { metrics: [1000, 935, -250, 0], widths: { 300: 454, 400: 468, 500: 484, 600: 492, 700: 501, 800: 515, 900: 528 } },
  Ubuntu: { metrics: [1000, 932, -189, 28], widths: { 300: 446, 400: 455, 500: 466, 700: 480 } },
  'Work Sans': {
    metrics: [1000, 930, -243, 0],
    widths: { 100: 444, 200: 455, 300: 474, 400: 499, 500: 500, 600: 501, 700: 502, 800: 502, 900: 503 },
  },
};

/** The name of one of the 21 theme fonts, exactly as settings store it and CSS names its family. */
export type ThemeFont = keyof typeof themeFonts;
/** The 21 font names, in the order the theme panel offers them. */
export const themeFontNames = Object.keys(themeFonts) as [ThemeFont, ...ThemeFont[]];

/** The path prefix the server serves font files under: `GET /fonts/<slug>/<file>`. */
export const FONT_URL_BASE = '/fonts';
/** The code points of the `latin` subset, as `@fontsource` declares them for every one of the 21 fonts. */
export const LATIN_UNICODE_RANGE =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';

/** A font face most computers have, by the names `local()` finds it under, with its metrics. */
interface LocalFace {
  names: readonly string[];
  metrics: FontMetrics;
  averageWidth: number;
}

/**
 * The faces a theme font's fallback is drawn from while the font loads, regular and bold, per kind: Arial, Times New
 * Roman and Courier New, which Windows and macOS have, or Liberation's faces, which Linux has and which are drawn to
 * the same widths and heights. `fonts.test.ts` reads these metrics from Liberation's files.
 */
export const localFallbacks: Record<GenericFamily, { regular: LocalFace; bold: LocalFace }> = {
  'sans-serif': {
    regular: { names: ['Arial', 'Liberation Sans'], metrics: [2048, 1854, -434, 67], averageWidth: 913 },
    bold: { names: ['Arial Bold', 'Liberation Sans Bold'], metrics: [2048, 1854, -434, 67], averageWidth: 983 },
  },
  serif: {
    regular: { names: ['Times New Roman', 'Liberation Serif'], metrics: [2048, 1825, -443, 87], averageWidth: 832 },
    bold: { names: ['Times New Roman Bold', 'Liberation Serif Bold'], metrics: [2048, 1825, -443, 87], averageWidth: 886 },
  },
  monospace: {
    regular: { names: ['Courier New', 'Liberation Mono'], metrics: [2048, 1705, -615, 0], averageWidth: 1229 },
    bold: { names: ['Courier New Bold', 'Liberation Mono Bold'], metrics: [2048, 1705, -615, 0], averageWidth: 1229 },
  },
};

/** The family of a theme font's fallback faces: `"Inter Fallback"`. */
export const fallbackFamily = (font: ThemeFont) => `${font} Fallback`;

/**
 * A CSS font-family stack for a theme font: the font itself, then its fallback faces (a local font resized to its
 * metrics, so nothing moves when it arrives), then system faces of the same kind.
 */
export function fontStack(font: ThemeFont): string {
  const generic = themeFonts[font].generic;
  const system =
    generic === 'serif'
      ? 'Georgia, "Times New Roman"'
      : generic === 'monospace'
        ? 'ui-monospace, Menlo, Consolas'
        : 'system-ui, -apple-system, "Segoe UI"';
  return `"${font}", "${fallbackFamily(font)}", ${system}, ${generic}`;
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

/**
 * The characters most shop text is written in: printable ASCII, the marks shops use for money, law and typography
 * (£ © ® ° · × – — ‘ ’ “ ” • … € ™ −) and the spaces and joiners formatted prices and names carry. Each weight of a
 * theme font is served in two parts split here, subset from the latin file at build time: a page written in these
 * characters loads only this part, about 40% lighter than the whole latin file; one with an accented letter loads
 * the rest too.
 */
export const COMMON_UNICODE_RANGE =
  'U+0020-007E,U+00A0,U+00A3,U+00A9,U+00AE,U+00B0,U+00B7,U+00D7,U+2000-200F,U+2013-2014,U+2018-2019,U+201C-201D,U+2022,U+2026,U+202F,U+2060,U+20AC,U+2122,U+2212,U+FEFF';

/** Control characters, which the latin range names but no text draws: in neither part, so none loads a part. */
const CONTROL_CHARACTERS = 'U+0000-001F,U+007F-009F';

/** A unicode-range as inclusive code point intervals, ascending. */
function codePointRanges(range: string): [number, number][] {
  return range.split(',').map((part) => {
    const [from, to = from] = part.replace(/^U\+/, '').split('-') as [string, string?];
    return [parseInt(from, 16), parseInt(to, 16)];
  });
}

const hex = (point: number) => point.toString(16).toUpperCase().padStart(4, '0');

/** The code points of `range` that `without` lacks, as a unicode-range. */
function rangeWithout(range: string, without: string): string {
  const removed = codePointRanges(without);
  const kept: string[] = [];
  for (const [from, to] of codePointRanges(range)) {
    let start = from;
    for (const [cutFrom, cutTo] of removed) {
      if (cutTo < start || cutFrom > to) continue;
      if (cutFrom > start) kept.push(start === cutFrom - 1 ? `U+${hex(start)}` : `U+${hex(start)}-${hex(cutFrom - 1)}`);
      start = cutTo + 1;
    }
    if (start <= to) kept.push(start === to ? `U+${hex(start)}` : `U+${hex(start)}-${hex(to)}`);
  }
  return kept.join(',');
}

/** The rest of the latin subset: accented letters, the other marks and symbols. */
export const REST_UNICODE_RANGE = rangeWithout(rangeWithout(LATIN_UNICODE_RANGE, COMMON_UNICODE_RANGE), CONTROL_CHARACTERS);

/** The two parts each weight is served in, and the characters each holds. */
export const fontParts = { common: COMMON_UNICODE_RANGE, rest: REST_UNICODE_RANGE } as const;
export type FontPart = keyof typeof fontParts;

/** Every code point of a unicode-range, for the subsetter. */
export function codePointsOf(range: string): number[] {
  return codePointRanges(range).flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => from + i));
}

/**
 * The file name of one latin, normal-style weight, as `@fontsource` names it (`inter-latin-400-normal.woff2`), or of
 * one part of it, as the build names it (`inter-latin-common-400-normal.woff2`).
 */
function fontFileName(font: ThemeFont, weight: number, part?: FontPart): string {
  return `${fontSlug(font)}-latin-${part ? `${part}-` : ''}${weight}-normal.woff2`;
}

/** The URL the server serves one weight of a font at, whole or one part: `/fonts/inter/inter-latin-400-normal.woff2`. */
export function fontFileUrl(font: ThemeFont, weight: number, part?: FontPart): string {
  return `${FONT_URL_BASE}/${fontSlug(font)}/${fontFileName(font, weight, part)}`;
}

const fontBySlug = new Map<string, ThemeFont>(themeFontNames.map((font) => [fontSlug(font), font]));

/** One font file the server may serve: a shipped weight of a theme font, whole (as `@fontsource` ships it) or a part. */
export interface FontFile {
  font: ThemeFont;
  weight: number;
  part?: FontPart;
  /** The `@fontsource` file it is, or is cut from. */
  latinFile: string;
}

/**
 * What `GET /fonts/<slug>/<file>` names, if it is a file the engine can declare: a known slug, one of its shipped
 * weights, whole or a part. The server checks this before touching the file system, so no other path is served.
 */
export function fontFile(slug: string, file: string): FontFile | null {
  const font = fontBySlug.get(slug);
  if (font === undefined) return null;
  for (const weight of themeFonts[font].weights) {
    for (const part of [undefined, ...(Object.keys(fontParts) as FontPart[])]) {
      if (fontFileName(font, weight, part) === file)
        return { font, weight, ...(part ? { part } : {}), latinFile: fontFileName(font, weight) };
    }
  }
  return null;
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

/** A percentage for a font descriptor, to a hundredth. */
const percent = (ratio: number) => `${Math.round(ratio * 10000) / 100}%`;

/**
 * The fallback face for one weight of a theme font: the local regular face below 600, the bold one from 600, scaled
 * so that its average character is as wide as the theme font's at that weight, with the theme font's ascent, descent
 * and line gap. Text drawn in it before the font arrives takes the room the font will take (issue 18: CLS 0).
 */
function fallbackFaceCss(font: ThemeFont, weight: number): string {
  const { generic } = themeFonts[font];
  const { metrics, widths } = themeFontMeasures[font];
  const local = localFallbacks[generic][weight >= 600 ? 'bold' : 'regular'];
  const [unitsPerEm, ascent, descent, lineGap] = metrics;
  const sizeAdjust = widths[weight]! / unitsPerEm / (local.averageWidth / local.metrics[0]);
  const em = unitsPerEm * sizeAdjust;
  return (
    `@font-face{font-family:"${fallbackFamily(font)}";font-style:normal;font-weight:${weight};` +
    `src:${local.names.map((name) => `local("${name}")`).join(',')};size-adjust:${percent(sizeAdjust)};` +
    `ascent-override:${percent(ascent / em)};descent-override:${percent(-descent / em)};line-gap-override:${percent(lineGap / em)}}`
  );
}

/**
 * `@font-face` rules for exactly the fonts and weights given, each weight snapped to one the font ships, served from
 * `/fonts/<slug>/` with `font-display: swap` in its two parts (`fontParts`), each followed by its fallback face. The
 * families are the ones `fontStack` names. Browsers download a part only when text uses one of its characters.
 */
export function fontFaceCss(usage: readonly FontUsage[]): string {
  const rules: string[] = [];
  for (const [font, weights] of fontWeightsUsed(usage)) {
    for (const weight of weights) {
      for (const [part, range] of Object.entries(fontParts) as [FontPart, string][]) {
        rules.push(
          `@font-face{font-family:"${font}";font-style:normal;font-weight:${weight};font-display:swap;` +
            `src:url(${fontFileUrl(font, weight, part)}) format('woff2');unicode-range:${range}}`,
        );
      }
      rules.push(fallbackFaceCss(font, weight));
    }
  }
  return rules.join('\n');
}
