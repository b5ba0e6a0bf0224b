import { defineConfig } from 'vitest/config';

/** One Vitest run over every package; tests sit beside the code they test. */
export default defineConfig({
  resolve: { conditions: ['vitrine'] },
  ssr: { resolve: { conditions: ['vitrine'] } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    include: ['packages/*/src/**/*.test.{ts,tsx}', 'docs/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    // One realtime database for the run, which the demo store Atelier Nord follows its maintenance flag through.
    globalSetup: ['packages/server/src/realtime-test-server.ts'],
  },
});
