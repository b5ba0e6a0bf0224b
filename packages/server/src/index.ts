export { createServer } from './server.ts';
export type { StartedServer } from './server.ts';
export { readConfig } from './config.ts';
export type { ServerConfig } from './config.ts';
export { buildApp, BODY_LIMIT_BYTES } from './http/app.ts';
export type { AppOptions } from './http/app.ts';
export { openDatabase, migrateToLatest } from './db/connect.ts';
export type { Db } from './db/connect.ts';
