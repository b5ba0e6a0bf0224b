import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { StudioApiError } from './api/client.ts';
import { useEditor, useStudio } from './context.tsx';
import type { EditorDialog } from './dialogs/editor-dialog.ts';
import { CatalogueContext, createCatalogue } from './forms/catalogue-context.tsx';
import { MediaContext } from './forms/media-context.tsx';
import { PreviewHost } from './frame/preview-host.tsx';
import { Inspector } from './panels/inspector.tsx';
import { LeftPanel } from './panels/left-panel.tsx';
import { ConflictBanner } from './panels/conflict-banner.tsx';
import { problemText } from './state/controller.ts';
import type { MediaLibrary } from './state/media.ts';
import { runShortcut } from './state/shortcuts.ts';
import { TopBar } from './top-bar.tsx';
import { Button, ButtonLink } from './ui/button.tsx';
import { EDITOR_SCREEN, useMediaQuery } from './ui/media-query.ts';

// The dialogs are not needed for the first paint: their code loads in chunks of their own once the editor is up.
const PageDialog = lazy(() => import('./dialogs/page-dialog.tsx').then((m) => ({ default: m.PageDialog })));
const ShortcutSheet = lazy(() => import('./dialogs/shortcut-sheet.tsx').then((m) => ({ default: m.ShortcutSheet })));
const VersionsDialog = lazy(() => import('./dialogs/versions-dialog.tsx').then((m) => ({ default: m.VersionsDialog })));

/**
 * The editor: top bar, outline and palette on the left, the preview frame in the middle, settings on the right. While a
 * back-office screen shows it is not `active`: it stays as it was, hidden, and its keyboard shortcuts rest.
 */
export function Editor({ storeDomain, active = true }: { storeDomain: string; active?: boolean }) {
  const { store, controller } = useStudio();
  // On a phone the three columns do not fit: the editor says so and stays mounted, hidden (turning the phone, or a
  // wider window, brings it back as it was); the back office's Orders and Analytics, linked from the top bar, work at
  // any width.
  const editorFits = useMediaQuery(EDITOR_SCREEN);
  const [load, setLoad] = useState<{ status: 'loading' | 'ready' | 'error'; error?: unknown }>({ status: 'loading' });
  const [dialog, setDialog] = useState<EditorDialog>(null);
  // Closed however it closes; the browser gives the keyboard back to what opened it.
  const closeDialog = () => setDialog(null);
  const [attempt, setAttempt] = useState(0);
  const media = useMemo<MediaLibrary>(
    () => ({ upload: (file) => controller.uploadMedia(file), list: () => controller.listMedia() }),
    [controller],
  );
  // Made again with each sign-in (the editor is mounted anew), so another owner never sees this one's catalogue.
  const catalogue = useMemo(
    () =>
      createCatalogue(
        () => controller.catalogueChoices(),
        (search) => controller.findProducts(search),
      ),
    [controller],
  );

  useEffect(() => {
    let live = true;
    controller.start().then(
      () => live && setLoad({ status: 'ready' }),
      (error: unknown) => live && setLoad({ status: 'error', error }),
    );
    return () => {
      live = false;
    };
  }, [controller, attempt]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!active || dialog !== null || event.defaultPrevented) return;
      if (runShortcut(event, { store, saveNow: () => void controller.saveNow().catch(() => {}), showSheet: () => setDialog('shortcuts') }))
        event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store, controller, dialog, active]);

  useEffect(() => {
    // Leaving with a save still out would lose nothing (the browser keeps a copy), but the owner should know.
    const onLeave = (event: BeforeUnloadEvent) => {
      const { save } = store.getState();
      if (save.page.status !== 'saved' || save.theme.status !== 'saved') event.preventDefault();
    };
    window.addEventListener('beforeunload', onLeave);
    return () => window.removeEventListener('beforeunload', onLeave);
  }, [store]);

  if (load.status === 'error') {
    return (
      <StartProblem
        error={load.error}
        storeDomain={storeDomain}
        retry={() => {
          setLoad({ status: 'loading' });
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  // The preview frame is there from the first moment, so its code loads while the drafts are fetched; it draws the
  // page when the store has it. The panels wait for the drafts.
  const ready = load.status === 'ready';
  return (
    <MediaContext value={media}>
      <CatalogueContext value={catalogue}>
        {/* A fixed application frame: only its panels scroll, and nothing (a focused control, the wheel) scrolls it away. */}
        <div className="fixed inset-0 flex flex-col overflow-clip bg-slate-100 text-slate-900">
          {ready ? <TopBar openDialog={setDialog} /> : <div className="h-12 shrink-0 border-b border-slate-200 bg-white" />}
          {ready ? <ConflictBanner /> : null}
          {ready && !editorFits ? <NeedsWiderScreen /> : null}
          <div className={`grid min-h-0 flex-1 grid-cols-[272px_minmax(0,1fr)_328px] ${editorFits ? '' : 'hidden'}`}>
            {ready ? (
              <LeftPanel />
            ) : (
              <p className="border-r border-slate-200 bg-slate-50 px-4 py-6 text-sm text-slate-600" role="status">
                Loading your store…
              </p>
            )}
            <PreviewHost />
            {ready ? <Inspector /> : <div className="border-l border-slate-200 bg-white" />}
          </div>
          {ready ? (
            <Suspense fallback={null}>
              <ShortcutSheet open={dialog === 'shortcuts'} onClose={closeDialog} />
              <VersionsDialog open={dialog === 'versions'} onClose={closeDialog} />
              <PageDialog mode="create" open={dialog === 'new-page'} onClose={closeDialog} />
              <PageDialog mode="edit" open={dialog === 'page-settings'} onClose={closeDialog} />
            </Suspense>
          ) : null}
        </div>
      </CatalogueContext>
    </MediaContext>
  );
}

/** What a phone shows instead of the page editor: why, and the studio's screens that work at any width. */
function NeedsWiderScreen() {
  return (
    <main className="flex min-h-0 flex-1 items-start justify-center overflow-y-auto p-4">
      <div className="w-full max-w-md space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 className="text-base font-semibold">The page editor needs a wider screen</h2>
        <p className="text-sm text-slate-600">
          Editing pages and the theme takes a screen at least 768 pixels wide: a tablet, a laptop or a computer. Here you can work your
          orders and see who visits.
        </p>
        <div className="flex flex-wrap gap-2">
          <ButtonLink tone="primary" to="/editor/orders">
            Open orders
          </ButtonLink>
          <ButtonLink to="/editor/analytics">Open analytics</ButtonLink>
        </div>
      </div>
    </main>
  );
}

function StartProblem({ error, storeDomain, retry }: { error: unknown; storeDomain: string; retry: () => void }) {
  const { controller } = useStudio();
  const sites = useEditor((s) => s.session?.sites ?? null);
  const notOwner = error instanceof StudioApiError && error.status === 403;
  const here = typeof window === 'undefined' ? null : window.location;
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 p-6">
      <div className="w-full max-w-md space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-lg font-semibold">{notOwner ? 'This store is not yours to edit' : 'The studio could not open this store'}</h1>
        <p className="text-sm text-slate-600">
          {notOwner ? `You are signed in, but ${storeDomain} belongs to another owner.` : problemText(error)}
        </p>
        {notOwner && sites?.length ? (
          <div>
            <p className="text-sm font-medium text-slate-700">Your stores</p>
            <ul className="mt-1 space-y-1 text-sm">
              {sites.map((site) => (
                <li key={site.webId}>
                  <a
                    className="text-indigo-700 underline hover:text-indigo-900"
                    href={`${here?.protocol ?? 'https:'}//${site.domain}${here?.port ? `:${here.port}` : ''}/editor`}
                  >
                    {site.title} ({site.domain})
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="flex gap-2">
          {notOwner ? null : (
            <Button tone="primary" onClick={retry}>
              Try again
            </Button>
          )}
          <Button onClick={() => void controller.signOut()}>Sign out</Button>
        </div>
      </div>
    </main>
  );
}
