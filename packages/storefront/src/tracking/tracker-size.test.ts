import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

// Its own file: esbuild needs Node's own TextEncoder, which the tracker's jsdom tests replace.
describe('the tracker’s size', () => {
  it('is at most 1.5 KB gzipped, minified with what it imports', async () => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL('./tracker.ts', import.meta.url))],
      bundle: true,
      minify: true,
      format: 'esm',
      target: 'es2022',
      conditions: ['vitrine'],
      write: false,
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]!.contents;
    const gzipped = gzipSync(code, { level: 9 }).length;
    expect(gzipped, `tracker: ${code.length} bytes minified, ${gzipped} gzipped`).toBeLessThanOrEqual(1536);
  });
});
