/**
 * Meta's Conversions API (§7: the server-side report of the events a store's pixel sees). The seam to the outside
 * service: `ConversionsApi.send` posts events for one pixel with the store's own access token. The real client talks
 * HTTP to Meta's Graph API; tests point the same client at a local server speaking the same protocol (no stand-in
 * class: only the address differs). Nothing here knows about stores or the database — see `shop/conversions.ts`.
 */

/** One server event as Meta takes it (`data[]` of `POST /{pixel-id}/events`). */
export interface ServerEvent {
  event_name: string;
  /** Unix time in seconds. */
  event_time: number;
  /** The id the browser pixel sent with the same event, so Meta counts the two once. */
  event_id: string;
  event_source_url: string;
  action_source: 'website';
  /** Customer information: addresses and agents as they are, personal data SHA-256 hashed (`hashedUserData`). */
  user_data: Record<string, string | string[]>;
  custom_data: Record<string, unknown>;
}

export interface ConversionsApi {
  /** Sends up to 1,000 events of one pixel; throws when Meta refuses them or cannot be reached (they are kept for a retry). */
  send(pixelId: string, accessToken: string, events: readonly ServerEvent[]): Promise<void>;
}

/** The Graph API version the events are posted to. */
export const GRAPH_API_VERSION = 'v21.0';

/** The most events one request may carry (Meta's limit). */
export const MAX_EVENTS_PER_REQUEST = 1000;

/** The real client: `POST {baseUrl}/{version}/{pixelId}/events` with the events and the token, JSON. */
export class MetaConversionsApi implements ConversionsApi {
  constructor(
    private readonly baseUrl = 'https://graph.facebook.com',
    private readonly timeoutMs = 10_000,
  ) {}

  async send(pixelId: string, accessToken: string, events: readonly ServerEvent[]): Promise<void> {
    if (!/^\d{5,20}$/.test(pixelId)) throw new Error(`Not a pixel id: ${pixelId}`);
    const response = await fetch(`${this.baseUrl.replace(/\/+$/, '')}/${GRAPH_API_VERSION}/${pixelId}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: events, access_token: accessToken }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!response.ok) {
      // Meta's error says why (a bad token, a malformed event); the token itself is never in it.
      const detail = (await response.text().catch(() => '')).slice(0, 500);
      throw new Error(`Conversions API answered ${response.status}: ${detail}`);
    }
  }
}
