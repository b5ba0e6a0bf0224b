import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { WebConfig } from '@vitrine/commerce';
import { useApi } from '../app-context.tsx';
import { useSiteState } from '../client/site-state.ts';
import { loadsScripts } from './configured.ts';
import { connectMarketing, marketingEvent } from './emitter.ts';
import type { MarketingControls } from './runtime.client.ts';

const ConsentBanner = lazy(() => import('./consent-banner.tsx').then((m) => ({ default: m.ConsentBanner })));

/**
 * The store's marketing on a shopper's page (§4 Script injection): nothing at all without a scripts configuration or
 * in the studio's frame (a console note says so); otherwise the runtime, loaded apart from the page's own code, reports
 * the pages' events, and the consent banner asks the shopper when the store wants it. Each route is a PageView.
 */
export function Marketing({ site }: { site: WebConfig }) {
  const api = useApi();
  const { pathname } = useLocation();
  const [controls, setControls] = useState<MarketingControls | null>(null);
  const started = useRef(false);
  const lastPath = useRef<string | null>(null);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Read from the store itself: while hydrating, a hook gives the server's state, which never is the builder's.
    const configured = loadsScripts(site.scripts);
    if (!configured || useSiteState.getState().is_builder) {
      // The page's entry has said so in the console (client/first-page.ts).
      connectMarketing(false);
      return;
    }
    import('./runtime.client.ts')
      .then(({ startMarketing }) => {
        const started = startMarketing(site, api);
        if (started.ask) setControls(started);
      })
      .catch((error: unknown) => {
        console.error('Vitrine: marketing did not start', error);
        connectMarketing(false);
      });
  }, [site, api]);

  useEffect(() => {
    // The first page's PageView goes with the tags; each later route is one more.
    if (lastPath.current !== null && lastPath.current !== pathname) marketingEvent('PageView');
    lastPath.current = pathname;
  }, [pathname]);

  if (!controls) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner
        onChoice={(accepted) => {
          if (accepted) controls.accept();
          else controls.decline();
          setControls(null);
        }}
      />
    </Suspense>
  );
}
