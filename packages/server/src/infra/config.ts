import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { REFRESH_GRACE_SECONDS } from '../auth/tokens.ts';

const environment = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./.data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Signs access tokens; at least 32 characters. Generated once and kept in DATA_DIR when not given. */
    VITRINE_SECRET: z.string().min(32).optional(),
    /** Access-token lifetime in seconds (15 minutes); browser tests shorten it to watch a token expire. */
    ACCESS_TOKEN_SECONDS: z.coerce.number().int().min(2).max(3600).default(900),
    /** How long a just-rotated refresh token still answers with its successor, for two tabs refreshing at once. */
    REFRESH_GRACE_SECONDS: z.coerce.number().int().min(0).max(60).default(REFRESH_GRACE_SECONDS),
    /**
     * The platform's own addresses, comma-separated: on them and their subdomains `?store=` may show any store (§2.8);
     * on a store's own domain it is ignored.
     */
    PLATFORM_HOSTS: z
      .string()
      .default('localhost')
      .transform((value) =>
        value
          .split(',')
          .map((part) => part.trim().toLowerCase())
          .filter(Boolean),
      ),
    SEED_DEMO: z.enum(['true', 'false']).default('true'),
    /** Where Conversions API events are posted: Meta's Graph API, or another server speaking its protocol (staging). */
    CONVERSIONS_API_URL: z
      .string()
      .regex(/^https?:\/\/[^\s/]+/, 'must be an http or https address')
      .default('https://graph.facebook.com'),
    /**
     * Whose X-Forwarded-For to believe for the client's address (per-IP rate limits): nobody's unless told (`false`),
     * `loopback` (a proxy on this machine), `true` (any: only behind a proxy that overwrites the header), or a
     * comma-separated list of addresses, CIDR ranges and the names `loopback`, `linklocal`, `uniquelocal`. Not
     * `loopback` by default: then any program on the machine, or a local proxy that passes the header on unchanged,
     * could choose its address and walk past every per-IP limit.
     */
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((value): TrustProxy => (value === 'true' ? true : value === 'false' ? false : value.split(',').map((part) => part.trim())))
      .refine(
        (value) => typeof value !== 'object' || value.every((part) => proxyNames.has(part) || isIpOrRange(part)),
        'must be true, false, or addresses, CIDR ranges and loopback/linklocal/uniquelocal',
      ),
    NODE_ENV: z.string().default('development'),
    /**
     * How many server processes share the port: one per core serves more pages a second. More than one needs
     * PostgreSQL, which every process reaches; the embedded database belongs to the one process that opened it.
     */
    WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  })
  .refine((e) => e.WORKERS === 1 || e.DATABASE_URL !== undefined, {
    path: ['WORKERS'],
    message: 'more than one server process needs DATABASE_URL (PostgreSQL); the embedded database belongs to one process',
  });

/** Fastify's `trustProxy`: whose X-Forwarded-For is believed. */
export type TrustProxy = boolean | string[];

const proxyNames = new Set(['loopback', 'linklocal', 'uniquelocal']);
function isIpOrRange(value: string): boolean {
  const [address, bits, ...rest] = value.split('/');
  if (rest.length > 0 || !address || isIP(address) === 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128));
}

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  mediaDir: string;
  /** Where the development mailer writes each mail as a `.eml` file (DATA_DIR/outbox). */
  outboxDir: string;
  databaseUrl: string | undefined;
  secret: Buffer;
  seedDemo: boolean;
  accessTokenSeconds: number;
  /** See PLATFORM_HOSTS. */
  platformHosts: string[];
  /** See REFRESH_GRACE_SECONDS. */
  refreshGraceSeconds: number;
  /** See CONVERSIONS_API_URL. */
  conversionsApiUrl: string;
  trustProxy: TrustProxy;
  production: boolean;
  /** See WORKERS. */
  workers: number;
}

/** Reads the environment once at start; a bad value stops the server with a message naming the variable. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Environment variable ${issue.path.join('.')}: ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  ensureWritableFolder(dataDir);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    mediaDir: join(dataDir, 'media'),
    outboxDir: join(dataDir, 'outbox'),
    databaseUrl: e.DATABASE_URL,
    secret: e.VITRINE_SECRET ? Buffer.from(e.VITRINE_SECRET) : keptSecret(dataDir),
    seedDemo: e.SEED_DEMO === 'true',
    accessTokenSeconds: e.ACCESS_TOKEN_SECONDS,
    refreshGraceSeconds: e.REFRESH_GRACE_SECONDS,
    platformHosts: e.PLATFORM_HOSTS,
    conversionsApiUrl: e.CONVERSIONS_API_URL,
    trustProxy: e.TRUST_PROXY,
    production: e.NODE_ENV === 'production',
    workers: e.WORKERS,
  };
}

/** The configuration for a process about to serve: a bad setting ends it with its message, without a stack. */
export function readConfigOrExit(): ServerConfig {
  try {
    return readConfig();
  } catch (error) {
    console.error(`Vitrine cannot start: ${(error as Error).message}`);
    process.exit(1);
  }
}

/**
 * Makes sure the data folder exists and takes a write, so that a folder this user may not write, a path through a
 * file, or a full disk stops the start with the folder named and what to do, not with an error from deep inside the
 * database or the media store.
 */
export function ensureWritableFolder(dir: string): void {
  const probe = join(dir, `.write-check-${process.pid}`);
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(probe, randomBytes(4096));
    rmSync(probe);
  } catch (error) {
    try {
      rmSync(probe, { force: true });
    } catch {
      // The folder cannot be reached at all: there is nothing to remove.
    }
    throw new Error(storageProblem(error, dir), { cause: error });
  }
}

/** What went wrong with the data folder `dir`, in words an operator can act on. */
export function storageProblem(error: unknown, dir: string): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? 'unknown error';
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return `The disk holding DATA_DIR (${dir}) is full (${code}). Free some space there, or set DATA_DIR to a folder on another disk.`;
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return `DATA_DIR (${dir}) cannot be written by this user (${code}). Make the folder writable for the user running Vitrine, or set DATA_DIR to a folder it can write.`;
    case 'ENOTDIR':
    case 'EEXIST':
      return `DATA_DIR (${dir}) is not a folder: part of that path is a file (${code}). Set DATA_DIR to a folder, or move the file away.`;
    default:
      return `DATA_DIR (${dir}) cannot be used (${code}). Check that the folder exists, can be written, and that its disk has space; or set DATA_DIR to another folder.`;
  }
}

/** A signing secret generated on first start and kept (readable by this user only) in the data folder. */
function keptSecret(dataDir: string): Buffer {
  const file = join(dataDir, 'secret.key');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  return Buffer.from(readFileSync(file, 'utf8').trim());
}
