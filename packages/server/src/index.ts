export { createServer } from './server.ts';
export type { StartedServer } from './server.ts';
export { readConfig } from './infra/config.ts';
export type { ServerConfig } from './infra/config.ts';
export { buildApp, BODY_LIMIT_BYTES } from './http/app.ts';
export type { AppOptions } from './http/app.ts';
export { openDatabase, migrateToLatest } from './db/connect.ts';
export type { Db } from './db/connect.ts';
export { requireToken, requireCustomer, requireOwner, requireOwnerSession } from './http/principals.ts';
export type { SignedInCustomer } from './http/principals.ts';
export { hasMaintenanceBypass } from './http/maintenance-api.ts';
export {
  MAINTENANCE_BYPASS_COOKIE,
  MAINTENANCE_BYPASS_SECONDS,
  MaintenanceBypass,
  decodeHtmlEntities,
  encodeHtmlEntities,
} from './shop/maintenance.ts';
export { createLiveFlags, InProcessLiveFlags, PostgresLiveFlags, MAINTENANCE_CHANNEL } from './infra/live-flags.ts';
export type { LiveFlags, FlagListener } from './infra/live-flags.ts';
export { OutboxMailer } from './infra/mailer.ts';
export type { Mailer, OutgoingMail } from './infra/mailer.ts';
export { RateLimiter, rateRules } from './infra/rate-limit.ts';
export type { RateRule } from './infra/rate-limit.ts';
