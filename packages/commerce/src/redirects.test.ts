import { describe, expect, it } from 'vitest';
import { redirectLoop, redirectPathKey, redirectTargetKey, saveRedirectRequest, saveRedirectUrlRequest } from './redirects.ts';

const own = new Set(['localhost', 'shop.example']);

describe('redirect rules', () => {
  it('compares paths decoded, in lower case and without a trailing slash', () => {
    expect(['/Old-Page/', '/old-page', '/caf%C3%A9', '/', '//'].map(redirectPathKey)).toEqual([
      '/old-page',
      '/old-page',
      '/café',
      '/',
      '/',
    ]);
    expect(redirectPathKey('/bad%E0%A4%A')).toBeNull();
  });

  it('reads a target on one of the store’s own domains as its path, and one elsewhere as leaving', () => {
    expect(redirectTargetKey('/New/?x=1#top', own)).toBe('/new');
    expect(redirectTargetKey('https://SHOP.example:8443/a/', own)).toBe('/a');
    expect(redirectTargetKey('https://elsewhere.example/a', own)).toBeNull();
  });

  it('finds the way round a loop, and none where the rules lead out', () => {
    const rules = [
      { fromPath: '/a', to: '/b' },
      { fromPath: '/b', to: 'http://localhost:3000/c?x=1' },
    ];
    expect(redirectLoop([...rules, { fromPath: '/c', to: '/A/' }], '/c', own)).toEqual(['/c', '/a', '/b', '/c']);
    expect(redirectLoop([{ fromPath: '/a', to: '/a?again=1' }], '/a', own)).toEqual(['/a', '/a']);
    expect(redirectLoop([...rules, { fromPath: '/c', to: 'https://elsewhere.example/a' }], '/c', own)).toBeNull();
    expect(redirectLoop([...rules, { fromPath: '/c', to: '/kitchen' }], '/a', own)).toBeNull();
  });

  it('keeps a source as rules compare it, and refuses what is no path or address, with the first problem first', () => {
    expect(saveRedirectRequest.parse({ fromPath: ' /Summer-Sale/ ', to: ' /kitchen ', status: 301 })).toEqual({
      fromPath: '/summer-sale',
      to: '/kitchen',
      status: 301,
    });
    const first = (body: unknown) => saveRedirectRequest.safeParse(body).error?.issues[0];
    expect(first({ fromPath: 'summer', to: '/kitchen', status: 301 })).toMatchObject({
      path: ['fromPath'],
      message: 'must be a path on this store starting with /, such as /old-page',
    });
    expect(first({ fromPath: '/a', to: 'javascript:alert(1)', status: 301 })?.path).toEqual(['to']);
    expect(first({ fromPath: '/a', to: '/b', status: 308 })).toMatchObject({ path: ['status'], message: 'must be 301 or 302' });
    expect(saveRedirectUrlRequest.safeParse({ redirectURL: '' }).success).toBe(true);
    expect(saveRedirectUrlRequest.safeParse({ redirectURL: 'shop.example' }).success).toBe(false);
  });
});
