import { tempId } from '@vitrine/commerce';

/** The data type a palette item carries while dragged, so drop targets (outline, frame) can tell it from other drags. */
export const PALETTE_DRAG_TYPE = 'application/x-vitrine-section';

let pending: { id: string; type: number; at: number } | null = null;

/**
 * Starts dragging a new section of `type` from the palette: gives it its id now, so the frame can report where it
 * was dropped with SECTION_MOVED for that id, before the section exists anywhere.
 */
export function startPaletteDrag(type: number): { id: string; type: number } {
  pending = { id: tempId(), type, at: Date.now() };
  return { id: pending.id, type };
}

/** The type of the palette drag with this id, once; null for any other id or an old drag. */
export function takePaletteDrop(id: string): number | null {
  if (!pending || pending.id !== id || Date.now() - pending.at > 120_000) return null;
  const { type } = pending;
  pending = null;
  return type;
}
