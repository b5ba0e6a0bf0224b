/**
 * The consent a shopper gave (or refused) on the banner (§4 Consent Mode), kept in this cookie for a year. A module of
 * its own, without schemas: the marketing runtime a shopper's page loads reads it, and brings nothing else.
 */
export const CONSENT_COOKIE = 'vt_consent';
export const CONSENT_COOKIE_SECONDS = 31_536_000;
export type ConsentChoice = 'granted' | 'denied';
