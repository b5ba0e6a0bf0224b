import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';
import { AccessTokens, ACCESS_TOKEN_SECONDS } from './tokens.ts';

describe('AccessTokens', () => {
  const secret = Buffer.from('a-test-secret-that-is-long-enough-for-hs256');
  let now = 1_800_000_000;
  const tokens = new AccessTokens(secret, () => now);

  it('signs a JWT carrying UserID, WebID and exp in seconds, 15 minutes ahead', () => {
    const token = tokens.sign('0', 3);
    expect(tokens.verify(token)).toMatchObject({ UserID: '0', WebID: 3, iat: now, exp: now + ACCESS_TOKEN_SECONDS });
  });

  it('refuses an expired token, unless asked to read it for a refresh', () => {
    const token = tokens.sign('7', 1);
    now += ACCESS_TOKEN_SECONDS;
    expect(tokens.verify(token)).toBeNull();
    expect(tokens.verify(token, { allowExpired: true })?.UserID).toBe('7');
  });

  it('refuses a token signed with another secret, a changed payload or another algorithm', () => {
    const token = tokens.sign('7', 1);
    const other = new AccessTokens(Buffer.from('another-secret-that-is-long-enough-too!!'), () => now);
    expect(other.verify(token)).toBeNull();
    const [head, , signature] = token.split('.');
    const changed = Buffer.from(JSON.stringify({ UserID: '1', WebID: 1, iat: now, exp: now + 900, jti: 'x' })).toString('base64url');
    expect(tokens.verify(`${head}.${changed}.${signature}`)).toBeNull();
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(tokens.verify(`${none}.${token.split('.')[1]}.`)).toBeNull();
    expect(tokens.verify('not a token')).toBeNull();
  });

  it('makes two tokens for the same user in the same second different', () => {
    expect(tokens.sign('0', 1)).not.toBe(tokens.sign('0', 1));
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
