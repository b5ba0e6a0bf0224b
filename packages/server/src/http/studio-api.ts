import type { FastifyInstance } from 'fastify';
import { studioEndpoints } from '@vitrine/commerce';
import { checkPasswordOfNobody } from '../auth/accounts.ts';
import { loadStudioMaintenance, realtimeDatabaseOf, saveMaintenanceSettings } from '../shop/maintenance.ts';
import { createOwnerSession, endOwnerSession, findOwner, ownedSites } from '../auth/owners.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { mirrorMaintenanceFlag } from '../infra/realtime-database.ts';
import { guardSignIn } from '../infra/rate-limit.ts';
import type { ApiDeps } from './api-deps.ts';
import { registerEndpoints } from './endpoint-routes.ts';
import { HttpError } from './errors.ts';

/** The owner's calls (`/api/Studio/*`): sign-in and sign-out, and the maintenance form. Owners are not customers. */
export function registerStudioApi(app: FastifyInstance, deps: ApiDeps): void {
  const { everyStore, limiter, liveFlags } = deps;

  registerEndpoints(app, deps, studioEndpoints, {
    signIn: async ({ body, request }) => {
      const attempt = await guardSignIn(limiter, { scope: 'studio-signin', account: body.email, ip: request.ip });
      const owner = await findOwner(everyStore, body.email);
      const passwordOk = owner ? await verifyPassword(body.password, owner.password_hash) : await checkPasswordOfNobody(body.password);
      if (!owner || !passwordOk) {
        await attempt.failed();
        throw new HttpError(401, 'SIGN_IN_FAILED', 'Email or password is incorrect');
      }
      await attempt.succeeded();
      const [sites, sessionToken] = await Promise.all([
        ownedSites(everyStore, owner.owner_id),
        createOwnerSession(everyStore, owner.owner_id),
      ]);
      return { data: { owner: { ownerId: owner.owner_id, name: owner.name, email: owner.email }, sites, sessionToken } };
    },

    signOut: async ({ caller: { token } }) => {
      await endOwnerSession(everyStore, token);
      return { data: { signedOut: true as const } };
    },

    getMaintenance: async ({ caller: { webId }, store }) => {
      return { data: await loadStudioMaintenance(store, webId) };
    },

    setMaintenance: async ({ body, caller: { webId }, request, store }) => {
      // null keeps the password, '' removes it, anything else replaces it (hashed like every password).
      const passwordHash = body.password === null ? undefined : body.password === '' ? null : await hashPassword(body.password);
      await saveMaintenanceSettings(store, webId, { ...body, passwordHash });
      // Published even when unchanged: a stream that missed an earlier flip is put right.
      await liveFlags.publish(webId, body.isMaintenance);
      // Stores configured with a hosted realtime database follow the flag there (§3.3).
      const mirrored = await mirrorMaintenanceFlag(await realtimeDatabaseOf(store, webId), webId, body.isMaintenance).catch(
        (error: unknown) => {
          request.log.error({ err: error }, 'The realtime database could not be reached');
          return { ok: false as const, error: 'rest_error:0' as const };
        },
      );
      if (mirrored && !mirrored.ok)
        request.log.warn(`Maintenance flag of site ${webId} not mirrored to its realtime database: ${mirrored.error}`);
      return {
        data: {
          ...(await loadStudioMaintenance(store, webId)),
          ...(mirrored ? { realtimeDatabase: mirrored.ok ? 'ok' : mirrored.error } : {}),
        },
      };
    },
  });
}
