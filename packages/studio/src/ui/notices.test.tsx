// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeStudioServer } from '../api/fake-server.fixture.ts';
import { signedInStudio, stubNativeDialog } from '../studio-app.fixture.tsx';

let server: ReturnType<typeof fakeStudioServer>;
beforeEach(() => {
  server = fakeStudioServer();
  stubNativeDialog();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const outline = () => within(screen.getByRole('list', { name: 'Page sections' }));
/** Chooses the Content section, and waits for its settings (they load on their own). */
async function chooseContent() {
  fireEvent.click(await waitFor(() => outline().getByRole('button', { name: /^Content/ })));
  await screen.findByRole('button', { name: 'Delete (Delete)' }, { timeout: 5000 });
}
/** Deletes the Content section from its outline row's actions (they show on the chosen row). */
async function deleteContent() {
  await chooseContent();
  fireEvent.click(outline().getByRole('button', { name: 'Delete Content' }));
}
/** The notice at the foot of the screen (other parts of the studio have status lines of their own). */
const toast = () => screen.queryAllByRole('status').find((node) => node.textContent?.startsWith('Deleted')) ?? null;
const types = (studio: Awaited<ReturnType<typeof signedInStudio>>) => studio.store.getState().docs.page!.sections.map((s) => s.type);

it('deleting a section asks nothing and says “Deleted — Undo”; its Undo, a keyboard stop, brings the section back', async () => {
  const studio = await signedInStudio(server);
  const before = types(studio);
  await deleteContent();
  expect(types(studio)).toEqual(before.filter((type) => type !== 8));

  expect(toast()?.textContent).toMatch(/^Deleted Content/);
  const undo = within(toast()!).getByRole('button', { name: 'Undo' });
  expect(undo.tabIndex).toBe(0);
  expect(undo.hasAttribute('disabled')).toBe(false);
  undo.focus();
  expect(document.activeElement).toBe(undo);

  fireEvent.click(undo);
  expect(types(studio)).toEqual(before);
  expect(toast()).toBeNull();
  // Back where it was, chosen, and the keyboard on its row rather than lost with the button.
  expect(studio.store.getState().selectedId).toBe(studio.store.getState().docs.page!.sections[1]!.id);
  await waitFor(() =>
    expect(document.activeElement?.closest('[data-outline-id]')?.getAttribute('data-outline-id')).toBe(studio.store.getState().selectedId),
  );
  // It was the undo history's step: redo deletes it again.
  act(() => studio.store.getState().redo());
  expect(types(studio)).toEqual(before.filter((type) => type !== 8));
});

it('the notice’s Undo never takes back a later change: another edit sends the notice away', async () => {
  const studio = await signedInStudio(server);
  await deleteContent();
  expect(toast()?.textContent).toMatch(/Deleted Content/);
  const after = types(studio);
  act(() => studio.store.getState().toggleHidden(studio.store.getState().docs.page!.sections[0]!.id));
  expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  expect(studio.store.getState().undoNotice()).toBe(false);
  expect(types(studio)).toEqual(after);
});

it('the notice goes by itself after a few seconds, but not while the keyboard is on it', async () => {
  const studio = await signedInStudio(server);
  await chooseContent();
  vi.useFakeTimers();
  fireEvent.click(outline().getByRole('button', { name: 'Delete Content' }));
  const undo = within(toast()!).getByRole('button', { name: 'Undo' });
  undo.focus();
  act(() => void vi.advanceTimersByTime(20_000));
  expect(toast()?.textContent).toMatch(/Deleted Content/);
  undo.blur();
  act(() => void vi.advanceTimersByTime(1500));
  expect(toast()).toBeNull();
  expect(types(studio)).not.toContain(8);
});
