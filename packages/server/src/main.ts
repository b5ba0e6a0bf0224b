import { renderStorefront } from '@vitrine/storefront/server';
import { readConfigOrExit } from './infra/config.ts';
import { readStorefrontAssets, storefrontDist, studioDist } from './infra/production-assets.ts';
import { demoSignIns } from './seed/seed-demo.ts';
import { createServer } from './server.ts';

const config = readConfigOrExit();
const server = await createServer(
  config,
  { render: renderStorefront, assets: readStorefrontAssets(), staticDir: storefrontDist },
  { studioDir: studioDist },
);
const address = await server.app.listen({ port: config.port, host: config.host });
const port = new URL(address).port;

console.log(`\nVitrine is serving on ${config.databaseUrl ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`}`);
for (const store of demoSignIns()) {
  console.log(`\n  ${store.title}: http://${store.domain}:${port}   studio: http://${store.domain}:${port}/editor`);
  console.log(`    owner    ${store.owner.email} / ${store.owner.password}`);
  console.log(`    customer ${store.customer.email} / ${store.customer.password}`);
}
console.log('');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
