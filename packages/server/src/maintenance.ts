import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MaintenanceSettings } from '@vitrine/commerce';
import type { Db } from './db/connect.ts';

/** The cookie that lets a visitor past a password-protected maintenance page (§4, §9). */
export const MAINTENANCE_BYPASS_COOKIE = 'vt_maintenance_bypass';
/** §9: the bypass lasts 24 hours. */
export const MAINTENANCE_BYPASS_SECONDS = 24 * 60 * 60;

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

  /** The `Set-Cookie` header value granting a bypass of one store, while its password is `passwordHash`, for 24 hours. */
  setCookieHeader(webId: number, passwordHash: string): string {
    const expiresAt = this.now() + MAINTENANCE_BYPASS_SECONDS;
    const value = `${webId}.${expiresAt}.${this.sign(webId, expiresAt, passwordHash)}`;
    return `${MAINTENANCE_BYPASS_COOKIE}=${value}; Max-Age=${MAINTENANCE_BYPASS_SECONDS}; Path=/; Secure; HttpOnly; SameSite=Strict`;
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

/** A store's maintenance page settings as shoppers get them (§3.11): the description HTML-decoded. */
export async function loadMaintenanceSettings(db: Db, webId: number): Promise<MaintenanceSettings> {
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

/** One cookie's value from a `Cookie` header, or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** The entities an editor commonly writes by name; numeric references cover every other character. */
const namedEntities: Readonly<Record<string, string>> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', ensp: '\u2002', emsp: '\u2003', thinsp: '\u2009',
  shy: '\u00ad', zwj: '\u200d', zwnj: '\u200c', copy: '©', reg: '®', trade: '™', hellip: '…', mdash: '—', ndash: '–',
  lsquo: '‘', rsquo: '’', sbquo: '‚', ldquo: '“', rdquo: '”', bdquo: '„', laquo: '«', raquo: '»', lsaquo: '‹', rsaquo: '›',
  bull: '•', middot: '·', deg: '°', plusmn: '±', times: '×', divide: '÷', minus: '−', frac12: '½', frac14: '¼', frac34: '¾',
  sup1: '¹', sup2: '²', sup3: '³', micro: 'µ', para: '¶', sect: '§', dagger: '†', Dagger: '‡', permil: '‰', prime: '′',
  euro: '€', pound: '£', yen: '¥', cent: '¢', curren: '¤', iexcl: '¡', iquest: '¿', larr: '←', rarr: '→', uarr: '↑',
  darr: '↓', harr: '↔', hearts: '♥', check: '✓', star: '☆', ordf: 'ª', ordm: 'º', szlig: 'ß', aelig: 'æ', AElig: 'Æ',
  oslash: 'ø', Oslash: 'Ø', aring: 'å', Aring: 'Å', ccedil: 'ç', Ccedil: 'Ç', ntilde: 'ñ', Ntilde: 'Ñ', eth: 'ð', thorn: 'þ',
};
// The accented vowels: &eacute; &Uuml; and so on.
for (const [mark, sign] of [['acute', '\u0301'], ['grave', '\u0300'], ['circ', '\u0302'], ['uml', '\u0308'], ['tilde', '\u0303']] as const) {
  for (const letter of 'aeiouyAEIOUY') {
    const composed = `${letter}${sign}`.normalize('NFC');
    if (composed.length === 1) (namedEntities as Record<string, string>)[`${letter}${mark}`] = composed;
  }
}

/**
 * Decodes HTML character references (§3.11: the maintenance description is served HTML-decoded): named ones, decimal
 * `&#39;` and hexadecimal `&#x263A;`, in one pass, so `&amp;lt;` becomes `&lt;` and not `<`. Unknown names are kept.
 */
export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}));/g, (reference, decimal?: string, hex?: string, name?: string) => {
    if (name !== undefined) return Object.hasOwn(namedEntities, name) ? namedEntities[name]! : reference;
    const code = decimal !== undefined ? Number(decimal) : parseInt(hex!, 16);
    // NUL, surrogates and beyond Unicode are replaced, as browsers do.
    if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
    return String.fromCodePoint(code);
  });
}

/** Encodes the five characters HTML gives meaning to; `decodeHtmlEntities` reverses it exactly. */
export function encodeHtmlEntities(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}
