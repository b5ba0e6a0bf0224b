import type { SaveMarketingRequest, StudioMarketingSettings, saveMarketingRequest } from '@vitrine/commerce';
import type { z } from 'zod';
import type { Db } from '../db/connect.ts';

/** The store's marketing settings as the studio shows them: the Conversions API token never leaves the server. */
export async function loadMarketingSettings(store: Db): Promise<StudioMarketingSettings> {
  const site = await store.selectFrom('sites').select(['scripts', 'consent_banner']).executeTakeFirstOrThrow();
  const { facebookPixelToken, ...scripts } = site.scripts ?? {};
  return { scripts, hasFacebookPixelToken: Boolean(facebookPixelToken), consentBanner: site.consent_banner };
}

/**
 * Saves what the owner set: an empty field switches that script off, and a store with none left has no scripts
 * configuration at all (§4: nothing is injected). The token is kept, removed or replaced as `facebookPixelToken` says.
 */
export async function saveMarketingSettings(
  store: Db,
  body: z.output<typeof saveMarketingRequest> & SaveMarketingRequest,
): Promise<StudioMarketingSettings> {
  await store.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('sites').select('scripts').forUpdate().executeTakeFirstOrThrow();
    const scripts: Record<string, string> = {};
    for (const [key, value] of Object.entries(body.scripts)) if (value) scripts[key] = value;
    const token = body.facebookPixelToken === null ? current.scripts?.['facebookPixelToken'] : body.facebookPixelToken;
    if (token) scripts['facebookPixelToken'] = token;
    await trx
      .updateTable('sites')
      .set({ scripts: Object.keys(scripts).length ? JSON.stringify(scripts) : null, consent_banner: body.consentBanner })
      .execute();
  });
  return loadMarketingSettings(store);
}
