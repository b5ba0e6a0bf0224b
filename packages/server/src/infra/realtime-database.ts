import { realtimeDatabaseSettings } from '@vitrine/commerce';

/** What a REST call to a hosted realtime database came to (§8): data, or one of its failure words. */
export type RealtimeResult<T> = { ok: true; data: T | null } | { ok: false; error: 'permission_denied' | `rest_error:${number}` };

/** The REST address of a path in a realtime database whose URL may be given as wss:// (the SDK's form) or https://. */
export function restUrl(databaseURL: string, path: string): string {
  const base = databaseURL.replace(/^ws(s?):\/\//, 'http$1://').replace(/\/+$/, '');
  return `${base}/${path.replace(/^\/+/, '')}.json`;
}

/** Reads or writes one path of a hosted realtime database over REST; 404 is null data, 401 is permission_denied (§8). */
export async function realtimeRest<T>(
  databaseURL: string,
  path: string,
  init: { method: 'GET' | 'PUT'; value?: T } = { method: 'GET' },
): Promise<RealtimeResult<T>> {
  const response = await fetch(restUrl(databaseURL, path), {
    method: init.method,
    ...(init.method === 'PUT' ? { body: JSON.stringify(init.value), headers: { 'content-type': 'application/json' } } : {}),
    signal: AbortSignal.timeout(5000),
  });
  if (response.status === 404) return { ok: true, data: null };
  if (response.status === 401) return { ok: false, error: 'permission_denied' };
  if (!response.ok) return { ok: false, error: `rest_error:${response.status}` };
  return { ok: true, data: (await response.json()) as T | null };
}

/**
 * Mirrors a store's maintenance flag into its hosted realtime database, for the storefronts that follow it there
 * instead of this server's stream (§3.3). Stores without one are left alone.
 */
export async function mirrorMaintenanceFlag(
  settings: unknown,
  webId: number,
  isMaintenance: boolean,
): Promise<RealtimeResult<boolean> | null> {
  const parsed = realtimeDatabaseSettings.safeParse(settings);
  if (!parsed.success) return null;
  return realtimeRest(parsed.data.databaseURL, `stores/${webId}/isMaintanance`, { method: 'PUT', value: isMaintenance });
}
