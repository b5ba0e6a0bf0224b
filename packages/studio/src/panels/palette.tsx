import { useEditor, useStudio } from '../context.tsx';
import { PALETTE_DRAG_TYPE, startPaletteDrag } from '../frame/palette-drag.ts';
import { locateSection } from '../state/section-ops.ts';
import { paletteEntries, type PaletteEntry } from '../palette.ts';
import { SectionPicker, type PickerEntryState } from './section-picker.tsx';

const entries = paletteEntries();

/**
 * The 22 section types, named, described and searchable. Click (or Enter) adds one after the selected section, or at
 * the end of the page; drag one into the outline or the preview to place it. Header and footer fill the theme's
 * slots, shared by every page.
 */
export function Palette() {
  const { store } = useStudio();
  const hasHeader = useEditor((s) => Boolean(s.docs.theme?.header));
  const hasFooter = useEditor((s) => Boolean(s.docs.theme?.footer));
  const add = (type: number) => {
    const state = store.getState();
    const place = locateSection(state.docs, state.selectedId);
    state.addSection(type, place?.scope === 'page' ? place.index + 1 : undefined);
  };
  const entryState = (entry: PaletteEntry): PickerEntryState => {
    const taken = (entry.type === 1 && hasHeader) || (entry.type === 2 && hasFooter);
    return {
      unavailable: taken ? `The store already has a ${entry.name.toLowerCase()}; edit it in the outline above.` : null,
      title: `Add ${entry.name} (click, or drag into the page)`,
    };
  };
  return (
    <SectionPicker
      entries={entries}
      listLabel="Section types"
      onPick={add}
      entryState={entryState}
      onDragStart={(entry, event) => {
        const drag = startPaletteDrag(entry.type);
        event.dataTransfer.setData(PALETTE_DRAG_TYPE, JSON.stringify(drag));
        event.dataTransfer.setData('text/plain', entry.name);
        event.dataTransfer.effectAllowed = 'copy';
      }}
    />
  );
}
