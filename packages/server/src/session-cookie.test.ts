import { afterAll, beforeAll, expect, it } from 'vitest';
import { backends, jwtClaims, startOnBackend, type BackendServer } from './test-support.ts';

/**
 * Issue 33: `GET /api/Auth/Session` kept answering with the user id after sign-out (the access token lives on for its
 * 15 minutes), and the shopper app mirrored its access token into `vt_at`, a 30-day cookie any script on the page
 * could read. The server now keeps that cookie itself, HttpOnly, and only while the session is open.
 */
let started: BackendServer;
beforeAll(async () => {
  started = await startOnBackend(backends[0]!.create);
});
afterAll(() => started?.stop());

interface Pair {
  accessToken: string;
  refreshToken: string;
}

const call = (path: string, init: Parameters<BackendServer['server']['call']>[1] = {}) => started.server.call(path, init);
/** The `vt_at` cookie an answer sets, with its attributes; undefined when it sets none. */
const sessionCookieOf = (response: Response) => {
  const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith('vt_at='));
  if (!line) return undefined;
  const [pair, ...attributes] = line.split(';').map((part) => part.trim());
  return { value: pair!.slice('vt_at='.length), attributes: attributes.map((attribute) => attribute.toLowerCase()) };
};
let signIns = 0;
const signIn = async () => {
  const response = await call('/api/Auth/SignIn', {
    method: 'POST',
    body: { email: 'shopper@harbor.test', password: 'harbor-shopper-demo' },
    ip: `10.33.2.${++signIns}`,
  });
  expect(response.status).toBe(200);
  return { response, tokens: ((await response.json()) as { tokens: Pair }).tokens };
};
const session = async (accessToken: string) =>
  (await (await call('/api/Auth/Session', { headers: { authorization: `Bearer ${accessToken}` } })).json()) as {
    data: { userId: string; isGuest: boolean };
  };

it('signing in sets the access token in an HttpOnly cookie that scripts cannot read, for the pages the server draws', async () => {
  const { response, tokens } = await signIn();
  const cookie = sessionCookieOf(response);
  expect(cookie?.value).toBe(tokens.accessToken);
  expect(cookie?.attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
  // Only as long as the session can last: its refresh token's 30 days.
  expect(cookie?.attributes).toContain(`max-age=${30 * 24 * 60 * 60}`);

  // The server draws a signed-in shopper's page with it, and sends a guest to sign in.
  expect((await call('/account', { headers: { cookie: `vt_at=${cookie!.value}` } })).status).toBe(200);
  const guest = await call('/account');
  expect(guest.status).toBe(302);
  expect(guest.headers.get('location')).toBe('/signin?redirect=%2Faccount');
  // A guest's tokens at start are not a session: no cookie.
  expect(sessionCookieOf(await call('/api/Web/GetWebInfo?Domain=localhost'))).toBeUndefined();
});

const signOut = (tokens: Pair) =>
  call('/api/Auth/SignOut', {
    method: 'POST',
    body: { refreshToken: tokens.refreshToken },
    headers: { authorization: `Bearer ${tokens.accessToken}` },
  });

it('after sign-out, Session answers as for a guest although the access token has not expired', async () => {
  const { tokens } = await signIn();
  const customerId = String(jwtClaims(tokens.accessToken)['UserID']);
  expect((await session(tokens.accessToken)).data).toMatchObject({ userId: customerId, isGuest: false });
  expect((await signOut(tokens)).status).toBe(200);
  expect((await session(tokens.accessToken)).data).toMatchObject({ userId: '0', isGuest: true });
});

it('signing out removes the cookie, and a copy of the old one draws a guest’s page', async () => {
  const { response, tokens } = await signIn();
  const cookie = `vt_at=${sessionCookieOf(response)!.value}`;
  const out = await signOut(tokens);
  expect(out.status).toBe(200);
  const cleared = sessionCookieOf(out);
  expect(cleared?.value).toBe('');
  expect(cleared?.attributes).toEqual(expect.arrayContaining(['httponly', 'path=/']));
  expect(cleared?.attributes.some((attribute) => attribute === 'max-age=0' || attribute.startsWith('expires=thu, 01 jan 1970'))).toBe(true);

  // A copy of the old cookie (a tab that missed the sign-out) no longer draws the account.
  expect((await call('/account', { headers: { cookie } })).status).toBe(302);
});

it('a refresh renews the cookie with the new token; a refresh that fails removes it', async () => {
  const { tokens } = await signIn();
  const refreshed = await call('/api/Auth/refresh', { method: 'POST', body: tokens });
  expect(refreshed.status).toBe(200);
  const fresh = ((await refreshed.json()) as { tokens: Pair }).tokens;
  expect(sessionCookieOf(refreshed)?.value).toBe(fresh.accessToken);

  const failed = await call('/api/Auth/refresh', {
    method: 'POST',
    body: { accessToken: fresh.accessToken, refreshToken: 'not-a-real-refresh-token' },
  });
  expect(failed.status).toBe(401);
  expect(sessionCookieOf(failed)?.value).toBe('');
});
