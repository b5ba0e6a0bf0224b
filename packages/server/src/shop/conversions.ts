import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { MAX_EVENTS_PER_REQUEST, type ConversionsApi, type ServerEvent } from '../infra/conversions-api.ts';

/**
 * The Conversions API outbox. An event is queued in the database (in the transaction of the write it reports, for a
 * Purchase) under its store and event id, so the same event queued twice is one row; it is sent after the answer, in
 * batches per pixel, and kept for a retry when Meta cannot be reached. The access token is read from the store's
 * configuration when sending, never taken from a browser.
 */

/** How many times an event is tried before it is left (with its last error) for the owner to see. */
export const MAX_ATTEMPTS = 8;

/**
 * How long a sending round holds the events it took: longer than a round takes (each request to Meta gives up after
 * 10 s), so only a round whose process died leaves events for another to send.
 */
const CLAIM_SECONDS = 120;

/** A store's pixel and token, if it reports to the Conversions API. */
export function conversionsTarget(scripts: Record<string, string> | null | undefined): { pixelId: string; token: string } | null {
  const pixelId = scripts?.['facebookPixelID']?.trim();
  const token = scripts?.['facebookPixelToken']?.trim();
  return pixelId && token ? { pixelId, token } : null;
}

/** Whether marketing may report this shopper: always, unless the store asks for consent and it was not granted. */
export function consentAllows(consentBanner: boolean, consentCookie: string | undefined): boolean {
  return !consentBanner || consentCookie === 'granted';
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** What Meta matches a server event to a person by: addresses and agents as they are, personal data normalised and hashed. */
export interface Customer {
  ip?: string | undefined;
  userAgent?: string | undefined;
  /** The pixel's own cookies `_fbp` and `_fbc`, sent as they are. */
  fbp?: string | undefined;
  fbc?: string | undefined;
  email?: string | null | undefined;
  phone?: string | null | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  city?: string | null | undefined;
  postalCode?: string | null | undefined;
  country?: string | null | undefined;
  /** The store's own id of the shopper (its visitor or customer id). */
  externalId?: string | null | undefined;
}

/** `user_data` as Meta requires it: email, phone, names, city, postal code, country and external id SHA-256 of their normal form. */
export function hashedUserData(customer: Customer): Record<string, string | string[]> {
  const data: Record<string, string | string[]> = {};
  const hash = (key: string, value: string | null | undefined, normal: (text: string) => string) => {
    const normalised = value ? normal(value) : '';
    if (normalised) data[key] = [sha256(normalised)];
  };
  hash('em', customer.email, (text) => text.trim().toLowerCase());
  // Digits only, country code included, no leading zeros or symbols.
  hash('ph', customer.phone, (text) => text.replace(/\D/g, '').replace(/^0+/, ''));
  hash('fn', customer.firstName, (text) => text.trim().toLowerCase());
  hash('ln', customer.lastName, (text) => text.trim().toLowerCase());
  hash('ct', customer.city, (text) => text.toLowerCase().replace(/[^\p{L}]/gu, ''));
  hash('zp', customer.postalCode, (text) => text.toLowerCase().replace(/\s+/g, ''));
  hash('country', customer.country, (text) => (/^[A-Za-z]{2}$/.test(text.trim()) ? text.trim().toLowerCase() : ''));
  hash('external_id', customer.externalId, (text) => text.trim());
  if (customer.ip) data['client_ip_address'] = customer.ip;
  if (customer.userAgent) data['client_user_agent'] = customer.userAgent.slice(0, 500);
  if (customer.fbp) data['fbp'] = customer.fbp.slice(0, 200);
  if (customer.fbc) data['fbc'] = customer.fbc.slice(0, 500);
  return data;
}

/** Queues one event in `db` (a store's database, or the transaction of the write it reports). False when it was already queued. */
export async function queueConversion(db: Db, webId: number, event: ServerEvent): Promise<boolean> {
  const inserted = await db
    .insertInto('conversion_events')
    .values({ web_id: webId, event_id: event.event_id, event_name: event.event_name, event: JSON.stringify(event) })
    .onConflict((oc) => oc.columns(['web_id', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Sends what is queued, one round at a time however many ask, on the database of every store. */
export class ConversionOutbox {
  private sending: Promise<void> | null = null;
  private askedAgain = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly api: ConversionsApi,
    private readonly log: (error: unknown, message: string) => void,
  ) {}

  /** Sends in the background after the answer; a failure is logged and the events stay queued. */
  sendSoon(): void {
    if (this.sending) {
      this.askedAgain = true;
      return;
    }
    this.sending = (async () => {
      do {
        this.askedAgain = false;
        await this.sendQueued();
      } while (this.askedAgain);
    })()
      .catch((error: unknown) => this.log(error, 'Conversions API events not sent yet'))
      .finally(() => {
        this.sending = null;
      });
  }

  /** Retries what failed every `everyMs` (Meta unreachable for a while) until `stop`. */
  start(everyMs = 60_000): void {
    this.timer ??= setInterval(() => this.sendSoon(), everyMs).unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.sending;
  }

  /**
   * Sends queued events not yet sent (up to 10,000 a round), store by store in batches; answers how many went.
   * The round first claims what it sends (migration 0015): another process's round, at the same moment, takes other
   * events or none, and an event whose round died is taken again once its claim lapses.
   */
  async sendQueued(): Promise<number> {
    const claimed = await sql<{
      web_id: number;
      event_id: string;
      event: ServerEvent;
      scripts: Record<string, string> | null;
      created_at: Date;
    }>`
      UPDATE conversion_events e SET claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS})
      FROM (
        SELECT web_id, event_id FROM conversion_events
        WHERE sent_at IS NULL AND attempts < ${MAX_ATTEMPTS} AND (claimed_until IS NULL OR claimed_until < now())
        ORDER BY created_at LIMIT ${MAX_EVENTS_PER_REQUEST * 10}
        FOR UPDATE SKIP LOCKED
      ) AS c, sites s
      WHERE e.web_id = c.web_id AND e.event_id = c.event_id AND s.web_id = e.web_id
      RETURNING e.web_id, e.event_id, e.event, s.scripts, e.created_at`.execute(this.db);
    const queued = claimed.rows.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime());
    const byStore = new Map<number, typeof queued>();
    for (const row of queued) {
      const rows = byStore.get(row.web_id);
      if (rows) rows.push(row);
      else byStore.set(row.web_id, [row]);
    }
    let sent = 0;
    for (const [webId, rows] of byStore) {
      const target = conversionsTarget(rows[0]!.scripts);
      for (let from = 0; from < rows.length; from += MAX_EVENTS_PER_REQUEST) {
        const batch = rows.slice(from, from + MAX_EVENTS_PER_REQUEST);
        // Each outcome gives the claim back: sent, or tried once more by a later round.
        const mark = this.db
          .updateTable('conversion_events')
          .where('web_id', '=', webId)
          .where(
            'event_id',
            'in',
            batch.map((row) => row.event_id),
          );
        if (!target) {
          // The owner removed the pixel or its token since: nothing to send them to.
          await mark.set({ attempts: MAX_ATTEMPTS, last_error: 'No pixel id or token configured', claimed_until: null }).execute();
          continue;
        }
        try {
          await this.api.send(
            target.pixelId,
            target.token,
            batch.map((row) => row.event),
          );
          await mark
            .set({ sent_at: sql<Date>`now()`, attempts: sql<number>`attempts + 1`, last_error: null, claimed_until: null })
            .execute();
          sent += batch.length;
        } catch (error) {
          await mark
            .set({
              attempts: sql<number>`attempts + 1`,
              last_error: String((error as Error).message ?? error).slice(0, 500),
              claimed_until: null,
            })
            .execute();
          this.log(error, `Conversions API refused or unreachable for site ${webId}`);
        }
      }
    }
    return sent;
  }
}
