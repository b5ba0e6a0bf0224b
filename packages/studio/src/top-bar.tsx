import { useState } from 'react';
import { PageType } from '@vitrine/commerce';
import { breakpoints, type BreakpointName } from '@vitrine/theme-engine';
import { useEditor, useStudio } from './context.tsx';
import type { EditorDialog } from './dialogs/editor-dialog.ts';
import { problemText } from './state/controller.ts';
import type { SaveState } from './state/editor-store.ts';
import { breakpointLabels } from './ui/breakpoint-labels.ts';
import { Button, IconButton } from './ui/button.tsx';
import { roveKey } from './ui/roving.ts';
import { EyeIcon, HistoryIcon, KeyboardIcon, PlusIcon, RedoIcon, SettingsIcon, UndoIcon } from './ui/icons.tsx';

const pageKinds: Record<number, string> = { 1: 'Home', 2: 'Custom pages', 3: 'Product template', 4: 'Listing template' };

function PagePicker({ openDialog }: { openDialog: (dialog: EditorDialog) => void }) {
  const { controller, store } = useStudio();
  const pages = useEditor((s) => s.pages);
  const pageId = useEditor((s) => s.pageInfo?.pageId ?? null);
  const groups = [1, 3, 4, 2].map((kind) => ({ kind, pages: pages.filter((p) => p.pageTypeId === kind) })).filter((g) => g.pages.length);
  return (
    <div className="flex items-center gap-1">
      <label htmlFor="page-picker" className="sr-only">
        Page
      </label>
      <span id="page-picker-note" className="sr-only">
        Pages marked • have changes that are not published yet.
      </span>
      <select
        id="page-picker"
        aria-describedby="page-picker-note"
        title="Pages marked • have changes that are not published yet"
        value={pageId ?? ''}
        onChange={(event) => {
          controller
            .openPage(Number(event.target.value))
            .catch((error: unknown) => store.getState().notify(`Could not open the page: ${problemText(error)}`, 'error'));
        }}
        className="h-8 max-w-56 rounded-md border border-slate-300 bg-white pr-8 pl-2 text-sm font-medium focus:border-indigo-500 focus:outline-2 focus:outline-indigo-500/30"
      >
        {groups.map((group) => (
          <optgroup key={group.kind} label={pageKinds[group.kind]}>
            {group.pages.map((page) => (
              <option key={page.pageId} value={page.pageId}>
                {page.title || `/${page.slug}`}
                {page.hasUnpublishedChanges ? ' •' : ''}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <IconButton label="Page settings (title, address, SEO)" onClick={() => openDialog('page-settings')}>
        <SettingsIcon />
      </IconButton>
      <IconButton label="New page" onClick={() => openDialog('new-page')}>
        <PlusIcon />
      </IconButton>
    </div>
  );
}

function BreakpointSwitcher() {
  const { store } = useStudio();
  const current = useEditor((s) => s.breakpoint);
  const widths = Object.entries(breakpoints) as [BreakpointName, number][];
  return (
    // One Tab stop; the arrows choose a width, as in any radio group.
    <div
      role="radiogroup"
      aria-label="Preview width"
      className="flex rounded-md border border-slate-300 bg-white p-0.5"
      onKeyDown={(event) =>
        roveKey(
          event,
          widths.findIndex(([name]) => name === current),
          (index) => store.getState().setBreakpoint(widths[index]![0]),
        )
      }
    >
      {widths.map(([name, width]) => (
        <button
          key={name}
          type="button"
          role="radio"
          tabIndex={current === name ? 0 : -1}
          aria-checked={current === name}
          title={`${breakpointLabels[name]} — ${width} px`}
          aria-label={`${breakpointLabels[name]}, ${width} pixels`}
          onClick={() => store.getState().setBreakpoint(name)}
          className="rounded px-1.5 py-1 text-xs font-medium tabular-nums text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 aria-checked:bg-indigo-600 aria-checked:text-white"
        >
          {width}
        </button>
      ))}
    </div>
  );
}

/** One line for both drafts: the worse of the page's and the theme's save states. */
function combinedSave(page: SaveState, theme: SaveState): { status: SaveState['status']; message: string | null } {
  for (const status of ['conflict', 'error', 'saving', 'unsaved'] as const) {
    const hit = [page, theme].find((s) => s.status === status);
    if (hit) return { status, message: hit.message };
  }
  return { status: 'saved', message: null };
}

function SaveIndicator() {
  const { controller } = useStudio();
  const page = useEditor((s) => s.save.page);
  const theme = useEditor((s) => s.save.theme);
  const { status, message } = combinedSave(page, theme);
  const text = { saved: 'All changes saved', unsaved: 'Unsaved changes', saving: 'Saving…', error: 'Not saved', conflict: 'Save conflict' }[
    status
  ];
  const dot = {
    saved: 'bg-emerald-500',
    unsaved: 'bg-amber-400',
    saving: 'bg-indigo-500 animate-pulse',
    error: 'bg-red-600',
    conflict: 'bg-red-600',
  }[status];
  return (
    <div className="flex items-center gap-2" aria-live="polite">
      <span className="flex items-center gap-1.5 text-xs font-medium text-slate-600" title={message ?? text} data-save-status={status}>
        <span aria-hidden="true" className={`size-2 rounded-full ${dot}`} />
        {text}
      </span>
      {status === 'error' ? (
        <button
          type="button"
          onClick={() => {
            if (page.status === 'error') controller.retrySave('page');
            if (theme.status === 'error') controller.retrySave('theme');
          }}
          className="rounded px-1.5 py-0.5 text-xs font-semibold text-red-700 underline hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-500"
          title={message ?? undefined}
        >
          Retry
        </button>
      ) : null}
    </div>
  );
}

/**
 * Where shoppers see a page on the store's own origin (the studio is served from it): the home page at `/`, a custom
 * page at its address. The product and listing templates have no address of their own, so the store's home.
 */
function livePageUrl(page: { pageTypeId: number; slug: string }, origin: string): string {
  return new URL(page.pageTypeId === PageType.Custom ? `/${page.slug}` : '/', origin).href;
}

/** "View store" once the page being edited has been published from this tab: the live page, in a new tab. */
function ViewStoreLink({ publishedPageId }: { publishedPageId: number | null }) {
  const page = useEditor((s) =>
    s.pageInfo && s.pageInfo.pageId === publishedPageId ? (s.pages.find((p) => p.pageId === publishedPageId) ?? null) : null,
  );
  if (!page) return null;
  return (
    <a
      href={livePageUrl(page, window.location.origin)}
      target="_blank"
      rel="noopener"
      title="Open the live page, as shoppers see it, in a new tab"
      className="inline-flex h-8 items-center rounded-md border border-slate-300 bg-white px-3 text-sm font-medium whitespace-nowrap text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
    >
      View store <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

/** The studio's top bar: site, page picker, breakpoints, undo and redo, save state, versions, preview mode, orders, analytics, publish. */
export function TopBar({ openDialog }: { openDialog: (dialog: EditorDialog) => void }) {
  const { store, controller } = useStudio();
  const canUndo = useEditor((s) => s.history.past.length > 0);
  const canRedo = useEditor((s) => s.history.future.length > 0);
  const mode = useEditor((s) => s.mode);
  const site = useEditor((s) => s.session?.sites.find((x) => x.domain === window.location.hostname)?.title ?? window.location.hostname);
  const owner = useEditor((s) => s.session?.owner.name ?? '');
  const [publishing, setPublishing] = useState(false);
  const [publishedPageId, setPublishedPageId] = useState<number | null>(null);
  const publish = async () => {
    setPublishing(true);
    try {
      await controller.publish();
      setPublishedPageId(store.getState().pageInfo?.pageId ?? null);
    } catch (error) {
      store.getState().notify(`Not published: ${problemText(error)}`, 'error');
    } finally {
      setPublishing(false);
    }
  };
  return (
    <header className="flex h-12 items-center gap-3 border-b border-slate-200 bg-white px-3">
      <div className="flex min-w-0 items-center gap-2">
        <span className="rounded bg-indigo-600 px-1.5 py-0.5 text-xs font-bold text-white" aria-hidden="true">
          V
        </span>
        <h1 className="max-w-36 truncate text-sm font-semibold" title={site}>
          <span className="sr-only">Studio: </span>
          {site}
        </h1>
      </div>
      <span className="h-6 w-px bg-slate-200" aria-hidden="true" />
      <PagePicker openDialog={openDialog} />
      <div className="flex flex-1 justify-center">
        <BreakpointSwitcher />
      </div>
      <div className="flex items-center gap-1">
        <IconButton label="Undo (Ctrl+Z)" disabled={!canUndo} onClick={() => store.getState().undo()}>
          <UndoIcon />
        </IconButton>
        <IconButton label="Redo (Ctrl+Shift+Z)" disabled={!canRedo} onClick={() => store.getState().redo()}>
          <RedoIcon />
        </IconButton>
      </div>
      <SaveIndicator />
      <div className="flex items-center gap-1">
        <IconButton label="Published versions" onClick={() => openDialog('versions')}>
          <HistoryIcon />
        </IconButton>
        <IconButton
          label={mode === 'view' ? 'Back to editing' : 'Preview without outlines'}
          pressed={mode === 'view'}
          onClick={() => store.getState().setMode(mode === 'view' ? 'edit' : 'view')}
        >
          <EyeIcon />
        </IconButton>
        <IconButton label="Keyboard shortcuts (?)" onClick={() => openDialog('shortcuts')}>
          <KeyboardIcon />
        </IconButton>
      </div>
      <Button onClick={() => openDialog('orders')}>Orders</Button>
      <Button onClick={() => openDialog('analytics')}>Analytics</Button>
      <ViewStoreLink publishedPageId={publishedPageId} />
      <Button tone="primary" disabled={publishing} onClick={() => void publish()}>
        {publishing ? 'Publishing…' : 'Publish'}
      </Button>
      <details className="relative">
        <summary
          className="flex size-8 cursor-pointer list-none items-center justify-center rounded-full bg-slate-200 text-xs font-semibold text-slate-700 hover:bg-slate-300 focus-visible:outline-2 focus-visible:outline-indigo-500 [&::-webkit-details-marker]:hidden"
          aria-label={`Account: ${owner}`}
          title={owner}
        >
          {owner.slice(0, 1).toUpperCase() || '?'}
        </summary>
        <div className="absolute right-0 z-30 mt-1 w-48 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
          <p className="truncate px-2 py-1 text-xs text-slate-500">{owner}</p>
          <button
            type="button"
            onClick={() => void controller.signOut()}
            className="w-full rounded px-2 py-1.5 text-left text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500"
          >
            Sign out
          </button>
        </div>
      </details>
    </header>
  );
}
