import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../db/connect.ts';

/** One mail to one address: plain text, sent on behalf of a store (null for mail of the product itself). */
export interface OutgoingMail {
  webId: number | null;
  to: string;
  subject: string;
  text: string;
}

/**
 * Where mail goes. Mail is queued in the database first, in the transaction of the write it tells about, so a message
 * the shopper was told is sent cannot lose its mail to a crash; delivery follows the commit, and whatever a crash left
 * queued is delivered at the next start. SMTP can plug in behind `deliverQueued`; until then the outbox keeps every mail
 * where a developer can read it.
 */
export interface Mailer {
  /** Queues a mail in `db`: pass the transaction of the write it belongs to. Nothing is delivered until `deliverQueued`. */
  queue(db: Db, mail: OutgoingMail): Promise<void>;
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

  async queue(db: Db, mail: OutgoingMail): Promise<void> {
    await db
      .insertInto('mail_outbox')
      .values({ web_id: mail.webId, to_address: singleLine(mail.to), subject: singleLine(mail.subject), text_body: mail.text })
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
    // One mail per transaction, its row locked while its file is written: two processes never deliver one mail twice,
    // and a crash between the file and the commit only writes the same file again.
    while (await this.db.transaction().execute((trx) => this.deliverOne(trx))) delivered += 1;
    return delivered;
  }

  private async deliverOne(trx: Db): Promise<boolean> {
    const mail = await trx
      .selectFrom('mail_outbox')
      .selectAll()
      .where('sent_at', 'is', null)
      .orderBy('mail_id')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!mail) return false;
    const site =
      mail.web_id === null
        ? undefined
        : await trx.selectFrom('sites').select(['title', 'main_domain']).where('web_id', '=', mail.web_id).executeTakeFirst();
    const createdAt = new Date(mail.created_at);
    const from = site ? `${displayName(site.title)} <no-reply@${site.main_domain}>` : 'Vitrine <no-reply@localhost>';
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
    await mkdir(this.outboxDir, { recursive: true });
    // Sortable by name: the time first, then the row id, which keeps two mails of the same millisecond apart.
    const name = `${createdAt.toISOString().replace(/[:.]/g, '-')}-${mail.mail_id}.eml`;
    await writeFile(join(this.outboxDir, name), eml, { mode: 0o600 });
    await trx.updateTable('mail_outbox').set({ sent_at: new Date() }).where('mail_id', '=', mail.mail_id).execute();
    return true;
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
