// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { ids, loadedStore } from './editor.fixture.ts';
import { runShortcut } from './shortcuts.ts';

const press = (key: string, extra: Partial<KeyboardEvent> & { target?: EventTarget | null } = {}) => ({
  key,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  target: document.body,
  ...extra,
});

describe('keyboard shortcuts', () => {
  const setup = () => {
    const store = loadedStore();
    const context = { store, saveNow: vi.fn(), showSheet: vi.fn() };
    store.getState().select('story');
    return { store, context };
  };

  it('undo, redo, duplicate, move, hide and delete the selected section', () => {
    const { store, context } = setup();
    expect(runShortcut(press('d', { ctrlKey: true }), context)).toBe(true);
    expect(ids(store)).toHaveLength(4);
    runShortcut(press('z', { ctrlKey: true }), context);
    expect(ids(store)).toEqual(['hero', 'story', 'offer']);
    runShortcut(press('z', { ctrlKey: true, shiftKey: true }), context);
    expect(ids(store)).toHaveLength(4);
    runShortcut(press('y', { ctrlKey: true }), context);
    runShortcut(press('z', { ctrlKey: true }), context);
    store.getState().select('story');
    runShortcut(press('ArrowUp', { altKey: true }), context);
    expect(ids(store)).toEqual(['story', 'hero', 'offer']);
    runShortcut(press('ArrowDown', { altKey: true }), context);
    expect(ids(store)).toEqual(['hero', 'story', 'offer']);
    runShortcut(press('h'), context);
    expect(store.getState().docs.page!.sections[1]!.hidden).toBe(true);
    runShortcut(press('Delete'), context);
    expect(ids(store)).toEqual(['hero', 'offer']);
    expect(store.getState().selectedId).toBe('offer');
  });

  it('leaves plain keys to text fields, but undo still undoes the studio', () => {
    const { store, context } = setup();
    const input = document.createElement('input');
    expect(runShortcut(press('Backspace', { target: input }), context)).toBe(false);
    expect(runShortcut(press('h', { target: input }), context)).toBe(false);
    expect(ids(store)).toHaveLength(3);
    store.getState().setSetting('hero', 'heading', 'x');
    expect(runShortcut(press('z', { ctrlKey: true, target: input }), context)).toBe(true);
    expect(store.getState().docs.page!.sections[0]!.settings.heading).toBe('Welcome');
  });

  it('copy and paste go through browser storage', () => {
    const { store, context } = setup();
    runShortcut(press('c', { ctrlKey: true }), context);
    runShortcut(press('v', { ctrlKey: true }), context);
    expect(store.getState().docs.page!.sections.map((s) => s.type)).toEqual([6, 8, 8, 9]);
  });

  it('saves and shows the sheet', () => {
    const { context } = setup();
    runShortcut(press('s', { ctrlKey: true }), context);
    runShortcut(press('?'), context);
    expect(context.saveNow).toHaveBeenCalledOnce();
    expect(context.showSheet).toHaveBeenCalledOnce();
  });
});
