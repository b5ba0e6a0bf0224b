// @vitest-environment jsdom
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { ConfirmStep } from './confirm-step.tsx';

afterEach(cleanup);

function Harness({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <ConfirmStep
      label="Delete page…"
      question="Delete this page for good?"
      confirm="Delete"
      cancel="Keep"
      tone="danger"
      open={open}
      onOpenChange={setOpen}
      onConfirm={onConfirm}
    />
  );
}

const settled = () => act(() => new Promise<void>((resolve) => setTimeout(resolve)));

it('asks before it acts, and keeps keyboard focus on a button that is there', async () => {
  const onConfirm = vi.fn();
  render(<Harness onConfirm={onConfirm} />);
  // On first draw nothing takes focus.
  expect(document.activeElement).toBe(document.body);

  fireEvent.click(screen.getByRole('button', { name: 'Delete page…' }));
  await settled();
  const question = screen.getByRole('group', { name: 'Delete this page for good?' });
  expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Keep' }));

  fireEvent.click(within(question).getByRole('button', { name: 'Keep' }));
  await settled();
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete page…' }));
  expect(onConfirm).not.toHaveBeenCalled();

  fireEvent.click(screen.getByRole('button', { name: 'Delete page…' }));
  await settled();
  fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
  expect(onConfirm).toHaveBeenCalledOnce();
});
