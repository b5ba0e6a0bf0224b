import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { precompress } from '../../scripts/precompress.ts';

/** A theme whose sections join the store's (docs/sections.md, "In a theme"): built into dist-{theme}. */
const theme = process.env['VITRINE_THEME'];

/** Builds the studio, served by the server at /editor. */
export default defineConfig({
  base: '/editor/',
  plugins: [react(), tailwindcss(), precompress()],
  // The studio reads section schemas only (`@vitrine/sections/schemas`), never their components.
  resolve: {
    conditions: ['vitrine', ...(theme ? [`vitrine-theme-${theme}`] : []), ...defaultClientConditions],
  },
  worker: { format: 'es' },
  build: { outDir: theme ? `dist-${theme}` : 'dist', emptyOutDir: true },
});
