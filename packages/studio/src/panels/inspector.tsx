import { useEditor, useStudio } from '../context.tsx';
import type { Panel } from '../state/editor-store.ts';
import { ThemePanel } from '../theme/theme-panel.tsx';
import { SectionPanel } from './section-panel.tsx';
import { roveKey } from '../ui/roving.ts';
import { StorePanel } from './store-panel.tsx';

const tabs: { panel: Panel; label: string }[] = [
  { panel: 'section', label: 'Section' },
  { panel: 'theme', label: 'Theme' },
  { panel: 'store', label: 'Store' },
];

/** The right column: the selected section's settings, the theme, or the store's settings, as tabs. */
export function Inspector() {
  const { store } = useStudio();
  const panel = useEditor((s) => s.panel);
  return (
    <aside aria-label="Settings" className="flex min-h-0 flex-col border-l border-slate-200 bg-white">
      <div
        role="tablist"
        aria-label="Settings"
        className="flex shrink-0 border-b border-slate-200 px-2"
        onKeyDown={(event) => roveKey(event, tabs.findIndex((t) => t.panel === panel), (index) => store.getState().setPanel(tabs[index]!.panel), 'horizontal')}
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
            tabIndex={panel === tab.panel ? 0 : -1}
            className="-mb-px border-b-2 border-transparent px-3 py-2.5 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 aria-selected:border-indigo-600 aria-selected:text-indigo-700"
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${panel}`} aria-labelledby={`tab-${panel}`} className="relative min-h-0 flex-1 overflow-y-auto">
        {panel === 'section' ? <SectionPanel /> : panel === 'theme' ? <ThemePanel /> : <StorePanel />}
      </div>
    </aside>
  );
}
