import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { useRouteLoaderData } from 'react-router-dom';
import { ROOT_ROUTE_ID, type RootData } from '../root-data.ts';

const subscribe = () => () => {};

type PreviewFrameComponent = ComponentType<{ themeData?: string; themeSectionData?: Record<string, unknown> }>;

// The frame's editing code (the protocol, drag and drop) loads only here, never with a shopper's page. In the frame it
// starts loading as this module runs, alongside hydration, rather than when the page first renders.
const loadFrame = () => import('../preview/preview-frame.tsx').then((module) => module.default as PreviewFrameComponent);
let framePromise: Promise<PreviewFrameComponent> | null =
  typeof window !== 'undefined' && window.location.pathname.startsWith('/preview') ? loadFrame() : null;

/**
 * The studio's preview frame (§2.11). Rendered on the client only: the server sends the empty shell. The frame's
 * code is shown as soon as it has loaded; not through Suspense, which holds a revealed boundary back for up to
 * 300 ms to batch reveals.
 */
export function PreviewPage() {
  const inBrowser = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  const root = useRouteLoaderData(ROOT_ROUTE_ID) as RootData | undefined;
  const [Frame, setFrame] = useState<PreviewFrameComponent | null>(null);
  useEffect(() => {
    let live = true;
    (framePromise ??= loadFrame()).then(
      (component) => live && setFrame(() => component),
      (error: unknown) => console.error('[preview] the frame did not load', error),
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <div className="vt-preview" data-preview-ready={inBrowser ? 'true' : 'false'}>
      {Frame ? (
        <Frame themeData={root?.site.themeSettings.themeData ?? '{}'} themeSectionData={root?.themeSectionData ?? {}} />
      ) : inBrowser ? (
        <p className="vt-container vt-empty">Waiting for the studio…</p>
      ) : null}
    </div>
  );
}
