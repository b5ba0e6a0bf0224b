import type { WebConfig } from '@vitrine/commerce';

/**
 * How long a page waits for its store's realtime database before it follows this server's stream instead: at start,
 * and after the connection is lost. A database that does not answer (the demo's when nothing runs at its address)
 * leaves the page following the flag all the same.
 */
export const REALTIME_FALLBACK_MS = 3000;

/**
 * Follows a store's live maintenance flag (isMaintanance, §4): from the hosted realtime database when the store's
 * config has one (§3.3), otherwise from this server's event stream, which reaches every open tab within a second.
 * While the realtime database is not reached (for `fallbackMs` at start, or since the connection was lost), the
 * stream stands in for it, and is closed once the database answers again. Calls `onChange` with each value, the
 * current one first. Returns a function that stops following.
 */
export function watchMaintenanceFlag(
  site: WebConfig,
  onChange: (on: boolean) => void,
  store: string | null = null,
  fallbackMs = REALTIME_FALLBACK_MS,
): () => void {
  const settings = site.realtimeDatabase;
  if (!settings) return followStream(onChange, store);
  let stopped = false;
  let stopDatabase: (() => void) | null = null;
  let stopStream: (() => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const fallBack = () => {
    timer = null;
    if (!stopped && !stopStream) stopStream = followStream(onChange, store);
  };
  const fallBackSoon = () => (timer ??= setTimeout(fallBack, fallbackMs));
  fallBackSoon();
  // The firebase SDK is large: only stores that use it load it. A chunk that does not load leaves the stream.
  import('./firebase-flag.ts').then(({ watchFirebaseFlag }) => {
    if (stopped) return;
    stopDatabase = watchFirebaseFlag(settings, site.webID, onChange, (connected) => {
      if (!connected) return void fallBackSoon();
      if (timer !== null) clearTimeout(timer);
      timer = null;
      stopStream?.();
      stopStream = null;
    });
  }, fallBack);
  return () => {
    stopped = true;
    if (timer !== null) clearTimeout(timer);
    stopDatabase?.();
    stopStream?.();
  };
}

/** This server's event stream of the flag (`/api/Web/MaintenanceStream`), for `store` when the platform chose one. */
function followStream(onChange: (on: boolean) => void, store: string | null): () => void {
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
