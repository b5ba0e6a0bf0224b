import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The token a store's page hands the visitor tracker (issue 33): a session is recorded only when its add-session
 * beacon comes with one. Beacons need no sign-in, so without it anyone could make up sessions by the thousand from a
 * few addresses; with it, each session needs a page served by this server for this store in the last
 * `TRACK_TOKEN_SECONDS`, and each token starts only a few (`TrackingOptions.sessionsPerToken`).
 *
 * It travels as a cookie (`TRACK_TOKEN_COOKIE`, HttpOnly) set when a page is served, a kept guest page included, so
 * it is never one shopper's token in another's page, and the tracker sends it with its beacons without carrying a
 * byte of it. It holds the store, the second it was issued and a random part, signed with a key derived from the
 * server's secret (every process on the secret reads every other's).
 */
export const TRACK_TOKEN_COOKIE = 'vt_tt';
/** How long a token starts sessions: a tab left open may start a new session when its old one lapses (180 s idle). */
export const TRACK_TOKEN_SECONDS = 30 * 60;

const b64 = (bytes: Buffer) => bytes.toString('base64url');

export class TrackTokens {
  private readonly key: Buffer;

  constructor(secret: Buffer | string) {
    this.key = createHmac('sha256', secret).update('vitrine tracking token v1').digest();
  }

  /** A new token for store `webId`, issued at `now` (ms). */
  issue(webId: number, now = Date.now()): string {
    const payload = `${Math.floor(now / 1000).toString(36)}.${b64(randomBytes(6))}`;
    return `${payload}.${this.sign(webId, payload)}`;
  }

  /**
   * The token's id (its random part, to count the sessions it starts) when `token` was issued by this server for
   * store `webId` within `TRACK_TOKEN_SECONDS` of `now`; else null. `age` is its age in seconds.
   */
  read(webId: number, token: string | undefined, now = Date.now()): { id: string; age: number } | null {
    if (!token || token.length > 100) return null;
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [issued, random, mac] = parts as [string, string, string];
    const expected = Buffer.from(this.sign(webId, `${issued}.${random}`));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const age = Math.floor(now / 1000) - parseInt(issued, 36);
    // A minute's grace for clocks of other processes a little ahead.
    if (!Number.isFinite(age) || age > TRACK_TOKEN_SECONDS || age < -60) return null;
    return { id: random, age };
  }

  private sign(webId: number, payload: string): string {
    return b64(createHmac('sha256', this.key).update(`${webId}.${payload}`).digest().subarray(0, 16));
  }
}
