import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';

/** Builds the shopper app's browser bundle; the server renders the HTML and links these files from the manifest. */
export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { conditions: ['vitrine', ...defaultClientConditions] },
  // `npm run dev` loads the server entry through Vite, which must read packages from source too.
  ssr: { resolve: { conditions: ['vitrine', ...defaultServerConditions], externalConditions: ['vitrine'] } },
  build: {
    outDir: 'dist',
    manifest: true,
    emptyOutDir: true,
    rollupOptions: { input: 'src/entry-client.tsx' },
  },
});
