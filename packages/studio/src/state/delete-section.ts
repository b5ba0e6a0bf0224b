import type { EditorStore } from './editor-store.ts';
import { findSection, sectionLabel } from './section-ops.ts';

/**
 * Deletes a section, asking nothing: a "Deleted — Undo" notice follows, whose Undo takes the deletion back through the
 * undo history (as Ctrl+Z does). When the keyboard was on something that goes with it (its outline row, its settings,
 * or nowhere), it moves to the outline row of the section that takes its place (the one before it at the page's end),
 * rather than falling to the top of the page.
 */
export function deleteSection(store: EditorStore, id: string, doc: Document = document): void {
  const section = findSection(store.getState().docs, id);
  if (!section) return;
  const sections = store.getState().docs.page?.sections ?? [];
  const index = sections.findIndex((s) => s.id === id);
  const next = index < 0 ? undefined : (sections[index + 1] ?? sections[index - 1]);
  const active = doc.activeElement;
  const goes = !active || active === doc.body || active.closest(`[data-outline-id="${id}"], [data-section-form="${id}"]`) !== null;
  store.getState().removeSection(id);
  store.getState().notifyUndoable(`Deleted ${sectionLabel(section).type}`, id);
  if (goes && next) doc.querySelector<HTMLElement>(`[data-outline-id="${next.id}"] [data-outline-select]`)?.focus();
}
