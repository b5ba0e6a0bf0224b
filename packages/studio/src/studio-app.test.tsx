// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { fakeStudioServer } from './api/fake-server.fixture.ts';
import { memoryStorage } from './state/editor.fixture.ts';
import { signedInStudio, stubNativeDialog } from './studio-app.fixture.tsx';
import { createStudio, StudioApp } from './studio-app.tsx';

let server: ReturnType<typeof fakeStudioServer>;
beforeEach(() => {
  server = fakeStudioServer();
  stubNativeDialog();
});
afterEach(cleanup);

/** A row's select button in the outline (the palette has buttons of the same names). */
const outlineButton = (name: RegExp) => within(screen.getByRole('list', { name: 'Page sections' })).getByRole('button', { name });

const signedIn = () => signedInStudio(server);

it('says why a sign-in failed, in the server’s words', async () => {
  render(
    <StudioApp
      storeDomain="shop.test"
      studio={createStudio('shop.test', { fetch: server.fetch as typeof fetch, storage: memoryStorage() })}
    />,
  );
  fireEvent.input(await screen.findByLabelText('Email'), { target: { value: 'owner@shop.test' } });
  fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect((await screen.findByRole('alert')).textContent).toBe('Email or password is incorrect');
});

it('signs in to the editor: top bar, outline, palette of 22, preview frame and settings', async () => {
  await signedIn();
  expect(screen.getByRole('combobox', { name: 'Page' })).toHaveProperty('value', '7');
  expect(
    within(screen.getByRole('radiogroup', { name: 'Preview width' }))
      .getAllByRole('radio')
      .map((r) => r.textContent),
  ).toEqual(['320', '375', '425', '768', '1024', '1280', '1600']);
  expect(within(screen.getByRole('list', { name: 'Section types' })).getAllByRole('button')).toHaveLength(22);
  expect(screen.getByTitle('Store preview').getAttribute('src')).toBe('/preview');
  expect(screen.getByText('No section selected')).toBeTruthy();
});

it('selecting a section shows its generated settings; an edit can be undone with the keyboard', async () => {
  const studio = await signedIn();
  fireEvent.click(await waitFor(() => outlineButton(/^Hero banner/)));
  const heading = await screen.findByRole('textbox', { name: 'Heading' });
  fireEvent.input(heading, { target: { value: 'New words' } });
  expect(studio.store.getState().docs.page!.sections[0]!.settings.heading).toBe('New words');
  act(() => void fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true }));
  expect(studio.store.getState().docs.page!.sections[0]!.settings.heading).toBe('Welcome');
  expect(screen.getByRole('textbox', { name: 'Heading' })).toHaveProperty('value', 'Welcome');
  act(() => void fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true, shiftKey: true }));
  expect(screen.getByRole('textbox', { name: 'Heading' })).toHaveProperty('value', 'New words');
});

it('shows the save state: unsaved, then saved once the server has it', async () => {
  const studio = await signedIn();
  fireEvent.click(await waitFor(() => outlineButton(/^Content/)));
  fireEvent.input(await screen.findByRole('textbox', { name: 'Heading' }), { target: { value: 'Where we began' } });
  expect(screen.getByText('Unsaved changes')).toBeTruthy();
  expect(await screen.findByText('All changes saved')).toBeTruthy();
  expect(server.pages.get(7)!.draft.sections[1]!.settings.heading).toBe('Where we began');
  expect(studio.store.getState().save.page.revision).toBe(4);
});

it('the palette adds a section after the selected one', async () => {
  const studio = await signedIn();
  fireEvent.click(outlineButton(/^Hero banner/));
  fireEvent.click(within(screen.getByRole('list', { name: 'Section types' })).getByRole('button', { name: 'Pricing' }));
  expect(studio.store.getState().docs.page!.sections.map((s) => s.type)).toEqual([6, 16, 8, 9]);
});

it('opens the shortcut sheet with ?', async () => {
  await signedIn();
  act(() => void fireEvent.keyDown(document.body, { key: '?' }));
  expect(screen.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeTruthy();
  expect(screen.getByText('Undo')).toBeTruthy();
});

it('a product grid’s products are searched on the server and picked by hand; its category and brand by name, asked for once', async () => {
  const studio = await signedIn();
  fireEvent.click(outlineButton(/^Hero banner/));
  fireEvent.click(within(screen.getByRole('list', { name: 'Section types' })).getByRole('button', { name: 'Products' }));
  const settings = () => studio.store.getState().docs.page!.sections[1]!.settings;
  fireEvent.change(await screen.findByRole('combobox', { name: 'Category' }), { target: { value: 'cookw' } });
  fireEvent.click(await screen.findByRole('option', { name: 'Cookware, in Kitchen, 5 products' }));
  expect(settings().category_id).toBe(2);
  fireEvent.click(screen.getByRole('button', { name: 'Show the brands' }));
  expect(
    within(screen.getByRole('listbox', { name: 'Brand choices' }))
      .getAllByRole('option')
      .map((o) => o.getAttribute('aria-label')),
  ).toEqual(['Any brand', 'Acme, 4 products', 'Birch & Co, 0 products']);

  fireEvent.change(screen.getByRole('combobox', { name: 'Products' }), { target: { value: 'knife' } });
  fireEvent.click(await screen.findByRole('option', { name: 'Chef knife, SKU KN-CH' }));
  expect(settings().product_ids).toEqual([11]);
  expect(within(await screen.findByRole('list', { name: 'Picked products' })).getByText('Chef knife')).toBeTruthy();
  expect(server.calls.filter((c) => c.path === 'FindProducts').length).toBeGreaterThan(0);

  // Another product grid reuses the choices already loaded.
  fireEvent.click(within(screen.getByRole('list', { name: 'Section types' })).getByRole('button', { name: 'Products' }));
  expect(screen.getByRole('combobox', { name: 'Category' })).toHaveProperty('value', 'Any category');
  expect(server.calls.filter((c) => c.path === 'GetCatalogueChoices')).toHaveLength(1);
});

it('a session that ended sends the owner to sign in, and its notice goes once they have', async () => {
  const storage = memoryStorage();
  storage.setItem(
    'vitrine.studio.session',
    JSON.stringify({ owner: { ownerId: 1, name: 'Hana', email: 'owner@shop.test' }, sites: [], sessionToken: 'ended' }),
  );
  render(<StudioApp storeDomain="shop.test" studio={createStudio('shop.test', { fetch: server.fetch as typeof fetch, storage })} />);
  expect((await screen.findByRole('alert')).textContent).toMatch(/^Your studio session has ended\. Sign in again/);
  fireEvent.input(await screen.findByLabelText('Email'), { target: { value: 'owner@shop.test' } });
  fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'right' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByRole('list', { name: 'Page sections' });
  expect(screen.queryByText(/session has ended/)).toBeNull();
});

it('deleting a section puts the keyboard on the outline row of the one that takes its place', async () => {
  const studio = await signedIn();
  const rowOfFocus = () => document.activeElement?.closest('[data-outline-id]')?.getAttribute('data-outline-id');
  fireEvent.click(await waitFor(() => outlineButton(/^Hero banner/)));
  const remove = await screen.findByRole('button', { name: 'Delete (Delete)' });
  remove.focus();
  fireEvent.click(remove);
  expect(studio.store.getState().docs.page!.sections.map((s) => s.id)).toEqual(['story', 'offer']);
  expect(rowOfFocus()).toBe('story');

  // The Delete key on the last row: the row before it.
  const offer = within(screen.getByRole('list', { name: 'Page sections' })).getByRole('button', { name: /^CTA/ });
  offer.focus();
  fireEvent.click(offer);
  fireEvent.keyDown(offer, { key: 'Delete' });
  expect(studio.store.getState().docs.page!.sections.map((s) => s.id)).toEqual(['story']);
  expect(rowOfFocus()).toBe('story');
});

it('the preview widths and each row of tabs are one Tab stop that the arrows, Home and End move through', async () => {
  const studio = await signedIn();
  const widths = screen.getByRole('radiogroup', { name: 'Preview width' });
  const tabbable = () =>
    within(widths)
      .getAllByRole('radio')
      .filter((radio) => radio.tabIndex === 0)
      .map((radio) => radio.textContent);
  expect(tabbable()).toEqual(['1024']);
  const desktop = within(widths).getByRole('radio', { checked: true });
  desktop.focus();
  fireEvent.keyDown(desktop, { key: 'ArrowLeft' });
  expect(studio.store.getState().breakpoint).toBe('tablet');
  expect(document.activeElement?.textContent).toBe('768');
  fireEvent.keyDown(document.activeElement!, { key: 'End' });
  expect(document.activeElement?.textContent).toBe('1600');
  fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
  expect(document.activeElement?.textContent).toBe('320');
  expect(tabbable()).toEqual(['320']);

  const section = screen.getByRole('tab', { name: 'Section' });
  section.focus();
  fireEvent.keyDown(section, { key: 'End' });
  expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Store' }));
  expect(studio.store.getState().panel).toBe('store');
  fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
  expect(studio.store.getState().panel).toBe('section');

  // The published versions' "This page" and "Theme" are tabs too.
  fireEvent.click(screen.getByRole('button', { name: 'Published versions' }));
  const dialog = within(await screen.findByRole('dialog'));
  const thisPage = dialog.getByRole('tab', { name: 'This page' });
  thisPage.focus();
  fireEvent.keyDown(thisPage, { key: 'ArrowRight' });
  const theme = dialog.getByRole('tab', { name: 'Theme', selected: true });
  expect(document.activeElement).toBe(theme);
  expect(dialog.getByRole('tabpanel', { name: 'Theme' }).id).toBe(theme.getAttribute('aria-controls'));
});

it('after Publish, “View store” opens the live page on the store’s own origin in a new tab (issue 13)', async () => {
  const studio = await signedIn();
  await act(() => studio.controller.openPage(8));
  await screen.findByRole('option', { name: 'About us •', selected: true });
  expect(screen.queryByRole('link', { name: /^View store/ })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
  const link = await screen.findByRole('link', { name: 'View store (opens in a new tab)' });
  expect(link.getAttribute('href')).toBe(`${window.location.origin}/about`);
  expect(link.getAttribute('target')).toBe('_blank');
  expect(link.getAttribute('rel')).toBe('noopener');
  expect(server.pages.get(8)!.publishedVersion).toBe(1);

  // The home page, not published from this tab yet, offers none; published, it is the store's root.
  await act(() => studio.controller.openPage(7));
  await waitFor(() => expect(screen.queryByRole('link', { name: /^View store/ })).toBeNull());
  fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
  expect((await screen.findByRole('link', { name: /^View store/ })).getAttribute('href')).toBe(`${window.location.origin}/`);
});
