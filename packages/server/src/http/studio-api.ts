import type { FastifyInstance } from 'fastify';
import { studioEndpoints } from '@vitrine/commerce';
import { checkPasswordOfNobody } from '../auth/accounts.ts';
import { loadStudioMaintenance, realtimeDatabaseOf, saveMaintenanceSettings } from '../shop/maintenance.ts';
import { createOwnerSession, endOwnerSession, findOwner, ownedSites } from '../auth/owners.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { mirrorMaintenanceFlag, RealtimeDatabases, type TransactionOutcome } from '../infra/realtime-database.ts';
import { guardSignIn } from '../infra/rate-limit.ts';
import type { ApiDeps } from './api-deps.ts';
import { registerEndpoints } from './endpoint-routes.ts';
import { HttpError } from './errors.ts';

/** The owner's calls (`/api/Studio/*`): sign-in and sign-out, and the maintenance form. Owners are not customers. */
export function registerStudioApi(app: FastifyInstance, deps: ApiDeps): void {
  const { everyStore, limiter, liveFlags } = deps;
  // The stores' hosted realtime databases, each connected when a flip is first mirrored to it, closed with the server.
  const realtimeDatabases = new RealtimeDatabases();
  app.addHook('onClose', () => realtimeDatabases.close());

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
      const { savedAt } = await saveMaintenanceSettings(store, webId, { ...body, passwordHash });
      // Published even when unchanged: a stream that missed an earlier flip is put right.
      await liveFlags.publish(webId, body.isMaintenance);
      // Stores configured with a hosted realtime database follow the flag there (§3.3), written by a transaction (§8).
      const settings = await realtimeDatabaseOf(store, webId);
      const mirrored = await mirrorMaintenanceFlag(realtimeDatabases, settings, webId, { isMaintenance: body.isMaintenance, savedAt });
      // `nodata`: a later flip is there already, which is as it should be.
      if (mirrored && mirrored.outcome !== 'committed' && mirrored.outcome !== 'nodata')
        request.log.warn(
          `Maintenance flag of site ${webId} not mirrored to its realtime database: ${mirroredWord(mirrored)}` +
            (mirrored.outcome === 'unreachable' ? ' (it is written when the database answers again)' : ''),
        );
      return {
        data: {
          ...(await loadStudioMaintenance(store, webId)),
          ...(mirrored ? { realtimeDatabase: mirroredWord(mirrored) } : {}),
        },
      };
    },
  });
}

/**
 * The answer's word for how a flip was mirrored (§8): `ok` when written, otherwise the transaction's outcome
 * (`nodata`: a later flip was there; `maxretry`, `set`, `unreachable`) or the database's refusal.
 */
function mirroredWord(mirrored: TransactionOutcome<unknown>): string {
  if (mirrored.outcome === 'committed') return 'ok';
  return mirrored.outcome === 'refused' ? mirrored.reason : mirrored.outcome;
}
