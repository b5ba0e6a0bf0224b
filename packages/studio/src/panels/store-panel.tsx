import { useCallback, useId, useState, type FormEvent } from 'react';
import type { StudioMaintenanceSettings } from '@vitrine/commerce';
import { useStudio } from '../context.tsx';
import { problemText } from '../state/controller.ts';
import { Button, ButtonLink } from '../ui/button.tsx';
import { MarketingSettings } from './marketing-form.tsx';
import { Group } from './section-panel.tsx';
import { SettingsGroup } from './settings-group.tsx';

const input =
  'block w-full rounded-md border border-slate-300 px-2.5 py-1.5 text-sm focus:border-indigo-500 focus:outline-2 focus:outline-indigo-500/30';

/**
 * The store's settings that are not part of a page or the theme: maintenance mode (on or off at once for shoppers,
 * with its heading, description and an optional password) and the marketing scripts with the consent banner. Each
 * group is saved with its own button, since it acts immediately.
 */
export function StorePanel() {
  const { controller } = useStudio();
  const loadMaintenance = useCallback(() => controller.getMaintenance(), [controller]);
  return (
    <>
      <SettingsGroup title="Maintenance" load={loadMaintenance}>
        {(settings, onSaved) => <MaintenanceForm initial={settings} onSaved={onSaved} />}
      </SettingsGroup>
      <MarketingSettings />
      <RedirectsGroup />
    </>
  );
}

/** The store's redirect rules and moved address (§2.1, §3.2) have a back-office screen of their own: a list wants the room. */
function RedirectsGroup() {
  return (
    <Group title="Redirects">
      <p className="mb-3 text-xs text-slate-500">
        Send old addresses to pages of the store or to other sites, or every page to the store’s new address.
      </p>
      <ButtonLink to="/editor/redirects">Manage redirects</ButtonLink>
    </Group>
  );
}

function MaintenanceForm({
  initial,
  onSaved,
}: {
  initial: StudioMaintenanceSettings;
  onSaved: (settings: StudioMaintenanceSettings) => void;
}) {
  const { controller, store } = useStudio();
  const id = useId();
  const [on, setOn] = useState(initial.isMaintenance);
  const [password, setPassword] = useState<'keep' | 'set' | 'remove'>(initial.hasPassword ? 'keep' : 'remove');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const newPassword = String(form.get('password') ?? '');
    if (password === 'set' && !newPassword) return setProblem('Enter the new password, or choose not to use one.');
    setBusy(true);
    setProblem(null);
    try {
      const saved = await controller.setMaintenance({
        isMaintenance: on,
        heading: String(form.get('heading') ?? ''),
        description: String(form.get('description') ?? ''),
        password: password === 'keep' ? null : password === 'remove' ? '' : newPassword,
      });
      onSaved(saved);
      store
        .getState()
        .notify(
          saved.isMaintenance ? 'Maintenance is on: shoppers see the maintenance page.' : 'Maintenance is off: the store is open.',
          'success',
        );
    } catch (error) {
      setProblem(problemText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
      <label className="flex items-start justify-between gap-3 text-sm">
        <span>
          <span className="block font-medium text-slate-800">Maintenance mode</span>
          <span className="block text-xs text-slate-500">
            Shoppers see the maintenance page instead of the store. The studio keeps working.
          </span>
        </span>
        <input
          type="checkbox"
          role="switch"
          checked={on}
          onChange={(e) => setOn(e.target.checked)}
          className="mt-1 size-4 accent-indigo-600"
        />
      </label>
      <div className="space-y-1">
        <label htmlFor={`${id}-heading`} className="block text-xs font-medium text-slate-700">
          Heading
        </label>
        <input id={`${id}-heading`} name="heading" defaultValue={initial.heading} maxLength={200} className={input} />
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-description`} className="block text-xs font-medium text-slate-700">
          Description
        </label>
        <textarea
          id={`${id}-description`}
          name="description"
          defaultValue={initial.description}
          maxLength={5000}
          rows={4}
          className={input}
        />
      </div>
      <fieldset className="space-y-1.5">
        <legend className="text-xs font-medium text-slate-700">Password</legend>
        <p className="text-xs text-slate-500">With a password, people who know it can still see the store (for a day).</p>
        {initial.hasPassword ? (
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-pw`}
              checked={password === 'keep'}
              onChange={() => setPassword('keep')}
              className="accent-indigo-600"
            />{' '}
            Keep the current password
          </label>
        ) : null}
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${id}-pw`}
            checked={password === 'set'}
            onChange={() => setPassword('set')}
            className="accent-indigo-600"
          />{' '}
          {initial.hasPassword ? 'Set a new password' : 'Use a password'}
        </label>
        {password === 'set' ? (
          <input name="password" type="password" autoComplete="new-password" aria-label="New password" maxLength={200} className={input} />
        ) : null}
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${id}-pw`}
            checked={password === 'remove'}
            onChange={() => setPassword('remove')}
            className="accent-indigo-600"
          />{' '}
          No password
        </label>
      </fieldset>
      {problem ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : null}
      <Button tone="primary" type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Save maintenance settings'}
      </Button>
    </form>
  );
}
