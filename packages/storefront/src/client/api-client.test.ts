// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authEndpoints, webEndpoints } from '@vitrine/commerce';
import { ApiClient, TokenFailureError, type TokenFailureCode } from './api-client.ts';
import { useSession } from './session.ts';

/** An access token the browser can read (the server, not the browser, checks signatures). */
function token(userId: string, expInSeconds: number) {
  const body = btoa(
    JSON.stringify({ UserID: userId, WebID: 1, exp: Math.floor(Date.now() / 1000) + expInSeconds, iat: 0, jti: Math.random().toString() }),
  )
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `header.${body}.signature`;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** What `Auth/Session`, a call that needs a token, answers. */
const session = { data: { userId: '5', webId: 1, isGuest: false, expiresAt: 0 } };

/** Answers each call by path and counts them: stands in for the server, whose own tests cover its side. */
function server(handlers: Record<string, (init: RequestInit, count: number) => Response>) {
  const counts: Record<string, number> = {};
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input).split('?')[0]!;
    counts[path] = (counts[path] ?? 0) + 1;
    const handler = handlers[path];
    if (!handler) throw new Error(`unexpected call ${path}`);
    return handler(init, counts[path]!);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, counts };
}

function client(fetch: typeof globalThis.fetch) {
  const failures: TokenFailureCode[] = [];
  return { api: new ApiClient({ fetch, onTokenFailure: (ec) => failures.push(ec) }), failures };
}

beforeEach(() => {
  localStorage.clear();
  useSession.getState().clear();
});

describe('secure calls', () => {
  it('send the bearer token', async () => {
    const access = token('5', 600);
    useSession.getState().setTokens({ accessToken: access, refreshToken: 'r1' });
    const { fetch } = server({
      '/api/Auth/Session': (init) =>
        (init.headers as Record<string, string>)['authorization'] === `Bearer ${access}` ? json(200, session) : json(400, {}),
    });
    expect(await client(fetch).api.request(authEndpoints.session)).toEqual(session);
  });

  it('refresh an expired token before the call', async () => {
    useSession.getState().setTokens({ accessToken: token('5', -1), refreshToken: 'r1' });
    const fresh = { accessToken: token('5', 600), refreshToken: 'r2' };
    const { fetch, counts } = server({
      '/api/Auth/refresh': () => json(200, { tokens: fresh }),
      '/api/Auth/Session': () => json(200, session),
    });
    await client(fetch).api.request(authEndpoints.session);
    expect(counts['/api/Auth/refresh']).toBe(1);
    expect(useSession.getState().tokens).toEqual(fresh);
  });

  it('refresh once on a 401 and retry the call once', async () => {
    useSession.getState().setTokens({ accessToken: token('5', 600), refreshToken: 'r1' });
    const { fetch, counts } = server({
      '/api/Auth/refresh': () => json(200, { tokens: { accessToken: token('5', 600), refreshToken: 'r2' } }),
      '/api/Auth/Session': (_init, n) => (n === 1 ? json(401, { error: { code: 'TOKEN_INVALID', message: 'no' } }) : json(200, session)),
    });
    expect(await client(fetch).api.request(authEndpoints.session)).toEqual(session);
    expect(counts).toEqual({ '/api/Auth/Session': 2, '/api/Auth/refresh': 1 });
  });

  it('share one refresh between calls made at the same time', async () => {
    useSession.getState().setTokens({ accessToken: token('5', -1), refreshToken: 'r1' });
    const { fetch, counts } = server({
      '/api/Auth/refresh': () => json(200, { tokens: { accessToken: token('5', 600), refreshToken: 'r2' } }),
      '/api/Auth/Session': () => json(200, session),
    });
    const { api } = client(fetch);
    await Promise.all([api.request(authEndpoints.session), api.request(authEndpoints.session), api.request(authEndpoints.session)]);
    expect(counts['/api/Auth/refresh']).toBe(1);
  });
});

describe('token failures end at /notfound with the code of §8', () => {
  it('00: no tokens to refresh with', async () => {
    const { api, failures } = client(server({}).fetch);
    await expect(api.request(authEndpoints.session)).rejects.toBeInstanceOf(TokenFailureError);
    expect(failures).toEqual(['00']);
  });

  it('01: the refresh fails, and the tokens are cleared', async () => {
    useSession.getState().setTokens({ accessToken: token('5', -1), refreshToken: 'r1' });
    const { api, failures } = client(
      server({ '/api/Auth/refresh': () => json(401, { error: { code: 'TOKEN_REUSED', message: 'no' } }) }).fetch,
    );
    await expect(api.request(authEndpoints.session)).rejects.toBeInstanceOf(TokenFailureError);
    expect(failures).toEqual(['01']);
    expect(useSession.getState().tokens).toBeNull();
  });

  it('02: the retry after a refresh fails with 401 again', async () => {
    useSession.getState().setTokens({ accessToken: token('5', 600), refreshToken: 'r1' });
    const { api, failures } = client(
      server({
        '/api/Auth/refresh': () => json(200, { tokens: { accessToken: token('5', 600), refreshToken: 'r2' } }),
        '/api/Auth/Session': () => json(401, { error: { code: 'TOKEN_INVALID', message: 'no' } }),
      }).fetch,
    );
    await expect(api.request(authEndpoints.session)).rejects.toBeInstanceOf(TokenFailureError);
    expect(failures).toEqual(['02']);
  });

  it('03: calls waiting on a refresh that fails', async () => {
    useSession.getState().setTokens({ accessToken: token('5', -1), refreshToken: 'r1' });
    const { api, failures } = client(
      server({ '/api/Auth/refresh': () => json(401, { error: { code: 'TOKEN_REUSED', message: 'no' } }) }).fetch,
    );
    const results = await Promise.allSettled([api.request(authEndpoints.session), api.request(authEndpoints.session)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(failures).toEqual(['01', '03']);
  });

  it('04: the refresh fails while a page loads its data', async () => {
    useSession.getState().setTokens({ accessToken: token('5', -1), refreshToken: 'r1' });
    const { api, failures } = client(server({ '/api/Auth/refresh': () => json(500, {}) }).fetch);
    await expect(api.load(authEndpoints.session)).rejects.toBeInstanceOf(TokenFailureError);
    expect(failures).toEqual(['04']);
  });

  it('04 wins: a page’s data and a background call (the cart) failing on one refresh go to the data’s page', async () => {
    for (const order of [
      ['call', 'data'],
      ['data', 'call'],
    ] as const) {
      useSession.getState().setTokens({ accessToken: token('5', -1), refreshToken: 'r1' });
      const { api, failures } = client(
        server({ '/api/Auth/refresh': () => json(401, { error: { code: 'TOKEN_REUSED', message: 'no' } }) }).fetch,
      );
      const send = (variant: 'call' | 'data') =>
        variant === 'data' ? api.load(authEndpoints.session) : api.request(authEndpoints.session);
      await Promise.allSettled(order.map(send));
      // The app goes where the last failure sends it: the page's data code.
      expect(failures.at(-1), order.join(' then ')).toBe('04');
    }
  });
});

it('carries the store parameter on every call', async () => {
  const seen: string[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    seen.push(String(input));
    return json(200, { data: { buildId: 'b1' } });
  }) as typeof globalThis.fetch;
  await new ApiClient({ fetch, store: 'second.localhost' }).request(webEndpoints.getBuild);
  expect(seen).toEqual(['/api/Web/Build?store=second.localhost']);
});
