import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useRouteLoaderData } from 'react-router-dom';
import { ROOT_ROUTE_ID, type RootData } from '../root.tsx';

const subscribe = () => () => {};
// The frame's editing code (craft.js, the protocol) loads only here, never with a shopper's page.
const PreviewFrame = lazy(() => import('../preview/preview-frame.tsx'));

/** The studio's preview frame (§2.11). Rendered on the client only: the server sends the empty shell. */
export function PreviewPage() {
  const inBrowser = useSyncExternalStore(subscribe, () => true, () => false);
  const root = useRouteLoaderData(ROOT_ROUTE_ID) as RootData | undefined;
  return (
    <div className="vt-preview" data-preview-ready={inBrowser ? 'true' : 'false'}>
      {inBrowser ? (
        <Suspense fallback={<p className="vt-container vt-empty">Waiting for the studio…</p>}>
          <PreviewFrame themeData={root?.site.themeSettings.themeData ?? '{}'} themeSectionData={root?.themeSectionData ?? {}} />
        </Suspense>
      ) : null}
    </div>
  );
}
