import { fileURLToPath } from 'node:url';
import middie from '@fastify/middie';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ClientAssets, renderStorefront as RenderStorefront } from '@vitrine/storefront/server';
import { createServer as createViteServer } from 'vite';
import { readConfigOrExit } from './infra/config.ts';
import { demoSignIns } from './seed/seed-demo.ts';
import { createServer } from './server.ts';

/**
 * `npm run dev`: the same server, with the shopper app and the studio served by Vite in middleware mode, so that
 * browser code reloads in place (HMR) and server-rendered pages use the current source on every request.
 * `node --watch` restarts the process when the server's own files change.
 */
const storefrontRoot = fileURLToPath(new URL('../../storefront', import.meta.url));
const studioRoot = fileURLToPath(new URL('../../studio', import.meta.url));

const storefrontVite = await createViteServer({
  root: storefrontRoot,
  configFile: `${storefrontRoot}/vite.config.ts`,
  server: { middlewareMode: true },
  appType: 'custom',
});
const studioVite = await createViteServer({
  root: studioRoot,
  configFile: `${studioRoot}/vite.config.ts`,
  server: { middlewareMode: true, hmr: { port: 24679 } },
  appType: 'spa',
});

// What @vitejs/plugin-react puts in index.html; a server-rendered page must carry it itself.
const refreshPreamble = [
  `import { injectIntoGlobalHook } from '/@react-refresh';`,
  'injectIntoGlobalHook(window);',
  'window.$RefreshReg$ = () => {};',
  'window.$RefreshSig$ = () => (type) => type;',
].join('\n');
// Each start is a build: after the server restarts on a change, open pages reload into it at their next poll.
const assets: ClientAssets = {
  buildId: `dev-${Date.now().toString(36)}`,
  scripts: ['/@vite/client', '/src/client/first-page.ts'],
  styles: [],
  inlineScripts: [refreshPreamble],
};

const render: typeof RenderStorefront = async (request, data, clientAssets) => {
  const entry = (await storefrontVite.ssrLoadModule('/src/entry-server.tsx')) as { renderStorefront: typeof RenderStorefront };
  return entry.renderStorefront(request, data, clientAssets);
};

const config = readConfigOrExit();
const server = await createServer(
  config,
  { render, assets },
  {
    // Source changes must show at once while developing.
    pageCache: false,
    // Vite's hot reload injects inline scripts and opens its own socket.
    contentSecurityPolicy: false,
    async beforeRoutes(app) {
      await app.register(middie);
      app.use((request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) =>
        (request.url ?? '').startsWith('/editor')
          ? studioVite.middlewares(request, response, next)
          : storefrontVite.middlewares(request, response, next),
      );
    },
  },
);
const address = await server.app.listen({ port: config.port, host: config.host });
const port = new URL(address).port;
console.log(`\nVitrine dev server (hot reload) on port ${port}`);
for (const store of demoSignIns())
  console.log(`  ${store.title}: http://${store.domain}:${port}   studio: http://${store.domain}:${port}/editor`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.all([server.close(), storefrontVite.close(), studioVite.close()]).then(() => process.exit(0));
  });
}
