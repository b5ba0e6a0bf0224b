import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { readStorefrontAssets } from './production-assets.ts';

it('links the entry, carries the text of its stylesheets and preloads the modules it imports, not those it may load later', () => {
  const dist = mkdtempSync(join(tmpdir(), 'vitrine-dist-'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(
    join(dist, '.vite/manifest.json'),
    JSON.stringify({
      'src/entry-client.tsx': {
        file: 'assets/entry-1.js',
        css: ['assets/entry-1.css'],
        imports: ['_runtime.js'],
        dynamicImports: ['src/preview.tsx'],
        isEntry: true,
      },
      '_runtime.js': { file: 'assets/runtime-2.js', imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared-3.js', imports: ['_runtime.js'] },
      'src/preview.tsx': { file: 'assets/preview-4.js', imports: ['_runtime.js'] },
    }),
  );
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets/entry-1.css'), '.vt-page{color:red}');
  const assets = readStorefrontAssets(dist);
  expect(assets.scripts).toEqual(['/assets/entry-1.js']);
  expect(assets.modulePreloads).toEqual(['/assets/runtime-2.js', '/assets/shared-3.js']);
  expect(assets.styles).toEqual([]);
  expect(assets.inlineStyles).toEqual(['.vt-page{color:red}']);
  expect(assets.buildId).toMatch(/^[0-9a-f]{16}$/);
});
