import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/** The studio's preview frame (§2.11). Rendered on the client only: the server sends the empty shell. */
export function PreviewPage() {
  const inBrowser = useSyncExternalStore(subscribe, () => true, () => false);
  return (
    <div className="vt-preview" data-preview-ready={inBrowser ? 'true' : 'false'}>
      {inBrowser ? <p className="vt-container vt-empty">Waiting for the studio…</p> : null}
    </div>
  );
}
