import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  customScriptList,
  customScriptText,
  isRetiredAnalyticsId,
  MAX_CUSTOM_SCRIPTS,
  parseCustomScript,
  saveMarketingRequest,
  type CustomScriptItem,
  type PublicSiteScripts,
  type SaveMarketingRequest,
  type StudioMarketingSettings,
} from '@vitrine/commerce';
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
    group: 'Live chat',
    fields: [
      {
        key: 'liveChatID',
        label: 'Live chat link',
        example: 'https://tawk.to/chat/abc123/def456',
        help: 'The chat link from your tawk.to dashboard; the store loads its widget.',
      },
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

/** One custom script as the form edits it: a file's address or inline code, and what else the stored item said. */
interface ScriptEntry {
  key: number;
  kind: 'src' | 'content';
  src: string;
  content: string;
  defer: boolean;
  /** Kept as stored (not edited here): a tag id, and `async`. */
  id: string;
  async: boolean;
}

let entryKey = 0;
const newEntry = (kind: ScriptEntry['kind'], item: Partial<CustomScriptItem> = {}): ScriptEntry => ({
  key: ++entryKey,
  kind,
  src: item.src ?? '',
  content: item.content ?? '',
  defer: item.defer ?? false,
  id: item.id ?? '',
  async: item.async ?? false,
});

/** The stored `customScript` as entries; `unreadable` holds a stored text that does not parse (it loads nothing). */
function entriesOf(text: string | undefined): { entries: ScriptEntry[]; unreadable: string | null } {
  if (!text?.trim()) return { entries: [], unreadable: null };
  try {
    return { entries: parseCustomScript(text).map((item) => newEntry(item.src ? 'src' : 'content', item)), unreadable: null };
  } catch {
    return { entries: [], unreadable: text };
  }
}

/** An entry as the stored item: only what it says (an address with its flags, or code), nothing empty. */
function itemOf(entry: ScriptEntry): CustomScriptItem {
  const extra = { ...(entry.async ? { async: true } : {}), ...(entry.id ? { id: entry.id } : {}) };
  if (entry.kind === 'content') return entry.content.trim() ? { content: entry.content, ...extra } : { ...extra };
  const src = entry.src.trim();
  return { ...(src ? { src } : {}), ...(entry.defer ? { defer: true } : {}), ...extra };
}

/**
 * The fields of a stored configuration that no longer do anything: Universal Analytics (`UA-…`) and AddThis are shut
 * down. Shown once, so the owner knows why they are gone from the form; the next save drops them.
 */
function retiredOf(scripts: PublicSiteScripts): string[] {
  const retired: string[] = [];
  if (scripts.googleAnalyticsID?.trim() && isRetiredAnalyticsId(scripts.googleAnalyticsID))
    retired.push(`Universal Analytics (${scripts.googleAnalyticsID.trim()})`);
  if (scripts.addThisID?.trim()) retired.push(`AddThis (${scripts.addThisID.trim()})`);
  return retired;
}

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
  const [custom, setCustom] = useState(() => entriesOf(initial.scripts.customScript));
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
    const items = custom.entries.map(itemOf);
    scripts.customScript = customScriptText(items);
    const newToken = String(form.get('facebookPixelToken') ?? '').trim();
    const request: SaveMarketingRequest = {
      scripts,
      facebookPixelToken: token === 'keep' ? null : token === 'remove' ? '' : newToken,
      consentBanner: consent,
    };
    const local = saveMarketingRequest.safeParse(request);
    const found = local.success ? {} : fieldErrors(local.error.issues);
    // Each custom script's problem at its own entry, in words that name it ("Script 2: …").
    const entries = customScriptList.safeParse(items);
    for (const issue of entries.error?.issues ?? [])
      if (typeof issue.path[0] === 'number') found[`custom.${issue.path[0]}`] ??= `${issue.message}.`;
    if (Object.keys(found).some((key) => key.startsWith('custom.'))) delete found['scripts.customScript'];
    if (token === 'set' && !newToken) found.facebookPixelToken = 'Enter the token, or choose not to use one.';
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length > 0) return setShown((n) => n + 1);
    setBusy(true);
    try {
      const saved = await controller.saveMarketing(request);
      onSaved(saved);
      setToken(saved.hasFacebookPixelToken ? 'keep' : 'remove');
      setCustom(entriesOf(saved.scripts.customScript));
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

  // A GA4 id saved in the older Google field (gone from the form) shows, and saves, as the GA4 measurement id.
  const older = initial.scripts.googleAnalyticsID?.trim() ?? '';
  const scripts: PublicSiteScripts = {
    ...initial.scripts,
    ...(!initial.scripts.gA4ID?.trim() && older && !isRetiredAnalyticsId(older) ? { gA4ID: older } : {}),
  };
  const retired = retiredOf(initial.scripts);
  return (
    <form key={version} ref={formRef} onSubmit={(e) => void submit(e)} className="space-y-5" noValidate aria-label="Marketing settings">
      <p className="text-xs text-slate-500">
        The services shoppers’ pages load. Leave a field empty to switch that service off. Nothing loads in the studio’s preview.
      </p>
      {retired.length ? (
        <p className="rounded-md bg-amber-50 px-2.5 py-2 text-xs text-amber-900">
          {retired.join(' and ')}: {retired.length > 1 ? 'these services have' : 'this service has'} shut down, so shoppers’ pages no longer
          load {retired.length > 1 ? 'them' : 'it'}. Saving removes {retired.length > 1 ? 'them' : 'it'} from your settings.
        </p>
      ) : null}
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
      <CustomScripts
        id={`${id}-custom`}
        entries={custom.entries}
        unreadable={custom.unreadable}
        onChange={(entries) => setCustom((was) => ({ ...was, entries }))}
        errors={errors}
      />
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

/**
 * The custom scripts (§7) as a list of entries, each a file's address (https) or inline code, added and removed one by
 * one; saved as `customScript`'s JSON list, as before. A stored text that does not parse loads nothing: it is shown, and
 * saving replaces it with the list.
 */
function CustomScripts({
  id,
  entries,
  unreadable,
  onChange,
  errors,
}: {
  id: string;
  entries: ScriptEntry[];
  unreadable: string | null;
  onChange: (entries: ScriptEntry[]) => void;
  errors: Record<string, string>;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  // After an add or a removal: a new entry's field, or the next (else the Add button), takes the keyboard.
  const focusKey = useRef<number | null>(null);
  useEffect(() => {
    if (focusKey.current === null) return;
    const key = focusKey.current;
    focusKey.current = null;
    const target = listRef.current?.querySelector<HTMLElement>(`[data-entry="${key}"] input[type="url"], [data-entry="${key}"] textarea`);
    (target ?? document.getElementById(`${id}-add`))?.focus();
  });
  const change = (key: number, patch: Partial<ScriptEntry>) => onChange(entries.map((e) => (e.key === key ? { ...e, ...patch } : e)));
  const add = (kind: ScriptEntry['kind']) => {
    const entry = newEntry(kind);
    onChange([...entries, entry]);
    focusKey.current = entry.key;
  };
  const full = entries.length >= MAX_CUSTOM_SCRIPTS;
  const groupError = errors['scripts.customScript'];
  return (
    <fieldset className="space-y-3" aria-describedby={groupError ? `${id}-error` : undefined}>
      <legend className="mb-1 text-xs font-semibold text-slate-800">Custom scripts</legend>
      <p className="text-xs text-slate-500">
        Scripts of other services: the address of a file to load (https only), or a piece of code to run. Up to {MAX_CUSTOM_SCRIPTS}.
      </p>
      {unreadable !== null ? (
        <div role="note" className="rounded-md bg-amber-50 px-2.5 py-2 text-xs text-amber-900">
          The saved custom scripts could not be read, so shoppers’ pages load none of them. Saving replaces them with the list below.
          <details className="mt-1">
            <summary className="cursor-pointer font-medium">What was saved</summary>
            <pre className="mt-1 max-h-32 overflow-auto font-mono text-[11px] break-all whitespace-pre-wrap">{unreadable}</pre>
          </details>
        </div>
      ) : null}
      {entries.length ? (
        <ol ref={listRef} className="space-y-3" aria-label="Custom scripts">
          {entries.map((entry, index) => {
            const n = index + 1;
            const base = `${id}-${entry.key}`;
            const error = errors[`custom.${index}`];
            const invalid = error ? true : undefined;
            const described = error ? `${base}-error` : undefined;
            return (
              <li key={entry.key} data-entry={entry.key}>
                <fieldset className="space-y-2 rounded-md border border-slate-200 p-2.5">
                  <legend className="px-1 text-xs font-medium text-slate-700">Script {n}</legend>
                  <div className="flex items-center gap-2">
                    <label htmlFor={`${base}-kind`} className="sr-only">
                      Kind of script {n}
                    </label>
                    <select
                      id={`${base}-kind`}
                      value={entry.kind}
                      onChange={(e) => change(entry.key, { kind: e.target.value as ScriptEntry['kind'] })}
                      className="h-8 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 text-sm"
                    >
                      <option value="src">Address of a file</option>
                      <option value="content">Inline code</option>
                    </select>
                    <Button
                      tone="ghost"
                      aria-label={`Remove script ${n}`}
                      onClick={() => {
                        onChange(entries.filter((e) => e.key !== entry.key));
                        focusKey.current = entries[index + 1]?.key ?? entries[index - 1]?.key ?? -1;
                      }}
                    >
                      Remove
                    </Button>
                  </div>
                  {entry.kind === 'src' ? (
                    <>
                      <label htmlFor={`${base}-src`} className="block text-xs font-medium text-slate-700">
                        Address
                      </label>
                      <input
                        id={`${base}-src`}
                        type="url"
                        inputMode="url"
                        value={entry.src}
                        onChange={(e) => change(entry.key, { src: e.target.value })}
                        placeholder="https://cdn.example.com/widget.js"
                        aria-invalid={invalid}
                        aria-describedby={described}
                        spellCheck={false}
                        autoComplete="off"
                        className={input}
                      />
                      <label className="flex items-center gap-2 text-xs text-slate-700">
                        <input
                          type="checkbox"
                          checked={entry.defer}
                          onChange={(e) => change(entry.key, { defer: e.target.checked })}
                          className="accent-indigo-600"
                        />
                        Run it after the page has loaded
                      </label>
                    </>
                  ) : (
                    <>
                      <label htmlFor={`${base}-content`} className="block text-xs font-medium text-slate-700">
                        Code
                      </label>
                      <textarea
                        id={`${base}-content`}
                        value={entry.content}
                        onChange={(e) => change(entry.key, { content: e.target.value })}
                        rows={4}
                        placeholder="window.example = true;"
                        aria-invalid={invalid}
                        aria-describedby={described}
                        spellCheck={false}
                        className={`${input} font-mono text-xs`}
                      />
                    </>
                  )}
                  {error ? (
                    <p id={`${base}-error`} className="text-xs font-medium text-red-700">
                      {error}
                    </p>
                  ) : null}
                </fieldset>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="text-xs text-slate-500">No custom scripts.</p>
      )}
      {groupError ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700">
          {groupError}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button id={`${id}-add`} disabled={full} onClick={() => add('src')}>
          Add a script address
        </Button>
        <Button disabled={full} onClick={() => add('content')}>
          Add inline code
        </Button>
      </div>
    </fieldset>
  );
}
