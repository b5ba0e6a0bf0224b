import { useEditor } from '../context.tsx';
import { Outline } from './outline.tsx';
import { Palette } from './palette.tsx';

/** The left column: the page's outline above, the palette of section types below. */
export function LeftPanel() {
  const title = useEditor((s) => s.docs.page?.title ?? '');
  return (
    <aside aria-label="Page outline and sections" className="flex min-h-0 flex-col border-r border-slate-200 bg-slate-50">
      <section aria-labelledby="outline-title" className="relative min-h-0 flex-1 overflow-y-auto px-3 py-3">
        <h2
          id="outline-title"
          className="mb-2 flex items-baseline justify-between text-xs font-semibold tracking-wide text-slate-500 uppercase"
        >
          Outline <span className="max-w-36 truncate font-normal normal-case">{title}</span>
        </h2>
        <Outline />
      </section>
      <section aria-labelledby="palette-title" className="relative flex max-h-[45%] shrink-0 flex-col border-t border-slate-200 px-3 py-3">
        <h2 id="palette-title" className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          Add a section
        </h2>
        <Palette />
      </section>
    </aside>
  );
}
