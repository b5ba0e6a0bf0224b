import { themeWtid, type Design } from '@vitrine/commerce';
import { readThemeSettings } from '@vitrine/theme-engine';
import type { Db } from '../db/connect.ts';

/**
 * The store's designs (§2.8, product.md): its published themes the owner has made public, and the live one, each
 * with its colours, fonts and corners read from the published settings, live first.
 */
export async function listDesigns(db: Db): Promise<Design[]> {
  const site = await db.selectFrom('sites').select('active_theme_id').executeTakeFirst();
  const activeThemeId = site?.active_theme_id ?? null;
  const rows = await db
    .selectFrom('themes')
    .select(['theme_id', 'name', 'published'])
    .where('published', 'is not', null)
    .where((eb) =>
      activeThemeId === null ? eb('is_public', '=', true) : eb.or([eb('is_public', '=', true), eb('theme_id', '=', activeThemeId)]),
    )
    .orderBy('theme_id')
    .execute();
  return rows
    .map((row) => {
      const { settings } = readThemeSettings((row.published as { settings?: unknown } | null)?.settings ?? {});
      const { brand, accent, background, text, surface } = settings.colors;
      return {
        themeID: row.theme_id,
        name: row.name,
        wtid: themeWtid(row.theme_id),
        isLive: row.theme_id === activeThemeId,
        colors: { brand, accent, background, text, surface },
        fonts: { heading: settings.fonts.heading, body: settings.fonts.body },
        corners: settings.corners,
      };
    })
    .sort((a, b) => Number(b.isLive) - Number(a.isLive));
}
