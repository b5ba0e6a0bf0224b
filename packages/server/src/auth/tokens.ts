import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { accessTokenPayload, type AccessTokenPayload, type TokenPair } from '@vitrine/commerce';
import type { Db } from '../db/connect.ts';

/** Access tokens live 15 minutes; refresh tokens 30 days, rotated on every use. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;

/**
 * Signs and checks HS256 JWTs with the server's secret, by `jose`: only HS256 is accepted (never `none` or another
 * algorithm), and the payload must have the shape `accessTokenPayload` says.
 */
export class AccessTokens {
  constructor(
    private readonly secret: Buffer,
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
    /** How long an access token lives; 15 minutes unless a test asks for less. */
    private readonly lifetimeSeconds: number = ACCESS_TOKEN_SECONDS,
  ) {}

  /**
   * A token for a user ("0" for a guest) of one site. A customer's carries `sid`, the session (refresh family) it
   * belongs to, so that secured calls stop accepting it the moment that session ends.
   */
  async sign(userId: string, webId: number, sid?: string): Promise<string> {
    const iat = this.now();
    return new SignJWT({ UserID: userId, WebID: webId, jti: randomBytes(9).toString('base64url'), ...(sid ? { sid } : {}) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.lifetimeSeconds)
      .sign(this.secret);
  }

  /** The payload of a token signed here, or null. `allowExpired` is for refresh, where the old access token may be stale. */
  async verify(token: string, { allowExpired = false } = {}): Promise<AccessTokenPayload | null> {
    let claims: unknown;
    try {
      ({ payload: claims } = await jwtVerify(token, this.secret, {
        algorithms: ['HS256'],
        currentDate: new Date(this.now() * 1000),
        clockTolerance: 0,
      }));
    } catch (error) {
      // jose checks the signature before the expiry, so an expired token's claims are still this server's own.
      if (!(allowExpired && error instanceof errors.JWTExpired)) return null;
      claims = error.payload;
    }
    const payload = accessTokenPayload.safeParse(claims);
    return payload.success ? payload.data : null;
  }

  /** The server's keyed hash of `body`: signs tokens, and derives what must be derivable again (see TokenService). */
  signature(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('base64url');
  }
}

/** The prefix of a guest's refresh token, which is signed rather than stored. */
const GUEST_PREFIX = 'g1.';
/** How long a rotated refresh token stays usable for the honest race of two tabs refreshing at once. */
export const REFRESH_GRACE_SECONDS = 10;
const SWEEP_EVERY_MS = 10 * 60 * 1000;

/** How a random secret token (refresh, password reset, owner session) is stored: its SHA-256, never the token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export type RefreshOutcome =
  { ok: true; tokens: TokenPair; userId: string } | { ok: false; reason: 'invalid' | 'expired' | 'reused' | 'revoked' | 'other-site' };

/**
 * Issues access and refresh tokens and rotates them. A customer's refresh tokens are stored only as hashes, one
 * family per session. A guest's are signed and never stored: a guest holds no secret worth a session, and a store
 * visited by crawlers must not grow a table row per visit.
 */
export class TokenService {
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    readonly access: AccessTokens,
    /** How long a just-rotated refresh token still answers with its successor (two tabs refreshing at once). */
    private readonly graceSeconds: number = REFRESH_GRACE_SECONDS,
  ) {}

  /**
   * A new pair starting a new session: a guest's (`customerId` null, UserID "0") or a signed-in customer's.
   * Pass a transaction as `db` to issue it together with other writes.
   */
  async issue(webId: number, customerId: number | null, db: Db = this.db): Promise<TokenPair> {
    if (customerId === null) return this.guestPair(webId);
    await this.sweep(db);
    return this.issueInFamily(db, webId, customerId, randomUUID(), randomBytes(32).toString('base64url'));
  }

  /**
   * Whether the session a customer's access token names is still open: not signed out, not revoked by a reused
   * refresh token or a password reset. Checked on every secured call, so an access token dies with its session.
   */
  async isSessionOpen(webId: number, sid: string | undefined): Promise<boolean> {
    if (!sid) return false;
    const row = await this.db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .where('family_id', '=', sid)
      .where('web_id', '=', webId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', new Date())
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Signs a customer out everywhere: every unrevoked refresh token of theirs in this store is revoked. */
  async revokeCustomer(webId: number, customerId: number, db: Db = this.db): Promise<void> {
    await db
      .updateTable('refresh_tokens')
      .set({ revoked_at: new Date() })
      .where('web_id', '=', webId)
      .where('customer_id', '=', customerId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /**
   * Revokes the family of a refresh token (sign-out), when the token is this store's and belongs to `userId`
   * ("0" for a guest). Answers whether a family was revoked; a token that matches nothing changes nothing.
   */
  async revokeFamily(webId: number, refreshToken: string, userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('refresh_tokens')
      .select(['family_id', 'customer_id'])
      .where('token_hash', '=', hashToken(refreshToken))
      .where('web_id', '=', webId)
      .executeTakeFirst();
    if (!row || (row.customer_id === null ? '0' : String(row.customer_id)) !== userId) return false;
    await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: new Date() })
      .where('family_id', '=', row.family_id)
      .where('revoked_at', 'is', null)
      .execute();
    return true;
  }

  /**
   * Rotates a pair: the refresh token is spent and a new pair in the same family is returned. A refresh token that
   * was already spent revokes its whole family, so a stolen token is useless once either side uses it again.
   */
  async refresh(webId: number, pair: TokenPair): Promise<RefreshOutcome> {
    const claims = await this.access.verify(pair.accessToken, { allowExpired: true });
    if (!claims) return { ok: false, reason: 'invalid' };
    if (claims.WebID !== webId) return { ok: false, reason: 'other-site' };
    if (pair.refreshToken.startsWith(GUEST_PREFIX)) return this.refreshGuest(webId, claims.UserID, pair.refreshToken);
    return this.db.transaction().execute(async (trx) => {
      const now = new Date();
      const row = await trx
        .selectFrom('refresh_tokens')
        .selectAll()
        .where('token_hash', '=', hashToken(pair.refreshToken))
        .forUpdate()
        .executeTakeFirst();
      if (!row) return { ok: false, reason: 'invalid' } as const;
      if (row.web_id !== webId) return { ok: false, reason: 'other-site' } as const;
      const owner = row.customer_id === null ? '0' : String(row.customer_id);
      if (owner !== claims.UserID) return { ok: false, reason: 'invalid' } as const;
      // Revoked by a sign-out or a password change: the session is over, and nothing else needs revoking.
      if (row.revoked_at) return { ok: false, reason: 'revoked' } as const;
      if (row.used_at) {
        // Two tabs of one browser refreshing at once: the one that lost the race gets the pair the winner got.
        if (Date.now() - row.used_at.getTime() <= this.graceSeconds * 1000) {
          const successor = this.successorOf(pair.refreshToken);
          const next = await trx
            .selectFrom('refresh_tokens')
            .select(['used_at', 'revoked_at'])
            .where('token_hash', '=', hashToken(successor))
            .executeTakeFirst();
          if (next && !next.used_at && !next.revoked_at) {
            return {
              ok: true,
              tokens: { accessToken: await this.access.sign(owner, webId, row.family_id), refreshToken: successor },
              userId: owner,
            } as const;
          }
        }
        await trx
          .updateTable('refresh_tokens')
          .set({ revoked_at: now })
          .where('family_id', '=', row.family_id)
          .where('revoked_at', 'is', null)
          .execute();
        return { ok: false, reason: 'reused' } as const;
      }
      if (row.expires_at <= now) return { ok: false, reason: 'expired' } as const;
      await trx.updateTable('refresh_tokens').set({ used_at: now }).where('token_hash', '=', row.token_hash).execute();
      const tokens = await this.issueInFamily(trx, webId, row.customer_id, row.family_id, this.successorOf(pair.refreshToken));
      return { ok: true, tokens, userId: owner } as const;
    });
  }

  /**
   * The refresh token that rotating `refreshToken` issues: derived rather than random, so that within the grace
   * window the same successor can be answered again without storing any token in the clear.
   */
  private successorOf(refreshToken: string): string {
    return this.access.signature(`next:${refreshToken}`);
  }

  private async guestPair(webId: number): Promise<TokenPair> {
    const body = Buffer.from(
      JSON.stringify({ w: webId, e: Math.floor(Date.now() / 1000) + REFRESH_TOKEN_SECONDS, n: randomBytes(9).toString('base64url') }),
    ).toString('base64url');
    return {
      accessToken: await this.access.sign('0', webId),
      refreshToken: `${GUEST_PREFIX}${body}.${this.access.signature(`guest:${body}`)}`,
    };
  }

  private async refreshGuest(webId: number, userId: string, refreshToken: string): Promise<RefreshOutcome> {
    const [body = '', mac = ''] = refreshToken.slice(GUEST_PREFIX.length).split('.');
    const expected = Buffer.from(this.access.signature(`guest:${body}`));
    if (userId !== '0' || expected.length !== mac.length || !timingSafeEqual(expected, Buffer.from(mac)))
      return { ok: false, reason: 'invalid' };
    let claims: { w?: unknown; e?: unknown };
    try {
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { w?: unknown; e?: unknown };
    } catch {
      return { ok: false, reason: 'invalid' };
    }
    if (claims.w !== webId) return { ok: false, reason: 'other-site' };
    if (typeof claims.e !== 'number' || claims.e <= Date.now() / 1000) return { ok: false, reason: 'expired' };
    return { ok: true, tokens: await this.guestPair(webId), userId: '0' };
  }

  /** Drops expired refresh tokens now and then, so the table holds only sessions that can still be used. */
  private async sweep(db: Db): Promise<void> {
    const now = Date.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await db.deleteFrom('refresh_tokens').where('expires_at', '<', new Date(now)).execute();
  }

  private async issueInFamily(
    db: Db,
    webId: number,
    customerId: number | null,
    familyId: string,
    refreshToken: string,
  ): Promise<TokenPair> {
    await db
      .insertInto('refresh_tokens')
      .values({
        token_hash: hashToken(refreshToken),
        family_id: familyId,
        web_id: webId,
        customer_id: customerId,
        expires_at: new Date(Date.now() + REFRESH_TOKEN_SECONDS * 1000),
      })
      .execute();
    return { accessToken: await this.access.sign(customerId === null ? '0' : String(customerId), webId, familyId), refreshToken };
  }
}
