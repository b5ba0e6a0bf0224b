// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { StudioContext } from '../context.tsx';
import type { StudioController } from '../state/controller.ts';
import type { EditorStore } from '../state/editor-store.ts';
import { ids, loadedStore } from '../state/editor.fixture.ts';
import { Outline } from './outline.tsx';

let store: EditorStore;

beforeEach(() => {
  store = loadedStore();
  // jsdom lays nothing out; give each outline row a place so dnd-kit's keyboard moves find their neighbours.
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const row = this.closest('[data-outline-id]');
    const index = row ? [...row.parentElement!.children].filter((c) => c.hasAttribute('data-outline-id')).indexOf(row) : 0;
    return { x: 0, y: index * 40, top: index * 40, left: 0, width: 240, height: 36, bottom: index * 40 + 36, right: 240, toJSON: () => ({}) } as DOMRect;
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Waits for the outline's rows, which follow the page's sections after a paint (jsdom has no idle callbacks). */
const painted = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve))));

async function mount() {
  render(
    <StudioContext value={{ store, controller: {} as StudioController, frameRef: { current: null } }}>
      <Outline />
    </StudioContext>,
  );
  expect(screen.queryByRole('list', { name: 'Page sections' })).toBeNull();
  await painted();
}

const rows = () => within(screen.getByRole('list', { name: 'Page sections' })).getAllByRole('listitem');

it('lists the page’s sections between the theme’s header and footer', async () => {
  await mount();
  expect(rows().map((row) => row.textContent)).toEqual(['Hero bannerWelcome', expect.stringMatching(/^Content/), expect.stringMatching(/^CTA/)]);
  expect(within(screen.getByRole('list', { name: 'Store header' })).getByText('Header')).toBeTruthy();
  expect(within(screen.getByRole('list', { name: 'Store footer' })).getByText('Footer')).toBeTruthy();
});

it('draws a long page’s rows 20 at a time, a short task each, until all are there', async () => {
  for (let i = 0; i < 47; i++) store.getState().addSection(8);
  await mount();
  expect(rows()).toHaveLength(20);
  await painted();
  expect(rows()).toHaveLength(40);
  await painted();
  expect(rows()).toHaveLength(50);
});

it('reorders from the keyboard: Space picks up, arrows move, Space drops, and it is one undo step', async () => {
  await mount();
  const handle = screen.getByRole('button', { name: 'Reorder Hero banner' });
  handle.focus();
  await act(async () => void fireEvent.keyDown(handle, { key: ' ', code: 'Space' }));
  // dnd-kit measures the rows once the drag has started.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  await act(async () => void fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown', code: 'ArrowDown' }));
  await act(async () => void fireEvent.keyDown(document.activeElement!, { key: ' ', code: 'Space' }));
  expect(ids(store)).toEqual(['story', 'hero', 'offer']);
  expect(store.getState().history.past).toHaveLength(1);
  act(() => store.getState().undo());
  expect(ids(store)).toEqual(['hero', 'story', 'offer']);
});

it('Escape cancels a keyboard move', async () => {
  await mount();
  const handle = screen.getByRole('button', { name: 'Reorder Hero banner' });
  handle.focus();
  await act(async () => void fireEvent.keyDown(handle, { key: ' ', code: 'Space' }));
  await act(async () => void fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown', code: 'ArrowDown' }));
  await act(async () => void fireEvent.keyDown(document.activeElement!, { key: 'Escape', code: 'Escape' }));
  expect(ids(store)).toEqual(['hero', 'story', 'offer']);
});

it('selects, hides, duplicates and deletes from a row', async () => {
  await mount();
  fireEvent.click(within(rows()[1]!).getByRole('button', { name: /^Content/ }));
  expect(store.getState().selectedId).toBe('story');
  fireEvent.click(screen.getByRole('button', { name: 'Hide Content' }));
  expect(store.getState().docs.page!.sections[1]!.hidden).toBe(true);
  fireEvent.click(screen.getByRole('button', { name: 'Show Content' }));
  expect(store.getState().docs.page!.sections[1]!.hidden).toBeUndefined();
  // A row's actions appear with the pointer over it (or focus in it), as they are reached.
  expect(screen.queryByRole('button', { name: 'Duplicate CTA' })).toBeNull();
  fireEvent.pointerEnter(rows()[2]!);
  fireEvent.click(screen.getByRole('button', { name: 'Duplicate CTA' }));
  await painted();
  expect(rows()).toHaveLength(4);
  fireEvent.click(screen.getAllByRole('button', { name: 'Delete CTA' })[0]!);
  await painted();
  expect(rows()).toHaveLength(3);
});
