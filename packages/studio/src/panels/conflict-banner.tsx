import { useState } from 'react';
import { useEditor, useStudio } from '../context.tsx';
import { problemText } from '../state/controller.ts';
import type { Scope } from '../state/editor-store.ts';
import { Button } from '../ui/button.tsx';

/** When a draft was saved elsewhere since this tab loaded it: says so, and lets the owner choose whose version stays. */
export function ConflictBanner() {
  const pageConflict = useEditor((s) => (s.save.page.status === 'conflict' ? s.save.page.message : null));
  const themeConflict = useEditor((s) => (s.save.theme.status === 'conflict' ? s.save.theme.message : null));
  const scope: Scope | null = pageConflict ? 'page' : themeConflict ? 'theme' : null;
  if (!scope) return null;
  return <Conflict key={scope} scope={scope} message={(pageConflict ?? themeConflict)!} />;
}

function Conflict({ scope, message }: { scope: Scope; message: string }) {
  const { controller, store } = useStudio();
  const [busy, setBusy] = useState(false);
  const run = async (choice: 'mine' | 'theirs') => {
    setBusy(true);
    try {
      await (choice === 'mine' ? controller.keepMine(scope) : controller.loadTheirs(scope));
    } catch (error) {
      store.getState().notify(problemText(error), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div role="alert" className="flex items-center gap-3 border-b border-red-200 bg-red-50 px-4 py-2 text-sm text-red-900">
      <strong className="font-semibold">Not saved.</strong>
      <span className="flex-1">{message}</span>
      <Button disabled={busy} onClick={() => void run('theirs')}>
        Load their version
      </Button>
      <Button tone="danger" disabled={busy} onClick={() => void run('mine')}>
        Keep mine
      </Button>
    </div>
  );
}
