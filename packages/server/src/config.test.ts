import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';

const env = (extra: Record<string, string>) => ({ DATA_DIR: mkdtempSync(join(tmpdir(), 'vitrine-config-')), ...extra });

describe('TRUST_PROXY', () => {
  it('believes nobody\'s X-Forwarded-For unless told, not even a loopback peer\'s', () => {
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
