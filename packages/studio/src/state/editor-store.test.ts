import { afterEach, describe, expect, it, vi } from 'vitest';
import { ids, loadedStore, section } from './editor.fixture.ts';

afterEach(() => vi.useRealTimers());

describe('undo and redo through immer patches', () => {
  it('records every change as patches and takes it back exactly', () => {
    const store = loadedStore();
    const before = store.getState().docs;
    store.getState().moveSection('offer', 0);
    store.getState().setSetting('hero', 'heading', 'Hello');
    store.getState().toggleHidden('story');
    const [move] = store.getState().history.past;
    expect(move!.patches.every((p) => p.path[0] === 'page')).toBe(true);

    store.getState().undo();
    store.getState().undo();
    store.getState().undo();
    expect(store.getState().docs).toEqual(before);
    expect(store.getState().history.future).toHaveLength(3);

    store.getState().redo();
    store.getState().redo();
    expect(ids(store)).toEqual(['offer', 'hero', 'story']);
    expect(store.getState().docs.page!.sections[1]!.settings.heading).toBe('Hello');
    expect(store.getState().docs.page!.sections[2]!.hidden).toBeUndefined();
  });

  it('a new change after undo drops the redo branch', () => {
    const store = loadedStore();
    store.getState().removeSection('story');
    store.getState().undo();
    store.getState().setSetting('hero', 'heading', 'Other');
    expect(store.getState().history.future).toEqual([]);
    store.getState().redo();
    expect(ids(store)).toEqual(['hero', 'story', 'offer']);
  });

  it('typing in one field is one undo step; another field is another', () => {
    vi.useFakeTimers();
    const store = loadedStore();
    for (const text of ['W', 'We', 'Wel', 'Welc']) {
      store.getState().setSetting('hero', 'heading', text);
      vi.advanceTimersByTime(100);
    }
    store.getState().setSetting('hero', 'subheading', 'x');
    expect(store.getState().history.past).toHaveLength(2);
    store.getState().undo();
    store.getState().undo();
    expect(store.getState().docs.page!.sections[0]!.settings.heading).toBe('Welcome');
  });

  it('typing after a pause starts a new undo step', () => {
    vi.useFakeTimers();
    const store = loadedStore();
    store.getState().setSetting('hero', 'heading', 'One');
    vi.advanceTimersByTime(5000);
    store.getState().setSetting('hero', 'heading', 'Two');
    store.getState().undo();
    expect(store.getState().docs.page!.sections[0]!.settings.heading).toBe('One');
  });

  it('undoes theme changes and changes to the global header alike', () => {
    const store = loadedStore();
    const sticky = store.getState().docs.theme!.header!.settings.sticky;
    store.getState().setThemeSetting(['colors', 'brand'], '#ff0000');
    store.getState().setSetting('theme-header', 'sticky', !sticky);
    expect(store.getState().history.past).toHaveLength(2);
    store.getState().undo();
    store.getState().undo();
    expect((store.getState().docs.theme!.settings.colors as Record<string, string>).brand).toBe('#1f3a5f');
    expect(store.getState().docs.theme!.header!.settings.sticky).toBe(sticky);
  });

  it('an undo that removes the selected section clears the selection', () => {
    const store = loadedStore();
    const id = store.getState().addSection(12)!;
    expect(store.getState().selectedId).toBe(id);
    store.getState().undo();
    expect(store.getState().selectedId).toBeNull();
  });

  it('does not record changes that change nothing', () => {
    const store = loadedStore();
    store.getState().moveSection('hero', -1);
    store.getState().moveSection('offer', 99);
    store.getState().setSetting('nope', 'heading', 'x');
    expect(store.getState().history.past).toEqual([]);
  });

  it('loading another page starts a fresh history', () => {
    const store = loadedStore();
    store.getState().removeSection('hero');
    store.getState().loadPage({ pageId: 8, pageTypeId: 2, publishedVersion: 0 }, { ...store.getState().docs.page!, sections: [] }, 1);
    expect(store.getState().history).toEqual({ past: [], future: [] });
  });
});

describe('section operations', () => {
  it('adds a section with its defaults after an index and selects it', () => {
    const store = loadedStore();
    const id = store.getState().addSection(14, 1)!;
    expect(ids(store)).toEqual(['hero', id, 'story', 'offer']);
    const added = store.getState().docs.page!.sections[1]!;
    expect(added.type).toBe(14);
    expect(added.blocks!.length).toBeGreaterThan(0);
    expect(id).toMatch(/^temp-[A-Za-z0-9]{12}$/);
  });

  it('duplicates a section with new ids for it and its blocks', () => {
    const store = loadedStore();
    store.getState().insertSection(section('feat', 12));
    const copy = store.getState().duplicateSection('feat')!;
    const [original, duplicate] = store.getState().docs.page!.sections.slice(-2);
    expect(duplicate!.id).toBe(copy);
    expect(duplicate!.settings).toEqual(original!.settings);
    expect(duplicate!.blocks!.map((b) => b.id)).not.toEqual(original!.blocks!.map((b) => b.id));
  });

  it('deleting the selected section selects its neighbour', () => {
    const store = loadedStore();
    store.getState().select('story');
    store.getState().removeSection('story');
    expect(store.getState().selectedId).toBe('offer');
  });

  it('header and footer are the theme’s: adding one fills an empty slot only', () => {
    const store = loadedStore();
    expect(store.getState().addSection(1)).toBeNull();
    store.getState().removeSection('theme-header');
    expect(store.getState().docs.theme!.header).toBeNull();
    const id = store.getState().addSection(1)!;
    expect(store.getState().docs.theme!.header!.id).toBe(id);
    expect(ids(store)).toEqual(['hero', 'story', 'offer']);
  });

  it('adds, moves and removes blocks up to the maximum', () => {
    const store = loadedStore();
    store.getState().insertSection(section('feat', 12));
    const blocks = () => store.getState().docs.page!.sections.at(-1)!.blocks!;
    const first = blocks()[0]!.id;
    store.getState().moveBlock('feat', 0, 2);
    expect(blocks()[2]!.id).toBe(first);
    store.getState().removeBlock('feat', first);
    const count = blocks().length;
    store.getState().addBlock('feat');
    expect(blocks()).toHaveLength(count + 1);
    for (let i = 0; i < 50; i++) store.getState().addBlock('feat');
    expect(blocks().length).toBeLessThanOrEqual(12);
    store.getState().setBlockSetting('feat', blocks()[0]!.id, 'title', 'Fast');
    expect(blocks()[0]!.settings.title).toBe('Fast');
  });
});
