import type { EditorStore } from './editor-store.ts';
import { copySection, pasteSection } from './clipboard.ts';
import { deleteSection } from './delete-section.ts';
import { locateSection } from './section-ops.ts';

/** One keyboard shortcut as the shortcut sheet lists it. */
export interface Shortcut {
  keys: string;
  does: string;
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const mod = isMac ? '⌘' : 'Ctrl';

/** Every shortcut of the studio, for the sheet. */
export const shortcutSheet: readonly Shortcut[] = [
  { keys: `${mod}+Z`, does: 'Undo' },
  { keys: `${mod}+Shift+Z  or  ${mod}+Y`, does: 'Redo' },
  { keys: `${mod}+S`, does: 'Save now' },
  { keys: 'Delete  or  Backspace', does: 'Delete the selected section' },
  { keys: `${mod}+D`, does: 'Duplicate the selected section' },
  { keys: `${mod}+C`, does: 'Copy the selected section' },
  { keys: `${mod}+V`, does: 'Paste after the selected section (works across pages)' },
  { keys: 'Alt+↑  /  Alt+↓', does: 'Move the selected section up or down' },
  { keys: 'H', does: 'Hide or show the selected section' },
  { keys: 'Escape', does: 'Clear the selection' },
  { keys: '?', does: 'Show this sheet' },
  { keys: 'Space, then ↑ ↓, then Space', does: 'Reorder with the keyboard from an outline handle' },
];

/** What the shortcuts can do beyond the store. */
export interface ShortcutContext {
  store: EditorStore;
  saveNow(): void;
  showSheet(): void;
}

/** Whether the key goes to a text field, where plain keys and clipboard keys keep their usual meaning. */
function typingInto(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.tagName === 'TEXTAREA' ||
    (target.tagName === 'INPUT' && !['checkbox', 'radio', 'range', 'button', 'color'].includes((target as HTMLInputElement).type)) ||
    target.tagName === 'SELECT'
  );
}

/** Runs the shortcut for a key press, if any; true when it did (the caller then prevents the default). */
export function runShortcut(
  event: Pick<KeyboardEvent, 'key' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'target'>,
  context: ShortcutContext,
): boolean {
  const { store } = context;
  const state = store.getState();
  const command = isMac ? event.metaKey : event.ctrlKey;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  const typing = typingInto(event.target);
  const selected = state.selectedId;

  if (command && key === 'z') {
    if (event.shiftKey) state.redo();
    else state.undo();
    return true;
  }
  if (command && key === 'y') {
    state.redo();
    return true;
  }
  if (command && key === 's') {
    context.saveNow();
    return true;
  }
  if (typing) return false;
  if (command && key === 'd' && selected) {
    state.duplicateSection(selected);
    return true;
  }
  if (command && key === 'c' && selected && !window.getSelection()?.toString()) {
    return copySection(store, selected);
  }
  if (command && key === 'v') {
    pasteSection(store);
    return true;
  }
  if (command || event.ctrlKey || event.metaKey) return false;
  if ((key === 'Delete' || key === 'Backspace') && selected) {
    deleteSection(store, selected);
    return true;
  }
  if (event.altKey && (key === 'ArrowUp' || key === 'ArrowDown') && selected) {
    const place = locateSection(state.docs, selected);
    if (place?.scope !== 'page') return false;
    state.moveSection(selected, place.index + (key === 'ArrowUp' ? -1 : 1));
    return true;
  }
  if (key === 'h' && selected && !event.altKey) {
    state.toggleHidden(selected);
    return true;
  }
  if (key === 'Escape' && selected) {
    state.select(null);
    return true;
  }
  if (key === '?') {
    context.showSheet();
    return true;
  }
  return false;
}
