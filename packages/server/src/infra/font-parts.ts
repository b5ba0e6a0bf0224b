// The theme fonts in two parts (theme-engine's `fontParts`): each weight's latin file from @fontsource cut by
// HarfBuzz's subsetter into the characters most shop text uses and the rest. The build writes the parts once
// (`build-font-parts.ts`); the server answers `/fonts/` from them.
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';
import {
  codePointsOf,
  FONT_URL_BASE,
  fontFileUrl,
  fontParts,
  fontSlug,
  themeFontNames,
  themeFonts,
  type FontFile,
  type FontPart,
  type ThemeFont,
} from '@vitrine/theme-engine';

/** Where the build writes the parts: `dist/fonts/<slug>/<file>` in the server's package. */
export const FONT_PARTS_DIR = fileURLToPath(new URL('../../dist/fonts/', import.meta.url));

const fontsource = createRequire(import.meta.url);

/** The `@fontsource` latin file of one weight, as the package ships it. */
export function latinFontPath(font: ThemeFont, latinFile: string): string {
  return join(dirname(fontsource.resolve(`@fontsource/${fontSlug(font)}/package.json`)), 'files', latinFile);
}

/** One part of a latin font file, as woff2: the glyphs of the part's characters, with what lays them out. */
export async function cutFontPart(latin: Buffer, part: FontPart): Promise<Buffer> {
  return subsetFont(latin, String.fromCodePoint(...codePointsOf(fontParts[part])), { targetFormat: 'woff2' });
}

/** A file's path under `/fonts/` and under the parts' folder: `inter/inter-latin-common-400-normal.woff2`. */
const servedName = (font: ThemeFont, weight: number, part?: FontPart) => fontFileUrl(font, weight, part).slice(FONT_URL_BASE.length + 1);

/** The file to answer a font request with, read once per path. */
const answered = new Map<string, string>();

/**
 * The file on disk that answers `file`: the built part, or, where the build has not written it (a development
 * server before its first build), the whole latin file it is cut from, which holds every character of both parts.
 */
export function fontFilePath(file: FontFile): string {
  const name = servedName(file.font, file.weight, file.part);
  let path = answered.get(name);
  if (path === undefined) {
    const built = join(FONT_PARTS_DIR, name);
    path = file.part && existsSync(built) ? built : latinFontPath(file.font, file.latinFile);
    answered.set(name, path);
  }
  return path;
}

/** Cuts every shipped weight of every theme font into its parts and writes them where the server reads them. */
export async function writeFontParts(): Promise<number> {
  let written = 0;
  for (const font of themeFontNames) {
    for (const weight of themeFonts[font].weights) {
      const latin = await readFile(latinFontPath(font, basename(servedName(font, weight))));
      for (const part of Object.keys(fontParts) as FontPart[]) {
        const path = join(FONT_PARTS_DIR, servedName(font, weight, part));
        await mkdir(dirname(path), { recursive: true });
        await writeFile(path, await cutFontPart(latin, part));
        written++;
      }
    }
  }
  return written;
}
