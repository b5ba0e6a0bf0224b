import { endpoint } from './endpoint.ts';
import { capiAnswer, capiRequest, saveMarketingRequest, studioMarketingAnswer } from './marketing.ts';

/**
 * Marketing's calls, apart from the studio's: a shopper's page sends the Conversions API relay through this table
 * (`marketing/runtime.client.ts`), and must not build every studio schema to do so.
 */

/** Marketing: the Conversions API relay (§7) and the owner's scripts and consent settings. */
export const marketingEndpoints = {
  capi: endpoint({ method: 'POST', path: '/api/facebook/capi', caller: 'visitor', body: capiRequest, answer: capiAnswer }),
  getMarketing: endpoint({ method: 'GET', path: '/api/Studio/GetMarketing', caller: 'owner', answer: studioMarketingAnswer }),
  saveMarketing: endpoint({
    method: 'POST',
    path: '/api/Studio/SaveMarketing',
    caller: 'owner',
    body: saveMarketingRequest,
    answer: studioMarketingAnswer,
  }),
};
