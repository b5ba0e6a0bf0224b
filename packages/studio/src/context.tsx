import { createContext, use } from 'react';
import { useStore } from 'zustand';
import type { FrameLink } from './frame/frame-link.ts';
import type { StudioController } from './state/controller.ts';
import type { EditorState, EditorStore } from './state/editor-store.ts';

/** What every part of the studio shares: the one store, the controller that talks to the server, the frame link. */
export interface Studio {
  store: EditorStore;
  controller: StudioController;
  /** The link to the preview frame once it is open. */
  frameRef: { current: FrameLink | null };
}

export const StudioContext = createContext<Studio | null>(null);

/** The studio's shared parts. */
export function useStudio(): Studio {
  const studio = use(StudioContext);
  if (!studio) throw new Error('useStudio is only available inside the studio');
  return studio;
}

/** Reads the editor's store; the selector must return a stable value (a field, or use `useShallow`). */
export function useEditor<T>(selector: (state: EditorState) => T): T {
  return useStore(useStudio().store, selector);
}
