import { apiError, publishedPage, webConfig, type WebConfig } from '@vitrine/commerce';
import { z } from 'zod';
import type { StorefrontData } from './data.ts';

/** An API call that did not succeed, with the server's code and the HTTP status. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function getJson<T>(url: string, schema: z.ZodType<T>): Promise<T> {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = apiError.safeParse(body);
    throw new ApiCallError(response.status, error.success ? error.data.error.code : 'HTTP', error.success ? error.data.error.message : response.statusText);
  }
  return schema.parse(body);
}

/** The storefront's data over HTTP, for the browser after hydration. */
export function httpData(location: Location = window.location): StorefrontData {
  const store = new URLSearchParams(location.search).get('store');
  const domain = store ?? location.hostname;
  const storeQuery = store ? `&store=${encodeURIComponent(store)}` : '';
  let site: Promise<WebConfig> | undefined;
  return {
    getSite() {
      site ??= getJson(`/api/Web/GetWebInfo?Domain=${encodeURIComponent(domain)}&WebThemeID=0`, z.object({ data: webConfig })).then((r) => r.data);
      return site;
    },
    async getPage(slug) {
      try {
        const answer = await getJson(`/api/Page/GetPage?Slug=${encodeURIComponent(slug)}${storeQuery}`, z.object({ data: publishedPage }));
        return answer.data;
      } catch (error) {
        if (error instanceof ApiCallError && error.status === 404) return null;
        throw error;
      }
    },
  };
}
