import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from './db/connect.ts';

/** One mail to one address: plain text, sent on behalf of a store (null for mail of the product itself). */
export interface OutgoingMail {
  webId: number | null;
  to: string;
  subject: string;
  text: string;
}

/** Where mail goes. SMTP can plug in behind this; until then the outbox keeps every mail where a developer can read it. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * The development mailer: each mail becomes a row of `mail_outbox` and a `.eml` file in `outboxDir`, named by time,
 * which any mail client or text editor opens. Nothing is sent silently to nowhere (product.md).
 */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly db: Db,
    readonly outboxDir: string,
  ) {}

  async send(mail: OutgoingMail): Promise<void> {
    const to = singleLine(mail.to);
    const subject = singleLine(mail.subject);
    const site = mail.webId === null ? undefined : await this.db.selectFrom('sites').select(['title', 'main_domain']).where('web_id', '=', mail.webId).executeTakeFirst();
    const { mail_id: mailId, created_at: createdAt } = await this.db
      .insertInto('mail_outbox')
      .values({ web_id: mail.webId, to_address: to, subject, text_body: mail.text })
      .returning(['mail_id', 'created_at'])
      .executeTakeFirstOrThrow();
    const from = site ? `${displayName(site.title)} <no-reply@${site.main_domain}>` : 'Vitrine <no-reply@localhost>';
    const eml = [
      `From: ${from}`,
      `To: ${to}`,
      `Subject: ${encodeHeader(subject)}`,
      `Date: ${createdAt.toUTCString().replace('GMT', '+0000')}`,
      `Message-ID: <outbox-${mailId}@vitrine.invalid>`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
      ...(mail.webId === null ? [] : [`X-Vitrine-Web-Id: ${mail.webId}`]),
      '',
      mail.text.replace(/\r?\n/g, '\r\n'),
      '',
    ].join('\r\n');
    await mkdir(this.outboxDir, { recursive: true });
    // Sortable by name: the time first, then the row id, which keeps two mails of the same millisecond apart.
    const name = `${createdAt.toISOString().replace(/[:.]/g, '-')}-${mailId}.eml`;
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
