import { lazy, Suspense, useEffect } from 'react';
import { useEditor, useStudio } from '../context.tsx';
import type { Panel } from '../state/editor-store.ts';
import { roveKey } from '../ui/roving.ts';
import { NoSectionSelected } from './no-section.tsx';

// The first paint needs none of the tabs' forms: the section's settings (every control), the theme (with its font
// previews) and the store's settings load in chunks of their own — the section's at once after the first paint, the
// others when the owner reaches for their tab.
const loadSectionPanel = () => import('./section-panel.tsx');
const loadThemePanel = () => import('../theme/theme-panel.tsx');
const loadStorePanel = () => import('./store-panel.tsx');
const SectionPanel = lazy(() => loadSectionPanel().then((m) => ({ default: m.SectionPanel })));
const ThemePanel = lazy(() => loadThemePanel().then((m) => ({ default: m.ThemePanel })));
const StorePanel = lazy(() => loadStorePanel().then((m) => ({ default: m.StorePanel })));
const preload: Partial<Record<Panel, () => Promise<unknown>>> = { theme: loadThemePanel, store: loadStorePanel };

/** Shown while a tab's code arrives. */
const loadingTab = (
  <p role="status" className="px-4 py-6 text-sm text-slate-600">
    Loading…
  </p>
);

const tabs: { panel: Panel; label: string }[] = [
  { panel: 'section', label: 'Section' },
  { panel: 'theme', label: 'Theme' },
  { panel: 'store', label: 'Store' },
];

/** The right column: the selected section's settings, the theme, or the store's settings, as tabs. */
export function Inspector() {
  const { store } = useStudio();
  const panel = useEditor((s) => s.panel);
  const selected = useEditor((s) => s.selectedId !== null);
  // The section's settings are what the owner opens first: fetched as soon as the editor is up.
  useEffect(() => void loadSectionPanel(), []);
  return (
    <aside aria-label="Settings" className="flex min-h-0 flex-col border-l border-slate-200 bg-white">
      <div
        role="tablist"
        aria-label="Settings"
        className="flex shrink-0 border-b border-slate-200 px-2"
        onKeyDown={(event) =>
          roveKey(
            event,
            tabs.findIndex((t) => t.panel === panel),
            (index) => store.getState().setPanel(tabs[index]!.panel),
            'horizontal',
          )
        }
      >
        {tabs.map((tab) => (
          <button
            key={tab.panel}
            type="button"
            role="tab"
            id={`tab-${tab.panel}`}
            aria-selected={panel === tab.panel}
            aria-controls={`panel-${tab.panel}`}
            onClick={() => store.getState().setPanel(tab.panel)}
            onPointerEnter={() => void preload[tab.panel]?.()}
            onFocus={() => void preload[tab.panel]?.()}
            tabIndex={panel === tab.panel ? 0 : -1}
            className="-mb-px border-b-2 border-transparent px-3 py-2.5 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 aria-selected:border-indigo-600 aria-selected:text-indigo-700"
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${panel}`} aria-labelledby={`tab-${panel}`} className="relative min-h-0 flex-1 overflow-y-auto">
        <Suspense fallback={loadingTab}>
          {panel === 'section' ? selected ? <SectionPanel /> : <NoSectionSelected /> : panel === 'theme' ? <ThemePanel /> : <StorePanel />}
        </Suspense>
      </div>
    </aside>
  );
}
