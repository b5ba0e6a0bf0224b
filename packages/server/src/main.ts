import cluster, { type Worker } from 'node:cluster';
import { renderStorefront } from '@vitrine/storefront/server';
import { readConfigOrExit, StorageProblem, type ServerConfig } from './infra/config.ts';
import { readStorefrontAssets, storefrontDist, studioDist } from './infra/production-assets.ts';
import { demoSignIns } from './seed/seed-demo.ts';
import { createServer, prepareDatabase } from './server.ts';

const config = readConfigOrExit();

try {
  if (config.workers > 1 && cluster.isPrimary) await superviseWorkers(config);
  else await serve(config);
} catch (error) {
  // The data folder's problem (a full disk found while the database is made) is told as the config's check tells it.
  if (!(error instanceof StorageProblem)) throw error;
  console.error(`Vitrine cannot start: ${error.message}`);
  process.exit(1);
}

/** One server process: the app on the configured port (shared with its siblings when it is one of WORKERS). */
async function serve(config: ServerConfig): Promise<void> {
  const server = await createServer(
    config,
    { render: renderStorefront, assets: readStorefrontAssets(), staticDir: storefrontDist },
    { studioDir: studioDist },
    { dataPrepared: cluster.isWorker },
  );
  const address = await server.app.listen({ port: config.port, host: config.host });
  if (cluster.isPrimary) welcome(config, Number(new URL(address).port));
  // One close however many signals ask: Ctrl-C reaches every process of the terminal, and the first process then asks
  // the others too. The same signal again ends the process at once.
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      void server.close().then(() => process.exit(0));
    });
  }
}

/**
 * WORKERS > 1 (issue 18): this process prepares the database once, then starts that many server processes on the
 * one port (the operating system's cluster support hands each connection to one of them) and keeps them running: a
 * process that dies is started again. Each keeps its own page caches, which PostgreSQL's notifications keep true
 * across all of them (db/store-changes.ts). The Conversions API outbox claims the events it sends, and a mail is
 * one file named by its row, so nothing goes out twice.
 */
async function superviseWorkers(config: ServerConfig): Promise<void> {
  await prepareDatabase(config);
  let stopping = false;
  let listening = 0;
  const served = new Set<number>();
  const start = () =>
    cluster.fork({ SEED_DEMO: 'false' }).once('listening', function (this: Worker, address) {
      served.add(this.id);
      if (++listening === config.workers) welcome(config, address.port);
    });
  for (let i = 0; i < config.workers; i++) start();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    const how = signal ?? `code ${code}`;
    if (!served.has(worker.id)) {
      // It never served: its output says why (a port taken, a database refused), and another would fail the same way.
      console.error(`Vitrine cannot start: a server process ended before it listened (${how})`);
      stopAll(1);
      return;
    }
    console.error(`Vitrine: server process ${worker.process.pid} ended (${how}); starting another`);
    start();
  });
  /** Each process finishes its requests and closes its database; this one ends with the last of them. */
  const stopAll = (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
    });
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stopAll(0));
}

function welcome(config: ServerConfig, port: number): void {
  const processes = config.workers > 1 ? ` in ${config.workers} processes` : '';
  console.log(`\nVitrine is serving on ${config.databaseUrl ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`}${processes}`);
  for (const store of demoSignIns()) {
    console.log(`\n  ${store.title}: http://${store.domain}:${port}   studio: http://${store.domain}:${port}/editor`);
    console.log(`    owner    ${store.owner.email} / ${store.owner.password}`);
    console.log(`    customer ${store.customer.email} / ${store.customer.password}`);
  }
  console.log('');
}
