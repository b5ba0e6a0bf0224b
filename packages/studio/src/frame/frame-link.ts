import { createStudioChannel, PROTOCOL_VERSION, type Channel, type FrameMessage, type StudioMessage } from '@vitrine/frame-protocol';
import type { EditorState, EditorStore } from '../state/editor-store.ts';
import type { z } from 'zod';
import { sectionSchemas } from '@vitrine/sections/schemas';
import { validateValue } from '../forms/describe.ts';
import { createSection, findSection } from '../state/section-ops.ts';
import { framePage, sectionMessages } from './frame-messages.ts';
import { takePaletteDrop } from './palette-drag.ts';

/** Where the frame is: waiting for its first message, speaking our protocol, or from another build. */
export type FrameStatus = 'loading' | 'ready' | 'mismatch';

export interface FrameLinkOptions {
  store: EditorStore;
  /** The window the studio listens on (its own). */
  self: Window;
  /** The frame's window; looked up on each use, since a reloaded frame has a new one. */
  frame: () => Window | null;
  /** The frame's exact origin: the studio's own, as /preview is served beside /editor. */
  origin: string;
  /** Compiles theme settings to the theme's CSS (in a worker). */
  compileCss: (settings: unknown) => Promise<string>;
  onStatus?: (status: FrameStatus) => void;
  /** Quiet time before theme settings are sent and compiled, so fast typing compiles once. */
  themeDelay?: number;
}

/** The studio's end of the frame protocol, wired to the store. */
export interface FrameLink {
  /** Asks the frame for a section's classes (for custom CSS); resolves with null when the frame does not answer. */
  sectionClasses(sectionId: string): Promise<string[] | null>;
  dispose(): void;
}

/**
 * Keeps the preview frame in step with the store and the store with the frame: sends what changed (one section, a
 * new order, the page, theme settings and compiled CSS, focus, hover, mode) and turns the frame's reports
 * (selection, hover, a moved section, edited text, shortcut keys) into store changes, so the store stays the one
 * source of truth.
 */
export function connectFrame({ store, self, frame, origin, compileCss, onStatus, themeDelay = 120 }: FrameLinkOptions): FrameLink {
  let ready = false;
  let selectedByFrame: string | null = null;
  /** The hover the frame reported last, until the store has taken it (undefined: none pending). */
  let hoveredByFrame: string | null | undefined;
  /** The section the frame last said the pointer is over there. */
  let frameHover: string | null = null;
  let themeTimer: ReturnType<typeof setTimeout> | undefined;
  let cssRequest = 0;
  const waiting = new Map<string, ((classes: string[] | null) => void)[]>();
  let channel: Channel<StudioMessage> | null = null;

  const send = (message: StudioMessage) => {
    if (ready) channel?.send(message);
  };

  const sendTheme = (state: EditorState) => {
    const settings = state.docs.theme?.settings;
    if (!settings) return;
    send({ type: 'SET_SETTINGS', payload: { settings } });
    const request = ++cssRequest;
    compileCss(settings).then(
      (css) => {
        // A slower, older compile must not overwrite a newer one.
        if (request === cssRequest) send({ type: 'SET_CREATOR_THEME_CSS', payload: { css } });
      },
      (error: unknown) => console.error('[studio] theme CSS did not compile', error),
    );
  };

  const sendEverything = () => {
    const state = store.getState();
    send({ type: 'SET_MODE', payload: { mode: state.mode } });
    if (state.docs.page) send({ type: 'SET_COMPONENT', payload: { page: framePage(state.docs) } });
    sendTheme(state);
    if (state.selectedId) send({ type: 'FOCUS_COMPONENT', payload: { sectionId: state.selectedId } });
  };

  const receive = (message: FrameMessage) => {
    const state = store.getState();
    switch (message.type) {
      case 'IFRAME_LOADED':
        if (message.payload.protocolVersion !== PROTOCOL_VERSION) {
          ready = false;
          onStatus?.('mismatch');
          return;
        }
        ready = true;
        onStatus?.('ready');
        sendEverything();
        return;
      case 'SECTION_SELECTED':
        selectedByFrame = message.payload.sectionId;
        state.select(message.payload.sectionId);
        return;
      case 'SECTION_HOVERED': {
        const { sectionId } = message.payload;
        const outlineHover = state.hoveredId !== frameHover;
        frameHover = sectionId;
        // The pointer leaving the frame ends the frame's hover, not one the outline has taken since (that "left"
        // can arrive after the pointer has reached an outline row).
        if (sectionId === null && outlineHover) return;
        hoveredByFrame = sectionId;
        state.hover(sectionId);
        return;
      }
      case 'KEY_PRESSED':
        // Replayed on the studio's window, where the editor's shortcuts listen, as if pressed here.
        self.dispatchEvent(new KeyboardEvent('keydown', { ...message.payload, bubbles: true, cancelable: true }));
        return;
      case 'SECTION_MOVED': {
        const { sectionId, toIndex } = message.payload;
        const fromPalette = takePaletteDrop(sectionId);
        if (fromPalette !== null) {
          const section = createSection(fromPalette);
          section.id = sectionId;
          if (fromPalette === 1 || fromPalette === 2) state.addSection(fromPalette);
          else state.insertSection(section, toIndex);
        } else state.moveSection(sectionId, toIndex);
        return;
      }
      case 'TEXT_EDITED': {
        const { sectionId, path, value } = message.payload;
        const section = findSection(state.docs, sectionId);
        const block = /^blocks\.([A-Za-z0-9_-]+)\.(.+)$/.exec(path);
        const definition = section ? sectionSchemas[section.type as keyof typeof sectionSchemas] : undefined;
        const schema = (block ? definition?.blocks?.settings.shape[block[2]!] : definition?.settings.shape[path]) as z.ZodType | undefined;
        const problem = schema ? validateValue(schema, value) : 'This text is not a setting of the section.';
        if (problem || !section) {
          // The frame already shows the text; put the section back as the store has it.
          state.notify(`That text was not kept. ${problem ?? ''}`.trim(), 'error');
          if (section) send({ type: 'SET_COMPONENT', payload: { section } });
          return;
        }
        if (block) state.setBlockSetting(sectionId, block[1]!, block[2]!, value);
        else state.setSetting(sectionId, path, value);
        return;
      }
      case 'SECTION_CLASSES': {
        const resolvers = waiting.get(message.payload.sectionId) ?? [];
        waiting.delete(message.payload.sectionId);
        for (const resolve of resolvers) resolve(message.payload.classes);
        return;
      }
    }
  };

  channel = createStudioChannel({ self, peer: frame, peerOrigin: origin, onMessage: receive });

  const unsubscribe = store.subscribe((state, previous) => {
    if (state.docs !== previous.docs) {
      for (const message of sectionMessages(previous.docs, state.docs)) send(message);
      if (state.docs.theme?.settings !== previous.docs.theme?.settings) {
        clearTimeout(themeTimer);
        themeTimer = setTimeout(() => sendTheme(store.getState()), themeDelay);
      }
    }
    if (state.selectedId !== previous.selectedId && state.selectedId) {
      // A section the owner clicked in the frame is already in view; only selections made here scroll the frame.
      if (state.selectedId !== selectedByFrame) send({ type: 'FOCUS_COMPONENT', payload: { sectionId: state.selectedId } });
      selectedByFrame = null;
    }
    if (state.hoveredId !== previous.hoveredId) {
      // The frame already outlines what the pointer is over there; rows hovered in the outline are shown to it.
      if (state.hoveredId !== hoveredByFrame) send({ type: 'HOVER_COMPONENT', payload: { sectionId: state.hoveredId } });
      hoveredByFrame = undefined;
    }
    if (state.mode !== previous.mode) send({ type: 'SET_MODE', payload: { mode: state.mode } });
  });

  return {
    sectionClasses(sectionId) {
      if (!ready) return Promise.resolve(null);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(null), 2000);
        waiting.set(sectionId, [...(waiting.get(sectionId) ?? []), (classes) => (clearTimeout(timer), resolve(classes))]);
        send({ type: 'GET_SECTION_CLASSES', payload: { sectionId } });
      });
    },
    dispose() {
      clearTimeout(themeTimer);
      unsubscribe();
      channel?.close();
      channel = null;
    },
  };
}
