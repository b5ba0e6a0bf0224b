import { useEffect, useState, type ReactNode } from 'react';
import { problemText } from '../state/controller.ts';
import { Group } from './section-panel.tsx';

/**
 * A group of the Store panel whose settings come from the server: loading, then its form, or the problem that kept
 * them from loading. The form reports what it saved, which becomes what the group holds.
 */
export function SettingsGroup<T>({
  title,
  load,
  children,
}: {
  title: string;
  load: () => Promise<T>;
  children: (settings: T, onSaved: (settings: T) => void) => ReactNode;
}) {
  const [loaded, setLoaded] = useState<{ settings: T | null; error: string | null }>({ settings: null, error: null });
  useEffect(() => {
    let live = true;
    load().then(
      (settings) => live && setLoaded({ settings, error: null }),
      (error: unknown) => live && setLoaded({ settings: null, error: problemText(error) }),
    );
    return () => {
      live = false;
    };
  }, [load]);
  return (
    <Group title={title}>
      {loaded.error ? (
        <p role="alert" className="text-sm text-red-700">
          {loaded.error}
        </p>
      ) : loaded.settings !== null ? (
        children(loaded.settings, (settings) => setLoaded({ settings, error: null }))
      ) : (
        <p className="text-sm text-slate-500">Loading…</p>
      )}
    </Group>
  );
}
