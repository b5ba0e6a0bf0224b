import { sectionNode, type SectionNode } from '@vitrine/commerce';
import type { EditorStore } from './editor-store.ts';
import { cloneWithNewIds, findSection, locateSection } from './section-ops.ts';

/** Where a copied section waits; browser storage, so it can be pasted on another page or in another tab. */
const CLIPBOARD_KEY = 'vitrine.studio.clipboard';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;
const defaultStorage = (): KeyValueStorage | null => (typeof localStorage === 'undefined' ? null : localStorage);

/** Copies the section with `id`; false when there is none. */
export function copySection(store: EditorStore, id: string | null, storage = defaultStorage()): boolean {
  const section = findSection(store.getState().docs, id);
  if (!section || !storage) return false;
  storage.setItem(CLIPBOARD_KEY, JSON.stringify(section));
  store.getState().notify('Section copied. Paste it on any page with Ctrl+V.', 'info');
  return true;
}

/** The copied section, if there is one and it still reads as a section. */
function readClipboard(storage = defaultStorage()): SectionNode | null {
  try {
    const raw = storage?.getItem(CLIPBOARD_KEY);
    if (!raw) return null;
    const parsed = sectionNode.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Pastes the copied section after the selected one (or at the end of the page) with fresh ids, so pasting twice
 * gives two sections. Headers and footers belong to the theme and are not pasted into pages.
 */
export function pasteSection(store: EditorStore, storage = defaultStorage()): string | null {
  const section = readClipboard(storage);
  const state = store.getState();
  if (!section) {
    state.notify('Nothing to paste. Copy a section first.', 'info');
    return null;
  }
  if (section.type === 1 || section.type === 2) {
    state.notify('Headers and footers belong to the theme and cannot be pasted into a page.', 'error');
    return null;
  }
  const place = locateSection(state.docs, state.selectedId);
  const index = place?.scope === 'page' ? place.index + 1 : undefined;
  return state.insertSection(cloneWithNewIds(section), index);
}
