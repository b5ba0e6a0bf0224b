import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';
import { Button } from './button.tsx';

/**
 * Asks before a screen with changes not saved is left: a move inside the studio (a link, back or forward) waits for
 * the owner's answer, which this returns (`null` while nobody is leaving); a reload or a closed tab gets the browser's
 * own question.
 */
export function useLeaveGuard(dirty: boolean): { stay: () => void; leave: () => void } | null {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const onLeave = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onLeave);
    return () => window.removeEventListener('beforeunload', onLeave);
  }, [dirty]);
  if (blocker.state !== 'blocked') return null;
  return { stay: () => blocker.reset(), leave: () => blocker.proceed() };
}

/** The question `useLeaveGuard` asks, at the top of the screen; the keyboard goes to Keep editing. */
export function LeaveQuestion({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.querySelector<HTMLButtonElement>('[data-stay]')?.focus(), []);
  return (
    <div
      ref={box}
      role="alertdialog"
      aria-label="Unsaved changes"
      className="mb-4 rounded-md bg-amber-50 px-3 py-2.5 text-sm text-amber-900"
    >
      <p>You have changes that are not saved. Leave without saving them?</p>
      <div className="mt-2 flex gap-2">
        <Button tone="danger" onClick={onLeave}>
          Discard changes
        </Button>
        <Button data-stay onClick={onStay}>
          Keep editing
        </Button>
      </div>
    </div>
  );
}
