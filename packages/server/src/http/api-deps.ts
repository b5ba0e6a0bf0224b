import type { Db } from '../db/connect.ts';
import type { FacetIndex } from '../shop/facet-index.ts';
import type { LiveFlags } from '../infra/live-flags.ts';
import type { MaintenanceBypass } from '../shop/maintenance.ts';
import type { Mailer } from '../infra/mailer.ts';
import type { PaymentProvider } from '../infra/payments.ts';
import type { RateLimiter } from '../infra/rate-limit.ts';
import type { TokenService } from '../auth/tokens.ts';
import type { TrackingOptions } from '../shop/tracking.ts';
import type { TrackTokens } from '../shop/tracking-token.ts';
import type { ConversionOutbox } from '../shop/conversions.ts';

/** What the API's route groups are given: the database and the services they call. */
export interface ApiDeps {
  /**
   * The whole database, every store's rows: only for what comes before a store is known (finding it by domain,
   * the owner's sign-in and their list of stores, the health check) and for the guards. A handler of a call made on
   * a store reads and writes through its `store`, scoped to that store.
   */
  everyStore: Db;
  /** The tables that hold a store's rows (`storeTablesOf`), read from the database at start. */
  storeTables: ReadonlySet<string>;
  /** Each store's products as its listings count them, kept in this process (`shop/facet-index.ts`). */
  facets: FacetIndex;
  tokens: TokenService;
  limiter: RateLimiter;
  mailer: Mailer;
  /** The Conversions API outbox (`shop/conversions.ts`): events queued by a request are sent after its answer. */
  conversions: ConversionOutbox;
  /** Where card payments are made (`infra/payments.ts`). */
  payments: PaymentProvider;
  liveFlags: LiveFlags;
  bypass: MaintenanceBypass;
  /** How often an open maintenance stream sends a comment, so proxies keep it open (25 s). */
  heartbeatMs: number;
  /** Where media files live (served at /media); the studio's uploads go to `{webId}/uploads/` in it. */
  mediaDir: string;
  /** The build the server runs; open pages poll it hourly and reload into a new one (§4). */
  buildId: () => Promise<string>;
  /** How the visitor-tracking intake runs (`track-api.ts`); production defaults unless given. */
  tracking?: TrackingOptions | undefined;
  /** Signs and reads the token a page hands the visitor tracker (`shop/tracking-token.ts`). */
  trackTokens: TrackTokens;
}
