import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageDocument } from '@vitrine/commerce';
import { StudioApiError } from '../api/client.ts';
import { createAutosaver, type DraftTarget } from './autosave.ts';
import type { EditorStore } from './editor-store.ts';
import { loadedStore, memoryStorage } from './editor.fixture.ts';

type Save = DraftTarget<PageDocument>['save'];

let store: EditorStore;
let storage: Storage;
let save: ReturnType<typeof vi.fn<Save>>;
const status = () => store.getState().save.page.status;
const type = (text: string) => store.getState().setSetting('hero', 'heading', text);

function start() {
  const saver = createAutosaver<PageDocument>(
    store,
    { scope: 'page', document: (s) => s.docs.page, save: (d, r) => save(d, r), backupKey: () => 'backup' },
    { delay: 500, retryDelays: [1000, 4000], storage },
  );
  saver.adopt(store.getState().docs.page);
  return saver;
}

beforeEach(() => {
  vi.useFakeTimers();
  store = loadedStore();
  storage = memoryStorage();
  let revision = 3;
  save = vi.fn<Save>(async () => ({ draftRevision: ++revision }));
});
afterEach(() => vi.useRealTimers());

describe('autosave', () => {
  it('saves once after a quiet moment, with the revision it started from, and says so', async () => {
    start();
    type('A');
    type('AB');
    expect(status()).toBe('unsaved');
    await vi.advanceTimersByTimeAsync(400);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(save).toHaveBeenCalledOnce();
    expect(save.mock.calls[0]![1]).toBe(3);
    expect(save.mock.calls[0]![0].sections[0]!.settings.heading).toBe('AB');
    expect(status()).toBe('saved');
    expect(store.getState().save.page.revision).toBe(4);
  });

  it('shows saving while the call is out, and saves changes made meanwhile on the new revision', async () => {
    let finish: () => void = () => {};
    save.mockImplementationOnce(() => new Promise((resolve) => (finish = () => resolve({ draftRevision: 4 }))));
    start();
    type('First');
    await vi.advanceTimersByTimeAsync(600);
    expect(status()).toBe('saving');
    type('Second');
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(status()).toBe('unsaved');
    await vi.advanceTimersByTimeAsync(600);
    expect(save).toHaveBeenCalledTimes(2);
    expect(save.mock.calls[1]![1]).toBe(4);
    expect(save.mock.calls[1]![0].sections[0]!.settings.heading).toBe('Second');
    expect(status()).toBe('saved');
  });

  it('a 409 from the server stops saving and says the draft was saved elsewhere', async () => {
    save.mockRejectedValueOnce(new StudioApiError(409, 'DRAFT_CONFLICT', 'newer draft'));
    start();
    type('Mine');
    await vi.advanceTimersByTimeAsync(600);
    expect(status()).toBe('conflict');
    expect(store.getState().save.page.message).toMatch(/saved in another tab/);
    type('More of mine');
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).toHaveBeenCalledOnce();
    // Nothing is lost while the owner decides.
    expect(JSON.parse(storage.getItem('backup')!).document.sections[0].settings.heading).toBe('More of mine');
  });

  it('keeping this tab’s version after a conflict saves it on the newest revision', async () => {
    save.mockRejectedValueOnce(new StudioApiError(409, 'DRAFT_CONFLICT', 'newer draft'));
    const saver = start();
    type('Mine');
    await vi.advanceTimersByTimeAsync(600);
    await saver.overwrite(9);
    expect(save).toHaveBeenLastCalledWith(expect.anything(), 9);
    expect(status()).toBe('saved');
  });

  it('retries a failed save with growing waits, and recovers', async () => {
    save
      .mockRejectedValueOnce(new StudioApiError(0, 'NETWORK', 'offline'))
      .mockRejectedValueOnce(new StudioApiError(503, 'HTTP_503', 'busy'));
    start();
    type('Keep trying');
    await vi.advanceTimersByTimeAsync(600);
    expect(status()).toBe('error');
    expect(store.getState().save.page.message).toMatch(/Trying again in 1 s/);
    await vi.advanceTimersByTimeAsync(1000);
    expect(save).toHaveBeenCalledTimes(2);
    expect(store.getState().save.page.message).toMatch(/Trying again in 4 s/);
    await vi.advanceTimersByTimeAsync(4000);
    expect(save).toHaveBeenCalledTimes(3);
    expect(status()).toBe('saved');
  });

  it('does not resend a draft the server refused as invalid, but the next change saves again', async () => {
    save.mockRejectedValueOnce(new StudioApiError(400, 'BAD_REQUEST', 'heading is too long', 'document.sections.0.settings.heading'));
    start();
    type('x'.repeat(10));
    await vi.advanceTimersByTimeAsync(600);
    expect(status()).toBe('error');
    expect(store.getState().save.page.message).toMatch(/document\.sections\.0\.settings\.heading/);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(save).toHaveBeenCalledOnce();
    type('short');
    await vi.advanceTimersByTimeAsync(600);
    expect(status()).toBe('saved');
  });

  it('keeps a copy of unsaved changes in browser storage until the server has them', async () => {
    start();
    type('Not yet on the server');
    // Not on the keystroke itself (a big page would cost the owner latency), a moment later.
    expect(storage.getItem('backup')).toBeNull();
    await vi.advanceTimersByTimeAsync(250);
    expect(JSON.parse(storage.getItem('backup')!)).toMatchObject({
      revision: 3,
      document: { sections: [{ settings: { heading: 'Not yet on the server' } }, {}, {}] },
    });
    await vi.advanceTimersByTimeAsync(400);
    expect(storage.getItem('backup')).toBeNull();
  });

  it('writes the copy once typing pauses, and at least every 2 s while it does not', async () => {
    start();
    for (let i = 0; i < 13; i++) {
      type(`Typing ${i}`);
      await vi.advanceTimersByTimeAsync(150);
    }
    // Keystrokes 150 ms apart never pause for 200 ms: nothing written yet, 1.95 s after the first.
    expect(storage.getItem('backup')).toBeNull();
    type('Typing on');
    await vi.advanceTimersByTimeAsync(60);
    expect(JSON.parse(storage.getItem('backup')!).document.sections[0].settings.heading).toBe('Typing on');
  });

  it('writes the copy at once when the page is closed right after a keystroke', () => {
    const lifecycle = new EventTarget();
    const saver = createAutosaver<PageDocument>(
      store,
      { scope: 'page', document: (s) => s.docs.page, save: (d, r) => save(d, r), backupKey: () => 'backup' },
      { delay: 500, storage, lifecycle: lifecycle as unknown as Window },
    );
    saver.adopt(store.getState().docs.page);
    type('Typed just before closing');
    lifecycle.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(storage.getItem('backup')!).document.sections[0].settings.heading).toBe('Typed just before closing');
    saver.dispose();
  });

  it('flush saves at once and resolves when the server has everything', async () => {
    const saver = start();
    type('Publish me');
    await saver.flush();
    expect(save).toHaveBeenCalledOnce();
    expect(status()).toBe('saved');
  });

  it('a loaded draft is not saved back', async () => {
    start();
    store.getState().loadPage({ pageId: 7, pageTypeId: 1, publishedVersion: 1 }, store.getState().docs.page!, 3);
    await vi.advanceTimersByTimeAsync(2000);
    expect(save).not.toHaveBeenCalled();
  });
});
