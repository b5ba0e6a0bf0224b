import { relative, resolve } from 'node:path';
import type { OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** Where the build writes, beside Vite's manifest, the files each lazily loaded module needs. */
export const PAGE_CODE_FILE = '.vite/page-code.json';

/**
 * Writes `.vite/page-code.json`: for each module the app loads when it needs it (the app itself, a page, a section),
 * named by its source path under `packages/` (`storefront/src/app.tsx`, `sections/src/header/header.tsx`), the files
 * it runs with: its chunk and every chunk that chunk imports. The server reads it to tell a page which files its app
 * will need, so the page can fetch them ahead of the shopper's first tap (issue 33).
 */
export function pageCode(): Plugin {
  let packages = '';
  return {
    name: 'vitrine-page-code',
    apply: 'build',
    configResolved(config) {
      packages = resolve(config.root, '..');
    },
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((output): output is OutputChunk => output.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk]),
      );
      const closure = (file: string, into = new Set<string>()): Set<string> => {
        const chunk = chunks.get(file);
        if (!chunk || into.has(file)) return into;
        into.add(file);
        for (const imported of chunk.imports) closure(imported, into);
        return into;
      };
      const chunkOf = new Map<string, string>();
      for (const chunk of chunks.values()) for (const id of chunk.moduleIds) chunkOf.set(id, chunk.fileName);
      // What the app imports when it needs it: a chunk of its own, or a part of a chunk it shares with others.
      const modules: Record<string, string[]> = {};
      for (const id of [...this.getModuleIds()].sort()) {
        const chunk = chunkOf.get(id);
        if (!chunk || !this.getModuleInfo(id)?.dynamicImporters.length) continue;
        modules[relative(packages, id).split('\\').join('/')] = [...closure(chunk)].map((file) => `/${file}`);
      }
      this.emitFile({ type: 'asset', fileName: PAGE_CODE_FILE, source: `${JSON.stringify(modules, null, 1)}\n` });
    },
  };
}
