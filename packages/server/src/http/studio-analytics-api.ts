import type { FastifyInstance } from 'fastify';
import { studioAnalyticsEndpoints } from '@vitrine/commerce';
import { AnalyticsRollups, analyticsPeriod, analyticsReport } from '../shop/analytics.ts';
import type { ApiDeps } from './api-deps.ts';
import { registerEndpoints } from './endpoint-routes.ts';

/**
 * The owner's analytics. The rollups are kept current by a timer that lives as long as the app (stopped before the
 * database closes), and the dashboard's call brings its store's up to date first when they are over a minute old.
 */
export function registerStudioAnalyticsApi(app: FastifyInstance, deps: ApiDeps): void {
  const rollups = new AnalyticsRollups(deps.everyStore, (error) => app.log.error({ err: error }, 'Analytics rollup failed'));
  app.addHook('onReady', async () => rollups.start());
  app.addHook('onClose', async () => rollups.stop());
  registerEndpoints(app, deps, studioAnalyticsEndpoints, {
    getAnalytics: async ({ query, caller: { webId }, store }) => {
      const period = analyticsPeriod(query);
      await rollups.ensureFresh(webId);
      return { data: await analyticsReport(store, period) };
    },
  });
}
