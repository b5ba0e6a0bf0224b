import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import { pageCode } from '../../scripts/page-code.ts';
import { precompress } from '../../scripts/precompress.ts';

/** A theme whose sections join the store's (docs/sections.md, "In a theme"): built into dist-{theme}. */
const theme = process.env['VITRINE_THEME'];
const themeConditions = theme ? [`vitrine-theme-${theme}`] : [];

/** Builds the shopper app's browser bundle; the server renders the HTML and links these files from the manifest. */
export default defineConfig({
  plugins: [react(), tailwindcss(), pageCode(), precompress()],
  resolve: {
    conditions: ['vitrine', ...themeConditions, ...defaultClientConditions],
    // Every `zod` import gets zod with eval-free parsing set first (src/client/zod-jitless.ts says why).
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/client/zod-jitless.ts', import.meta.url)) }],
  },
  // `npm run dev` loads the server entry through Vite, which must read packages from source too.
  ssr: {
    resolve: {
      conditions: ['vitrine', ...themeConditions, ...defaultServerConditions],
      externalConditions: ['vitrine', ...themeConditions],
    },
  },
  build: {
    // One stylesheet, which the server writes into every page (ClientAssets.inlineStyles): split per chunk, a chunk
    // fetched later would link its importers' stylesheet again.
    cssCodeSplit: false,
    // No preload links around dynamic imports: the server preloads what the entries import, and a page's chunks
    // bring their own imports. A <link rel=modulepreload> added per import cost the first entry 332 ms of the home
    // page's first long task on a 4x-throttled main thread (49 ms without).
    modulePreload: false,
    outDir: theme ? `dist-${theme}` : 'dist',
    manifest: true,
    emptyOutDir: true,
    // One entry, a few kilobytes: it keeps the visit's cookies, starts the tracker and starts the app (src/app.tsx,
    // a chunk of its own) when the page needs it (client/app-start.ts).
    rollupOptions: { input: ['src/client/first-page.ts'] },
  },
});
