import { relative, resolve } from 'node:path';
import type { OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** Where the build writes, beside Vite's manifest, the files each lazily loaded module needs. */
export const PAGE_CODE_FILE = '.vite/page-code.json';

/** The shopper app's entry and the app it starts, under the storefront package. */
const ENTRY = 'src/client/first-page.ts';
const APP = 'src/app.tsx';

/** V8's magic comment: compile every function of this file eagerly (Chromium 136 and later; other engines ignore it). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Writes `.vite/page-code.json`: for each module the app loads when it needs it (the app itself, a page, a section),
 * named by its source path under `packages/` (`storefront/src/app.tsx`, `sections/src/header/header.tsx`), the files
 * it runs with: its chunk and every chunk that chunk imports, each after those it imports. The server reads it to tell a page which files its app
 * will need, so the page can fetch them ahead of the shopper's first tap (issue 33). Those files carry V8's compile
 * hint (`COMPILE_HINT`).
 */
export function pageCode(): Plugin {
  let packages = '';
  let entryModule = '';
  let appModule = '';
  return {
    name: 'vitrine-page-code',
    apply: 'build',
    configResolved(config) {
      packages = resolve(config.root, '..');
      entryModule = resolve(config.root, ENTRY);
      appModule = resolve(config.root, APP);
    },
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((output): output is OutputChunk => output.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk]),
      );
      // A chunk's files, each after the files it imports: run in this order, each file's code finds its imports run.
      const closure = (file: string, seen = new Set<string>(), into: string[] = []): string[] => {
        const chunk = chunks.get(file);
        if (!chunk || seen.has(file)) return into;
        seen.add(file);
        for (const imported of chunk.imports) closure(imported, seen, into);
        into.push(file);
        return into;
      };
      const chunkOf = new Map<string, string>();
      for (const chunk of chunks.values()) for (const id of chunk.moduleIds) chunkOf.set(id, chunk.fileName);
      const entryChunk = chunkOf.get(entryModule);
      if (!entryChunk) throw new Error(`page-code: the build has no chunk for its entry ${ENTRY}`);
      // What the app imports when it needs it: a chunk of its own, or a part of a chunk it shares with others.
      const modules: Record<string, string[]> = {};
      const appCode = new Set<string>();
      for (const id of [...this.getModuleIds()].sort()) {
        const chunk = chunkOf.get(id);
        const info = this.getModuleInfo(id);
        if (!chunk || !info?.dynamicImporters.length) continue;
        const files = closure(chunk);
        modules[relative(packages, id).split('\\').join('/')] = files.map((file) => `/${file}`);
        // The app and what it loads (its pages, sections); not what the entry loads beside it (the tracker, marketing).
        if (id === appModule || info.dynamicImporters.some((importer) => importer !== entryModule)) {
          for (const file of files) appCode.add(file);
        }
      }
      // V8's explicit compile hint: every function of these files is compiled as the file is, off the main thread while
      // the page fetches them ahead, instead of one by one as the first tap first calls them (about a third of that
      // tap's wait on a phone's CPU, issue 33). Not the entry's own files, which run at load.
      for (const file of closure(entryChunk)) appCode.delete(file);
      for (const file of appCode) {
        const chunk = chunks.get(file)!;
        chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
      }
      this.emitFile({ type: 'asset', fileName: PAGE_CODE_FILE, source: `${JSON.stringify(modules, null, 1)}\n` });
    },
  };
}
