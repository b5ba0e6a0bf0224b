import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { createStudioApi } from './api/client.ts';
import { StudioContext, type Studio } from './context.tsx';
import { Editor } from './editor.tsx';
import { createStudioController, storedSession } from './state/controller.ts';
import { createEditorStore } from './state/editor-store.ts';
import { Notices } from './ui/notices.tsx';

// A signed-in owner's first paint does not need the sign-in screen; it loads when there is no session.
const SignIn = lazy(() => import('./sign-in.tsx').then((m) => ({ default: m.SignIn })));

/** Makes the studio's parts for one store domain: the store, the API client with the session's token, the controller. */
export function createStudio(
  storeDomain: string,
  options: { fetch?: typeof fetch; storage?: Storage | null; autosaveDelay?: number } = {},
): Studio {
  const storage = options.storage === undefined ? (typeof localStorage === 'undefined' ? null : localStorage) : options.storage;
  const store = createEditorStore({ session: storedSession(storage) });
  const api = createStudioApi({
    token: () => store.getState().session?.sessionToken ?? null,
    onSessionOver: () => {
      storage?.removeItem('vitrine.studio.session');
      store.getState().setSession(null);
      store.getState().notify('Your studio session has ended. Sign in again; unsaved changes are kept in this browser.', 'error');
    },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const controller = createStudioController({
    store,
    api,
    host: storeDomain,
    storage,
    ...(options.autosaveDelay === undefined ? {} : { autosaveDelay: options.autosaveDelay }),
  });
  return { store, controller, frameRef: { current: null } };
}

/** The owner's studio at /editor: the sign-in screen, then the editor. */
export function StudioApp({ storeDomain, studio: given }: { storeDomain: string; studio?: Studio }) {
  const [studio] = useState(() => given ?? createStudio(storeDomain));
  const session = useStore(studio.store, (s) => s.session);
  useEffect(() => () => studio.controller.dispose(), [studio]);
  return (
    <StudioContext value={studio}>
      {session ? (
        <Editor storeDomain={storeDomain} />
      ) : (
        <Suspense fallback={null}>
          <SignIn storeDomain={storeDomain} onSignIn={studio.controller.signIn} />
        </Suspense>
      )}
      <Notices />
    </StudioContext>
  );
}
