import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  saveRedirectRequest,
  saveRedirectUrlRequest,
  type RedirectRule,
  type RedirectStatus,
  type StoreRedirectSettings,
} from '@vitrine/commerce';
import { StudioApiError } from '../api/client.ts';
import { useStudio } from '../context.tsx';
import { problemText } from '../state/controller.ts';
import { Button } from '../ui/button.tsx';
import { ConfirmStep } from '../ui/confirm-step.tsx';
import { LeaveQuestion, useLeaveGuard } from '../ui/leave-guard.tsx';

const input =
  'mt-1 block w-full rounded-md border border-slate-300 px-2.5 py-1.5 text-sm focus:border-indigo-500 focus:outline-2 focus:outline-indigo-500/30 aria-invalid:border-red-500';

const statusNames: Record<RedirectStatus, string> = { 301: 'Permanent (301)', 302: 'Temporary (302)' };

/** A rule as the form edits it: a new one has no id. */
interface RuleDraft {
  ruleId?: number;
  fromPath: string;
  to: string;
  status: RedirectStatus;
}
type RuleField = 'fromPath' | 'to' | 'status';

const blankRule: RuleDraft = { fromPath: '', to: '', status: 301 };

/** A message for the owner beside its field: the server's or the schema's words, without the field's name before them. */
function fieldText(message: string): string {
  const text = message.replace(/^[\w.]+: /, '');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;
}

/** The first problem of each field, as the contract's schema finds them. */
function problemsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of issues) found[String(issue.path[0] ?? 'form')] ??= fieldText(issue.message);
  return found;
}

/**
 * The store's redirect rules (§2.1) at `/editor/redirects`: the list, a rule added or changed one at a time, a rule
 * deleted after a confirm, and the address the whole store has moved to (`redirectURL`, §3.2). Leaving the screen with
 * changes not saved asks first.
 */
export function RedirectsScreen() {
  const [dirty, setDirty] = useState(false);
  const leaving = useLeaveGuard(dirty);
  return (
    <div className="absolute inset-0 overflow-y-auto">
      <div className="mx-auto max-w-2xl px-4 py-6 sm:px-6">
        {leaving ? <LeaveQuestion onStay={leaving.stay} onLeave={leaving.leave} /> : null}
        <RedirectRules onDirty={setDirty} />
      </div>
    </div>
  );
}

function RedirectRules({ onDirty }: { onDirty: (dirty: boolean) => void }) {
  const { controller } = useStudio();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ settings: StoreRedirectSettings | null; error: string | null }>({ settings: null, error: null });
  const [ruleDirty, setRuleDirty] = useState(false);
  const [addressDirty, setAddressDirty] = useState(false);
  useEffect(() => onDirty(ruleDirty || addressDirty), [onDirty, ruleDirty, addressDirty]);
  useEffect(() => {
    let live = true;
    controller.redirects().then(
      (settings) => live && setLoaded({ settings, error: null }),
      (error: unknown) => live && setLoaded({ settings: null, error: problemText(error) }),
    );
    return () => {
      live = false;
    };
  }, [controller, attempt]);
  const { settings, error } = loaded;
  if (error)
    return (
      <div role="alert" className="flex items-center gap-3 text-sm text-red-700">
        Redirects could not be loaded: {error}
        <Button onClick={() => setAttempt((n) => n + 1)}>Try again</Button>
      </div>
    );
  if (!settings)
    return (
      <p role="status" className="text-sm text-slate-500">
        Loading redirects…
      </p>
    );
  const changed = (next: StoreRedirectSettings) => setLoaded({ settings: next, error: null });
  return (
    <div className="space-y-6">
      <RuleList rules={settings.rules} onChanged={changed} onDirty={setRuleDirty} />
      <MovedStore key={settings.redirectURL} redirectURL={settings.redirectURL} onChanged={changed} onDirty={setAddressDirty} />
    </div>
  );
}

function RuleList({
  rules,
  onChanged,
  onDirty,
}: {
  rules: readonly RedirectRule[];
  onChanged: (settings: StoreRedirectSettings) => void;
  onDirty: (dirty: boolean) => void;
}) {
  const { controller, store } = useStudio();
  const [editing, setEditing] = useState<RuleDraft | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const section = useRef<HTMLElement>(null);
  // After a rule is saved, cancelled or deleted, the keyboard goes back to "Add a redirect".
  const focusAdd = () => requestAnimationFrame(() => section.current?.querySelector<HTMLButtonElement>('[data-add-redirect]')?.focus());
  const finish = () => {
    setEditing(null);
    onDirty(false);
    focusAdd();
  };
  const remove = async (rule: RedirectRule) => {
    setBusy(true);
    setProblem(null);
    try {
      onChanged(await controller.deleteRedirect(rule.ruleId));
      store.getState().notify(`Removed the redirect of ${rule.fromPath}.`, 'success');
      setDeleting(null);
      focusAdd();
    } catch (failure) {
      setProblem(problemText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section ref={section} aria-labelledby="redirect-rules-title" className="space-y-3">
      <div>
        <h3 id="redirect-rules-title" className="text-sm font-semibold text-slate-800">
          Redirect rules
        </h3>
        <p className="text-xs text-slate-500">
          Send an old address to a page of the store or to another site. Rules apply before the store’s own pages, so the studio, checkout,
          cart and account pages cannot be redirected.
        </p>
      </div>
      {rules.length === 0 ? (
        <p role="status" className="rounded-md border border-dashed border-slate-300 px-3 py-4 text-center text-sm text-slate-500">
          No redirect rules yet.
        </p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Redirect rules, by old address</caption>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            <tr>
              {['Old address', 'Goes to', 'Type'].map((name) => (
                <th key={name} scope="col" className="px-2 py-2">
                  {name}
                </th>
              ))}
              <th scope="col" className="px-2 py-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rules.map((rule) => (
              <tr key={rule.ruleId} aria-current={editing?.ruleId === rule.ruleId || undefined} className="aria-[current]:bg-indigo-50">
                <td className="max-w-40 px-2 py-2 font-mono text-xs break-all">{rule.fromPath}</td>
                <td className="max-w-56 px-2 py-2 font-mono text-xs break-all">{rule.to}</td>
                <td className="px-2 py-2 whitespace-nowrap text-slate-600">{statusNames[rule.status]}</td>
                <td className="px-2 py-2">
                  <span className="flex justify-end gap-2">
                    {deleting === rule.ruleId ? null : (
                      <Button
                        disabled={editing !== null}
                        aria-label={`Edit the redirect of ${rule.fromPath}`}
                        onClick={() => {
                          setProblem(null);
                          setEditing({ ruleId: rule.ruleId, fromPath: rule.fromPath, to: rule.to, status: rule.status });
                        }}
                      >
                        Edit
                      </Button>
                    )}
                    {editing === null ? (
                      <ConfirmStep
                        label="Delete…"
                        question={`Delete the redirect of ${rule.fromPath}?`}
                        confirm="Delete"
                        cancel="Keep"
                        tone="danger"
                        open={deleting === rule.ruleId}
                        busy={busy}
                        onOpenChange={(open) => setDeleting(open ? rule.ruleId : null)}
                        onConfirm={() => void remove(rule)}
                      />
                    ) : null}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {problem ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : null}
      {editing ? (
        <RuleForm
          key={editing.ruleId ?? 'new'}
          initial={editing}
          onDirty={onDirty}
          onCancel={finish}
          onSaved={(settings) => {
            onChanged(settings);
            store.getState().notify(editing.ruleId ? 'Redirect rule saved.' : 'Redirect rule added.', 'success');
            finish();
          }}
        />
      ) : (
        <Button data-add-redirect tone="primary" onClick={() => setEditing(blankRule)}>
          Add a redirect
        </Button>
      )}
    </section>
  );
}

function RuleForm({
  initial,
  onDirty,
  onCancel,
  onSaved,
}: {
  initial: RuleDraft;
  onDirty: (dirty: boolean) => void;
  onCancel: () => void;
  onSaved: (settings: StoreRedirectSettings) => void;
}) {
  const { controller } = useStudio();
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<RuleField | 'form', string>>>({});
  const [shown, setShown] = useState(0);
  const [busy, setBusy] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const dirty = draft.fromPath !== initial.fromPath || draft.to !== initial.to || draft.status !== initial.status;
  useEffect(() => onDirty(dirty), [onDirty, dirty]);
  // A new rule's first field takes the keyboard; after a refusal, the first field in error does, so its message is read.
  useEffect(() => {
    const target = shown
      ? form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
      : form.current?.querySelector<HTMLElement>('input');
    target?.focus();
  }, [shown]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const request = { ...(draft.ruleId ? { ruleId: draft.ruleId } : {}), fromPath: draft.fromPath, to: draft.to, status: draft.status };
    const local = saveRedirectRequest.safeParse(request);
    if (!local.success) {
      setErrors(problemsOf(local.error.issues));
      return setShown((n) => n + 1);
    }
    setBusy(true);
    setErrors({});
    try {
      onSaved(await controller.saveRedirect(request));
    } catch (failure) {
      setBusy(false);
      // A refusal names its field (a route of the store, a loop, a source with a rule already); others are the form's.
      const refusal = failure instanceof StudioApiError && failure.status === 400 ? failure : null;
      const field = refusal?.field;
      if (refusal && (field === 'fromPath' || field === 'to' || field === 'status')) setErrors({ [field]: fieldText(refusal.message) });
      else setErrors({ form: problemText(failure) });
      setShown((n) => n + 1);
    }
  };
  const a11y = (field: RuleField) => ({
    id: `${id}-${field}`,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': [`${id}-${field}-help`, errors[field] ? `${id}-${field}-error` : ''].filter(Boolean).join(' '),
  });
  const errorOf = (field: RuleField) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="mt-1 text-xs font-medium text-red-700">
        {errors[field]}
      </p>
    ) : null;
  return (
    <form
      ref={form}
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={initial.ruleId ? `Redirect of ${initial.fromPath}` : 'New redirect'}
      className="space-y-3 rounded-md border border-slate-200 p-3"
    >
      <div>
        <label htmlFor={`${id}-fromPath`} className="block text-xs font-medium text-slate-700">
          Old address
        </label>
        <input
          {...a11y('fromPath')}
          className={`${input} font-mono`}
          value={draft.fromPath}
          placeholder="/old-page"
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => setDraft((d) => ({ ...d, fromPath: e.target.value }))}
        />
        <p id={`${id}-fromPath-help`} className="mt-1 text-xs text-slate-500">
          A path of this store, such as /summer-sale. Capitals and a slash at the end do not matter.
        </p>
        {errorOf('fromPath')}
      </div>
      <div>
        <label htmlFor={`${id}-to`} className="block text-xs font-medium text-slate-700">
          Goes to
        </label>
        <input
          {...a11y('to')}
          className={`${input} font-mono`}
          value={draft.to}
          placeholder="/new-page or https://example.com/page"
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
        />
        <p id={`${id}-to-help`} className="mt-1 text-xs text-slate-500">
          A page of this store, or an address of another site. What a shopper added after ? in the old address goes along.
        </p>
        {errorOf('to')}
      </div>
      <fieldset aria-describedby={`${id}-status-help${errors.status ? ` ${id}-status-error` : ''}`}>
        <legend className="text-xs font-medium text-slate-700">Type</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {([301, 302] as const).map((status) => (
            <label key={status} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-status`}
                checked={draft.status === status}
                onChange={() => setDraft((d) => ({ ...d, status }))}
                className="accent-indigo-600"
              />
              {statusNames[status]}
            </label>
          ))}
        </div>
        <p id={`${id}-status-help`} className="mt-1 text-xs text-slate-500">
          Permanent tells browsers and search engines the page has moved for good; they remember it. Temporary is for a while.
        </p>
        {errorOf('status')}
      </fieldset>
      {errors.form ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errors.form}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-end gap-2">
        {dirty ? (
          <ConfirmStep
            label="Cancel"
            question="Discard your changes to this rule?"
            confirm="Discard"
            cancel="Keep editing"
            tone="primary"
            open={discarding}
            onOpenChange={setDiscarding}
            onConfirm={onCancel}
          />
        ) : (
          <Button onClick={onCancel}>Cancel</Button>
        )}
        <Button tone="primary" type="submit" disabled={busy}>
          {busy ? 'Saving…' : initial.ruleId ? 'Save rule' : 'Add rule'}
        </Button>
      </div>
    </form>
  );
}

/** Where the whole store has moved (§3.2 `redirectURL`): every page goes to the same page there, except the studio. */
function MovedStore({
  redirectURL,
  onChanged,
  onDirty,
}: {
  redirectURL: string;
  onChanged: (settings: StoreRedirectSettings) => void;
  onDirty: (dirty: boolean) => void;
}) {
  const { controller, store } = useStudio();
  const id = useId();
  const [address, setAddress] = useState(redirectURL);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => onDirty(address.trim() !== redirectURL), [onDirty, address, redirectURL]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local = saveRedirectUrlRequest.safeParse({ redirectURL: address });
    if (!local.success) {
      setError(problemsOf(local.error.issues)['redirectURL'] ?? null);
      return field.current?.focus();
    }
    setBusy(true);
    setError(null);
    try {
      const saved = await controller.saveRedirectUrl(local.data.redirectURL);
      onDirty(false);
      onChanged(saved);
      store
        .getState()
        .notify(
          saved.redirectURL ? `Shoppers now go to ${saved.redirectURL}.` : 'The store has not moved: shoppers see it here.',
          'success',
        );
    } catch (failure) {
      setError(failure instanceof StudioApiError && failure.field === 'redirectURL' ? fieldText(failure.message) : problemText(failure));
      field.current?.focus();
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-title`} className="space-y-2 border-t border-slate-200 pt-4">
      <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-800">
        The store has moved
      </h3>
      <label htmlFor={`${id}-address`} className="block text-xs font-medium text-slate-700">
        New address of the store
      </label>
      <input
        ref={field}
        id={`${id}-address`}
        type="url"
        inputMode="url"
        value={address}
        placeholder="https://new-shop.example"
        spellCheck={false}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
        onChange={(e) => setAddress(e.target.value)}
        className={`${input} font-mono`}
      />
      <p id={`${id}-help`} className="text-xs text-slate-500">
        Leave it empty while the store lives here. With an address, every page goes to the same page there (a temporary redirect), after the
        rules above; the studio stays here.
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <Button tone="primary" type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Save address'}
      </Button>
    </form>
  );
}
