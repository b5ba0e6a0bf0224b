import type { FastifyInstance } from 'fastify';
import { CONSENT_COOKIE, marketingEndpoints } from '@vitrine/commerce';
import { consentAllows, conversionsTarget, hashedUserData, queueConversion, type ConversionOutbox } from '../shop/conversions.ts';
import { loadMarketingSettings, saveMarketingSettings } from '../shop/marketing.ts';
import type { ApiDeps } from './api-deps.ts';
import { registerEndpoints } from './endpoint-routes.ts';
import { HttpError } from './errors.ts';

/** The visitor cookie of the first-party tracker, the store's own id of a shopper (Meta's `external_id`). */
const VISITOR_COOKIE = 'vt_vid';

/**
 * The Conversions API relay (§7) and the owner's marketing settings. A page's event is checked, given the shopper's
 * address and agent and the pixel's cookies, and queued; the store's token is added when it is sent. A Purchase is
 * never taken from a browser (the order reports itself), nor an event id in the Purchase's space.
 */
export function registerMarketingApi(app: FastifyInstance, deps: ApiDeps & { conversions: ConversionOutbox }): void {
  registerEndpoints(app, deps, marketingEndpoints, {
    capi: async ({ body, caller: { webId }, request, store }) => {
      const eventId = body.custom_data.event_id;
      if (eventId.startsWith('purchase-'))
        throw new HttpError(400, 'BAD_REQUEST', 'custom_data.event_id: purchase- ids are the store’s own', 'custom_data.event_id');
      let pageHost: string;
      try {
        pageHost = new URL(body.url).host;
      } catch {
        throw new HttpError(400, 'BAD_REQUEST', 'url: must be an http or https address', 'url');
      }
      if (pageHost !== request.host) throw new HttpError(400, 'BAD_REQUEST', 'url: must be an address of this store', 'url');
      const site = await store.selectFrom('sites').select(['scripts', 'consent_banner']).executeTakeFirstOrThrow();
      // Nothing to report to, or a shopper who did not consent: not an error, nothing is sent.
      if (!conversionsTarget(site.scripts) || !consentAllows(site.consent_banner, request.cookies[CONSENT_COOKIE]))
        return { data: { sent: false } };
      const { event_id, ...customData } = body.custom_data;
      await queueConversion(store, webId, {
        event_name: body.event_name,
        event_time: Math.floor(Date.now() / 1000),
        event_id,
        event_source_url: body.url,
        action_source: body.action_source,
        user_data: hashedUserData({
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          fbp: request.cookies['_fbp'],
          fbc: request.cookies['_fbc'],
          externalId: request.cookies[VISITOR_COOKIE],
        }),
        custom_data: customData,
      });
      deps.conversions.sendSoon();
      return { data: { sent: true } };
    },
    getMarketing: async ({ store }) => ({ data: await loadMarketingSettings(store) }),
    saveMarketing: async ({ body, store }) => ({ data: await saveMarketingSettings(store, body) }),
  });
}
