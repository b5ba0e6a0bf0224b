// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_CLOSE_MS, TOAST_DURATION_MS, ToastProvider, useToast, type ToastOptions } from './toasts.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Trigger({ message, options }: { message?: string; options?: ToastOptions }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast(message, options)}>
      Go
    </button>
  );
}

describe('toasts with the generic messages of §8 (issue 13)', () => {
  it('an error without words of its own says "Something went wrong"; a success, "Operation completed successfully"', () => {
    render(
      <ToastProvider>
        <Trigger options={{ kind: 'error' }} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.getByText('Something went wrong').closest('[data-toast]')?.getAttribute('data-toast')).toBe('error');
    cleanup();
    render(
      <ToastProvider>
        <Trigger message="  " options={{ kind: 'success' }} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.getByText('Operation completed successfully')).toBeTruthy();
  });

  it('keeps a message of its own, shows it 3 s at top centre in a live region, and closes 0.4 s after', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Trigger message="Added to your wishlist" options={{ kind: 'success' }} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    const toast = screen.getByText('Added to your wishlist').closest('.vt-toast')!;
    expect(toast.closest('.vt-toasts-top-center')?.getAttribute('aria-live')).toBe('polite');
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS));
    expect(toast.className).toContain('vt-toast-closing');
    act(() => vi.advanceTimersByTime(TOAST_CLOSE_MS));
    expect(screen.queryByText('Added to your wishlist')).toBeNull();
    expect([TOAST_DURATION_MS, TOAST_CLOSE_MS]).toEqual([3000, 400]);
  });

  it('shows nothing for an info toast without words', () => {
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(document.querySelectorAll('.vt-toast')).toHaveLength(0);
  });
});
