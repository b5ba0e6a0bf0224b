import type { SectionNode } from '@vitrine/commerce';
import type { FrameMessage } from '@vitrine/frame-protocol';
import type { FrameStore } from './frame-store.ts';

const HEADINGS = 'h1,h2,h3,h4,h5,h6';

/**
 * The settings path a heading's text comes from: a section setting (`heading`) or a block's (`blocks.<id>.title`),
 * found by matching the text; null when the text is not a setting as it stands (a derived or formatted heading).
 */
export function textPath(section: SectionNode, text: string): string | null {
  const wanted = text.trim();
  if (!wanted) return null;
  const settings = section.settings as Record<string, unknown>;
  const keys = Object.keys(settings).sort((a, b) => rank(a) - rank(b));
  for (const key of keys) if (typeof settings[key] === 'string' && (settings[key] as string).trim() === wanted) return key;
  for (const block of section.blocks ?? []) {
    for (const [key, value] of Object.entries(block.settings)) {
      if (typeof value === 'string' && value.trim() === wanted) return `blocks.${block.id}.${key}`;
    }
  }
  return null;
}

const rank = (key: string) => (key === 'heading' ? 0 : key === 'title' ? 1 : 2);

/** Writes an edited value into a copy of the section at a path `textPath` gave. */
function withText(section: SectionNode, path: string, value: string): SectionNode {
  const copy = structuredClone(section);
  const block = /^blocks\.([A-Za-z0-9_-]+)\.(.+)$/.exec(path);
  if (block) {
    const target = copy.blocks?.find((b) => b.id === block[1]);
    if (target) target.settings[block[2]!] = value;
  } else copy.settings[path] = value;
  return copy;
}

/**
 * Starts editing a heading in place (the owner double-clicked it): the heading becomes editable plain text; Enter or
 * leaving it reports the new text to the studio with TEXT_EDITED, Escape puts the old text back. The section is
 * then drawn afresh, so React owns its DOM again. False when the target is not an editable heading.
 */
export function startInlineEdit(target: Element, { store, send }: { store: FrameStore; send: (message: FrameMessage) => void }): boolean {
  const heading = target.closest<HTMLElement>(HEADINGS);
  const host = heading?.closest<HTMLElement>('[data-section-id]');
  const sectionId = host?.dataset.sectionId;
  if (!heading || !sectionId || heading.isContentEditable) return false;
  const section = store.getState().sections[sectionId];
  const original = heading.textContent ?? '';
  const path = section ? textPath(section, original) : null;
  if (!section || !path) return false;

  // Plain text keeps pasted formatting out; browsers without it get ordinary editing.
  heading.setAttribute('contenteditable', 'plaintext-only');
  if (!heading.isContentEditable) heading.setAttribute('contenteditable', 'true');
  heading.classList.add('wxb-editing');
  heading.spellcheck = true;
  heading.focus();
  const selection = heading.ownerDocument.getSelection();
  const range = heading.ownerDocument.createRange();
  range.selectNodeContents(heading);
  selection?.removeAllRanges();
  selection?.addRange(range);

  let done = false;
  const finish = (keep: boolean) => {
    if (done) return;
    done = true;
    heading.removeEventListener('keydown', onKey);
    heading.removeEventListener('blur', onBlur);
    heading.removeAttribute('contenteditable');
    heading.classList.remove('wxb-editing');
    const value = (heading.textContent ?? '').replace(/\s+/g, ' ').trim();
    const state = store.getState();
    const current = state.sections[sectionId];
    if (keep && value !== original.trim() && current) {
      // Shown at once; the studio checks the text and sends the section back as its store holds it.
      state.setSection(withText(current, path, value));
      send({ type: 'TEXT_EDITED', payload: { sectionId, path, value } });
    }
    state.remount(sectionId);
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      finish(true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      finish(false);
    }
  };
  const onBlur = () => finish(true);
  heading.addEventListener('keydown', onKey);
  heading.addEventListener('blur', onBlur);
  return true;
}
