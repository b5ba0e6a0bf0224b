import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/** Builds the studio, served by the server at /editor. */
export default defineConfig({
  base: '/editor/',
  plugins: [react(), tailwindcss()],
  resolve: { conditions: ['vitrine', ...defaultClientConditions] },
  build: { outDir: 'dist', emptyOutDir: true },
});
