import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAINTENANCE_EVENT, maintenanceEndpoints } from '@vitrine/commerce';
import {
  isInMaintenance,
  loadMaintenanceSettings,
  MAINTENANCE_BYPASS_COOKIE,
  MAINTENANCE_BYPASS_COOKIE_OPTIONS,
  maintenancePasswordHash,
  type MaintenanceBypass,
} from '../shop/maintenance.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { rateRules } from '../infra/rate-limit.ts';
import type { ApiDeps } from './api-deps.ts';
import { registerEndpoints } from './endpoint-routes.ts';
import { perAddress } from './rate-limits.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Checks maintenance bypass cookies; see `hasMaintenanceBypass`. */
    maintenanceBypass: MaintenanceBypass;
  }
}

/**
 * Whether a request carries a valid maintenance bypass cookie for this store (§2.5: maintenance on and no bypass
 * sends visitors to /maintenance). A forged, expired or other store's cookie does not count, nor one given before
 * the store's password last changed (`passwordHash` is the store's current one).
 */
export function hasMaintenanceBypass(
  request: Pick<FastifyRequest, 'cookies' | 'server'>,
  webId: number,
  passwordHash: string | null,
): boolean {
  return request.server.maintenanceBypass.verify(request.cookies[MAINTENANCE_BYPASS_COOKIE], webId, passwordHash);
}

/** One server-sent event of the live flag (§4, spelled `isMaintanance` as there). */
const flagEvent = (isMaintenance: boolean) => `event: ${MAINTENANCE_EVENT}\ndata: ${JSON.stringify({ isMaintanance: isMaintenance })}\n\n`;

/** The maintenance page's calls (§2.4, §3.11, §7) and the live flag stream. */
export function registerMaintenanceApi(app: FastifyInstance, deps: ApiDeps): void {
  const { limiter, liveFlags, bypass } = deps;
  app.decorate('maintenanceBypass', bypass);

  // Open streams, ended when the server closes: an open response would otherwise keep it from closing.
  const openStreams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...openStreams]) end();
  });

  registerEndpoints(app, deps, maintenanceEndpoints, {
    getMaintenanceModeSettings: async ({ caller: { webId }, store }) => ({ data: await loadMaintenanceSettings(store, webId) }),

    checkMaintenanceModePassword: {
      ...perAddress(rateRules.maintenancePasswordPerIp, 'maintenance'),
      handle: async ({ body, caller: { webId }, reply, store }) => {
        // Counted before the check so that guesses arriving together cannot pass the limit; a right password is forgiven.
        const storeKey = `maintenance:store:${webId}`;
        await limiter.enforce(rateRules.maintenancePasswordPerStore, storeKey);
        const passwordHash = await maintenancePasswordHash(store, webId);
        // A store without a password has nothing to pass; a wrong password is an answer, not an error (§8: toast).
        if (!passwordHash || !(await verifyPassword(body.password, passwordHash))) return { data: false };
        await limiter.forgive(storeKey);
        reply.setCookie(MAINTENANCE_BYPASS_COOKIE, bypass.grant(webId, passwordHash), MAINTENANCE_BYPASS_COOKIE_OPTIONS);
        return { data: true };
      },
    },

    maintenanceStream: async ({ caller: { webId }, request, reply, store }) => {
      // Written to the socket itself: the headers the hooks set on the reply (the security headers) are passed on.
      const hooked: Record<string, string | number | string[]> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) hooked[name] = value;
      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        ...hooked,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // Proxies such as nginx would otherwise hold events back in a buffer.
        'x-accel-buffering': 'no',
      });
      response.write('retry: 3000\n\n');

      let told = false;
      const tell = (isMaintenance: boolean) => {
        told = true;
        response.write(flagEvent(isMaintenance));
      };
      // Subscribed before the stored flag is read, so a flip between the two is not lost; and the stored value is sent
      // only when no newer one came first.
      const unsubscribe = liveFlags.subscribe(webId, tell);
      const heartbeat = setInterval(() => response.write(': heartbeat\n\n'), deps.heartbeatMs);
      const stop = () => {
        clearInterval(heartbeat);
        unsubscribe();
        openStreams.delete(end);
      };
      const end = () => {
        stop();
        response.end();
      };
      openStreams.add(end);
      response.on('close', stop);

      try {
        const isMaintenance = await isInMaintenance(store, webId);
        if (!told && !response.writableEnded) tell(isMaintenance);
      } catch (error) {
        request.log.error({ err: error }, 'Maintenance stream failed');
        end();
      }
    },
  });
}
