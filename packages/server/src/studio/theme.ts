// The store's active theme in the studio: opened, its draft saved under a revision, published with its CSS compiled
// and a version kept, rolled back. Every function acts on one store's rows, through its scoped database.
import { sql, type Transaction } from 'kysely';
import { type PublishThemeRequest, type PublishedDraft, type rollbackThemeRequest, type saveThemeRequest } from '@vitrine/commerce';
import type { z } from 'zod';
import { compileTheme } from '@vitrine/theme-engine';
import type { Db } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { documentRefused, draftConflict, versionSummary } from './pages.ts';
import { checkThemeDocument, defaultThemeDocument, readStoredTheme } from './studio-documents.ts';

/**
 * The id of the store's active theme. A store without one is given the default theme, published as version 1, so
 * that the studio always has a theme to edit; two callers at once give it one.
 */
export async function activeThemeId(db: Db, webId: number): Promise<number> {
  const site = await db.selectFrom('sites').select('active_theme_id').where('web_id', '=', webId).executeTakeFirstOrThrow();
  if (site.active_theme_id !== null) return site.active_theme_id;
  return db.transaction().execute(async (trx) => {
    const locked = await trx
      .selectFrom('sites')
      .select('active_theme_id')
      .where('web_id', '=', webId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (locked.active_theme_id !== null) return locked.active_theme_id;
    const document = defaultThemeDocument();
    const css = compileTheme(document.settings).css;
    const json = JSON.stringify(document);
    const now = new Date();
    const { theme_id: themeId } = await trx
      .insertInto('themes')
      .values({
        web_id: webId,
        name: 'Default',
        draft: json,
        published: json,
        published_css: css,
        published_version: 1,
        updated_at: now,
        published_at: now,
      })
      .returning('theme_id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('theme_versions')
      .values({ web_id: webId, theme_id: themeId, version: 1, document: json, css, published_at: now })
      .execute();
    await trx.updateTable('sites').set({ active_theme_id: themeId }).where('web_id', '=', webId).execute();
    return themeId;
  });
}

/** The active theme's row, locked for the rest of the transaction. */
const lockTheme = (trx: Transaction<Database>, webId: number, themeId: number) =>
  trx
    .selectFrom('themes')
    .select(['theme_id', 'draft', 'draft_revision', 'published_version', 'updated_at'])
    .where('web_id', '=', webId)
    .where('theme_id', '=', themeId)
    .forUpdate()
    .executeTakeFirstOrThrow();

/**
 * Publishes the theme's draft inside `trx`, the one way every publish call does it: locks the theme, refuses a
 * draft saved since `draftRevision` (409, nothing written), compiles its CSS and makes both what shoppers see, kept
 * as the next version. `at` prefixes the field a refusal names when the theme is one part of a body (`theme.`).
 */
export async function publishThemeDraft(
  trx: Transaction<Database>,
  webId: number,
  themeId: number,
  request: PublishThemeRequest,
  publishedAt: Date,
  at = '',
): Promise<PublishedDraft> {
  const theme = await lockTheme(trx, webId, themeId);
  if (theme.draft_revision !== request.draftRevision) throw draftConflict('theme', theme, at ? `${at}draftRevision` : undefined);
  // The published document is the one shoppers' pages parse: read it as the studio does, so it always parses.
  const document = readStoredTheme(theme.draft);
  const compiled = compileTheme(document.settings);
  const json = JSON.stringify(document);
  const version = theme.published_version + 1;
  await trx
    .updateTable('themes')
    .set({ draft: json, published: json, published_css: compiled.css, published_version: version, published_at: publishedAt })
    .where('web_id', '=', webId)
    .where('theme_id', '=', themeId)
    .execute();
  await trx
    .insertInto('theme_versions')
    .values({ web_id: webId, theme_id: themeId, version, document: json, css: compiled.css, published_at: publishedAt })
    .execute();
  return { publishedVersion: version, publishedAt: publishedAt.toISOString() };
}

/**
 * Every published theme's stylesheet compiled again, where this engine writes it differently from the stored one. The
 * stylesheet is the engine's work from the published document, so what a newer engine writes (fallback faces sized
 * to each theme font, say) reaches every store when the server starts, without its owner publishing again. A theme
 * published meanwhile keeps its own; versions keep the CSS they were published with. Answers how many changed.
 */
export async function recompilePublishedThemes(db: Db): Promise<number> {
  const themes = await db
    .selectFrom('themes')
    .select(['web_id', 'theme_id', 'published', 'published_css', 'published_version'])
    .where('published', 'is not', null)
    .execute();
  let changed = 0;
  for (const theme of themes) {
    const css = compileTheme(readStoredTheme(theme.published).settings).css;
    if (css === theme.published_css) continue;
    const updated = await db
      .updateTable('themes')
      .set({ published_css: css })
      .where('web_id', '=', theme.web_id)
      .where('theme_id', '=', theme.theme_id)
      .where('published_version', '=', theme.published_version)
      .returning('theme_id')
      .executeTakeFirst();
    if (updated) changed++;
  }
  return changed;
}

/** The store's active theme as the studio opens it (a store without one is given the default). */
export async function openTheme(store: Db, webId: number) {
  const themeId = await activeThemeId(store, webId);
  const theme = await store
    .selectFrom('themes')
    .select([
      'theme_id',
      'name',
      'draft',
      'draft_revision',
      'published_version',
      'updated_at',
      'published_at',
      sql<boolean>`(published is null or draft <> published)`.as('has_unpublished_changes'),
    ])
    .where('web_id', '=', webId)
    .where('theme_id', '=', themeId)
    .executeTakeFirstOrThrow();
  return {
    data: {
      themeId: theme.theme_id,
      name: theme.name,
      draft: readStoredTheme(theme.draft),
      draftRevision: theme.draft_revision,
      publishedVersion: theme.published_version,
      updatedAt: theme.updated_at.toISOString(),
      publishedAt: theme.published_at?.toISOString() ?? null,
      hasUnpublishedChanges: Boolean(theme.has_unpublished_changes),
    },
  };
}

/** Saves the theme's draft under the revision it was loaded at (409 when another tab saved since). */
export async function saveThemeDraft(store: Db, webId: number, body: z.output<typeof saveThemeRequest>) {
  const checked = checkThemeDocument(body.document);
  if (!checked.ok) throw documentRefused(checked.problem);
  const themeId = await activeThemeId(store, webId);
  return store.transaction().execute(async (trx) => {
    const theme = await lockTheme(trx, webId, themeId);
    if (theme.draft_revision !== body.draftRevision) throw draftConflict('theme', theme);
    const updatedAt = new Date();
    const saved = await trx
      .updateTable('themes')
      .set({ draft: JSON.stringify(checked.value), draft_revision: theme.draft_revision + 1, updated_at: updatedAt })
      .where('web_id', '=', webId)
      .where('theme_id', '=', themeId)
      .where('draft_revision', '=', body.draftRevision)
      .returning('draft_revision')
      .executeTakeFirstOrThrow();
    return { data: { draftRevision: saved.draft_revision, updatedAt: updatedAt.toISOString() } };
  });
}

/** Publishes the theme's draft (`publishThemeDraft`) in a transaction of its own. */
export async function publishTheme(store: Db, webId: number, body: PublishThemeRequest) {
  const themeId = await activeThemeId(store, webId);
  return { data: await store.transaction().execute((trx) => publishThemeDraft(trx, webId, themeId, body, new Date())) };
}

/** The theme's published versions, newest first. */
export async function themeVersions(store: Db, webId: number) {
  const themeId = await activeThemeId(store, webId);
  const versions = await store
    .selectFrom('theme_versions')
    .select([
      'version',
      'published_at',
      sql<number>`(case when jsonb_typeof(document -> 'header') = 'object' then 1 else 0 end) + (case when jsonb_typeof(document -> 'footer') = 'object' then 1 else 0 end)`.as(
        'section_count',
      ),
    ])
    .where('web_id', '=', webId)
    .where('theme_id', '=', themeId)
    .orderBy('version', 'desc')
    .execute();
  return { data: { versions: versions.map(versionSummary) } };
}

/** Makes a published version of the theme its draft again. */
export async function rollbackTheme(store: Db, webId: number, body: z.output<typeof rollbackThemeRequest>) {
  const themeId = await activeThemeId(store, webId);
  return store.transaction().execute(async (trx) => {
    const theme = await lockTheme(trx, webId, themeId);
    const earlier = await trx
      .selectFrom('theme_versions')
      .select('document')
      .where('web_id', '=', webId)
      .where('theme_id', '=', themeId)
      .where('version', '=', body.version)
      .executeTakeFirst();
    if (!earlier) throw new HttpError(404, 'VERSION_NOT_FOUND', `Version ${body.version} of this theme was never published`, 'version');
    const saved = await trx
      .updateTable('themes')
      .set({
        draft: JSON.stringify(readStoredTheme(earlier.document)),
        draft_revision: theme.draft_revision + 1,
        updated_at: new Date(),
      })
      .where('web_id', '=', webId)
      .where('theme_id', '=', themeId)
      .returning('draft_revision')
      .executeTakeFirstOrThrow();
    return { data: { draftRevision: saved.draft_revision } };
  });
}
