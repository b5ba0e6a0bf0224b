import { useMemo } from 'react';
import { useRouteLoaderData } from 'react-router-dom';
import { themeShopOf } from '@vitrine/sections';
import { readThemeSettings, type ThemeSettings } from '@vitrine/theme-engine';
import { readOncePerText } from './read-once.ts';
import { ROOT_ROUTE_ID, type RootData, type ShopSettings } from './root-data.ts';

/** The settings of a theme document's text, read once per text. */
export const publishedSettingsOf = readOncePerText((themeData) => {
  try {
    // The theme document keeps its settings under `settings` (§3.2 themeData).
    const theme = JSON.parse(themeData) as { settings?: unknown };
    return readThemeSettings(theme.settings ?? {}).settings;
  } catch {
    return readThemeSettings({}).settings;
  }
});

/** What the shop context takes from a theme's settings (show_currency, the product cards' toggles). */
export const shopSettingsFrom = (settings: ThemeSettings): ShopSettings => themeShopOf(settings);

/** The same, from a theme document's text: one object per text, so data made from it is made once too. */
export const shopSettingsOf = readOncePerText((themeData): ShopSettings => shopSettingsFrom(publishedSettingsOf(themeData)));

/** The store's published theme settings (§3.8), read from the site's theme document; `draft` (the studio's) wins. */
export function useThemeSettings(draft?: Record<string, unknown> | null): ThemeSettings {
  const root = useRouteLoaderData(ROOT_ROUTE_ID) as RootData | undefined;
  const themeData = root?.site.themeSettings.themeData;
  return useMemo(() => (draft ? readThemeSettings(draft).settings : publishedSettingsOf(themeData || '{}')), [draft, themeData]);
}
