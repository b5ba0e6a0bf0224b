import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import { precompress } from '../../scripts/precompress.ts';

/** A theme whose sections join the store's (docs/sections.md, "In a theme"): built into dist-{theme}. */
const theme = process.env['VITRINE_THEME'];
const themeConditions = theme ? [`vitrine-theme-${theme}`] : [];

/** Builds the shopper app's browser bundle; the server renders the HTML and links these files from the manifest. */
export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
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
    outDir: theme ? `dist-${theme}` : 'dist',
    manifest: true,
    emptyOutDir: true,
    rollupOptions: { input: 'src/entry-client.tsx' },
  },
});
