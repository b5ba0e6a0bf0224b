import type { WebConfig } from '@vitrine/commerce';

/**
 * Follows a store's live maintenance flag (isMaintanance, §4): from the hosted realtime database when the store's
 * config has one (§3.3), otherwise from this server's event stream, which reaches every open tab within a second.
 * Calls `onChange` with each value, the current one first. Returns a function that stops following.
 */
export function watchMaintenanceFlag(site: WebConfig, onChange: (on: boolean) => void, store: string | null = null): () => void {
  if (site.realtimeDatabase) {
    let stop: (() => void) | null = null;
    let stopped = false;
    // The firebase SDK is large: only stores that use it load it.
    void import('./firebase-flag.ts').then(({ watchFirebaseFlag }) => {
      if (!stopped) stop = watchFirebaseFlag(site.realtimeDatabase!, site.webID, onChange);
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }
  if (typeof EventSource === 'undefined') return () => {};
  const source = new EventSource(`/api/Web/MaintenanceStream${store ? `?store=${encodeURIComponent(store)}` : ''}`);
  source.addEventListener('isMaintanance', (event) => {
    try {
      onChange((JSON.parse((event as MessageEvent<string>).data) as { isMaintanance?: unknown }).isMaintanance === true);
    } catch {
      // A malformed event is ignored; the next one carries the whole state again.
    }
  });
  return () => source.close();
}
