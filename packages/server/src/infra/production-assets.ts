import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { ClientAssets } from '@vitrine/storefront/server';

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

/** The built client's entry script and its stylesheets' text (written into each page), read from Vite's manifest. */
export function readStorefrontAssets(dist = storefrontDist): ClientAssets {
  const file = `${dist}/.vite/manifest.json`;
  if (!existsSync(file)) throw new Error(`The shopper app is not built (${file} is missing): run "npm run build" first`);
  const text = readFileSync(file, 'utf8');
  const chunks = manifest.parse(JSON.parse(text));
  const entry = Object.values(chunks).find((e) => e.isEntry);
  if (!entry) throw new Error(`${file} names no entry`);
  // The manifest names every hashed file, so its hash changes exactly when the built client does.
  const buildId = createHash('sha256').update(text).digest('hex').slice(0, 16);
  // What the entry imports (the bundler's shared runtime chunk, say) is preloaded with it, not fetched after it.
  const imported = new Set<string>();
  const walk = (keys: readonly string[] = []) => {
    for (const key of keys) {
      const chunk = chunks[key];
      if (!chunk || imported.has(chunk.file)) continue;
      imported.add(chunk.file);
      walk(chunk.imports);
    }
  };
  walk(entry.imports);
  return {
    buildId,
    scripts: [`/${entry.file}`],
    modulePreloads: [...imported].map((chunk) => `/${chunk}`),
    styles: [],
    inlineStyles: (entry.css ?? []).map((css) => readFileSync(`${dist}/${css}`, 'utf8')),
  };
}
