import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../db/connect.ts';

/** One mail to one address: plain text, sent on behalf of a store (null for mail of the product itself). */
export interface OutgoingMail {
  webId: number | null;
  /** An email address, or a phone's `textAddress` for a text message. */
  to: string;
  subject: string;
  text: string;
}

/**
 * The address of a text message to `phone` (a customer's, `+` and digits): a `tel:` URI (RFC 3966). No SMS gateway is
 * wired yet, so text messages are queued and kept in the outbox as mail is, where a gateway can take them from.
 */
export const textAddress = (phone: string) => `tel:${phone}`;

/**
 * Where mail goes. Mail is queued in the database first, in the transaction of the write it tells about, so a message
 * the shopper was told is sent cannot lose its mail to a crash; delivery follows the commit, and whatever a crash left
 * queued is delivered at the next start. SMTP can plug in behind `deliverQueued`; until then the outbox keeps every mail
 * where a developer can read it.
 */
export interface Mailer {
  /** Queues mail in `db` (one statement): pass the transaction of the write it belongs to. Nothing is delivered until `deliverQueued`. */
  queue(db: Db, mail: OutgoingMail | readonly OutgoingMail[]): Promise<void>;
  /** Delivers every queued mail not yet delivered, oldest first; answers how many it delivered. */
  deliverQueued(): Promise<number>;
  /** Queues one mail on its own and delivers it. */
  send(mail: OutgoingMail): Promise<void>;
  /**
   * Delivers what is queued in the background, one delivery at a time however many ask: for writes whose answer
   * should not wait on mail (an order). A failure is passed to `log`; the mail stays queued for the next delivery.
   */
  deliverSoon(log: (error: unknown) => void): void;
  /** Waits for a background delivery to finish (before the database closes). */
  idle(): Promise<void>;
}

/**
 * The development mailer: each mail becomes a row of `mail_outbox` and, once delivered, a `.eml` file in `outboxDir`,
 * named by time and row, which any mail client or text editor opens. Nothing is sent silently to nowhere (product.md).
 */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly db: Db,
    readonly outboxDir: string,
  ) {}

  async queue(db: Db, mail: OutgoingMail | readonly OutgoingMail[]): Promise<void> {
    const mails = Array.isArray(mail) ? mail : [mail as OutgoingMail];
    if (!mails.length) return;
    await db
      .insertInto('mail_outbox')
      .values(mails.map((m) => ({ web_id: m.webId, to_address: singleLine(m.to), subject: singleLine(m.subject), text_body: m.text })))
      .execute();
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.queue(this.db, mail);
    await this.deliverQueued();
  }

  private delivering: Promise<void> | null = null;
  private askedAgain = false;

  deliverSoon(log: (error: unknown) => void): void {
    // Asked while delivering: one more round once this one ends, for the mail queued meanwhile.
    if (this.delivering) {
      this.askedAgain = true;
      return;
    }
    this.delivering = (async () => {
      do {
        this.askedAgain = false;
        await this.deliverQueued();
      } while (this.askedAgain);
    })()
      .catch(log)
      .finally(() => {
        this.delivering = null;
      });
  }

  async idle(): Promise<void> {
    await this.delivering;
  }

  async deliverQueued(): Promise<number> {
    let delivered = 0;
    for (;;) {
      // Read without a lock and marked sent once written: each file's name is made from its row, so a mail two
      // processes (or a crash and a restart) deliver twice is the same file written twice, never a second mail. No
      // transaction is held while files are written, so orders and carts never wait on mail.
      const mails = await this.db
        .selectFrom('mail_outbox as m')
        .leftJoin('sites as s', 's.web_id', 'm.web_id')
        .select(['m.mail_id', 'm.web_id', 'm.to_address', 'm.subject', 'm.text_body', 'm.created_at', 's.title', 's.main_domain'])
        .where('m.sent_at', 'is', null)
        .orderBy('m.mail_id')
        .limit(50)
        .execute();
      if (!mails.length) return delivered;
      await mkdir(this.outboxDir, { recursive: true });
      for (const mail of mails) await this.write(mail);
      await this.db
        .updateTable('mail_outbox')
        .set({ sent_at: new Date() })
        .where(
          'mail_id',
          'in',
          mails.map((mail) => mail.mail_id),
        )
        .where('sent_at', 'is', null)
        .execute();
      delivered += mails.length;
    }
  }

  private async write(mail: {
    mail_id: number;
    web_id: number | null;
    to_address: string;
    subject: string;
    text_body: string;
    created_at: Date;
    title: string | null;
    main_domain: string | null;
  }): Promise<void> {
    const createdAt = new Date(mail.created_at);
    const from =
      mail.title !== null && mail.main_domain !== null
        ? `${displayName(mail.title)} <no-reply@${mail.main_domain}>`
        : 'Vitrine <no-reply@localhost>';
    const eml = [
      `From: ${from}`,
      `To: ${mail.to_address}`,
      `Subject: ${encodeHeader(mail.subject)}`,
      `Date: ${createdAt.toUTCString().replace('GMT', '+0000')}`,
      `Message-ID: <outbox-${mail.mail_id}@vitrine.invalid>`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
      ...(mail.web_id === null ? [] : [`X-Vitrine-Web-Id: ${mail.web_id}`]),
      '',
      mail.text_body.replace(/\r?\n/g, '\r\n'),
      '',
    ].join('\r\n');
    // Sortable by name: the time first, then the row id, which keeps two mails of the same millisecond apart.
    const name = `${createdAt.toISOString().replace(/[:.]/g, '-')}-${mail.mail_id}.eml`;
    await writeFile(join(this.outboxDir, name), eml, { mode: 0o600 });
  }
}

/** A header value on one line: a line break in it would start a header of the caller's choosing. */
function singleLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

/** A sender's name: quoted when ASCII (a comma or parenthesis in a store's title would otherwise split it), else encoded. */
function displayName(value: string): string {
  const line = singleLine(value);
  return isAscii(line) ? `"${line.replace(/["\\]/g, '\\$&')}"` : encodeHeader(line);
}

const isAscii = (value: string) => /^[\x20-\x7e]*$/.test(value);

/** RFC 2047 for non-ASCII header text, so that "Élise" survives in every mail reader. */
function encodeHeader(value: string): string {
  return isAscii(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}
