import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { renderStorefront } from '@vitrine/storefront/server';
import { asStorageProblem, storageProblem, StorageProblem, type ServerConfig } from './infra/config.ts';
import { createServer } from './server.ts';

/**
 * Issue 33: the README promises that a DATA_DIR that cannot be written, or a full disk, stops the start with the
 * folder named. A disk that filled while the embedded database was made crashed with PGlite's raw
 * `ErrnoError { errno: 51 }`, and a DATA_DIR under /proc hung for ever in Node's recursive mkdir.
 */
const main = fileURLToPath(new URL('./main.ts', import.meta.url));
const repo = fileURLToPath(new URL('../../../', import.meta.url));

/** Starts the real server process as `npm run serve` does, with `env`, and answers how it ended. */
function startProcess(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--conditions=vitrine', '--import', 'tsx', main], {
    cwd: repo,
    env: { ...process.env, NODE_ENV: 'production', PORT: '0', VITRINE_SECRET: 'x'.repeat(32), ...env },
    encoding: 'utf8',
    // A start that hangs is the failure under test: stopped rather than waited for.
    timeout: 30_000,
    killSignal: 'SIGKILL',
  });
}

describe.skipIf(!existsSync('/proc/self'))('DATA_DIR under /proc', () => {
  it('stops the start at once, naming the folder, instead of hanging', { timeout: 40_000 }, () => {
    const started = startProcess({ DATA_DIR: '/proc/vitrine-data' });
    expect(started.error, 'the process hung and was killed').toBeUndefined();
    expect(started.status).toBe(1);
    expect(started.stderr).toContain(
      'Vitrine cannot start: DATA_DIR (/proc/vitrine-data) cannot hold files (ENOENT): it is not on a disk (as /proc and /sys are not)',
    );
  });
});

describe('the embedded database’s storage errors', () => {
  // What PGlite throws when its file system cannot write: Emscripten's ErrnoError, a number and no name.
  const errnoError = (errno: number) => Object.assign(new Error(), { name: 'ErrnoError', errno });

  it('tells a full disk (ErrnoError 51) and a refused write as the config check does, naming the folder', () => {
    expect(storageProblem(errnoError(51), '/srv/vitrine')).toBe(
      'The disk holding DATA_DIR (/srv/vitrine) is full (ENOSPC). Free some space there, or set DATA_DIR to a folder on another disk.',
    );
    expect(storageProblem(errnoError(2), '/srv/vitrine')).toMatch(/^DATA_DIR \(\/srv\/vitrine\) cannot be written by this user \(EACCES\)/);
    // PostgreSQL's own "could not extend file": disk_full.
    expect(storageProblem(Object.assign(new Error('could not extend file'), { code: '53100' }), '/srv/vitrine')).toMatch(
      /^The disk holding DATA_DIR \(\/srv\/vitrine\) is full \(ENOSPC\)/,
    );
  });

  it('is the data folder’s problem on the embedded database only, and never for a PostgreSQL server that refuses', () => {
    const embedded = { dataDir: '/srv/vitrine', databaseUrl: undefined };
    const postgres = { dataDir: '/srv/vitrine', databaseUrl: 'postgres://db.internal/vitrine' };
    expect(asStorageProblem(errnoError(51), embedded)).toBeInstanceOf(StorageProblem);
    expect(asStorageProblem(errnoError(51), postgres)).not.toBeInstanceOf(StorageProblem);
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED', syscall: 'connect' });
    expect(asStorageProblem(refused, postgres)).toBe(refused);
    const media = Object.assign(new Error('no space'), { code: 'ENOSPC', path: '/srv/vitrine/media/a.webp' });
    expect(asStorageProblem(media, postgres)).toBeInstanceOf(StorageProblem);
    const bug = new TypeError('x is undefined');
    expect(asStorageProblem(bug, embedded)).toBe(bug);
  });
});

/** A 3 MB disk of its own, when this test may mount one (root on Linux); the embedded database needs far more. */
function smallDisk(): string | null {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return null;
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=3m', 'tmpfs', dir], { stdio: 'ignore' });
    return dir;
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
}
const disk = smallDisk();
afterAll(() => {
  if (!disk) return;
  // Lazily: the embedded database that failed may still hold a file open there until this process ends.
  execFileSync('umount', ['-l', disk]);
  rmSync(disk, { recursive: true, force: true });
});

describe.skipIf(!disk)('a disk that fills while the embedded database is made', () => {
  it('stops the start with the folder named, not a raw ErrnoError', { timeout: 120_000 }, async () => {
    const dataDir = join(disk!, 'data');
    mkdirSync(dataDir);
    const config: ServerConfig = {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      mediaDir: join(dataDir, 'media'),
      outboxDir: join(dataDir, 'outbox'),
      databaseUrl: undefined,
      secret: randomBytes(48),
      seedDemo: true,
      accessTokenSeconds: 900,
      refreshGraceSeconds: 10,
      platformHosts: ['127.0.0.1'],
      conversionsApiUrl: 'http://127.0.0.1:9',
      demoRealtimeDatabaseUrl: 'ws://127.0.0.1:9',
      trustProxy: false,
      production: true,
      workers: 1,
    };
    const storefront = { render: renderStorefront, assets: { buildId: 'test-build', scripts: [], styles: [] } };
    const failure = await createServer(config, storefront).then(
      async (server) => {
        await server.close();
        return null;
      },
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(StorageProblem);
    expect((failure as Error).message).toBe(
      `The disk holding DATA_DIR (${dataDir}) is full (ENOSPC). Free some space there, or set DATA_DIR to a folder on another disk.`,
    );
  });
});
