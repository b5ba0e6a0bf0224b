import { defineConfig } from 'vitest/config';

/**
 * The studio ships on Preact's React-compatible layer (packages/studio/vite.config.ts), so its tests run on it too;
 * every other package runs on React.
 */
const preact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
  // Their ES builds (Node would load the CommonJS ones, which require React itself), inlined below.
  { find: /^@testing-library\/react$/, replacement: '@testing-library/react/dist/@testing-library/react.esm.js' },
  { find: /^@dnd-kit\/(core|sortable|utilities|accessibility)$/, replacement: '@dnd-kit/$1/dist/$1.esm.js' },
];

/** One Vitest run over every package; tests sit beside the code they test. */
export default defineConfig({
  resolve: { conditions: ['vitrine'] },
  ssr: { resolve: { conditions: ['vitrine'] } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'react', include: ['packages/*/src/**/*.test.{ts,tsx}', 'docs/**/*.test.{ts,tsx}'], exclude: ['packages/studio/**'] },
      },
      {
        extends: true,
        resolve: { alias: preact },
        test: { name: 'studio', include: ['packages/studio/src/**/*.test.{ts,tsx}'], server: { deps: { inline: [/zustand/, /@dnd-kit/, /@testing-library\/react/] } } },
      },
    ],
  },
});
