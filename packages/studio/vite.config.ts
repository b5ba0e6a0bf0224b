import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/** Builds the studio, served by the server at /editor. */
export default defineConfig({
  base: '/editor/',
  plugins: [react(), tailwindcss()],
  // The studio reads section schemas only (`@vitrine/sections/schemas`), never their components.
  resolve: {
    conditions: ['vitrine', ...defaultClientConditions],
  },
  worker: { format: 'es' },
  build: { outDir: 'dist', emptyOutDir: true },
});
