import { randomBytes } from 'node:crypto';
import { type AccountProfile, type AccountUser, type CustomerAddress } from '@vitrine/commerce';
import type { Db } from '../db/connect.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { hashToken } from './tokens.ts';

/** Customer status 2 (§3.15): a corporate or reseller account the store has yet to approve. */
export const APPROVAL_PENDING = 2;
/** A password-reset link works for one hour, once. */
export const PASSWORD_RESET_SECONDS = 60 * 60;
/** More addresses than this is a script, not a shopper. */
export const MAX_ADDRESSES = 20;

/** Why a customer whose password is right still may not sign in: one message per status that is not Active (§3.15). */
export const inactiveAccountRefusals: Readonly<Record<number, { code: string; message: string }>> = {
  1: { code: 'ACCOUNT_PROSPECTIVE', message: 'Your account is not active yet. Please contact the store to activate it.' },
  2: {
    code: 'ACCOUNT_PENDING_APPROVAL',
    message: 'Your account is waiting for approval. The store will review it and let you know when you can sign in.',
  },
  4: { code: 'ACCOUNT_REJECTED', message: 'Your account application was not approved. Please contact the store for details.' },
  5: { code: 'ACCOUNT_DEACTIVATED', message: 'Your account has been deactivated. Please contact the store to reactivate it.' },
};

/** The refusal for a status other than Active. */
export function inactiveAccountRefusal(statusId: number): { code: string; message: string } {
  return (
    inactiveAccountRefusals[statusId] ?? { code: 'ACCOUNT_INACTIVE', message: 'Your account is not active. Please contact the store.' }
  );
}

/** How a customer signs in: the email or the phone number they gave. */
export type SignInName = { kind: 'email'; value: string } | { kind: 'phone'; value: string };

/** The customer of a store with this email or phone number (emails compare without case). */
export function findCustomer(db: Db, webId: number, name: SignInName) {
  return db
    .selectFrom('customers')
    .select(['customer_id', 'password_hash', 'status_id', 'email', 'phone', 'first_name'])
    .where('web_id', '=', webId)
    .where((eb) => (name.kind === 'email' ? eb(eb.fn('lower', ['email']), '=', name.value.toLowerCase()) : eb('phone', '=', name.value)))
    .executeTakeFirst();
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of a real password check when there is no account to check against, so that how long a wrong
 * sign-in takes does not tell whether the account exists. Always false.
 */
export async function checkPasswordOfNobody(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
  await verifyPassword(password, await dummyHash);
  return false;
}

/** A customer as the shopper app keeps them after sign-in (§3.4), or null when they are not this store's. */
export async function loadAccountUser(db: Db, webId: number, customerId: number): Promise<AccountUser | null> {
  const row = await db
    .selectFrom('customers')
    .select((eb) => [
      'customer_id',
      'first_name',
      'last_name',
      'company',
      'email',
      'phone',
      'customer_type_id',
      'status_id',
      eb
        .selectFrom('wishlist_items')
        .select((w) => w.fn.countAll<number>().as('n'))
        .where('wishlist_items.web_id', '=', webId)
        .whereRef('wishlist_items.customer_id', '=', 'customers.customer_id')
        .as('wishlist_count'),
    ])
    .where('web_id', '=', webId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    customerId: row.customer_id,
    firstName: row.first_name,
    lastName: row.last_name,
    company: row.company,
    email: row.email,
    phone: row.phone,
    customerTypeId: row.customer_type_id,
    statusId: row.status_id,
    wishlistCount: Number(row.wishlist_count ?? 0),
  };
}

/** A customer's addresses in this store, the default first, then oldest first. */
export async function listAddresses(db: Db, webId: number, customerId: number): Promise<CustomerAddress[]> {
  const rows = await db
    .selectFrom('customer_addresses')
    .selectAll()
    .where('web_id', '=', webId)
    .where('customer_id', '=', customerId)
    .orderBy('is_default', 'desc')
    .orderBy('address_id')
    .execute();
  return rows.map((row) => ({
    addressId: row.address_id,
    fullName: row.full_name,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    region: row.region,
    postalCode: row.postal_code,
    country: row.country.trim(),
    phone: row.phone,
    isDefault: row.is_default,
  }));
}

/** The account page's view of a customer: who they are and their addresses. */
export async function loadProfile(db: Db, webId: number, customerId: number): Promise<AccountProfile | null> {
  const [user, addresses] = await Promise.all([loadAccountUser(db, webId, customerId), listAddresses(db, webId, customerId)]);
  return user ? { ...user, addresses } : null;
}

/** Stores a new one-time reset token for a customer (only its hash) and answers the token for the mailed link. */
export async function createPasswordReset(db: Db, webId: number, customerId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('password_resets')
    .values({
      token_hash: hashToken(token),
      web_id: webId,
      customer_id: customerId,
      expires_at: new Date(Date.now() + PASSWORD_RESET_SECONDS * 1000),
    })
    .execute();
  return token;
}

/** Which unique index a failed insert or update ran into, when that is what failed (PostgreSQL code 23505). */
export function uniqueViolation(error: unknown): string | null {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  if (!e || e.code !== '23505') return null;
  if (typeof e.constraint === 'string') return e.constraint;
  const named = typeof e.message === 'string' ? /"([^"]+)"/.exec(e.message) : null;
  return named?.[1] ?? '';
}

/** What every secured call checks of a customer: their status, and when they last changed their password. */
export function customerStanding(db: Db, webId: number, customerId: number) {
  return db
    .selectFrom('customers')
    .select(['status_id', 'password_changed_at'])
    .where('web_id', '=', webId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}
