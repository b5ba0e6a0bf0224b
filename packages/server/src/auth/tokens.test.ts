import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';
import { AccessTokens, ACCESS_TOKEN_SECONDS } from './tokens.ts';

describe('AccessTokens', () => {
  const secret = Buffer.from('a-test-secret-that-is-long-enough-for-hs256');
  let now = 1_800_000_000;
  const tokens = new AccessTokens(secret, () => now);

  it('signs a JWT carrying UserID, WebID and exp in seconds, 15 minutes ahead', async () => {
    const token = await tokens.sign('0', 3);
    expect(await tokens.verify(token)).toMatchObject({ UserID: '0', WebID: 3, iat: now, exp: now + ACCESS_TOKEN_SECONDS });
  });

  it('refuses an expired token, unless asked to read it for a refresh', async () => {
    const token = await tokens.sign('7', 1);
    now += ACCESS_TOKEN_SECONDS;
    expect(await tokens.verify(token)).toBeNull();
    expect((await tokens.verify(token, { allowExpired: true }))?.UserID).toBe('7');
  });

  it('refuses a token signed with another secret, a changed payload or another algorithm, even when reading expired ones', async () => {
    const token = await tokens.sign('7', 1);
    const other = new AccessTokens(Buffer.from('another-secret-that-is-long-enough-too!!'), () => now);
    expect(await other.verify(token)).toBeNull();
    expect(await other.verify(token, { allowExpired: true })).toBeNull();
    const [head, , signature] = token.split('.');
    const changed = Buffer.from(JSON.stringify({ UserID: '1', WebID: 1, iat: now, exp: now + 900, jti: 'x' })).toString('base64url');
    expect(await tokens.verify(`${head}.${changed}.${signature}`)).toBeNull();
    expect(await tokens.verify(`${head}.${changed}.${signature}`, { allowExpired: true })).toBeNull();
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(await tokens.verify(`${none}.${token.split('.')[1]}.`)).toBeNull();
    expect(await tokens.verify(`${none}.${token.split('.')[1]}.`, { allowExpired: true })).toBeNull();
    expect(await tokens.verify('not a token')).toBeNull();
  });

  it('makes two tokens for the same user in the same second different', async () => {
    expect(await tokens.sign('0', 1)).not.toBe(await tokens.sign('0', 1));
  });
});

describe('passwords', () => {
  it('hash with scrypt and verify only the right password', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true);
    expect(await verifyPassword('Correct horse battery staple', hash)).toBe(false);
    expect(await verifyPassword('anything', 'garbage')).toBe(false);
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });
});
