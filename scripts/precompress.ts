import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** What is worth compressing: text the browser fetches. Images and fonts are compressed already. */
const compressible = /\.(js|mjs|css|svg|json|html|txt|map)$/;

/** Below this, a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every built text asset, so the server
 * sends the smallest encoding the browser accepts without compressing on each request (@fastify/static
 * `preCompressed`). The strongest settings cost time once per build, never per request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'vitrine-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const assets = join(outDir, 'assets');
      const names = (await readdir(assets)).filter((name) => compressible.test(name));
      await Promise.all(
        names.map(async (name) => {
          const file = join(assets, name);
          const bytes = await readFile(file);
          if (bytes.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
            }),
            gzipped(bytes, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}
