import type { EditorStore } from './editor-store.ts';

/**
 * Deletes a section. When the keyboard was on something that goes with it (its outline row, its settings, or
 * nowhere), it moves to the outline row of the section that takes its place (the one before it at the page's end),
 * rather than falling to the top of the page.
 */
export function deleteSection(store: EditorStore, id: string, doc: Document = document): void {
  const sections = store.getState().docs.page?.sections ?? [];
  const index = sections.findIndex((section) => section.id === id);
  const next = index < 0 ? undefined : (sections[index + 1] ?? sections[index - 1]);
  const active = doc.activeElement;
  const goes = !active || active === doc.body || active.closest(`[data-outline-id="${id}"], [data-section-form="${id}"]`) !== null;
  store.getState().removeSection(id);
  if (goes && next) doc.querySelector<HTMLElement>(`[data-outline-id="${next.id}"] [data-outline-select]`)?.focus();
}
