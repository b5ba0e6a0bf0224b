import { mkdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { asStorageProblem, type ServerConfig } from './infra/config.ts';
import { migrateToLatest, openDatabase, type Db } from './db/connect.ts';
import { removeInterruptedWrites } from './infra/files.ts';
import { buildApp, type AppOptions } from './http/app.ts';
import { createLiveFlags, type LiveFlags } from './infra/live-flags.ts';
import { OutboxMailer, type Mailer } from './infra/mailer.ts';
import { MetaConversionsApi } from './infra/conversions-api.ts';
import { seedDemoStores } from './seed/seed-demo.ts';
import { ensureSystemPagesOfEveryStore } from './studio/studio-documents.ts';
import { recompilePublishedThemes } from './studio/theme.ts';
import { AccessTokens, TokenService } from './auth/tokens.ts';

export interface StartedServer {
  app: FastifyInstance;
  db: Db;
  /** The live maintenance flags, shared with every process on the database. */
  liveFlags: LiveFlags;
  mailer: Mailer;
  /** Demo stores created by this start (empty when they already existed). */
  seeded: string[];
  close(): Promise<void>;
}

/**
 * The configured database. The embedded one is made in DATA_DIR at the first start: a disk that fills up while it is
 * (its file system throws `ErrnoError { errno: 51 }`) stops the start with the folder named, as the config's check does.
 */
const openConfiguredDatabase = (config: ServerConfig) =>
  openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/db` }).catch(
    (error: unknown) => {
      throw asStorageProblem(error, config);
    },
  );

/**
 * Brings the data up to date before a process serves: the schema migrated, uploads a killed process was writing
 * removed, the demo stores seeded when asked, every store's system pages made and its published theme's CSS
 * written by this engine. Answers the stores seeded.
 */
async function prepareData(db: Db, config: ServerConfig): Promise<string[]> {
  await migrateToLatest(db);
  mkdirSync(config.mediaDir, { recursive: true });
  await removeInterruptedWrites(config.mediaDir);
  const seeded = config.seedDemo ? await seedDemoStores(db, config.mediaDir, config.demoRealtimeDatabaseUrl) : [];
  // Every store has its home page, product template and listing template before anyone asks for them.
  await ensureSystemPagesOfEveryStore(db);
  await recompilePublishedThemes(db);
  return seeded;
}

/**
 * What the first of several server processes (WORKERS) does before the others start, so they do not each migrate
 * and seed at once: `prepareData` on a connection of its own, closed after.
 */
export async function prepareDatabase(config: ServerConfig): Promise<string[]> {
  const db = await openConfiguredDatabase(config);
  try {
    return await prepareData(db, config);
  } catch (error) {
    throw asStorageProblem(error, config);
  } finally {
    await db.destroy();
  }
}

/**
 * Opens the database, brings its schema up to date, seeds the demo stores when asked (unless `dataPrepared`: the
 * first of several processes did), and builds the HTTP app. It does not listen; the caller decides where.
 */
export async function createServer(
  config: ServerConfig,
  storefront: AppOptions['storefront'],
  extra: Partial<AppOptions> = {},
  { dataPrepared = false }: { dataPrepared?: boolean } = {},
): Promise<StartedServer> {
  const db = await openConfiguredDatabase(config);
  let liveFlags: LiveFlags | undefined;
  try {
    // One of several processes leaves it to the first (`prepareDatabase`): clearing unfinished uploads as it starts
    // would remove those its siblings are writing.
    const seeded = dataPrepared ? [] : await prepareData(db, config);
    const tokens = new TokenService(db, new AccessTokens(config.secret, undefined, config.accessTokenSeconds), config.refreshGraceSeconds);
    liveFlags = await createLiveFlags(config.databaseUrl, db);
    const mailer = new OutboxMailer(db, config.outboxDir);
    // Mail a crash left queued after its message was stored.
    await mailer.deliverQueued();
    const app = await buildApp({
      db,
      tokens,
      secret: config.secret,
      mailer,
      liveFlags,
      mediaDir: config.mediaDir,
      cacheDir: `${config.dataDir}/cache`,
      storefront,
      // Production logs what needs a look (every 5xx, with its request id); development every request too.
      logger: config.production ? { level: 'warn' } : true,
      trustProxy: config.trustProxy,
      platformHosts: config.platformHosts,
      conversionsApi: new MetaConversionsApi(config.conversionsApiUrl),
      ...extra,
    });
    const flags = liveFlags;
    return {
      app,
      db,
      liveFlags: flags,
      mailer,
      seeded,
      async close() {
        await app.close();
        await flags.close();
        await mailer.idle();
        await db.destroy();
      },
    };
  } catch (error) {
    await liveFlags?.close();
    // A database that failed for a full disk may fail to close too: the first failure is the one to tell.
    await db.destroy().catch(() => {});
    throw asStorageProblem(error, config);
  }
}
