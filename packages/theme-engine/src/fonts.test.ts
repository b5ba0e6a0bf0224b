import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fromFile } from '@capsizecss/unpack/fs';
import { describe, expect, it } from 'vitest';
import { codePointsOf, localFallbacks, themeFontMeasures } from './fonts.ts';
import {
  fontFaceCss,
  fontStack,
  fontFileUrl,
  fontSlug,
  fontFile,
  COMMON_UNICODE_RANGE,
  LATIN_UNICODE_RANGE,
  REST_UNICODE_RANGE,
  snapFontWeight,
  themeFontNames,
  themeFonts,
  type ThemeFont,
} from './index.ts';

/** A face's metrics as `fonts.ts` keeps them, read from its file by Capsize's reader. */
async function metricsOf(file: string) {
  const read = await fromFile(file);
  return { metrics: [read.unitsPerEm, read.ascent, read.descent, read.lineGap], averageWidth: read.xWidthAvg };
}

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

  it("keeps each weight's metrics and average width as its file has them", async () => {
    const { metrics, widths } = themeFontMeasures[font];
    expect(Object.keys(widths).map(Number)).toEqual(themeFonts[font].weights);
    for (const weight of themeFonts[font].weights) {
      const read = await metricsOf(`${fontsource}${slug}/files/${slug}-latin-${weight}-normal.woff2`);
      expect(read, `${font} ${weight}`).toEqual({ metrics, averageWidth: widths[weight] });
    }
  });
});

describe('fallback faces', () => {
  /** Debian's fonts-liberation, which Chromium brings: drawn to the widths and heights of Arial, Times New Roman and Courier New. */
  const liberation = '/usr/share/fonts/truetype/liberation/';
  const files = {
    'sans-serif': ['LiberationSans-Regular', 'LiberationSans-Bold'],
    serif: ['LiberationSerif-Regular', 'LiberationSerif-Bold'],
    monospace: ['LiberationMono-Regular', 'LiberationMono-Bold'],
  } as const;

  it.each(Object.entries(files))("keeps the %s faces' metrics as Liberation's files have them", async (generic, [regular, bold]) => {
    const faces = localFallbacks[generic as keyof typeof files];
    for (const [face, file] of [
      [faces.regular, regular],
      [faces.bold, bold],
    ] as const) {
      const { metrics, averageWidth } = face;
      expect(await metricsOf(`${liberation}${file}.ttf`), file).toEqual({ metrics, averageWidth });
    }
  });

  it('sizes the local face to the theme font: Inter as Next.js sizes it, Arial Bold for bold weights', () => {
    const css = fontFaceCss([{ font: 'Inter', weights: [400, 700] }])
      .split('\n')
      .filter((rule) => rule.includes('Fallback'));
    expect(css[0]).toBe(
      '@font-face{font-family:"Inter Fallback";font-style:normal;font-weight:400;src:local("Arial"),local("Liberation Sans");' +
        'size-adjust:107.12%;ascent-override:90.44%;descent-override:22.52%;line-gap-override:0%}',
    );
    expect(css[1]).toBe(
      '@font-face{font-family:"Inter Fallback";font-style:normal;font-weight:700;src:local("Arial Bold"),local("Liberation Sans Bold");' +
        'size-adjust:102.54%;ascent-override:94.47%;descent-override:23.52%;line-gap-override:0%}',
    );
  });

  it('is named in every stack, after the theme font and before the system faces', () => {
    expect(fontStack('Inter')).toBe('"Inter", "Inter Fallback", system-ui, -apple-system, "Segoe UI", sans-serif');
    expect(fontStack('Merriweather')).toBe('"Merriweather", "Merriweather Fallback", Georgia, "Times New Roman", serif');
    expect(fontFaceCss([{ font: 'Merriweather', weights: [400] }])).toContain('src:local("Times New Roman"),local("Liberation Serif");');
    expect(fontFaceCss([{ font: 'Inconsolata', weights: [700] }])).toContain(
      'src:local("Courier New Bold"),local("Liberation Mono Bold");',
    );
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
  it('writes two swap faces per snapped weight, the common part and the rest, from /fonts/<slug>/, then its fallback', () => {
    const rules = fontFaceCss([{ font: 'PT Sans', weights: [400, 600] }]).split('\n');
    expect(
      rules.map((rule) =>
        rule
          .match(/font-family:"([^"]+)";font-style:normal;font-weight:(\d+)/)!
          .slice(1)
          .join(' '),
      ),
    ).toEqual(['PT Sans 400', 'PT Sans 400', 'PT Sans Fallback 400', 'PT Sans 700', 'PT Sans 700', 'PT Sans Fallback 700']);
    expect(rules.filter((rule) => !rule.includes('Fallback')).join('\n')).toBe(
      [400, 700]
        .flatMap((w) =>
          (
            [
              ['common', COMMON_UNICODE_RANGE],
              ['rest', REST_UNICODE_RANGE],
            ] as const
          ).map(
            ([part, range]) =>
              `@font-face{font-family:"PT Sans";font-style:normal;font-weight:${w};font-display:swap;` +
              `src:url(/fonts/pt-sans/pt-sans-latin-${part}-${w}-normal.woff2) format('woff2');unicode-range:${range}}`,
          ),
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
    expect(
      [...css.matchAll(/font-family:"([^"]+)";font-style:normal;font-weight:(\d+);font-display:swap;src:url\([^)]*-latin-common-/g)].map(
        (m) => `${m[1]} ${m[2]}`,
      ),
    ).toEqual(['Rubik 400', 'Rubik 500', 'Rubik 700', 'Merriweather 700']);
  });

  it('writes nothing for no fonts', () => {
    expect(fontFaceCss([])).toBe('');
  });
});

it('lets the server serve only declared font files: whole, or one of their two parts', () => {
  expect(fontFile('inter', 'inter-latin-400-normal.woff2')).toEqual({
    font: 'Inter',
    weight: 400,
    latinFile: 'inter-latin-400-normal.woff2',
  });
  expect(fontFile('inter', 'inter-latin-common-400-normal.woff2')).toEqual({
    font: 'Inter',
    weight: 400,
    part: 'common',
    latinFile: 'inter-latin-400-normal.woff2',
  });
  expect(fontFile('pt-sans', 'pt-sans-latin-rest-700-normal.woff2')?.part).toBe('rest');
  for (const [slug, file] of [
    ['pt-sans', 'pt-sans-latin-300-normal.woff2'],
    ['pt-sans', 'pt-sans-latin-common-300-normal.woff2'],
    ['inter', 'inter-latin-other-400-normal.woff2'],
    ['inter', 'inter-latin-400-italic.woff2'],
    ['inter', '../../package.json'],
    ['..', 'inter-latin-400-normal.woff2'],
    ['comic-sans', 'comic-sans-latin-400-normal.woff2'],
  ]) {
    expect(fontFile(slug!, file!), `${slug}/${file}`).toBeNull();
  }
});

describe('the two parts', () => {
  it('split the latin range between them, each character in one, control characters in neither', () => {
    const latin = codePointsOf(LATIN_UNICODE_RANGE);
    const common = codePointsOf(COMMON_UNICODE_RANGE);
    const rest = codePointsOf(REST_UNICODE_RANGE);
    const controls = latin.filter((point) => point < 0x20 || (point >= 0x7f && point <= 0x9f));
    expect(controls).toHaveLength(65);
    expect([...common, ...rest, ...controls].sort((a, b) => a - b)).toEqual(latin);
    for (const mark of '£©®°·×–—‘’“”•…€™−\u00a0') expect(common, mark).toContain(mark.codePointAt(0));
    expect(rest).toContain('é'.codePointAt(0));
    expect(REST_UNICODE_RANGE).toMatch(/^U\+00A1-00A2,U\+00A4-00A8,/);
  });
});
