import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig, storageProblem } from './config.ts';

const env = (extra: Record<string, string>) => ({ DATA_DIR: mkdtempSync(join(tmpdir(), 'vitrine-config-')), ...extra });

describe('TRUST_PROXY', () => {
  it("believes nobody's X-Forwarded-For unless told, not even a loopback peer's", () => {
    expect(readConfig(env({})).trustProxy).toBe(false);
  });

  it('takes true, false, or addresses, ranges and names', () => {
    expect(readConfig(env({ TRUST_PROXY: 'true' })).trustProxy).toBe(true);
    expect(readConfig(env({ TRUST_PROXY: 'false' })).trustProxy).toBe(false);
    expect(readConfig(env({ TRUST_PROXY: 'loopback, 10.0.0.0/8,fd00::1' })).trustProxy).toEqual(['loopback', '10.0.0.0/8', 'fd00::1']);
  });

  it('stops the server with the variable named when a value is not an address', () => {
    expect(() => readConfig(env({ TRUST_PROXY: 'proxy.internal' }))).toThrow(/^Environment variable TRUST_PROXY: must be true, false/);
    expect(() => readConfig(env({ TRUST_PROXY: '10.0.0.0/33' }))).toThrow(/TRUST_PROXY/);
    expect(() => readConfig(env({ TRUST_PROXY: '2' }))).toThrow(/TRUST_PROXY/);
  });
});

describe('WORKERS (issue 18)', () => {
  it('is one process unless told, and any number up to 64 on PostgreSQL', () => {
    expect(readConfig(env({})).workers).toBe(1);
    expect(readConfig(env({ WORKERS: '2', DATABASE_URL: 'postgres://vitrine@127.0.0.1/vitrine' })).workers).toBe(2);
  });

  it('refuses more than one process on the embedded database, and a count that is not one, naming WORKERS', () => {
    expect(() => readConfig(env({ WORKERS: '2' }))).toThrow(
      /^Environment variable WORKERS: more than one server process needs DATABASE_URL \(PostgreSQL\)/,
    );
    for (const workers of ['0', '1.5', 'many', '65'])
      expect(() => readConfig(env({ WORKERS: workers, DATABASE_URL: 'postgres://vitrine@127.0.0.1/vitrine' }))).toThrow(
        /^Environment variable WORKERS: /,
      );
  });
});

describe('DEMO_REALTIME_DATABASE_URL (issue 39)', () => {
  it('is the realtime database on loopback port 9000 unless told, where `node scripts/firebase-server.cjs 9000` runs one', () => {
    expect(readConfig(env({})).demoRealtimeDatabaseUrl).toBe('ws://127.0.0.1:9000');
    expect(readConfig(env({ DEMO_REALTIME_DATABASE_URL: 'wss://demo.firebaseio.com' })).demoRealtimeDatabaseUrl).toBe(
      'wss://demo.firebaseio.com',
    );
  });

  it('stops the start naming the variable when it is not the address of a host', () => {
    for (const value of ['127.0.0.1:9000', 'ftp://127.0.0.1', 'ws://127.0.0.1:9000/stores', 'ws://a b'])
      expect(() => readConfig(env({ DEMO_REALTIME_DATABASE_URL: value })), value).toThrow(
        /^Environment variable DEMO_REALTIME_DATABASE_URL: /,
      );
  });
});

describe('DATA_DIR that cannot be used (issue 13)', () => {
  it('stops the start naming the folder and what to do when part of its path is a file', () => {
    const parent = mkdtempSync(join(tmpdir(), 'vitrine-config-'));
    writeFileSync(join(parent, 'taken'), 'a file, not a folder');
    const dataDir = join(parent, 'taken', 'data');
    expect(() => readConfig({ DATA_DIR: dataDir })).toThrow(
      `DATA_DIR (${dataDir}) is not a folder: part of that path is a file (ENOTDIR). Set DATA_DIR to a folder, or move the file away.`,
    );
  });

  it('leaves nothing behind in a folder it could write', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-config-'));
    readConfig({ DATA_DIR: dataDir, VITRINE_SECRET: 'x'.repeat(32) });
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('says the disk is full when a write fails for space', () => {
    // /dev/full answers every write with the error a full disk gives.
    let full: unknown;
    try {
      writeFileSync('/dev/full', 'x');
    } catch (error) {
      full = error;
    }
    expect(storageProblem(full, '/srv/vitrine')).toBe(
      'The disk holding DATA_DIR (/srv/vitrine) is full (ENOSPC). Free some space there, or set DATA_DIR to a folder on another disk.',
    );
  });
});
