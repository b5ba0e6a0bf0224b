import { sectionTypes, type SectionTypeId } from '@vitrine/commerce';
import { sectionRegistry } from '@vitrine/sections';
import { useEditor, useStudio } from '../context.tsx';
import { PALETTE_DRAG_TYPE, startPaletteDrag } from '../frame/palette-drag.ts';
import { locateSection } from '../state/section-ops.ts';
import { paletteEntries } from '../palette.ts';

/**
 * The 22 section types. Click (or Enter) adds one after the selected section, or at the end of the page; drag one
 * into the outline or the preview to place it. Header and footer fill the theme's slots, shared by every page.
 */
export function Palette() {
  const { store } = useStudio();
  const hasHeader = useEditor((s) => Boolean(s.docs.theme?.header));
  const hasFooter = useEditor((s) => Boolean(s.docs.theme?.footer));
  const add = (type: SectionTypeId) => {
    const state = store.getState();
    const place = locateSection(state.docs, state.selectedId);
    state.addSection(type, place?.scope === 'page' ? place.index + 1 : undefined);
  };
  return (
    <ul className="grid grid-cols-2 gap-1.5" aria-label="Section types">
      {paletteEntries().map((entry) => {
        const taken = (entry.type === 1 && hasHeader) || (entry.type === 2 && hasFooter);
        const disabled = !entry.available || taken;
        const name = sectionTypes[entry.type];
        return (
          <li key={entry.type}>
            <button
              type="button"
              draggable={!disabled}
              disabled={disabled}
              title={taken ? `The store already has a ${name}; edit it in the outline above.` : `Add ${name} (click, or drag into the page)`}
              onClick={() => add(entry.type)}
              onDragStart={(event) => {
                const drag = startPaletteDrag(entry.type);
                event.dataTransfer.setData(PALETTE_DRAG_TYPE, JSON.stringify(drag));
                event.dataTransfer.setData('text/plain', name);
                event.dataTransfer.effectAllowed = 'copy';
              }}
              className="flex w-full cursor-grab items-center gap-2 rounded-md border border-slate-200 bg-white px-2 py-1.5 text-left text-xs font-medium text-slate-700 capitalize hover:border-indigo-400 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-500 active:cursor-grabbing disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500 disabled:hover:border-slate-200"
            >
              <span aria-hidden="true" className="flex size-5 shrink-0 items-center justify-center rounded bg-slate-100 text-[10px] font-semibold text-slate-700">
                {entry.type}
              </span>
              <span className="truncate">{sectionRegistry[entry.type]?.name ?? name}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
