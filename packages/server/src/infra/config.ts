import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { REFRESH_GRACE_SECONDS } from '../auth/tokens.ts';

/** Where the demo store's realtime database is looked for unless DEMO_REALTIME_DATABASE_URL says otherwise. */
export const DEFAULT_DEMO_REALTIME_DATABASE_URL = 'ws://127.0.0.1:9000';

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
     * on a store's own domain it is ignored, also when that domain is one of them or a subdomain of one. `127.0.0.1`,
     * not `localhost`, which is the first demo store's domain (and `second.localhost` the second's).
     */
    PLATFORM_HOSTS: z
      .string()
      .default('127.0.0.1')
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
    /**
     * The realtime database the demo store Atelier Nord follows its maintenance flag through (§3.3): a server speaking
     * the protocol (`node scripts/firebase-server.cjs 9000`; tests start their own). Nothing need answer there: the
     * store's pages then follow this server's stream, and the studio says the flip was not mirrored.
     */
    DEMO_REALTIME_DATABASE_URL: z
      .string()
      .regex(/^(ws|wss|http|https):\/\/[^\s/?#]+\/?$/, 'must be a ws://, wss://, http:// or https:// address of a host')
      .default(DEFAULT_DEMO_REALTIME_DATABASE_URL),
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
  /** See DEMO_REALTIME_DATABASE_URL. */
  demoRealtimeDatabaseUrl: string;
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
    demoRealtimeDatabaseUrl: e.DEMO_REALTIME_DATABASE_URL,
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
    makeFolder(dir);
    writeFileSync(probe, randomBytes(4096));
    rmSync(probe);
  } catch (error) {
    try {
      rmSync(probe, { force: true });
    } catch {
      // The folder cannot be reached at all: there is nothing to remove.
    }
    throw new StorageProblem(error, dir);
  }
}

/**
 * Makes `dir` and the folders above it that are missing, one at a time. Node's own `mkdirSync(dir, { recursive:
 * true })` never returns for a path in a folder that refuses new entries with ENOENT, such as /proc (it tries the
 * parent again and again); here each folder is tried once and the refusal is thrown.
 */
function makeFolder(dir: string): void {
  try {
    mkdirSync(dir);
    return;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' && statSync(dir).isDirectory()) return;
    if (code !== 'ENOENT' || dirname(dir) === dir) throw error;
  }
  makeFolder(dirname(dir));
  mkdirSync(dir);
}

/**
 * The errno names of the embedded database's file system (Emscripten's numbers, which PGlite throws as `ErrnoError
 * { errno }` with no name): the ones `storageProblem` has words for.
 */
const EMSCRIPTEN_ERRNO: Readonly<Record<number, string>> = {
  2: 'EACCES',
  19: 'EDQUOT',
  20: 'EEXIST',
  44: 'ENOENT',
  51: 'ENOSPC',
  54: 'ENOTDIR',
  63: 'EPERM',
  69: 'EROFS',
};

/** PostgreSQL's SQLSTATEs for a disk that is full or a file it may not write, as PGlite and PostgreSQL report them. */
const SQLSTATE_ERRNO: Readonly<Record<string, string>> = { '53100': 'ENOSPC', '42501': 'EACCES' };

/**
 * The errno name of a failure to store something (Node's `code`, the embedded database's `ErrnoError`, PostgreSQL's
 * disk-full state), or null when `error` is not about storage.
 */
export function storageErrorCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, errno, name } = error as { code?: unknown; errno?: unknown; name?: unknown };
  if (name === 'ErrnoError' && typeof errno === 'number') return EMSCRIPTEN_ERRNO[errno] ?? `errno ${errno}`;
  if (typeof code === 'string' && Object.hasOwn(SQLSTATE_ERRNO, code)) return SQLSTATE_ERRNO[code]!;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code;
  return null;
}

/** The data folder cannot be used: its message names the folder and what to do (`storageProblem`). */
export class StorageProblem extends Error {
  constructor(cause: unknown, dir: string) {
    super(storageProblem(cause, dir), { cause });
    this.name = 'StorageProblem';
  }
}

/**
 * `error` as the data folder's problem when it is one: a file system call on a path inside `config.dataDir` that
 * failed, or, on the embedded database (which lives there), its file system's `ErrnoError` or a disk-full state.
 * Anything else (a PostgreSQL server refusing, a bug) is answered as it is.
 */
export function asStorageProblem(error: unknown, config: Pick<ServerConfig, 'dataDir' | 'databaseUrl'>): unknown {
  if (error instanceof StorageProblem || !storageErrorCode(error)) return error;
  const path = (error as { path?: unknown }).path;
  const inDataDir = typeof path === 'string' ? resolve(path).startsWith(config.dataDir) : !config.databaseUrl;
  return inDataDir ? new StorageProblem(error, config.dataDir) : error;
}

/** What went wrong with the data folder `dir`, in words an operator can act on. */
export function storageProblem(error: unknown, dir: string): string {
  const code = storageErrorCode(error) ?? 'unknown error';
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
    case 'ENOENT':
      return `DATA_DIR (${dir}) cannot hold files (${code}): it is not on a disk (as /proc and /sys are not) or a folder above it cannot be made. Set DATA_DIR to a folder on a disk.`;
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
