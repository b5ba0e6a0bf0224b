// The server's public surface: start one (`createServer`, as main.ts does), build just its HTTP app, or open its
// database. Everything else is the server's own.
export { createServer } from './server.ts';
export type { StartedServer } from './server.ts';
export { readConfig } from './infra/config.ts';
export type { ServerConfig } from './infra/config.ts';
export { buildApp } from './http/app.ts';
export type { AppOptions } from './http/app.ts';
export { openDatabase, migrateToLatest } from './db/connect.ts';
export type { Db } from './db/connect.ts';
