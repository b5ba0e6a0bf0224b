import { randomBytes } from 'node:crypto';
import type { Db } from '../db/connect.ts';
import { hashToken } from './tokens.ts';

/** An owner's studio session lasts 12 hours from sign-in. */
export const OWNER_SESSION_SECONDS = 12 * 60 * 60;

/** The owner with this email (any case), with the hash to check the password against. */
export function findOwner(db: Db, email: string) {
  return db
    .selectFrom('owners')
    .select(['owner_id', 'name', 'email', 'password_hash'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

/** The sites an owner may edit, by id. */
export function ownedSites(db: Db, ownerId: number) {
  return db
    .selectFrom('site_owners')
    .innerJoin('sites', 'sites.web_id', 'site_owners.web_id')
    .select(['sites.web_id as webId', 'sites.title as title', 'sites.main_domain as domain'])
    .where('site_owners.owner_id', '=', ownerId)
    .orderBy('sites.web_id')
    .execute();
}

/** Starts a session and answers its token; only the token's hash is stored. The owner's expired sessions are dropped. */
export async function createOwnerSession(db: Db, ownerId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('owner_sessions').where('owner_id', '=', ownerId).where('expires_at', '<=', new Date()).execute();
    await trx
      .insertInto('owner_sessions')
      .values({ token_hash: hashToken(token), owner_id: ownerId, expires_at: new Date(Date.now() + OWNER_SESSION_SECONDS * 1000) })
      .execute();
  });
  return token;
}

/** The owner of a live session, or null when the token is unknown or expired. */
export async function findOwnerSession(db: Db, token: string): Promise<{ ownerId: number } | null> {
  const row = await db
    .selectFrom('owner_sessions')
    .select('owner_id')
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row ? { ownerId: row.owner_id } : null;
}

/** Ends a session. */
export async function endOwnerSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('owner_sessions').where('token_hash', '=', hashToken(token)).execute();
}

/** Whether an owner may edit a site. */
export async function ownsSite(db: Db, ownerId: number, webId: number): Promise<boolean> {
  const row = await db
    .selectFrom('site_owners')
    .select('web_id')
    .where('owner_id', '=', ownerId)
    .where('web_id', '=', webId)
    .executeTakeFirst();
  return Boolean(row);
}
