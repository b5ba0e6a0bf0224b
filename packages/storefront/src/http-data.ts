import { publishedPage, webConfig, type WebConfig } from '@vitrine/commerce';
import { z } from 'zod';
import { ApiCallError, type ApiClient } from './client/api-client.ts';
import { useCart } from './client/cart.ts';
import { signedInUserId, useSession } from './client/session.ts';
import type { MaintenanceSettings, StorefrontData } from './data.ts';

const maintenanceAnswer = z.object({
  data: z.object({ isPasswordProtected: z.enum(['0', '1']), heading: z.string(), description: z.string(), isMaintenance: z.boolean().optional() }),
});

/** The storefront's data over HTTP, for the browser after hydration. */
export function httpData(api: ApiClient, { domain, themeId }: { domain: string; themeId: number }): StorefrontData {
  let site: Promise<WebConfig> | undefined;
  return {
    getSite() {
      site ??= api.call(`/api/Web/GetWebInfo?Domain=${encodeURIComponent(domain)}&WebThemeID=${themeId}`, z.object({ data: webConfig })).then((r) => r.data);
      return site;
    },
    async getPage(slug) {
      try {
        return (await api.call(`/api/Page/GetPage?Slug=${encodeURIComponent(slug)}`, z.object({ data: publishedPage }))).data;
      } catch (error) {
        if (error instanceof ApiCallError && error.status === 404) return null;
        throw error;
      }
    },
    async getThemeSectionData() {
      return (await api.call('/api/Page/GetThemeSections', z.object({ data: z.object({ sectionData: z.record(z.string(), z.unknown()) }) }))).data.sectionData;
    },
    async getSession() {
      const userId = signedInUserId(useSession.getState().tokens);
      return { signedIn: userId !== null, userId };
    },
    async getMaintenance(): Promise<MaintenanceSettings> {
      const { data } = await api.call('/api/Web/GetMaintenanceModeSettings', maintenanceAnswer);
      return { ...data, isMaintenance: data.isMaintenance ?? (await this.getSite()).isMaintenance };
    },
    // The browser only reaches here after the server's render, which already told it (root loader data).
    hasMaintenanceBypass: async () => false,
    getCartCount: async () => useCart.getState().lines.length,
  };
}
