import { useMemo } from 'react';
import { useRouteLoaderData } from 'react-router-dom';
import { readThemeSettings, type ThemeSettings } from '@vitrine/theme-engine';
import { ROOT_ROUTE_ID, type RootData } from './root-data.ts';

/** The store's published theme settings (§3.8), read from the site's theme document; `draft` (the studio's) wins. */
export function useThemeSettings(draft?: Record<string, unknown> | null): ThemeSettings {
  const root = useRouteLoaderData(ROOT_ROUTE_ID) as RootData | undefined;
  const themeData = root?.site.themeSettings.themeData;
  return useMemo(() => {
    if (draft) return readThemeSettings(draft).settings;
    try {
      // The theme document keeps its settings under `settings` (§3.2 themeData).
      const theme = JSON.parse(themeData || '{}') as { settings?: unknown };
      return readThemeSettings(theme.settings ?? {}).settings;
    } catch {
      return readThemeSettings({}).settings;
    }
  }, [draft, themeData]);
}
