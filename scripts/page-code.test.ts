import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { build } from 'vite';
import { COMPILE_HINT, PAGE_CODE_FILE, pageCode } from './page-code.ts';

/**
 * A shop in miniature, built with the plugin: an entry that loads the app and a tracker beside it, an app that loads
 * a page, and a library both the app and the page import.
 */
const sources: Record<string, string> = {
  'src/client/first-page.ts': `export const entryMark = 'entry';
    document.body.dataset.ran = entryMark;
    void import('../tracker.ts');
    void import('../app.tsx');`,
  'src/tracker.ts': `export const track = () => 'tracked';`,
  'src/library.ts': `export const shared = () => 'shared';`,
  'src/app.tsx': `import { shared } from './library.ts';
    export const startApp = () => import('./pages/page.tsx').then((page) => page.draw() + shared());`,
  'src/pages/page.tsx': `import { shared } from '../library.ts';
    export const draw = () => 'drawn' + shared();`,
};

let root = '';
let modules: Record<string, string[]> = {};
const code = (file: string) => readFileSync(join(root, 'dist', file), 'utf8');

beforeAll(async () => {
  const packages = mkdtempSync(join(tmpdir(), 'vitrine-page-code-'));
  root = join(packages, 'storefront');
  for (const [path, text] of Object.entries(sources)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  await build({
    root,
    logLevel: 'silent',
    configFile: false,
    plugins: [pageCode()],
    build: { outDir: 'dist', modulePreload: false, rollupOptions: { input: ['src/client/first-page.ts'] } },
  });
  modules = JSON.parse(code(PAGE_CODE_FILE)) as Record<string, string[]>;
});
afterAll(() => rmSync(join(root, '..'), { recursive: true, force: true }));

it('lists the files each lazily loaded module needs, each after the files it imports', () => {
  expect(Object.keys(modules).sort()).toEqual(['storefront/src/app.tsx', 'storefront/src/pages/page.tsx', 'storefront/src/tracker.ts']);
  for (const files of Object.values(modules)) {
    files.forEach((file, at) => {
      const imported = [...code(file).matchAll(/from\s*"\.\/([^"]+)"/g)].map((match) => `/assets/${match[1]}`);
      for (const dependency of imported) expect(files.indexOf(dependency), `${file} imports ${dependency}`).toBeLessThan(at);
    });
  }
  // The app's own chunk comes last, after the library it shares with the page.
  expect(modules['storefront/src/app.tsx']!.at(-1)).toMatch(/^\/assets\/app-/);
});

it('marks the files of the app and what it loads for eager compiling; not the entry, nor what the entry loads beside the app', () => {
  const hinted = (file: string) => code(file).startsWith(`${COMPILE_HINT}\n`);
  const entry = readdirSync(join(root, 'dist', 'assets')).find((file) => file.startsWith('first-page-'))!;
  expect(hinted(`assets/${entry}`)).toBe(false);
  for (const file of modules['storefront/src/tracker.ts']!) expect(hinted(file), file).toBe(false);
  for (const module of ['storefront/src/app.tsx', 'storefront/src/pages/page.tsx']) {
    for (const file of modules[module]!.filter((file) => !file.includes('first-page-'))) expect(hinted(file), file).toBe(true);
  }
});
