// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
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
    return {
      x: 0,
      y: index * 40,
      top: index * 40,
      left: 0,
      width: 240,
      height: 36,
      bottom: index * 40 + 36,
      right: 240,
      toJSON: () => ({}),
    } as DOMRect;
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Lets React finish what a change scheduled: the outline draws a new order in a deferred, background render. */
const painted = () => act(async () => {});

async function mount() {
  render(
    <StudioContext value={{ store, controller: {} as StudioController, frameRef: { current: null } }}>
      <Outline />
    </StudioContext>,
  );
  await painted();
}

/**
 * Mounts the outline on React's real scheduler, as in the browser (not inside `act`, which runs deferred work at
 * once), and records the number of rows at every commit until `until` holds.
 */
async function mountOnScheduler(until: (rows: number) => boolean): Promise<number[]> {
  const host = document.body.appendChild(document.createElement('div'));
  const counts: number[] = [];
  const count = () => host.querySelectorAll('[aria-label="Page sections"] [data-outline-id]').length;
  const observer = new MutationObserver(() => {
    if (counts.at(-1) !== count()) counts.push(count());
  });
  observer.observe(host, { childList: true, subtree: true });
  const root = createRoot(host);
  const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  try {
    flushSync(() =>
      root.render(
        <StudioContext value={{ store, controller: {} as StudioController, frameRef: { current: null } }}>
          <Outline />
        </StudioContext>,
      ),
    );
    // The first, urgent render draws no rows at all: the preview gets the main thread first.
    counts.unshift(count());
    await vi.waitFor(() => expect(until(count())).toBe(true));
    return counts;
  } finally {
    observer.disconnect();
    root.unmount();
    host.remove();
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  }
}

const rows = () => within(screen.getByRole('list', { name: 'Page sections' })).getAllByRole('listitem');

it('lists the page’s sections between the theme’s header and footer', async () => {
  await mount();
  expect(rows().map((row) => row.textContent)).toEqual([
    'Hero bannerWelcome',
    expect.stringMatching(/^Content/),
    expect.stringMatching(/^CTA/),
  ]);
  expect(within(screen.getByRole('list', { name: 'Store header' })).getByText('Header')).toBeTruthy();
  expect(within(screen.getByRole('list', { name: 'Store footer' })).getByText('Footer')).toBeTruthy();
});

it('draws a long page’s rows after the first paint, 20 at a time in background renders, until all are there', async () => {
  for (let i = 0; i < 47; i++) store.getState().addSection(8);
  expect(await mountOnScheduler((n) => n === 50)).toEqual([0, 20, 40, 50]);
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

const row = (id: string) => screen.getByRole('list', { name: 'Page sections' }).querySelector<HTMLElement>(`[data-outline-id="${id}"]`)!;

it('a “+” under each row opens the section types there; the one chosen goes in after that row, as one undo step (issue 13)', async () => {
  await mount();
  // One after the store header for the top of the page; a section's own, like its actions, while it can be reached
  // (pointer over it, focus in it, or selected), so a long page does not get a Tab stop per section.
  expect(screen.getAllByRole('button', { name: /^Add a section after / }).map((button) => button.getAttribute('aria-label'))).toEqual([
    'Add a section after Header',
  ]);
  fireEvent.pointerEnter(row('story'));
  const plus = within(row('story')).getByRole('button', { name: 'Add a section after Content' });
  plus.focus();
  fireEvent.click(plus);
  expect(plus.getAttribute('aria-expanded')).toBe('true');
  const popover = screen.getByRole('dialog', { name: 'Add a section after Content' });
  const search = within(popover).getByRole('searchbox', { name: 'Search sections' });
  expect(document.activeElement).toBe(search);
  // Header and footer are the theme's, not a place in the page.
  expect(within(popover).getAllByRole('button')).toHaveLength(20);
  fireEvent.input(search, { target: { value: 'plans' } });
  fireEvent.click(within(popover).getByRole('button', { name: 'Pricing' }));

  expect(store.getState().docs.page!.sections.map((s) => s.type)).toEqual([6, 8, 16, 9]);
  expect(store.getState().selectedId).toBe(ids(store)[2]);
  expect(store.getState().history.past).toHaveLength(1);
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(document.activeElement).toBe(plus);
  act(() => store.getState().undo());
  expect(ids(store)).toEqual(['hero', 'story', 'offer']);
});

it('the header’s “+” adds at the top of the page; Escape closes the types and gives the keyboard back to the “+”', async () => {
  await mount();
  const top = screen.getByRole('button', { name: 'Add a section after Header' });
  fireEvent.click(top);
  const search = within(screen.getByRole('dialog')).getByRole('searchbox', { name: 'Search sections' });
  fireEvent.keyDown(search, { key: 'Escape' });
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(document.activeElement).toBe(top);
  expect(ids(store)).toEqual(['hero', 'story', 'offer']);

  fireEvent.click(top);
  const again = within(screen.getByRole('dialog')).getByRole('searchbox', { name: 'Search sections' });
  fireEvent.input(again, { target: { value: 'cta' } });
  fireEvent.keyDown(again, { key: 'Enter' });
  expect(store.getState().docs.page!.sections.map((s) => s.type)).toEqual([9, 6, 8, 9]);
});

it('lists a section’s blocks under its row; choosing one selects the section and asks its settings to open that block', async () => {
  const features = store.getState().addSection(12, 1)!;
  const blocks = store.getState().docs.page!.sections[1]!.blocks!;
  ['Free delivery', 'Easy returns', 'Real people'].forEach((title, i) =>
    store.getState().setBlockSetting(features, blocks[i]!.id, 'title', title),
  );
  store.getState().select(null);
  await mount();
  const nested = within(row(features)).getByRole('list', { name: 'Features: features' });
  expect(
    within(nested)
      .getAllByRole('button')
      .map((button) => button.textContent),
  ).toEqual(['Free delivery', 'Easy returns', 'Real people']);
  // Sections without blocks have no list under them.
  expect(within(row('hero')).queryByRole('list')).toBeNull();

  fireEvent.click(within(nested).getByRole('button', { name: 'Easy returns' }));
  expect(store.getState().selectedId).toBe(features);
  expect(store.getState().panel).toBe('section');
  expect(store.getState().openBlock).toEqual({ sectionId: features, blockId: blocks[1]!.id });
  expect(within(nested).getByRole('button', { name: 'Easy returns' }).getAttribute('aria-current')).toBe('true');
  // Choosing the section itself leaves no block asked for.
  fireEvent.click(within(row(features)).getByRole('button', { name: /^Features/ }));
  expect(store.getState().openBlock).toBeNull();
});
