import { useEffect, useState } from 'react';
import type { PublishedVersionSummary } from '@vitrine/commerce';
import { useEditor, useStudio } from '../context.tsx';
import { problemText } from '../state/controller.ts';
import type { Scope } from '../state/editor-store.ts';
import { ConfirmStep } from '../ui/confirm-step.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { roveKey } from '../ui/roving.ts';

const scopes: readonly Scope[] = ['page', 'theme'];

/** The published versions of the page and of the theme; any of them can be put back into the draft. */
export function VersionsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [scope, setScope] = useState<Scope>('page');
  return (
    <Dialog open={open} onClose={onClose} title="Published versions" wide>
      {open ? (
        <div className="space-y-3">
          <div
            role="tablist"
            aria-label="Versions of"
            className="flex gap-1 rounded-md bg-slate-100 p-1 text-sm"
            onKeyDown={(event) => roveKey(event, scopes.indexOf(scope), (index) => setScope(scopes[index]!), 'horizontal')}
          >
            {scopes.map((s) => (
              <button
                key={s}
                type="button"
                role="tab"
                id={`versions-of-${s}`}
                aria-selected={scope === s}
                aria-controls="versions-list"
                tabIndex={scope === s ? 0 : -1}
                onClick={() => setScope(s)}
                className="flex-1 rounded px-3 py-1 font-medium text-slate-600 focus-visible:outline-2 focus-visible:outline-indigo-500 aria-selected:bg-white aria-selected:text-slate-900 aria-selected:shadow-sm"
              >
                {s === 'page' ? 'This page' : 'Theme'}
              </button>
            ))}
          </div>
          <div role="tabpanel" id="versions-list" aria-labelledby={`versions-of-${scope}`}>
            <VersionList key={scope} scope={scope} onRestored={onClose} />
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}

function VersionList({ scope, onRestored }: { scope: Scope; onRestored: () => void }) {
  const { controller, store } = useStudio();
  const current = useEditor((s) => (scope === 'page' ? s.pageInfo?.publishedVersion : s.themeInfo?.publishedVersion) ?? null);
  const [list, setList] = useState<{ versions: PublishedVersionSummary[] | null; error: string | null }>({ versions: null, error: null });
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    controller.versions(scope).then(
      (versions) => live && setList({ versions, error: null }),
      (error: unknown) => live && setList({ versions: null, error: problemText(error) }),
    );
    return () => {
      live = false;
    };
  }, [controller, scope]);
  const restore = async (version: number) => {
    setBusy(true);
    try {
      await controller.restoreVersion(scope, version);
      onRestored();
    } catch (error) {
      store.getState().notify(`Not restored: ${problemText(error)}`, 'error');
      setBusy(false);
    }
  };
  if (list.error)
    return (
      <p role="alert" className="text-sm text-red-700">
        {list.error}
      </p>
    );
  if (!list.versions) return <p className="text-sm text-slate-500">Loading…</p>;
  if (list.versions.length === 0) return <p className="text-sm text-slate-600">Nothing has been published yet.</p>;
  return (
    <ol className="divide-y divide-slate-200 rounded-md border border-slate-200">
      {list.versions.map((v) => (
        <li key={v.version} className="flex items-center gap-3 px-3 py-2 text-sm">
          <span className="w-20 font-semibold">Version {v.version}</span>
          <span className="flex-1 text-slate-600">
            {v.publishedAt ? new Date(v.publishedAt).toLocaleString() : 'Date unknown'}
            {` · ${v.sectionCount} ${v.sectionCount === 1 ? 'section' : 'sections'}`}
          </span>
          {v.version === current ? (
            <span className="rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-medium text-emerald-800">Live</span>
          ) : null}
          <ConfirmStep
            label="Restore…"
            question="Replace the draft? (Undo takes it back.)"
            confirm="Restore"
            tone="primary"
            open={confirming === v.version}
            busy={busy}
            onOpenChange={(open) => setConfirming(open ? v.version : null)}
            onConfirm={() => void restore(v.version)}
          />
        </li>
      ))}
    </ol>
  );
}
