import type { FastifyRequest } from 'fastify';
import { ACTIVE_CUSTOMER, type AccessTokenPayload } from '@vitrine/commerce';
import { customerStanding, inactiveAccountRefusal } from '../auth/accounts.ts';
import type { Db } from '../db/connect.ts';
import { findOwnerSession, ownsSite } from '../auth/owners.ts';
import type { TokenService } from '../auth/tokens.ts';
import { HttpError } from './errors.ts';
import { requireSite } from './site.ts';

// Who is calling: a token's holder (guest or customer) of the request's store, or the owner of its studio session.

/**
 * The bearer token's claims, checked against the request's own site: a token issued for one store is refused by
 * every other (401), as is a missing, forged or expired one.
 */
export async function requireToken(deps: { db: Db; tokens: TokenService }, request: FastifyRequest): Promise<AccessTokenPayload> {
  const webId = await requireSite(deps.db, request);
  const header = request.headers.authorization ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!token) throw new HttpError(401, 'TOKEN_MISSING', 'Sign-in token missing');
  const claims = await deps.tokens.access.verify(token);
  if (!claims) throw new HttpError(401, 'TOKEN_INVALID', 'Sign-in token invalid or expired');
  if (claims.WebID !== webId) throw new HttpError(401, 'TOKEN_OTHER_SITE', 'The token was issued for another store');
  return claims;
}

/** A signed-in customer of the request's store. */
export interface SignedInCustomer {
  webId: number;
  customerId: number;
  claims: AccessTokenPayload;
}

/**
 * `requireToken`, and the token must be a customer's (a guest's is refused with 401 SIGN_IN_REQUIRED) who is still
 * Active (else 403 with their status's message) and has not changed their password since it was issued (401).
 */
export async function requireCustomer(deps: { db: Db; tokens: TokenService }, request: FastifyRequest): Promise<SignedInCustomer> {
  const claims = await requireToken(deps, request);
  if (claims.UserID === '0') throw new HttpError(401, 'SIGN_IN_REQUIRED', 'Sign in to continue');
  const customerId = Number(claims.UserID);
  if (!Number.isSafeInteger(customerId) || customerId <= 0) throw new HttpError(401, 'TOKEN_INVALID', 'Sign-in token invalid or expired');
  // Both reads at once: this runs on every secured call.
  const [customer, sessionOpen] = await Promise.all([
    customerStanding(deps.db, claims.WebID, customerId),
    deps.tokens.isSessionOpen(claims.WebID, claims.sid),
  ]);
  if (!customer) throw new HttpError(401, 'SIGN_IN_REQUIRED', 'Sign in to continue');
  // Signed out, revoked for a reused refresh token, or ended by a password reset: the access token ends with it.
  if (!sessionOpen) throw new HttpError(401, 'TOKEN_REVOKED', 'The session has ended; sign in again');
  // iat is in whole seconds: a token issued in the second of the change (the one ChangePassword answers) still counts.
  if (customer.password_changed_at && claims.iat < Math.floor(customer.password_changed_at.getTime() / 1000)) {
    throw new HttpError(401, 'TOKEN_REVOKED', 'The password was changed; sign in again');
  }
  if (customer.status_id !== ACTIVE_CUSTOMER) {
    const refusal = inactiveAccountRefusal(customer.status_id);
    throw new HttpError(403, refusal.code, refusal.message);
  }
  return { webId: claims.WebID, customerId, claims };
}

/**
 * Who a call that takes any token is made by: null for a guest, else the customer, checked as every customer call is
 * (so a signed-out session or a deactivated account is refused, not served as a guest).
 */
export async function customerIdOf(deps: { db: Db; tokens: TokenService }, claims: AccessTokenPayload, request: FastifyRequest) {
  return claims.UserID === '0' ? null : (await requireCustomer(deps, request)).customerId;
}

/** The bearer token of a Studio call, or a 401. */
function sessionToken(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!token) throw new HttpError(401, 'SESSION_MISSING', 'Sign in to the studio first');
  return token;
}

/** The owner of the request's studio session, whatever the site: 401 when the session is missing, unknown or expired. */
export async function requireOwnerSession(db: Db, request: FastifyRequest): Promise<{ ownerId: number; token: string }> {
  const token = sessionToken(request);
  const session = await findOwnerSession(db, token);
  if (!session) throw new HttpError(401, 'SESSION_EXPIRED', 'The studio session has ended; sign in again');
  return { ownerId: session.ownerId, token };
}

/**
 * The owner of the request's studio session, who must own the request's site: 401 without a live session, 403
 * NOT_SITE_OWNER for a site of someone else. Every Studio call but SignIn and SignOut goes through this.
 */
export async function requireOwner(db: Db, request: FastifyRequest): Promise<{ ownerId: number; webId: number }> {
  const { ownerId } = await requireOwnerSession(db, request);
  const webId = await requireSite(db, request);
  if (!(await ownsSite(db, ownerId, webId))) throw new HttpError(403, 'NOT_SITE_OWNER', 'You do not own this store');
  return { ownerId, webId };
}
