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
  expect(assets.appStylesheets).toEqual(['/assets/entry-1.css']);
  expect(assets.buildId).toMatch(/^[0-9a-f]{16}$/);
});

it('runs an entry another imports first, and writes the one stylesheet of a build that does not split CSS, not a lazy chunk’s', () => {
  const dist = mkdtempSync(join(tmpdir(), 'vitrine-dist-'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(
    join(dist, '.vite/manifest.json'),
    JSON.stringify({
      'src/entry-client.tsx': { file: 'assets/entry-1.js', imports: ['src/client/first-page.ts', '_react.js'], isEntry: true },
      'src/client/first-page.ts': { file: 'assets/first-page-2.js', imports: ['_react.js'], isEntry: true },
      '_react.js': { file: 'assets/react-3.js' },
      'src/marketing/banner.tsx': { file: 'assets/banner-4.js', css: ['assets/banner-4.css'], isDynamicEntry: true },
      'style.css': { file: 'assets/style-5.css', src: 'style.css' },
    }),
  );
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets/style-5.css'), '.vt-page{color:red}');
  writeFileSync(join(dist, 'assets/banner-4.css'), '.vt-banner{color:blue}');
  const assets = readStorefrontAssets(dist);
  expect(assets.scripts).toEqual(['/assets/first-page-2.js', '/assets/entry-1.js']);
  expect(assets.modulePreloads).toEqual(['/assets/react-3.js']);
  expect(assets.inlineStyles).toEqual(['.vt-page{color:red}']);
});

it('reads the code each lazily loaded module needs, as the build wrote it, leaving out what every page links', () => {
  const dist = mkdtempSync(join(tmpdir(), 'vitrine-dist-'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(
    join(dist, '.vite/manifest.json'),
    JSON.stringify({
      'src/client/first-page.ts': { file: 'assets/first-page-1.js', imports: ['_runtime.js'], isEntry: true },
      '_runtime.js': { file: 'assets/runtime-2.js' },
    }),
  );
  writeFileSync(
    join(dist, '.vite/page-code.json'),
    JSON.stringify({ 'storefront/src/app.tsx': ['/assets/app-3.js', '/assets/runtime-2.js', '/assets/first-page-1.js'] }),
  );
  const { appCode } = readStorefrontAssets(dist);
  expect(appCode?.filesOf(appCode.nameOf(['storefront/src/app.tsx']))).toEqual(['/assets/app-3.js']);
  // A build without the file (an older one) fetches nothing ahead.
  const older = mkdtempSync(join(tmpdir(), 'vitrine-dist-'));
  mkdirSync(join(older, '.vite'));
  writeFileSync(join(older, '.vite/manifest.json'), JSON.stringify({ 'src/entry.ts': { file: 'assets/entry-1.js', isEntry: true } }));
  expect(readStorefrontAssets(older).appCode).toBeUndefined();
});
