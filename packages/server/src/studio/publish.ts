import type { PublishDraftsAnswer, PublishDraftsRequest } from '@vitrine/commerce';
import type { Db } from '../db/connect.ts';
import { publishPageDraft } from './pages.ts';
import { activeThemeId, publishThemeDraft } from './theme.ts';

/**
 * A page's draft and the theme's draft made live in one transaction, so shoppers never see the new page with the
 * old theme and a refusal of either leaves both as they were.
 */
export async function publishDrafts(store: Db, webId: number, drafts: PublishDraftsRequest): Promise<PublishDraftsAnswer> {
  // Outside the transaction: a store without a theme is given one in a transaction of its own.
  const themeId = drafts.theme ? await activeThemeId(store, webId) : null;
  return store.transaction().execute(async (trx) => {
    // One instant for both, and always the page before the theme, so two publishes at once queue rather than deadlock.
    const publishedAt = new Date();
    const page = drafts.page ? await publishPageDraft(trx, webId, drafts.page, publishedAt, 'page.') : undefined;
    const theme =
      drafts.theme && themeId !== null ? await publishThemeDraft(trx, webId, themeId, drafts.theme, publishedAt, 'theme.') : undefined;
    return { data: { ...(page && { page }), ...(theme && { theme }) } };
  });
}
