import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStudioApi, StudioApiError } from '../api/client.ts';
import { fakeStudioServer } from '../api/fake-server.fixture.ts';
import { copySection, pasteSection } from './clipboard.ts';
import { createStudioController, type StudioController } from './controller.ts';
import { createEditorStore, type EditorStore } from './editor-store.ts';
import { memoryStorage } from './editor.fixture.ts';

let server: ReturnType<typeof fakeStudioServer>;
let storage: Storage;
let store: EditorStore;
let controller: StudioController;

function boot() {
  store = createEditorStore({ session: { owner: { ownerId: 1, name: 'Hana', email: 'h@x' }, sites: [], sessionToken: 'secret' } });
  const api = createStudioApi({ token: () => store.getState().session?.sessionToken ?? null, fetch: server.fetch as typeof fetch });
  controller = createStudioController({ store, api, host: 'shop.test', storage, autosaveDelay: 300 });
}

beforeEach(() => {
  server = fakeStudioServer();
  storage = memoryStorage();
  boot();
});
afterEach(() => {
  controller.dispose();
  vi.useRealTimers();
});

describe('the studio controller', () => {
  it('opens the home page and the theme, with the server’s revisions', async () => {
    await controller.start();
    const state = store.getState();
    expect(state.pageInfo).toEqual({ pageId: 7, pageTypeId: 1, publishedVersion: 1 });
    expect(state.save.page.revision).toBe(3);
    expect(state.save.theme.revision).toBe(5);
    expect(state.pages.map((p) => p.title)).toEqual(['Home', 'About us']);
  });

  it('reopens the page last edited in this browser', async () => {
    await controller.start();
    await controller.openPage(8);
    controller.dispose();
    boot();
    await controller.start();
    expect(store.getState().pageInfo?.pageId).toBe(8);
  });

  it('saves before switching pages, so nothing typed is lost', async () => {
    await controller.start();
    store.getState().setSetting('hero', 'heading', 'Typed just now');
    await controller.openPage(8);
    expect(server.pages.get(7)!.draft.sections[0]!.settings.heading).toBe('Typed just now');
  });

  it('publish saves the drafts first, then makes the page and the changed theme live in one request', async () => {
    await controller.start();
    store.getState().setSetting('hero', 'heading', 'Live soon');
    store.getState().setThemeSetting(['colors', 'brand'], '#aa0000');
    await controller.publish();
    expect(server.calls.map((c) => c.path).filter((p) => /Save|Publish/.test(p))).toEqual(['SavePage', 'SaveTheme', 'Publish']);
    expect(server.calls.at(-2)).toEqual({ path: 'Publish', body: { page: { pageId: 7, draftRevision: 4 }, theme: { draftRevision: 6 } } });
    expect(server.pages.get(7)!.versions.at(-1)!.sections[0]!.settings.heading).toBe('Live soon');
    expect((server.theme.versions.at(-1)!.settings.colors as { brand: string }).brand).toBe('#aa0000');
    expect(store.getState().pageInfo?.publishedVersion).toBe(2);
    expect(store.getState().themeInfo?.publishedVersion).toBe(2);
    expect(store.getState().notice?.text).toBe('Published. Shoppers now see version 2.');
  });

  it('publish leaves an unchanged theme out', async () => {
    await controller.start();
    await controller.publish();
    expect(server.calls.find((c) => c.path === 'Publish')!.body).toEqual({ page: { pageId: 7, draftRevision: 3 } });
    expect(server.theme.publishedVersion).toBe(1);
    expect(store.getState().themeInfo?.publishedVersion).toBe(1);
  });

  it('a theme published once is left out of the next publish until it changes again', async () => {
    await controller.start();
    store.getState().setThemeSetting(['colors', 'brand'], '#aa0000');
    await controller.publish();
    await controller.publish();
    expect(server.calls.filter((c) => c.path === 'Publish').map((c) => Object.keys(c.body as object))).toEqual([
      ['page', 'theme'],
      ['page'],
    ]);
  });

  it('a theme saved elsewhere since: nothing is published, and the theme shows the conflict until the owner chooses', async () => {
    await controller.start();
    store.getState().setSetting('hero', 'heading', 'Live soon');
    store.getState().setThemeSetting(['colors', 'brand'], '#aa0000');
    await controller.saveNow();
    // Another tab saves the theme between this tab's save and its publish.
    server.theme.draftRevision += 1;
    await expect(controller.publish()).rejects.toMatchObject({ status: 409, field: 'theme.draftRevision' });
    expect(server.pages.get(7)!.publishedVersion).toBe(1);
    expect(server.theme.publishedVersion).toBe(1);
    expect(store.getState().pageInfo?.publishedVersion).toBe(1);
    expect(store.getState().save.page.status).toBe('saved');
    expect(store.getState().save.theme).toMatchObject({
      status: 'conflict',
      message: expect.stringMatching(/^The theme was saved in another tab/),
    });

    // Keeping this tab's theme saves it again over the other tab's, though it had been saved before.
    await controller.keepMine('theme');
    expect((server.theme.draft.settings.colors as { brand: string }).brand).toBe('#aa0000');
    expect(store.getState().save.theme).toMatchObject({ status: 'saved', revision: 8 });
    await controller.publish();
    expect(server.theme.publishedVersion).toBe(2);
  });

  it('after a theme conflict, loading their theme replaces this tab’s, and undo brings this tab’s back', async () => {
    await controller.start();
    server.theme.draft.settings = { ...server.theme.draft.settings, colors: { brand: '#0000aa' } };
    server.theme.draftRevision += 1;
    store.getState().setThemeSetting(['colors', 'brand'], '#aa0000');
    await controller.saveNow().catch(() => {});
    expect(store.getState().save.theme.status).toBe('conflict');
    await controller.loadTheirs('theme');
    const brand = () => (store.getState().docs.theme!.settings.colors as { brand: string }).brand;
    expect(brand()).toBe('#0000aa');
    expect(store.getState().save.theme).toMatchObject({ status: 'saved', revision: server.theme.draftRevision });
    store.getState().undo();
    expect(brand()).toBe('#aa0000');
    await controller.saveNow();
    expect((server.theme.draft.settings.colors as { brand: string }).brand).toBe('#aa0000');
  });

  it('a page saved elsewhere since: nothing is published, and the page shows the conflict', async () => {
    await controller.start();
    store.getState().setThemeSetting(['colors', 'brand'], '#aa0000');
    await controller.saveNow();
    server.pages.get(7)!.draftRevision += 1;
    await expect(controller.publish()).rejects.toMatchObject({ status: 409, field: 'page.draftRevision' });
    expect(server.theme.publishedVersion).toBe(1);
    expect(store.getState().save.page.status).toBe('conflict');
    expect(store.getState().save.theme.status).toBe('saved');
  });

  it('two tabs: the later save gets a conflict, and the owner chooses which version stays', async () => {
    await controller.start();
    // Another tab saves first.
    server.pages.get(7)!.draft.sections[0]!.settings.heading = 'Other tab';
    server.pages.get(7)!.draftRevision = 4;
    store.getState().setSetting('hero', 'heading', 'This tab');
    await expect(controller.saveNow()).rejects.toBeInstanceOf(StudioApiError);
    expect(store.getState().save.page.status).toBe('conflict');

    await controller.keepMine('page');
    expect(server.pages.get(7)!.draft.sections[0]!.settings.heading).toBe('This tab');
    expect(store.getState().save.page.status).toBe('saved');
  });

  it('after a conflict, loading their version replaces this tab’s draft', async () => {
    await controller.start();
    server.pages.get(7)!.draft.sections[0]!.settings.heading = 'Other tab';
    server.pages.get(7)!.draftRevision = 4;
    store.getState().setSetting('hero', 'heading', 'This tab');
    await controller.saveNow().catch(() => {});
    await controller.loadTheirs('page');
    expect(store.getState().docs.page!.sections[0]!.settings.heading).toBe('Other tab');
    expect(store.getState().save.page).toMatchObject({ status: 'saved', revision: 4 });
    // A wrong choice is one undo away: this tab's version comes back and is saved over theirs.
    store.getState().undo();
    expect(store.getState().docs.page!.sections[0]!.settings.heading).toBe('This tab');
    await controller.saveNow();
    expect(server.pages.get(7)!.draft.sections[0]!.settings.heading).toBe('This tab');
    expect(store.getState().save.page.status).toBe('saved');
  });

  it('a reload loses nothing: unsaved changes come back from browser storage and are saved', async () => {
    vi.useFakeTimers();
    await controller.start();
    store.getState().setSetting('hero', 'heading', 'Before the crash');
    controller.dispose(); // the tab goes away before the save
    boot();
    await controller.start();
    expect(store.getState().docs.page!.sections[0]!.settings.heading).toBe('Before the crash');
    expect(store.getState().notice?.text).toMatch(/Restored/);
    await vi.advanceTimersByTimeAsync(400);
    expect(server.pages.get(7)!.draft.sections[0]!.settings.heading).toBe('Before the crash');
    // The restore is one undo step back to the server's draft.
    store.getState().undo();
    expect(store.getState().docs.page!.sections[0]!.settings.heading).toBe('Welcome');
  });

  it('unsaved changes made on an older revision come back as a conflict, never silently over a newer draft', async () => {
    await controller.start();
    store.getState().setSetting('hero', 'heading', 'Old tab');
    controller.dispose();
    server.pages.get(7)!.draftRevision = 10;
    boot();
    await controller.start();
    expect(store.getState().docs.page!.sections[0]!.settings.heading).toBe('Old tab');
    expect(store.getState().save.page.status).toBe('conflict');
  });

  it('copies a section on one page and pastes it on another with new ids', async () => {
    await controller.start();
    store.getState().select('story');
    expect(copySection(store, 'story', storage)).toBe(true);
    await controller.openPage(8);
    const id = pasteSection(store, storage)!;
    const pasted = store.getState().docs.page!.sections;
    expect(pasted).toHaveLength(1);
    expect(pasted[0]!.id).toBe(id);
    expect(id).not.toBe('story');
    expect(pasted[0]!.type).toBe(8);
  });

  it('restoring a published version replaces the draft as one step that undo takes back, and saves that', async () => {
    vi.useFakeTimers();
    await controller.start();
    store.getState().setSetting('hero', 'heading', 'Drafted since');
    await controller.restoreVersion('page', 1);
    expect(store.getState().docs.page!.sections[0]!.settings.heading).toBe('Welcome');
    expect(store.getState().save.page).toMatchObject({ status: 'saved', revision: 5 });
    expect(server.pages.get(7)!.draft.sections[0]!.settings.heading).toBe('Welcome');

    store.getState().undo();
    expect(store.getState().docs.page!.sections[0]!.settings.heading).toBe('Drafted since');
    await vi.advanceTimersByTimeAsync(400);
    expect(server.pages.get(7)!).toMatchObject({ draftRevision: 6 });
    expect(server.pages.get(7)!.draft.sections[0]!.settings.heading).toBe('Drafted since');
    // And the edit before the restore is still in the history.
    store.getState().undo();
    expect(store.getState().docs.page!.sections[0]!.settings.heading).toBe('Welcome');
  });

  it('creates a custom page and opens it', async () => {
    await controller.start();
    await controller.createPage({ title: 'Summer', slug: 'summer', seo: { title: '', description: '', keywords: '', image: '' } });
    expect(store.getState().pageInfo?.pageTypeId).toBe(2);
    expect(store.getState().docs.page!.slug).toBe('summer');
    expect(store.getState().pages.map((p) => p.slug)).toContain('summer');
  });

  it('an ended session signs the owner out, keeping the draft in browser storage', async () => {
    const onSessionOver = vi.fn();
    store = createEditorStore({ session: { owner: { ownerId: 1, name: 'H', email: 'h@x' }, sites: [], sessionToken: 'stale' } });
    const api = createStudioApi({ token: () => 'stale', fetch: server.fetch as typeof fetch, onSessionOver });
    await expect(api.getPages()).rejects.toMatchObject({ status: 401, code: 'SESSION_EXPIRED' });
    expect(onSessionOver).toHaveBeenCalledOnce();
  });
});
