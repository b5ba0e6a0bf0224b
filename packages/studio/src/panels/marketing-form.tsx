import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { saveMarketingRequest, type PublicSiteScripts, type SaveMarketingRequest, type StudioMarketingSettings } from '@vitrine/commerce';
import { StudioApiError } from '../api/client.ts';
import { useStudio } from '../context.tsx';
import { problemText } from '../state/controller.ts';
import { Button } from '../ui/button.tsx';
import { SettingsGroup } from './settings-group.tsx';

const input =
  'block w-full rounded-md border border-slate-300 px-2.5 py-1.5 text-sm focus:border-indigo-500 focus:outline-2 focus:outline-indigo-500/30 aria-invalid:border-red-500';

type ScriptKey = keyof SaveMarketingRequest['scripts'];

/** Each script of §3.2 the owner sets, with its label, an example of its shape and a word on what it is. */
const scriptFields: { group: string; fields: { key: ScriptKey; label: string; example: string; help?: string }[] }[] = [
  {
    group: 'Meta (Facebook)',
    fields: [
      { key: 'facebookPixelID', label: 'Facebook pixel ID', example: '1234567890123456' },
      { key: 'facebookCatalog', label: 'Facebook catalog ID', example: '1234567890123456' },
    ],
  },
  {
    group: 'Google',
    fields: [
      { key: 'gA4ID', label: 'Google Analytics 4 measurement ID', example: 'G-ABCDEF1234' },
      { key: 'googleAnalyticsID', label: 'Google Analytics ID (older property)', example: 'UA-12345678-1' },
      { key: 'tagManagerID', label: 'Tag Manager container ID', example: 'GTM-ABC1234' },
    ],
  },
  { group: 'TikTok', fields: [{ key: 'tiktokPixelID', label: 'TikTok pixel ID', example: 'C4ABCDEFGH12345678' }] },
  {
    group: 'AdRoll',
    fields: [
      { key: 'adRollID', label: 'AdRoll advertiser ID', example: 'ABCDEFGHIJ1234567890', help: 'Both AdRoll IDs are needed.' },
      { key: 'adRollPixelID', label: 'AdRoll pixel ID', example: 'ABCDEFGHIJ1234567890' },
    ],
  },
  {
    group: 'Chat and sharing',
    fields: [
      {
        key: 'liveChatID',
        label: 'Live chat link',
        example: 'https://tawk.to/chat/abc123/def456',
        help: 'The chat link from your tawk.to dashboard; the store loads its widget.',
      },
      { key: 'addThisID', label: 'AddThis profile ID', example: 'ra-1234567890abcdef' },
    ],
  },
  {
    group: 'Sign-in buttons',
    fields: [
      { key: 'fbLoginID', label: 'Facebook sign-in app ID', example: '1234567890123456' },
      { key: 'googleLoginID', label: 'Google sign-in client ID', example: '123-abc.apps.googleusercontent.com' },
    ],
  },
];

/** The Store panel's marketing group: loads the settings, then the form. */
export function MarketingSettings() {
  const { controller } = useStudio();
  const loadMarketing = useCallback(() => controller.getMarketing(), [controller]);
  return (
    <SettingsGroup title="Marketing" load={loadMarketing}>
      {(settings, onSaved) => <MarketingForm initial={settings} onSaved={onSaved} />}
    </SettingsGroup>
  );
}

function TextField({
  id,
  name,
  label,
  example,
  help,
  error,
  defaultValue,
  multiline,
}: {
  id: string;
  name: string;
  label: string;
  example: string;
  help?: ReactNode;
  error: string | undefined;
  defaultValue: string;
  multiline?: boolean;
}) {
  const describedBy = [help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name,
    defaultValue,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: input,
    spellCheck: false,
    autoComplete: 'off',
  } as const;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={5} className={`${input} font-mono text-xs`} placeholder={example} />
      ) : (
        <input {...common} placeholder={example} />
      )}
      {help ? (
        <div id={`${id}-help`} className="text-xs text-slate-500">
          {help}
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A field's error for the owner: the schema's words after the field's own label. */
function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const name = issue.path.map(String).join('.');
    errors[name] ??= issue.message.charAt(0).toUpperCase() + issue.message.slice(1) + '.';
  }
  return errors;
}

/**
 * The marketing scripts (§3.2) and the consent banner. Empty fields switch a script off. The Conversions API token is
 * write-only: the studio never sees it again, only whether it is set. Errors show at their fields (the server's 400
 * names the field, e.g. `scripts.gA4ID`).
 */
function MarketingForm({ initial, onSaved }: { initial: StudioMarketingSettings; onSaved: (settings: StudioMarketingSettings) => void }) {
  const { controller, store } = useStudio();
  const id = useId();
  const [consent, setConsent] = useState(initial.consentBanner);
  const [token, setToken] = useState<'keep' | 'set' | 'remove'>(initial.hasFacebookPixelToken ? 'keep' : 'remove');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  // Each time errors are shown, the first field in error takes focus, so a screen reader reads its message.
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [shown]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const scripts: Record<string, string> = {};
    for (const { fields } of scriptFields) for (const { key } of fields) scripts[key] = String(form.get(key) ?? '');
    scripts.customScript = String(form.get('customScript') ?? '');
    const newToken = String(form.get('facebookPixelToken') ?? '').trim();
    const request: SaveMarketingRequest = {
      scripts,
      facebookPixelToken: token === 'keep' ? null : token === 'remove' ? '' : newToken,
      consentBanner: consent,
    };
    const local = saveMarketingRequest.safeParse(request);
    const found = local.success ? {} : fieldErrors(local.error.issues);
    if (token === 'set' && !newToken) found.facebookPixelToken = 'Enter the token, or choose not to use one.';
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length > 0) return setShown((n) => n + 1);
    setBusy(true);
    try {
      const saved = await controller.saveMarketing(request);
      onSaved(saved);
      setToken(saved.hasFacebookPixelToken ? 'keep' : 'remove');
      setVersion((v) => v + 1);
      store.getState().notify('Marketing settings saved: shoppers’ pages load them from now on.', 'success');
    } catch (error) {
      if (error instanceof StudioApiError && error.status === 400 && error.field) {
        setErrors({ [error.field]: error.message });
        setShown((n) => n + 1);
      } else setProblem(problemText(error));
    } finally {
      setBusy(false);
    }
  };

  const scripts: PublicSiteScripts = initial.scripts;
  return (
    <form key={version} ref={formRef} onSubmit={(e) => void submit(e)} className="space-y-5" noValidate aria-label="Marketing settings">
      <p className="text-xs text-slate-500">
        The services shoppers’ pages load. Leave a field empty to switch that service off. Nothing loads in the studio’s preview.
      </p>
      <label className="flex items-start justify-between gap-3 text-sm">
        <span>
          <span className="block font-medium text-slate-800">Ask shoppers for consent</span>
          <span className="block text-xs text-slate-500">
            A banner asks first; no script, pixel or marketing cookie loads before a shopper accepts.
          </span>
        </span>
        <input
          type="checkbox"
          role="switch"
          name="consentBanner"
          checked={consent}
          onChange={(e) => setConsent(e.target.checked)}
          className="mt-1 size-4 accent-indigo-600"
        />
      </label>
      {scriptFields.map(({ group, fields }) => (
        <fieldset key={group} className="space-y-3">
          <legend className="mb-1 text-xs font-semibold text-slate-800">{group}</legend>
          {fields.map((field) => (
            <TextField
              key={field.key}
              id={`${id}-${field.key}`}
              name={field.key}
              label={field.label}
              example={field.example}
              help={field.help}
              error={errors[`scripts.${field.key}`]}
              defaultValue={scripts[field.key] ?? ''}
            />
          ))}
          {group === 'Meta (Facebook)' ? (
            <TokenField
              id={`${id}-token`}
              isSet={initial.hasFacebookPixelToken}
              choice={token}
              onChoice={setToken}
              error={errors.facebookPixelToken}
            />
          ) : null}
        </fieldset>
      ))}
      <fieldset className="space-y-3">
        <legend className="mb-1 text-xs font-semibold text-slate-800">Custom scripts</legend>
        <TextField
          id={`${id}-customScript`}
          name="customScript"
          label="Scripts (JSON)"
          example={'[{"src": "https://cdn.example.com/widget.js"}]'}
          multiline
          error={errors['scripts.customScript']}
          defaultValue={scripts.customScript ?? ''}
          help={
            <>
              One script or a list of them, as JSON: <code>{'{"src": "https://…"}'}</code> loads a file (https only;{' '}
              <code>"defer": true</code> to run it after the page), <code>{'{"content": "…"}'}</code> runs code. An optional{' '}
              <code>"id"</code> names the tag.
            </>
          }
        />
      </fieldset>
      {problem ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : null}
      <Button tone="primary" type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Save marketing settings'}
      </Button>
    </form>
  );
}

/** The Conversions API token: never shown, only kept, replaced or removed (like the maintenance password). */
function TokenField({
  id,
  isSet,
  choice,
  onChoice,
  error,
}: {
  id: string;
  isSet: boolean;
  choice: 'keep' | 'set' | 'remove';
  onChoice: (choice: 'keep' | 'set' | 'remove') => void;
  error: string | undefined;
}) {
  const radio = (value: 'keep' | 'set' | 'remove', label: string) => (
    <label className="flex items-center gap-2 text-sm">
      <input type="radio" name={`${id}-choice`} checked={choice === value} onChange={() => onChoice(value)} className="accent-indigo-600" />{' '}
      {label}
    </label>
  );
  return (
    <fieldset className="space-y-1.5" aria-describedby={`${id}-help`}>
      <legend className="text-xs font-medium text-slate-700">Conversions API token {isSet ? '(set)' : '(not set)'}</legend>
      <p id={`${id}-help`} className="text-xs text-slate-500">
        Lets the store report events to Meta from the server too. It stays on the server: it is never shown again.
      </p>
      {isSet ? radio('keep', 'Keep the current token') : null}
      {radio('set', isSet ? 'Replace the token' : 'Set a token')}
      {choice === 'set' ? (
        <input
          name="facebookPixelToken"
          type="password"
          autoComplete="off"
          aria-label="Conversions API token"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          maxLength={500}
          className={input}
        />
      ) : null}
      {radio('remove', isSet ? 'Remove the token' : 'No token')}
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
