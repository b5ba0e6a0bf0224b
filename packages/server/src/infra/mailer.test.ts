import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type Db } from '../db/connect.ts';
import { OutboxMailer } from './mailer.ts';

describe('OutboxMailer', () => {
  let db: Db;
  let dir: string;
  let webId: number;

  beforeAll(async () => {
    db = await openDatabase({});
    await migrateToLatest(db);
    dir = mkdtempSync(join(tmpdir(), 'vitrine-outbox-'));
    ({ web_id: webId } = await db
      .insertInto('sites')
      .values({ title: 'Maison "Élise", Paris', main_domain: 'elise.test', base_currency: 'EUR', active_theme_id: null })
      .returning('web_id')
      .executeTakeFirstOrThrow());
  });
  afterAll(async () => {
    await db?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps each mail as an outbox row and a readable .eml file, and lets no line break into a header', async () => {
    const mailer = new OutboxMailer(db, join(dir, 'outbox'));
    await mailer.send({
      webId,
      to: 'ada@example.test\r\nBcc: everyone@example.test',
      subject: 'Hello\r\nX-Injected: yes',
      text: 'Line one\nLine two',
    });
    const rows = await db.selectFrom('mail_outbox').selectAll().execute();
    expect(rows).toEqual([
      expect.objectContaining({
        web_id: webId,
        to_address: 'ada@example.test Bcc: everyone@example.test',
        subject: 'Hello X-Injected: yes',
        text_body: 'Line one\nLine two',
      }),
    ]);
    const files = readdirSync(join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-\d+\.eml$/);
    const eml = readFileSync(join(dir, 'outbox', files[0]!), 'utf8');
    const [head, body] = eml.split('\r\n\r\n') as [string, string];
    const headerNames = head.split('\r\n').map((line) => line.split(':')[0]);
    expect(headerNames).not.toContain('Bcc');
    expect(headerNames).not.toContain('X-Injected');
    expect(head).toContain(`From: =?UTF-8?B?${Buffer.from('Maison "Élise", Paris').toString('base64')}?= <no-reply@elise.test>`);
    expect(head).toContain('Content-Type: text/plain; charset=utf-8');
    expect(body).toBe('Line one\r\nLine two\r\n');
  });

  it('queues mail with the write it belongs to: a rolled-back write sends nothing, a committed one is delivered once, even after a crash (issue 13)', async () => {
    await db.deleteFrom('mail_outbox').execute();
    const outbox = join(dir, 'queued');
    const mailer = new OutboxMailer(db, outbox);
    const mail = { webId, to: 'owner@elise.test', subject: 'New message', text: 'Hello' };
    await expect(
      db.transaction().execute(async (trx) => {
        await mailer.queue(trx, { ...mail, subject: 'Never sent' });
        throw new Error('the message could not be stored');
      }),
    ).rejects.toThrow('could not be stored');
    // Committed, then the process dies before delivering it.
    await db.transaction().execute((trx) => mailer.queue(trx, mail));
    expect(await db.selectFrom('mail_outbox').select(['subject', 'sent_at']).execute()).toEqual([
      { subject: 'New message', sent_at: null },
    ]);
    // The next start delivers what was left, once.
    const restarted = new OutboxMailer(db, outbox);
    expect(await restarted.deliverQueued()).toBe(1);
    expect(await restarted.deliverQueued()).toBe(0);
    expect(readdirSync(outbox)).toHaveLength(1);
    expect(readFileSync(join(outbox, readdirSync(outbox)[0]!), 'utf8')).toContain('Subject: New message');
    expect((await db.selectFrom('mail_outbox').select('sent_at').executeTakeFirstOrThrow()).sent_at).toBeInstanceOf(Date);
  });
});
