import { sectionClasses, type FrameMessage, type StudioMessage } from '@vitrine/frame-protocol';
import type { FrameStore } from './frame-store.ts';
import { applyThemeCss } from './theme-style.ts';

/** What handling a studio message may touch besides the frame's store. */
export interface FrameEnvironment {
  store: FrameStore;
  send(message: FrameMessage): void;
  doc: Document;
}

/** The element a section draws itself into (SectionShell marks it with `data-section-id`). */
export function sectionElement(doc: Document, sectionId: string): HTMLElement | null {
  // Ids are held to letters, digits, - and _ by the protocol; anything else finds nothing rather than a selector error.
  if (!/^[A-Za-z0-9_-]+$/.test(sectionId)) return null;
  return doc.querySelector<HTMLElement>(`[data-section-id="${sectionId}"]`);
}

/** Scrolls a section smoothly into view once the frame has drawn it. */
function scrollToSection(doc: Document, sectionId: string): void {
  const view = doc.defaultView;
  const scroll = () => sectionElement(doc, sectionId)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  if (view?.requestAnimationFrame) view.requestAnimationFrame(scroll);
  else scroll();
}

/** Acts on one message from the studio (§2.11). */
export function handleStudioMessage(message: StudioMessage, { store, send, doc }: FrameEnvironment): void {
  const state = store.getState();
  switch (message.type) {
    case 'SET_COMPONENT':
      if ('page' in message.payload) state.setPage(message.payload.page);
      else if (!state.setSection(message.payload.section)) {
        // A section the frame has not seen means the frame fell behind; it shows what it has until the next page.
        console.warn(`[preview] SET_COMPONENT for unknown section ${message.payload.section.id}`);
      }
      return;
    case 'SET_ORDER':
      if (!state.setOrder(message.payload.sectionIds))
        console.warn('[preview] SET_ORDER does not match the sections shown; waiting for the next page');
      return;
    case 'HOVER_COMPONENT':
      state.hover(message.payload.sectionId);
      return;
    case 'SET_SETTINGS':
      state.setThemeSettings(message.payload.settings);
      return;
    case 'SET_CREATOR_THEME_CSS':
      applyThemeCss(message.payload.css, doc);
      return;
    case 'FOCUS_COMPONENT':
      state.select(message.payload.sectionId);
      scrollToSection(doc, message.payload.sectionId);
      return;
    case 'GET_SECTION_CLASSES': {
      const element = sectionElement(doc, message.payload.sectionId);
      send({ type: 'SECTION_CLASSES', payload: { sectionId: message.payload.sectionId, classes: element ? sectionClasses(element) : [] } });
      return;
    }
    case 'SET_MODE':
      state.setMode(message.payload.mode);
      return;
  }
}
