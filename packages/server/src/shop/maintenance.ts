import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MaintenanceSettings, StudioMaintenanceSettings } from '@vitrine/commerce';
import { decodeHTML, escapeUTF8 } from 'entities';
import { sql } from 'kysely';
import { sanitizeOwnerHtml } from '@vitrine/sections/owner-html';
import type { Db } from '../db/connect.ts';

/** The cookie that lets a visitor past a password-protected maintenance page (§4, §9). */
export const MAINTENANCE_BYPASS_COOKIE = 'vt_maintenance_bypass';
/** §9: the bypass lasts 24 hours. */
export const MAINTENANCE_BYPASS_SECONDS = 24 * 60 * 60;
/**
 * How long a client is asked to wait before trying a store in maintenance again (the page's `Retry-After`, seconds).
 * Shoppers' open pages do not wait: the live flag brings them back the moment the store opens.
 */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 300;
/** How the bypass cookie is set: for the whole store, never sent by another site's request, unreadable by scripts. */
export const MAINTENANCE_BYPASS_COOKIE_OPTIONS = {
  maxAge: MAINTENANCE_BYPASS_SECONDS,
  path: '/',
  secure: true,
  httpOnly: true,
  sameSite: 'strict',
} as const;

/**
 * Issues and checks bypass cookies. The value is `{webId}.{expiry}.{HMAC}` under a key derived from the server secret
 * (never the token-signing key itself), so it cannot be forged, stretched, or carried to another store. The HMAC
 * also covers the store's password hash at the time, so a new password ends every bypass given for the old one.
 */
export class MaintenanceBypass {
  private readonly key: Buffer;

  constructor(
    secret: Buffer,
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
  ) {
    this.key = createHmac('sha256', secret).update('vitrine maintenance bypass v1').digest();
  }

  /** The cookie value granting a bypass of one store, while its password is `passwordHash`, for 24 hours. */
  grant(webId: number, passwordHash: string): string {
    const expiresAt = this.now() + MAINTENANCE_BYPASS_SECONDS;
    return `${webId}.${expiresAt}.${this.sign(webId, expiresAt, passwordHash)}`;
  }

  /** Whether a cookie value is an unexpired bypass issued here for this store under its current password hash. */
  verify(value: string | undefined, webId: number, passwordHash: string | null): boolean {
    if (passwordHash === null) return false;
    const match = /^(\d{1,9})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value ?? '');
    if (!match) return false;
    const [, site, expiry, signature] = match as unknown as [string, string, string, string];
    if (Number(site) !== webId || Number(expiry) <= this.now()) return false;
    const expected = Buffer.from(this.sign(webId, Number(expiry), passwordHash));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private sign(webId: number, expiresAt: number, passwordHash: string): string {
    return createHmac('sha256', this.key).update(`${webId}.${expiresAt}.${passwordHash}`).digest('base64url');
  }
}

/** The store's maintenance password hash, or null when the maintenance page has no password. */
export async function maintenancePasswordHash(db: Db, webId: number): Promise<string | null> {
  const site = await db.selectFrom('sites').select('maintenance_password_hash').where('web_id', '=', webId).executeTakeFirstOrThrow();
  return site.maintenance_password_hash;
}

/**
 * A store's maintenance page settings as shoppers get them (§3.11): the description HTML-decoded and then made safe
 * to draw as HTML by the sanitizer of the HTML section, so the owner's formatting shows and nothing of theirs runs.
 */
export async function loadMaintenanceSettings(db: Db, webId: number): Promise<MaintenanceSettings> {
  const settings = await loadWrittenMaintenance(db, webId);
  return { ...settings, description: sanitizeOwnerHtml(settings.description) };
}

/** The maintenance settings as the owner wrote them: the description decoded, not sanitised (the studio's form). */
async function loadWrittenMaintenance(db: Db, webId: number): Promise<MaintenanceSettings> {
  const site = await db
    .selectFrom('sites')
    .select(['is_maintenance', 'maintenance_heading', 'maintenance_description', 'maintenance_password_hash'])
    .where('web_id', '=', webId)
    .executeTakeFirstOrThrow();
  return {
    isPasswordProtected: site.maintenance_password_hash ? '1' : '0',
    heading: site.maintenance_heading,
    description: decodeHtmlEntities(site.maintenance_description),
    isMaintenance: site.is_maintenance,
  };
}

/**
 * Decodes HTML character references as a browser reads text (§3.11: the maintenance description is served
 * HTML-decoded), by `entities`: every named reference of HTML, decimal and hexadecimal ones, in one pass, so
 * `&amp;lt;` becomes `&lt;` and not `<`.
 */
export function decodeHtmlEntities(text: string): string {
  return decodeHTML(text);
}

/** Encodes the five characters HTML gives meaning to, by `entities`; `decodeHtmlEntities` reverses it exactly. */
export function encodeHtmlEntities(text: string): string {
  return escapeUTF8(text);
}

/** The maintenance form of the studio, as the owner wrote it; whether there is a password, never the password. */
export async function loadStudioMaintenance(db: Db, webId: number): Promise<StudioMaintenanceSettings> {
  const { isPasswordProtected, ...settings } = await loadWrittenMaintenance(db, webId);
  return { ...settings, hasPassword: isPasswordProtected === '1' };
}

/**
 * Saves the maintenance form. The description is stored HTML-encoded and served decoded (§3.11), so what the owner
 * wrote comes back exactly and text pasted with entities ("Tom &amp; Jerry") reads as meant. `passwordHash`:
 * undefined keeps the password, null removes it. Answers when the database saved it (its clock, in milliseconds):
 * saves of one store take turns on its row, so a later save always reads a later time, whichever process made it.
 */
export async function saveMaintenanceSettings(
  store: Db,
  webId: number,
  settings: { isMaintenance: boolean; heading: string; description: string; passwordHash: string | null | undefined },
): Promise<{ savedAt: number }> {
  const { saved_at } = await store
    .updateTable('sites')
    .set({
      is_maintenance: settings.isMaintenance,
      maintenance_heading: settings.heading,
      maintenance_description: encodeHtmlEntities(decodeHtmlEntities(settings.description)),
      ...(settings.passwordHash === undefined ? {} : { maintenance_password_hash: settings.passwordHash }),
    })
    .where('web_id', '=', webId)
    .returning(sql<number>`(extract(epoch from clock_timestamp()) * 1000)::float8`.as('saved_at'))
    .executeTakeFirstOrThrow();
  return { savedAt: Number(saved_at) };
}

/** The store's hosted realtime database settings (§3.3), when it has one. */
export async function realtimeDatabaseOf(store: Db, webId: number) {
  const site = await store.selectFrom('sites').select('realtime_database').where('web_id', '=', webId).executeTakeFirstOrThrow();
  return site.realtime_database;
}

/** Whether the store is in maintenance now. */
export async function isInMaintenance(store: Db, webId: number): Promise<boolean> {
  const site = await store.selectFrom('sites').select('is_maintenance').where('web_id', '=', webId).executeTakeFirstOrThrow();
  return site.is_maintenance;
}
