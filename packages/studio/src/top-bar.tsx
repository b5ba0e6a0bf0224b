import { useEffect, useRef, useState, type ReactNode } from 'react';
import { PageType } from '@vitrine/commerce';
import { breakpoints, type BreakpointName } from '@vitrine/theme-engine';
import { useEditor, useStudio } from './context.tsx';
import type { EditorDialog } from './dialogs/editor-dialog.ts';
import { problemText } from './state/controller.ts';
import type { SaveState } from './state/editor-store.ts';
import { breakpointLabels } from './ui/breakpoint-labels.ts';
import { Button, ButtonLink, IconButton } from './ui/button.tsx';
import { roveKey } from './ui/roving.ts';
import { ExternalIcon, EyeIcon, HistoryIcon, KeyboardIcon, MoreIcon, PlusIcon, RedoIcon, SettingsIcon, UndoIcon } from './ui/icons.tsx';
import { EDITOR_SCREEN, FULL_TOP_BAR, useMediaQuery } from './ui/media-query.ts';

const pageKinds: Record<number, string> = { 1: 'Home', 2: 'Custom pages', 3: 'Product template', 4: 'Listing template' };

function PagePicker({ openDialog }: { openDialog: (dialog: EditorDialog) => void }) {
  const { controller, store } = useStudio();
  const pages = useEditor((s) => s.pages);
  const pageId = useEditor((s) => s.pageInfo?.pageId ?? null);
  const groups = [1, 3, 4, 2].map((kind) => ({ kind, pages: pages.filter((p) => p.pageTypeId === kind) })).filter((g) => g.pages.length);
  return (
    <div className="flex shrink-0 items-center gap-1">
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
        className="h-8 max-w-40 rounded-md border 2xl:max-w-56 border-slate-300 bg-white pr-8 pl-2 text-sm font-medium focus:border-indigo-500 focus:outline-2 focus:outline-indigo-500/30"
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
      className="flex shrink-0 rounded-md border border-slate-300 bg-white p-0.5"
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
  // One short word on the bar, so it never wraps or pushes the store's name aside; the whole words for screen readers.
  const short = { saved: 'Saved', unsaved: 'Unsaved', saving: 'Saving…', error: 'Not saved', conflict: 'Conflict' }[status];
  const dot = {
    saved: 'bg-emerald-500',
    unsaved: 'bg-amber-400',
    saving: 'bg-indigo-500 animate-pulse',
    error: 'bg-red-600',
    conflict: 'bg-red-600',
  }[status];
  return (
    <div className="flex shrink-0 items-center gap-2 whitespace-nowrap" aria-live="polite">
      <span
        className="flex items-center gap-1.5 text-xs font-medium whitespace-nowrap text-slate-600"
        title={message ?? text}
        data-save-status={status}
      >
        <span aria-hidden="true" className={`size-2 shrink-0 rounded-full ${dot}`} />
        <span aria-hidden="true">{short}</span>
        <span className="sr-only">{text}</span>
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
function ViewStoreLink({ publishedPageId, compact }: { publishedPageId: number | null; compact: boolean }) {
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
      className={`inline-flex h-8 shrink-0 items-center gap-1.5 rounded-md border border-slate-300 bg-white text-sm font-medium whitespace-nowrap text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 ${compact ? 'w-8 justify-center' : 'px-3'}`}
    >
      {compact ? <ExternalIcon /> : null}
      <span className={compact ? 'sr-only' : undefined}>View store</span> <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

/**
 * The tools used less often (versions, preview mode, shortcuts) behind one "More tools" button when the bar is not wide
 * enough for all of them: a disclosure of ordinary buttons, closed by Escape (back to its button), a choice or a click
 * elsewhere.
 */
function MoreTools({ children }: { children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);
  return (
    <div
      ref={box}
      className="relative shrink-0"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.stopPropagation();
        setOpen(false);
        box.current?.querySelector<HTMLButtonElement>('button[aria-controls="more-tools"]')?.focus();
      }}
    >
      <IconButton label="More tools" aria-expanded={open} aria-controls="more-tools" onClick={() => setOpen(!open)}>
        <MoreIcon />
      </IconButton>
      {open ? (
        <div id="more-tools" className="absolute right-0 z-30 mt-1 w-60 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
          {children(() => setOpen(false))}
        </div>
      ) : null}
    </div>
  );
}

/** One tool as a row of the "More tools" list: its icon and its name in words. */
function ToolRow({ icon, label, pressed, onClick }: { icon: ReactNode; label: string; pressed?: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className="flex w-full items-center gap-2 rounded px-2 py-1.5 text-left text-sm whitespace-nowrap text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 aria-pressed:text-indigo-700"
    >
      <span className="text-slate-500">{icon}</span>
      {label}
    </button>
  );
}

function AccountMenu() {
  const { controller } = useStudio();
  const owner = useEditor((s) => s.session?.owner.name ?? '');
  return (
    <details className="relative shrink-0">
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
  );
}

/**
 * The studio's top bar: site, page picker, breakpoints, undo and redo, save state, versions, preview mode, links to
 * the back office's Orders and Analytics, publish. Every item keeps its size and the store's name keeps at least a
 * readable few letters; below 1536 px the tools used less often go behind "More tools", and "View store" is an icon.
 * On a screen too narrow for the page editor (a phone) the bar holds what works there: the store, Orders, Analytics
 * and the account.
 */
export function TopBar({ openDialog }: { openDialog: (dialog: EditorDialog) => void }) {
  const { store, controller } = useStudio();
  const canUndo = useEditor((s) => s.history.past.length > 0);
  const canRedo = useEditor((s) => s.history.future.length > 0);
  const mode = useEditor((s) => s.mode);
  const site = useEditor((s) => s.session?.sites.find((x) => x.domain === window.location.hostname)?.title ?? window.location.hostname);
  const full = useMediaQuery(FULL_TOP_BAR);
  const editorFits = useMediaQuery(EDITOR_SCREEN);
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
  const previewLabel = mode === 'view' ? 'Back to editing' : 'Preview without outlines';
  const togglePreview = () => store.getState().setMode(mode === 'view' ? 'edit' : 'view');
  const brand = (
    // No min-w-0 here: the name's own minimum holds the group open, so nothing draws over it.
    <div className="flex items-center gap-2">
      <span className="shrink-0 rounded bg-indigo-600 px-1.5 py-0.5 text-xs font-bold text-white" aria-hidden="true">
        V
      </span>
      {/* At least a readable few letters of the name, whatever else the bar holds; all of it in the tooltip. */}
      <h1 className="max-w-48 min-w-24 truncate text-sm font-semibold" title={site}>
        <span className="sr-only">Studio: </span>
        {site}
      </h1>
    </div>
  );
  const workScreens = (
    <>
      <ButtonLink className="shrink-0 max-sm:px-2" to="/editor/orders">
        Orders
      </ButtonLink>
      <ButtonLink className="shrink-0 max-sm:px-2" to="/editor/analytics">
        Analytics
      </ButtonLink>
    </>
  );
  if (!editorFits) {
    return (
      <header className="flex h-12 shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-3">
        {brand}
        <span className="flex-1" />
        {workScreens}
        <AccountMenu />
      </header>
    );
  }
  return (
    <header className="flex h-12 shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-3 2xl:gap-3">
      {brand}
      <span className="h-6 w-px shrink-0 bg-slate-200" aria-hidden="true" />
      <PagePicker openDialog={openDialog} />
      <div className="flex min-w-0 flex-1 justify-center">
        <BreakpointSwitcher />
      </div>
      <div className="flex shrink-0 items-center gap-1">
        <IconButton label="Undo (Ctrl+Z)" disabled={!canUndo} onClick={() => store.getState().undo()}>
          <UndoIcon />
        </IconButton>
        <IconButton label="Redo (Ctrl+Shift+Z)" disabled={!canRedo} onClick={() => store.getState().redo()}>
          <RedoIcon />
        </IconButton>
      </div>
      <SaveIndicator />
      {full ? (
        <div className="flex shrink-0 items-center gap-1">
          <IconButton label="Published versions" onClick={() => openDialog('versions')}>
            <HistoryIcon />
          </IconButton>
          <IconButton label={previewLabel} pressed={mode === 'view'} onClick={togglePreview}>
            <EyeIcon />
          </IconButton>
          <IconButton label="Keyboard shortcuts (?)" onClick={() => openDialog('shortcuts')}>
            <KeyboardIcon />
          </IconButton>
        </div>
      ) : (
        <MoreTools>
          {(close) => (
            <>
              <ToolRow
                icon={<HistoryIcon />}
                label="Published versions"
                onClick={() => {
                  close();
                  openDialog('versions');
                }}
              />
              <ToolRow
                icon={<EyeIcon />}
                label={previewLabel}
                pressed={mode === 'view'}
                onClick={() => {
                  close();
                  togglePreview();
                }}
              />
              <ToolRow
                icon={<KeyboardIcon />}
                label="Keyboard shortcuts (?)"
                onClick={() => {
                  close();
                  openDialog('shortcuts');
                }}
              />
            </>
          )}
        </MoreTools>
      )}
      {workScreens}
      <ViewStoreLink publishedPageId={publishedPageId} compact={!full} />
      <Button tone="primary" className="shrink-0" disabled={publishing} onClick={() => void publish()}>
        {publishing ? 'Publishing…' : 'Publish'}
      </Button>
      <AccountMenu />
    </header>
  );
}
