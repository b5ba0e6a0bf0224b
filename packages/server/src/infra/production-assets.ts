import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { appCodeOf, type ClientAssets } from '@vitrine/storefront/server';

/**
 * Where `npm run build` leaves the shopper app and the studio: `dist`, or `dist-{theme}` for a build with a theme's
 * sections (`VITRINE_THEME`, docs/sections.md). The server itself then runs with the theme's condition.
 */
const built = process.env['VITRINE_THEME'] ? `dist-${process.env['VITRINE_THEME']}` : 'dist';
export const storefrontDist = fileURLToPath(new URL(`../../../storefront/${built}`, import.meta.url));
export const studioDist = fileURLToPath(new URL(`../../../studio/${built}`, import.meta.url));

const manifest = z.record(
  z.string(),
  z.object({
    file: z.string(),
    css: z.array(z.string()).optional(),
    imports: z.array(z.string()).optional(),
    isEntry: z.boolean().optional(),
  }),
);

/**
 * The built client's entry scripts, in the order they run, the modules they import (preloaded with them) and their
 * stylesheets' text (written into each page), read from Vite's manifest.
 */
export function readStorefrontAssets(dist = storefrontDist): ClientAssets {
  const file = `${dist}/.vite/manifest.json`;
  if (!existsSync(file)) throw new Error(`The shopper app is not built (${file} is missing): run "npm run build" first`);
  const text = readFileSync(file, 'utf8');
  const chunks = manifest.parse(JSON.parse(text));
  // The manifest names every hashed file, so its hash changes exactly when the built client does.
  const buildId = createHash('sha256').update(text).digest('hex').slice(0, 16);

  /** The keys of the chunks `keys` import, directly or through others. */
  const closure = (keys: readonly string[] = [], into = new Set<string>()) => {
    for (const key of keys) {
      if (into.has(key) || !chunks[key]) continue;
      into.add(key);
      closure(chunks[key].imports, into);
    }
    return into;
  };
  // An entry that another imports runs before it (the page-code fetcher before the app that waits for it).
  const entries = Object.keys(chunks)
    .filter((key) => chunks[key]!.isEntry)
    .sort((a, b) => (closure(chunks[b]!.imports).has(a) ? -1 : closure(chunks[a]!.imports).has(b) ? 1 : 0));
  if (entries.length === 0) throw new Error(`${file} names no entry`);
  // What the entries import (the bundler's shared runtime chunk, say) is preloaded with them, not fetched after them.
  const imported = closure(entries.flatMap((key) => chunks[key]!.imports ?? []));
  const fileOf = (key: string) => `/${chunks[key]!.file}`;
  // The app's stylesheets: the entries' and, when the build does not split CSS, the one it writes. Not those a chunk
  // fetched later brings with it.
  const lazyCss = new Set(
    Object.entries(chunks)
      .filter(([key]) => !entries.includes(key))
      .flatMap(([, chunk]) => chunk.css ?? []),
  );
  const stylesheets = [
    ...new Set(Object.values(chunks).flatMap((chunk) => (chunk.file.endsWith('.css') ? [chunk.file] : (chunk.css ?? [])))),
  ].filter((css) => !lazyCss.has(css));
  const scripts = entries.map(fileOf);
  const modulePreloads = [...imported].filter((key) => !entries.includes(key)).map(fileOf);
  // The files each module the app loads when it needs it runs with (scripts/page-code.ts), for pages to fetch ahead.
  const pageCode = `${dist}/.vite/page-code.json`;
  const appCode = existsSync(pageCode)
    ? appCodeOf(z.record(z.string(), z.array(z.string())).parse(JSON.parse(readFileSync(pageCode, 'utf8'))), [
        ...scripts,
        ...modulePreloads,
      ])
    : undefined;
  return {
    buildId,
    scripts,
    modulePreloads,
    ...(appCode ? { appCode } : {}),
    styles: [],
    inlineStyles: stylesheets.map((css) => readFileSync(`${dist}/${css}`, 'utf8')),
    // The same files, linked by the app when it starts: each page carries only the rules its HTML uses.
    appStylesheets: stylesheets.map((css) => `/${css}`),
  };
}
