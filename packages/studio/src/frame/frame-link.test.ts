// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROTOCOL_VERSION, type FrameMessage, type StudioMessage } from '@vitrine/frame-protocol';
import type { EditorStore } from '../state/editor-store.ts';
import { ids, loadedStore } from '../state/editor.fixture.ts';
import { connectFrame, type FrameLink, type FrameStatus } from './frame-link.ts';
import { startPaletteDrag } from './palette-drag.ts';

const origin = 'http://shop.test';
let store: EditorStore;
let link: FrameLink;
let sent: StudioMessage[];
let statuses: FrameStatus[];
let frameWindow: Window;
let compile: ReturnType<typeof vi.fn<(settings: unknown) => Promise<string>>>;

/** A message from the frame, as the browser would deliver it to the studio's window. */
function fromFrame(message: FrameMessage, eventOrigin = origin) {
  window.dispatchEvent(new MessageEvent('message', { data: message, origin: eventOrigin, source: frameWindow }));
}
const types = () => sent.map((m) => m.type);

beforeEach(() => {
  vi.useFakeTimers();
  store = loadedStore();
  sent = [];
  statuses = [];
  frameWindow = {
    postMessage: (message: StudioMessage, target: string) => (expect(target).toBe(origin), sent.push(message)),
  } as unknown as Window;
  compile = vi.fn(async (settings: unknown) => `/* css for ${(settings as { colors: { brand: string } }).colors.brand} */`);
  link = connectFrame({
    store,
    self: window,
    frame: () => frameWindow,
    origin,
    compileCss: compile,
    onStatus: (s) => statuses.push(s),
    themeDelay: 50,
  });
});
afterEach(() => {
  link.dispose();
  vi.useRealTimers();
});

async function handshake() {
  fromFrame({ type: 'IFRAME_LOADED', payload: { protocolVersion: PROTOCOL_VERSION, sectionIds: [] } });
  await vi.advanceTimersByTimeAsync(0);
  sent = [];
}

describe('the studio’s end of the frame protocol', () => {
  it('says nothing before the frame is loaded, then sends mode, page, theme settings and compiled CSS', async () => {
    store.getState().setSetting('hero', 'heading', 'Early');
    expect(sent).toEqual([]);
    fromFrame({ type: 'IFRAME_LOADED', payload: { protocolVersion: PROTOCOL_VERSION, sectionIds: [] } });
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses).toEqual(['ready']);
    expect(types()).toEqual(['SET_MODE', 'SET_COMPONENT', 'SET_SETTINGS', 'SET_CREATOR_THEME_CSS']);
    const page = sent[1] as Extract<StudioMessage, { type: 'SET_COMPONENT' }>;
    expect('page' in page.payload && page.payload.page).toMatchObject({
      sections: [{ id: 'hero' }, { id: 'story' }, { id: 'offer' }],
      header: { id: 'theme-header' },
      footer: { id: 'theme-footer' },
    });
    expect(sent[3]).toEqual({ type: 'SET_CREATOR_THEME_CSS', payload: { css: '/* css for #1f3a5f */' } });
  });

  it('refuses a frame that speaks another protocol version', async () => {
    fromFrame({ type: 'IFRAME_LOADED', payload: { protocolVersion: PROTOCOL_VERSION + 1, sectionIds: [] } });
    store.getState().setSetting('hero', 'heading', 'Later');
    expect(statuses).toEqual(['mismatch']);
    expect(sent).toEqual([]);
  });

  it('ignores messages from another origin', async () => {
    fromFrame({ type: 'SECTION_SELECTED', payload: { sectionId: 'story' } }, 'http://evil.test');
    expect(store.getState().selectedId).toBeNull();
  });

  it('sends one section when only that section changed', async () => {
    await handshake();
    store.getState().setSetting('story', 'heading', 'Changed');
    expect(sent).toEqual([{ type: 'SET_COMPONENT', payload: { section: store.getState().docs.page!.sections[1] } }]);
  });

  it('sends the global header alone when it changes', async () => {
    await handshake();
    const sticky = store.getState().docs.theme!.header!.settings.sticky;
    store.getState().setSetting('theme-header', 'sticky', !sticky);
    store.getState().setSetting('theme-header', 'sticky', sticky);
    expect(sent.map((m) => 'section' in m.payload && m.payload.section.id)).toEqual(['theme-header', 'theme-header']);
  });

  it('sends only the new order when sections are reordered, and back after an undo', async () => {
    await handshake();
    store.getState().moveSection('offer', 0);
    expect(sent).toEqual([{ type: 'SET_ORDER', payload: { sectionIds: ['offer', 'hero', 'story'] } }]);
    sent = [];
    store.getState().undo();
    // immer's undo patches bring back copies of the sections, which ride along; no whole page is sent.
    expect(sent[0]).toEqual({ type: 'SET_ORDER', payload: { sectionIds: ['hero', 'story', 'offer'] } });
    expect(sent.slice(1).every((m) => m.type === 'SET_COMPONENT' && 'section' in m.payload)).toBe(true);
  });

  it('sends the new order and the changed section when both change at once', async () => {
    await handshake();
    store.getState().edit((docs) => {
      const [hero, story, offer] = docs.page!.sections;
      story!.settings['heading'] = 'Moved and changed';
      docs.page!.sections = [story!, hero!, offer!];
    });
    expect(sent).toEqual([
      { type: 'SET_ORDER', payload: { sectionIds: ['story', 'hero', 'offer'] } },
      { type: 'SET_COMPONENT', payload: { section: store.getState().docs.page!.sections[0] } },
    ]);
  });

  it('sends the whole page when sections are added or removed, and after an undo of it', async () => {
    await handshake();
    store.getState().addSection(12, 1);
    store.getState().removeSection('story');
    store.getState().undo();
    const pages = sent.filter((m) => m.type === 'SET_COMPONENT');
    expect(pages).toHaveLength(3);
    expect(pages.every((m) => 'page' in m.payload)).toBe(true);
  });

  it('outlines in the frame the section hovered in the outline, and does not echo the frame’s own hover', async () => {
    await handshake();
    store.getState().hover('story');
    store.getState().hover(null);
    fromFrame({ type: 'SECTION_HOVERED', payload: { sectionId: 'offer' } });
    expect(store.getState().hoveredId).toBe('offer');
    expect(sent).toEqual([
      { type: 'HOVER_COMPONENT', payload: { sectionId: 'story' } },
      { type: 'HOVER_COMPONENT', payload: { sectionId: null } },
    ]);
  });

  it('lets the pointer leaving the frame end the frame’s hover, not a row hovered in the outline since', async () => {
    await handshake();
    fromFrame({ type: 'SECTION_HOVERED', payload: { sectionId: 'offer' } });
    store.getState().hover('story');
    fromFrame({ type: 'SECTION_HOVERED', payload: { sectionId: null } });
    expect(store.getState().hoveredId).toBe('story');
    fromFrame({ type: 'SECTION_HOVERED', payload: { sectionId: 'hero' } });
    fromFrame({ type: 'SECTION_HOVERED', payload: { sectionId: null } });
    expect(store.getState().hoveredId).toBeNull();
  });

  it('replays a shortcut key pressed in the frame on the studio’s window', async () => {
    await handshake();
    const heard: string[] = [];
    const listen = (event: KeyboardEvent) => heard.push(`${event.ctrlKey ? 'Ctrl+' : ''}${event.key}`);
    window.addEventListener('keydown', listen);
    fromFrame({ type: 'KEY_PRESSED', payload: { key: 'z', ctrlKey: true, metaKey: false, shiftKey: false, altKey: false } });
    window.removeEventListener('keydown', listen);
    expect(heard).toEqual(['Ctrl+z']);
  });

  it('sends theme settings and CSS compiled off the main thread once typing pauses; the newest CSS wins', async () => {
    await handshake();
    store.getState().setThemeSetting(['colors', 'brand'], '#111111');
    store.getState().setThemeSetting(['colors', 'brand'], '#222222');
    await vi.advanceTimersByTimeAsync(60);
    expect(compile).toHaveBeenCalledTimes(2); // once at the handshake, once after the pause
    expect(sent.at(-1)).toEqual({ type: 'SET_CREATOR_THEME_CSS', payload: { css: '/* css for #222222 */' } });
  });

  it('focuses a section selected in the studio, but not one the owner clicked in the frame', async () => {
    await handshake();
    store.getState().select('story');
    fromFrame({ type: 'SECTION_SELECTED', payload: { sectionId: 'offer' } });
    expect(store.getState().selectedId).toBe('offer');
    expect(sent).toEqual([{ type: 'FOCUS_COMPONENT', payload: { sectionId: 'story' } }]);
  });

  it('a section moved in the frame moves in the store, as one undoable change', async () => {
    await handshake();
    fromFrame({ type: 'SECTION_MOVED', payload: { sectionId: 'hero', toIndex: 2 } });
    expect(ids(store)).toEqual(['story', 'offer', 'hero']);
    store.getState().undo();
    expect(ids(store)).toEqual(['hero', 'story', 'offer']);
  });

  it('a palette section dropped in the frame is added where it was dropped', async () => {
    await handshake();
    const drag = startPaletteDrag(16);
    fromFrame({ type: 'SECTION_MOVED', payload: { sectionId: drag.id, toIndex: 1 } });
    expect(ids(store)).toEqual(['hero', drag.id, 'story', 'offer']);
    expect(store.getState().docs.page!.sections[1]!.type).toBe(16);
    // The same drop reported twice adds nothing more.
    fromFrame({ type: 'SECTION_MOVED', payload: { sectionId: drag.id, toIndex: 3 } });
    expect(store.getState().docs.page!.sections).toHaveLength(4);
  });

  it('text edited in the frame becomes the setting, in the section or in a block', async () => {
    await handshake();
    fromFrame({ type: 'TEXT_EDITED', payload: { sectionId: 'hero', path: 'heading', value: 'Typed in place' } });
    expect(store.getState().docs.page!.sections[0]!.settings.heading).toBe('Typed in place');
    store.getState().addSection(12);
    const features = store.getState().docs.page!.sections.at(-1)!;
    const block = features.blocks![0]!;
    fromFrame({ type: 'TEXT_EDITED', payload: { sectionId: features.id, path: `blocks.${block.id}.title`, value: 'Fast delivery' } });
    expect(store.getState().docs.page!.sections.at(-1)!.blocks![0]!.settings.title).toBe('Fast delivery');
  });

  it('text edited in the frame that the schema refuses is not kept, and the frame gets the section back', async () => {
    await handshake();
    fromFrame({ type: 'TEXT_EDITED', payload: { sectionId: 'hero', path: 'heading', value: 'x'.repeat(500) } });
    expect(store.getState().docs.page!.sections[0]!.settings.heading).toBe('Welcome');
    expect(store.getState().notice).toMatchObject({ tone: 'error', text: expect.stringMatching(/at most 160 characters/) });
    expect(sent).toEqual([{ type: 'SET_COMPONENT', payload: { section: store.getState().docs.page!.sections[0] } }]);
  });

  it('answers a request for a section’s classes with what the frame reports', async () => {
    await handshake();
    const classes = link.sectionClasses('hero');
    expect(sent).toEqual([{ type: 'GET_SECTION_CLASSES', payload: { sectionId: 'hero' } }]);
    fromFrame({ type: 'SECTION_CLASSES', payload: { sectionId: 'hero', classes: ['vt-section', 'vt-hero'] } });
    await expect(classes).resolves.toEqual(['vt-section', 'vt-hero']);
  });

  it('switches the frame between editing and viewing', async () => {
    await handshake();
    store.getState().setMode('view');
    expect(sent).toEqual([{ type: 'SET_MODE', payload: { mode: 'view' } }]);
  });
});
