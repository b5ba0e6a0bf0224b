import { sql } from 'kysely';
import { pageDocument, validateFormValues, type contactRequest, type formSubmitRequest, type subscribeRequest } from '@vitrine/commerce';
import { formFieldsOf } from '@vitrine/sections';
import type { z } from 'zod';
import type { Db } from '../db/connect.ts';
import { FieldsRefused, HttpError } from '../http/errors.ts';
import type { Mailer } from '../infra/mailer.ts';

// What the sections' forms send (§3.9, §5), each stored in the store's own rows or refused whole.

/**
 * A dynamic form's values, checked again against the fields of the page as published (never the browser's copy):
 * 404 when the form is no longer on the page, 400 with every field's message when a value does not pass.
 */
export async function submitForm(store: Db, webId: number, { pageId, sectionId, values }: z.output<typeof formSubmitRequest>) {
  const page = await store
    .selectFrom('pages')
    .select('published')
    .where('web_id', '=', webId)
    .where('page_id', '=', pageId)
    .executeTakeFirst();
  const document = pageDocument.safeParse(page?.published);
  const section = document.success ? document.data.sections.find((s) => s.id === sectionId && !s.hidden) : undefined;
  const fields = section ? formFieldsOf(section) : null;
  if (!fields) throw new HttpError(404, 'FORM_NOT_FOUND', 'This form is no longer on the page');
  const checked = validateFormValues(fields, values);
  if (!checked.ok) throw new FieldsRefused(checked.errors);
  await store
    .insertInto('form_submissions')
    .values({ web_id: webId, kind: 'form', page_id: pageId, section_id: sectionId, data: JSON.stringify(checked.values) })
    .execute();
  return { data: { ok: true as const } };
}

/** A contact message, stored and mailed to the store's owners together: a message said to be sent reaches them. */
export async function sendContact(
  store: Db,
  mailer: Mailer,
  webId: number,
  message: z.output<typeof contactRequest>,
  log: (details: unknown, message: string) => void,
) {
  const [site, owners] = await Promise.all([
    store.selectFrom('sites').select('title').where('web_id', '=', webId).executeTakeFirstOrThrow(),
    store
      .selectFrom('owners')
      .innerJoin('site_owners', 'site_owners.owner_id', 'owners.owner_id')
      .select('owners.email')
      .where('site_owners.web_id', '=', webId)
      .execute(),
  ]);
  const text = [`From: ${message.name} <${message.email}>`, message.phone ? `Phone: ${message.phone}` : '', '', message.message]
    .filter((line, i) => line || i === 2)
    .join('\n');
  // The message and its mails commit together: a message the shopper is told was sent always reaches the owners.
  await store.transaction().execute(async (trx) => {
    await trx
      .insertInto('form_submissions')
      .values({
        web_id: webId,
        kind: 'contact',
        page_id: message.pageId ?? null,
        section_id: message.sectionId ?? null,
        data: JSON.stringify(message),
      })
      .execute();
    for (const owner of owners)
      await mailer.queue(trx, { webId, to: owner.email, subject: `New message from ${message.name} via ${site.title}`, text });
  });
  // Delivery can fail without losing anything: the mail stays queued and goes out at the next delivery or start.
  await mailer.deliverQueued().catch((error: unknown) => log({ err: error }, 'queued mail not delivered yet'));
  return { data: { ok: true as const } };
}

/** A newsletter sign-up; signing up twice is not an error, and makes no second row. */
export async function subscribe(store: Db, webId: number, body: z.output<typeof subscribeRequest>) {
  const email = body.email.toLowerCase();
  // Signing up twice is not an error for the shopper, and must not make a second row.
  await store.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('form_submissions')
      .select('submission_id')
      .where('web_id', '=', webId)
      .where('kind', '=', 'subscribe')
      .where(sql<string>`data->>'email'`, '=', email)
      .executeTakeFirst();
    if (!existing) {
      await trx
        .insertInto('form_submissions')
        .values({
          web_id: webId,
          kind: 'subscribe',
          page_id: body.pageId ?? null,
          section_id: body.sectionId ?? null,
          data: JSON.stringify({ email }),
        })
        .execute();
    }
  });
  return { data: { ok: true as const } };
}
