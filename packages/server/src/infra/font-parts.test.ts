import { readFile } from 'node:fs/promises';
import { create, type Font } from 'fontkitten';
import { describe, expect, it } from 'vitest';
import { codePointsOf, fontFile, fontParts, themeFonts } from '@vitrine/theme-engine';
import { cutFontPart, fontFilePath, latinFontPath } from './font-parts.ts';

const open = (bytes: Buffer) => create(bytes) as Font;

describe.each([
  ['Inter', 400],
  ['Work Sans', 700],
  ['Merriweather', 400],
] as const)('%s %i, cut in two', (font, weight) => {
  it('keeps every character of each part the latin file has, and no other; the common part is much the lighter', async () => {
    const latin = await readFile(latinFontPath(font, `${themeFonts[font].slug}-latin-${weight}-normal.woff2`));
    const whole = open(latin);
    for (const [part, range] of Object.entries(fontParts) as [keyof typeof fontParts, string][]) {
      const cut = await cutFontPart(latin, part);
      const drawn = open(cut);
      const wanted = codePointsOf(range).filter((point) => whole.hasGlyphForCodePoint(point));
      expect(wanted.length, part).toBeGreaterThan(part === 'common' ? 100 : 90);
      // A format-4 character map always ends with a segment for U+FFFF, which maps to no glyph.
      expect(new Set(drawn.characterSet.filter((point) => point !== 0xffff)), part).toEqual(new Set(wanted));
      if (part === 'common') {
        expect(drawn.hasGlyphForCodePoint('é'.codePointAt(0)!)).toBe(false);
        expect(cut.length / latin.length).toBeLessThan(0.7);
      } else {
        expect(drawn.hasGlyphForCodePoint('a'.codePointAt(0)!)).toBe(false);
      }
      expect(drawn.unitsPerEm).toBe(whole.unitsPerEm);
    }
  });
});

it('answers a part from the build, or from the whole latin file it is cut from before the build', () => {
  const part = fontFile('inter', 'inter-latin-common-400-normal.woff2')!;
  expect(fontFilePath(part)).toMatch(
    /(dist\/fonts\/inter\/inter-latin-common-400-normal|@fontsource\/inter\/files\/inter-latin-400-normal)\.woff2$/,
  );
  expect(fontFilePath(fontFile('inter', 'inter-latin-400-normal.woff2')!)).toMatch(
    /@fontsource\/inter\/files\/inter-latin-400-normal\.woff2$/,
  );
});
