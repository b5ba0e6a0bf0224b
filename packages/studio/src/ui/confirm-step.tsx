import { useEffect, useRef } from 'react';
import { Button } from './button.tsx';

/**
 * A button that asks before it acts: pressed, it gives way to its question with a confirm and a cancel button.
 * Focus goes to the cancel button when the question appears and back to the first button when it is cancelled, so a
 * keyboard user is never left on an element that has just gone.
 */
export function ConfirmStep({
  label,
  question,
  confirm,
  cancel = 'Cancel',
  tone,
  open,
  busy = false,
  onOpenChange,
  onConfirm,
}: {
  /** The first button ("Delete page…"). */
  label: string;
  question: string;
  /** The confirm button ("Delete"). */
  confirm: string;
  cancel?: string;
  tone: 'primary' | 'danger';
  open: boolean;
  busy?: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  const step = useRef<HTMLSpanElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (moved.current) step.current?.querySelector<HTMLButtonElement>('[data-step-focus]')?.focus();
  }, [open]);
  const choose = (next: boolean) => {
    moved.current = true;
    onOpenChange(next);
  };
  return (
    <span ref={step} className="contents">
      {open ? (
        <span
          role="group"
          aria-label={question}
          className={`flex items-center gap-2 text-sm ${tone === 'danger' ? 'text-red-800' : 'text-slate-600'}`}
        >
          {question}
          <Button tone={tone} disabled={busy} onClick={onConfirm}>
            {confirm}
          </Button>
          <Button data-step-focus onClick={() => choose(false)}>
            {cancel}
          </Button>
        </span>
      ) : (
        <Button tone={tone === 'danger' ? 'danger' : 'default'} data-step-focus onClick={() => choose(true)}>
          {label}
        </Button>
      )}
    </span>
  );
}
