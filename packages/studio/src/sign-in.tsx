import { useState, type FormEvent } from 'react';
import { problemText } from './state/controller.ts';

/** The owner's sign-in (separate from customers' accounts): email and password, with the server's answer in words. */
export function SignIn({
  storeDomain,
  onSignIn,
  reason,
}: {
  storeDomain: string;
  onSignIn: (email: string, password: string) => Promise<unknown>;
  reason?: string | null;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (!email || !password) return setError('Enter your email and password.');
    setBusy(true);
    setError(null);
    try {
      await onSignIn(email, password);
    } catch (caught) {
      setError(problemText(caught));
      setBusy(false);
    }
  };
  const input =
    'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-xs focus:border-indigo-500 focus:outline-2 focus:outline-indigo-500/30';
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 p-6">
      <div className="w-full max-w-sm">
        <p className="mb-6 text-center text-sm font-semibold tracking-wide text-indigo-700 uppercase">Vitrine Studio</p>
        <form
          onSubmit={(e) => void submit(e)}
          noValidate
          className="space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
          aria-describedby={error ? 'sign-in-error' : undefined}
        >
          <div>
            <h1 className="text-lg font-semibold text-slate-900">Sign in to edit your store</h1>
            <p className="mt-1 text-sm text-slate-600">{storeDomain}</p>
          </div>
          {reason ? <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">{reason}</p> : null}
          <label className="block text-sm font-medium text-slate-700">
            Email
            <input name="email" type="email" autoComplete="username" required className={input} />
          </label>
          <label className="block text-sm font-medium text-slate-700">
            Password
            <input name="password" type="password" autoComplete="current-password" required className={input} />
          </label>
          {error ? (
            <p id="sign-in-error" role="alert" className="text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={busy}
            className="w-full rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:bg-indigo-300"
          >
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
          <p className="text-xs text-slate-500">This is the store owner’s sign-in. Shoppers sign in on the store itself.</p>
        </form>
      </div>
    </main>
  );
}
