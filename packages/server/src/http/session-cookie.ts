import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccessTokenPayload } from '@vitrine/commerce';
import { REFRESH_TOKEN_SECONDS, type AccessTokens, type TokenService } from '../auth/tokens.ts';

/**
 * The cookie in which the server keeps a signed-in shopper's access token, so that the pages it draws (an account
 * page, the header's cart count) are that shopper's. The server sets it whenever it answers a customer's tokens
 * (sign-in, sign-up, a refresh, a password change) and removes it at sign-out and when a refresh fails. It is
 * HttpOnly: a script on the page (a marketing tag, an injected one) cannot read it. The shopper app keeps its own
 * copy of the pair for its API calls, as before; it never writes this cookie.
 *
 * It is read only to draw pages (GET), never to authorise an API call (those carry the token as a Bearer header), so
 * SameSite=Lax is enough: a link from another site draws the shopper's page, and nothing is written on its behalf.
 */
export const SESSION_COOKIE = 'vt_at';

const cookieOptions = (request: FastifyRequest) =>
  ({
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    // As the app did: Secure on HTTPS (a proxy's word counts only when TRUST_PROXY believes it), not on plain HTTP.
    secure: request.protocol === 'https',
  }) as const;

/** Sets the cookie to a customer's access token, for as long as their session can last (its refresh token's). */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, accessToken: string): void {
  reply.setCookie(SESSION_COOKIE, accessToken, { ...cookieOptions(request), maxAge: REFRESH_TOKEN_SECONDS });
}

/** Removes the cookie: the shopper signed out, or their session cannot be renewed. */
export function dropSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
}

/**
 * Keeps the cookie in step with a pair of tokens an answer hands the shopper app: a customer's access token is set,
 * and a guest's pair answered to a customer (sign-out) removes it. A guest's pair answered to a guest (the site
 * config at start) leaves it alone: another tab may be signed in.
 */
export async function followAnsweredTokens(
  access: AccessTokens,
  request: FastifyRequest,
  reply: FastifyReply,
  answer: unknown,
  caller: AccessTokenPayload | undefined,
): Promise<void> {
  const accessToken = (answer as { tokens?: { accessToken?: unknown } } | null | undefined)?.tokens?.accessToken;
  if (typeof accessToken !== 'string') return;
  const claims = await access.verify(accessToken);
  if (!claims) return;
  if (claims.UserID !== '0') setSessionCookie(request, reply, accessToken);
  else if (caller && caller.UserID !== '0') dropSessionCookie(request, reply);
}

/**
 * The customer whose access token, signed by this server for store `webId`, the request's HttpOnly cookie carries,
 * while the session it names is open; else null (a guest, or signed out, revoked or reset since). An expired token
 * still counts: the browser renews it before any call. What pages, beacons and an order's page read the shopper by.
 */
export async function sessionCookieCustomer(tokens: TokenService, request: FastifyRequest, webId: number): Promise<number | null> {
  const token = request.cookies[SESSION_COOKIE];
  const claims = token ? await tokens.access.verify(token, { allowExpired: true }) : null;
  if (!claims || claims.WebID !== webId || claims.UserID === '0') return null;
  const customerId = Number(claims.UserID);
  if (!Number.isSafeInteger(customerId) || customerId <= 0) return null;
  return (await tokens.isSessionOpen(webId, claims.sid)) ? customerId : null;
}
