import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  fontFaceCss,
  fontFileUrl,
  fontSlug,
  isFontFile,
  LATIN_UNICODE_RANGE,
  snapFontWeight,
  themeFontNames,
  themeFonts,
  type ThemeFont,
} from './index.ts';

/** Where npm installed the `@fontsource` packages the server serves `/fonts/` from. */
const fontsource = fileURLToPath(new URL('../../../node_modules/@fontsource/', import.meta.url));
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

describe.each(themeFontNames.map((font) => ({ font, slug: fontSlug(font) })))('$font', ({ font, slug }) => {
  it('has every declared weight file in node_modules/@fontsource', () => {
    for (const weight of themeFonts[font].weights) {
      const url = fontFileUrl(font, weight);
      expect(url).toBe(`/fonts/${slug}/${slug}-latin-${weight}-normal.woff2`);
      expect(existsSync(`${fontsource}${slug}/files/${url.split('/').at(-1)}`), url).toBe(true);
    }
  });

  it('declares all and only the weights the package ships, under the family name the theme uses', () => {
    const metadata = readJson(`${fontsource}${slug}/metadata.json`);
    expect(metadata.family).toBe(font);
    expect(metadata.weights).toEqual(themeFonts[font].weights);
    expect(readJson(`${fontsource}${slug}/unicode.json`).latin).toBe(LATIN_UNICODE_RANGE);
  });
});

describe('snapFontWeight', () => {
  it.each<[ThemeFont, number, number]>([
    ['Inter', 700, 700],
    ['PT Sans', 300, 400],
    ['PT Sans', 500, 400],
    ['PT Sans', 600, 700],
    ['PT Sans', 900, 700],
    ['Open Sans', 900, 800],
    ['Instrument Sans', 100, 400],
    ['Lato', 500, 400],
    ['Lato', 600, 700],
    ['Lato', 200, 100], // a tie below 400 goes lighter, as in the browser
    ['Lato', 800, 900], // a tie above 500 goes heavier
    ['Ubuntu', 600, 700],
    ['Inter', 450, 500],
    ['Inter', 650, 700],
    ['Inter', 350, 300],
  ])('%s at %i uses %i', (font, weight, expected) => {
    expect(snapFontWeight(font, weight)).toBe(expected);
  });
});

describe('fontFaceCss', () => {
  it('writes one swap face per snapped weight, from /fonts/<slug>/, for the latin range', () => {
    expect(fontFaceCss([{ font: 'PT Sans', weights: [400, 600] }])).toBe(
      [400, 700]
        .map(
          (w) =>
            `@font-face{font-family:"PT Sans";font-style:normal;font-weight:${w};font-display:swap;` +
            `src:url(/fonts/pt-sans/pt-sans-latin-${w}-normal.woff2) format('woff2');unicode-range:${LATIN_UNICODE_RANGE}}`,
        )
        .join('\n'),
    );
  });

  it('merges repeated fonts and weights, keeping the order fonts are first named in', () => {
    const css = fontFaceCss([
      { font: 'Rubik', weights: [700, 400] },
      { font: 'Merriweather', weights: [700] },
      { font: 'Rubik', weights: [400, 500, 700] },
    ]);
    expect([...css.matchAll(/font-family:"([^"]+)";font-style:normal;font-weight:(\d+)/g)].map((m) => `${m[1]} ${m[2]}`)).toEqual([
      'Rubik 400',
      'Rubik 500',
      'Rubik 700',
      'Merriweather 700',
    ]);
  });

  it('writes nothing for no fonts', () => {
    expect(fontFaceCss([])).toBe('');
  });
});

it('lets the server serve only declared font files', () => {
  expect(isFontFile('inter', 'inter-latin-400-normal.woff2')).toBe(true);
  expect(isFontFile('pt-sans', 'pt-sans-latin-700-normal.woff2')).toBe(true);
  expect(isFontFile('pt-sans', 'pt-sans-latin-300-normal.woff2')).toBe(false);
  expect(isFontFile('inter', 'inter-latin-400-italic.woff2')).toBe(false);
  expect(isFontFile('inter', '../../package.json')).toBe(false);
  expect(isFontFile('..', 'inter-latin-400-normal.woff2')).toBe(false);
  expect(isFontFile('comic-sans', 'comic-sans-latin-400-normal.woff2')).toBe(false);
});
