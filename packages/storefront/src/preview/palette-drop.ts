import type { FrameMessage } from '@vitrine/frame-protocol';
import type { FrameStore } from './frame-store.ts';
import { sectionElement } from './handle-message.ts';

/** The data type the studio's palette puts on a dragged new section: `{ id, type }` as JSON. */
export const PALETTE_DRAG_TYPE = 'application/x-vitrine-section';

/** Where among the page's sections a drop at `clientY` lands: before the first section whose middle is below it. */
export function dropIndex(doc: Document, order: readonly string[], clientY: number): { index: number; y: number } {
  let lastBottom = 0;
  for (let index = 0; index < order.length; index++) {
    const rect = sectionElement(doc, order[index]!)?.getBoundingClientRect();
    if (!rect) continue;
    if (clientY < rect.top + rect.height / 2) return { index, y: rect.top };
    lastBottom = rect.bottom;
  }
  return { index: order.length, y: lastBottom };
}

/**
 * Lets the owner drop a new section from the studio's palette into the frame: a line shows where it will land, and
 * the drop is reported as SECTION_MOVED for the id the palette gave the new section. Returns the clean-up.
 */
export function acceptPaletteDrops(
  view: Window,
  { store, send }: { store: FrameStore; send: (message: FrameMessage) => void },
): () => void {
  const doc = view.document;
  const line = doc.createElement('div');
  line.className = 'wxb-drop-line';
  line.hidden = true;
  doc.body.append(line);
  const fromPalette = (event: DragEvent) =>
    Boolean(event.dataTransfer?.types.includes(PALETTE_DRAG_TYPE)) && store.getState().mode === 'edit';

  const over = (event: DragEvent) => {
    if (!fromPalette(event)) return;
    // Captured here, ahead of the sections' own handlers, which have no business with a drag from the studio.
    event.preventDefault();
    event.stopPropagation();
    event.dataTransfer!.dropEffect = 'copy';
    const { y } = dropIndex(doc, store.getState().order, event.clientY);
    line.hidden = false;
    line.style.top = `${y + view.scrollY - 2}px`;
  };
  const leave = (event: DragEvent) => {
    if (!event.relatedTarget) line.hidden = true;
  };
  const drop = (event: DragEvent) => {
    line.hidden = true;
    if (!fromPalette(event)) return;
    event.preventDefault();
    event.stopPropagation();
    try {
      const data = JSON.parse(event.dataTransfer!.getData(PALETTE_DRAG_TYPE)) as { id?: unknown };
      if (typeof data.id !== 'string') return;
      send({
        type: 'SECTION_MOVED',
        payload: { sectionId: data.id, toIndex: dropIndex(doc, store.getState().order, event.clientY).index },
      });
    } catch {
      // Not a palette drag after all.
    }
  };
  view.addEventListener('dragover', over, true);
  view.addEventListener('dragenter', over, true);
  view.addEventListener('dragleave', leave, true);
  view.addEventListener('drop', drop, true);
  return () => {
    view.removeEventListener('dragover', over, true);
    view.removeEventListener('dragenter', over, true);
    view.removeEventListener('dragleave', leave, true);
    view.removeEventListener('drop', drop, true);
    line.remove();
  };
}
