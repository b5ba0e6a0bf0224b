import { deleteApp, initializeApp } from 'firebase/app';
import { getDatabase, onValue, ref } from 'firebase/database';
import type { WebConfig } from '@vitrine/commerce';

/** Where a store's live maintenance flag lives in its hosted realtime database (spelled as §4 spells it). */
export const maintenanceFlagPath = (webId: number) => `stores/${webId}/isMaintanance`;

/**
 * Subscribes to a store's maintenance flag in the hosted realtime database its config names (§3.3), through the
 * firebase SDK (persistent connection, REST fallback). Loaded only for stores configured with one. `onConnection`
 * hears whether the database is reached (the SDK's `.info/connected`: false at first, true once connected).
 */
export function watchFirebaseFlag(
  settings: NonNullable<WebConfig['realtimeDatabase']>,
  webId: number,
  onChange: (on: boolean) => void,
  onConnection: (connected: boolean) => void = () => {},
): () => void {
  const app = initializeApp(settings, `vitrine-store-${webId}-${Math.random().toString(36).slice(2)}`);
  const database = getDatabase(app);
  const stop = onValue(
    ref(database, maintenanceFlagPath(webId)),
    (snapshot) => onChange(snapshot.val() === true),
    (error) => console.warn('The live maintenance flag could not be read', error),
  );
  const stopConnection = onValue(ref(database, '.info/connected'), (snapshot) => onConnection(snapshot.val() === true));
  return () => {
    stop();
    stopConnection();
    void deleteApp(app);
  };
}
