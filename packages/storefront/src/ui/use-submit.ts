import { useState } from 'react';
import { ApiCallError } from '../client/api-client.ts';
import { GENERIC_ERROR, useToast } from './toasts.tsx';

/** Runs a form's request, keeping its busy state, its error message and the field at fault. */
export function useSubmit() {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string | undefined } | null>(null);
  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      if (caught instanceof ApiCallError) setError({ message: caught.message.replace(/^[\w.]+: /, ''), field: caught.field });
      else {
        setError({ message: GENERIC_ERROR });
        toast(undefined, { kind: 'error' });
      }
    } finally {
      setBusy(false);
    }
  }
  return {
    busy,
    error,
    run,
    fieldError: (name: string) => (error?.field === name ? error.message : undefined),
    /** The server's message for the field it refused, for the form to show under that field and focus. */
    fieldErrors: error?.field ? { [error.field]: error.message } : undefined,
  };
}
