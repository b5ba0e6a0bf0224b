// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { RedirectRule, SaveRedirectRequest, StoreRedirectSettings } from '@vitrine/commerce';
import { StudioApiError } from '../api/client.ts';
import { StudioContext } from '../context.tsx';
import type { StudioController } from '../state/controller.ts';
import type { EditorStore } from '../state/editor-store.ts';
import { loadedStore } from '../state/editor.fixture.ts';
import { StorePanel } from '../panels/store-panel.tsx';
import { RedirectsScreen } from './redirects-screen.tsx';

let store: EditorStore;
/** The store's redirects as a server keeps them: each call answers them all. */
let kept: StoreRedirectSettings;
let nextId: number;
const answer = () => Promise.resolve(structuredClone(kept));
const redirects = vi.fn(answer);
const saveRedirect = vi.fn((rule: SaveRedirectRequest) => {
  const saved: RedirectRule = { ruleId: rule.ruleId ?? nextId++, fromPath: rule.fromPath, to: rule.to, status: rule.status as 301 | 302 };
  kept.rules = [...kept.rules.filter((r) => r.ruleId !== saved.ruleId), saved].sort((a, b) => a.fromPath.localeCompare(b.fromPath));
  return answer();
});
const deleteRedirect = vi.fn((ruleId: number) => {
  kept.rules = kept.rules.filter((rule) => rule.ruleId !== ruleId);
  return answer();
});
const saveRedirectUrl = vi.fn((redirectURL: string) => {
  kept.redirectURL = redirectURL;
  return answer();
});
let router: ReturnType<typeof createMemoryRouter>;

beforeEach(() => {
  store = loadedStore();
  kept = {
    rules: [
      { ruleId: 1, fromPath: '/old-mug', to: '/stoneware-mug', status: 301 },
      { ruleId: 2, fromPath: '/partner', to: 'https://partner.example/shop', status: 302 },
    ],
    redirectURL: '',
  };
  nextId = 3;
  for (const mock of [redirects, saveRedirect, deleteRedirect, saveRedirectUrl]) mock.mockClear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The studio at `at`, come from the editor, with the Redirects screen at its address and `editor` at /editor. */
function renderAt(controller: StudioController, at: string, editor: ReactNode = <p>The page editor</p>) {
  router = createMemoryRouter(
    [
      { path: '/editor', element: editor },
      { path: '/editor/redirects', element: <RedirectsScreen /> },
    ],
    { initialEntries: ['/editor', at], initialIndex: 1 },
  );
  render(
    <StudioContext value={{ store, controller, frameRef: { current: null } }}>
      <RouterProvider router={router} />
    </StudioContext>,
  );
}

async function mount() {
  renderAt({ redirects, saveRedirect, deleteRedirect, saveRedirectUrl } as unknown as StudioController, '/editor/redirects');
  await screen.findByRole('table');
}

/** Leaves the screen as the navigation's link does. */
const leave = () => act(() => router.navigate('/editor'));
const where = () => router.state.location.pathname;

/** The rules the table shows, a row each: old address, target, type. */
const rows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((cell) => cell.textContent)
        .join(' | '),
    );
const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const click = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));
const errorOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((element) => element?.className.includes('text-red-700'))?.textContent;

it('lists the store’s rules with their types, and says when there are none', async () => {
  await mount();
  expect(rows()).toEqual(['/old-mug | /stoneware-mug | Permanent (301)', '/partner | https://partner.example/shop | Temporary (302)']);
  cleanup();
  kept.rules = [];
  renderAt({ redirects } as unknown as StudioController, '/editor/redirects');
  expect(await screen.findByText('No redirect rules yet.')).toBeTruthy();
});

it('adds a rule from the form, shows it in the list and says so', async () => {
  await mount();
  await click('Add a redirect');
  const form = screen.getByRole('form', { name: 'New redirect' });
  expect(document.activeElement).toBe(field('Old address'));
  type('Old address', '/summer');
  type('Goes to', '/kitchen?sale=1');
  fireEvent.click(within(form).getByRole('radio', { name: 'Temporary (302)' }));
  await click('Add rule');
  expect(saveRedirect).toHaveBeenCalledWith({ fromPath: '/summer', to: '/kitchen?sale=1', status: 302 });
  expect(rows()).toContain('/summer | /kitchen?sale=1 | Temporary (302)');
  expect(screen.queryByRole('form', { name: 'New redirect' })).toBeNull();
  expect(store.getState().notice?.text).toBe('Redirect rule added.');
});

it('checks the fields before asking the server, and shows each problem at its field', async () => {
  await mount();
  await click('Add a redirect');
  type('Old address', 'summer');
  await click('Add rule');
  expect(saveRedirect).not.toHaveBeenCalled();
  expect(field('Old address').getAttribute('aria-invalid')).toBe('true');
  expect(errorOf(field('Old address'))).toBe('Must be a path on this store starting with /, such as /old-page.');
  expect(errorOf(field('Goes to'))).toBe('Is a required field.');
  expect(document.activeElement).toBe(field('Old address'));
});

it('shows the server’s refusal at the field it names: a route of the store, a loop', async () => {
  await mount();
  saveRedirect.mockRejectedValueOnce(
    new StudioApiError(
      400,
      'REDIRECT_RESERVED',
      "fromPath: /checkout is one of the store's own pages (/checkout); a rule cannot send it elsewhere",
      'fromPath',
    ),
  );
  await click('Add a redirect');
  type('Old address', '/checkout');
  type('Goes to', '/cart');
  await click('Add rule');
  expect(errorOf(field('Old address'))).toBe("/checkout is one of the store's own pages (/checkout); a rule cannot send it elsewhere.");
  expect(document.activeElement).toBe(field('Old address'));

  saveRedirect.mockRejectedValueOnce(
    new StudioApiError(400, 'REDIRECT_LOOP', 'to: /old-mug leads back to /x (/x → /old-mug → /stoneware-mug → /x)', 'to'),
  );
  type('Old address', '/x');
  type('Goes to', '/old-mug');
  await click('Add rule');
  expect(errorOf(field('Old address'))).toBeUndefined();
  expect(errorOf(field('Goes to'))).toBe('/old-mug leads back to /x (/x → /old-mug → /stoneware-mug → /x).');
  expect(rows()).toHaveLength(2);
});

it('edits a rule in place and deletes one after asking', async () => {
  await mount();
  await click('Edit the redirect of /old-mug');
  const form = screen.getByRole('form', { name: 'Redirect of /old-mug' });
  expect(field('Goes to').value).toBe('/stoneware-mug');
  type('Goes to', '/cast-iron-skillet');
  await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save rule' })));
  expect(saveRedirect).toHaveBeenCalledWith({ ruleId: 1, fromPath: '/old-mug', to: '/cast-iron-skillet', status: 301 });
  expect(rows()[0]).toBe('/old-mug | /cast-iron-skillet | Permanent (301)');

  const partner = within(screen.getByRole('table')).getAllByRole('row')[2]!;
  await act(async () => fireEvent.click(within(partner).getByRole('button', { name: 'Delete…' })));
  expect(deleteRedirect).not.toHaveBeenCalled();
  await act(async () =>
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Delete the redirect of /partner?' })).getByRole('button', { name: 'Delete' }),
    ),
  );
  expect(deleteRedirect).toHaveBeenCalledWith(2);
  expect(rows()).toEqual(['/old-mug | /cast-iron-skillet | Permanent (301)']);
});

it('asks before changes that are not saved are lost: cancelling the rule, leaving the screen or going back', async () => {
  await mount();
  await click('Edit the redirect of /partner');
  type('Goes to', 'https://partner.example/new');
  // Cancel asks first; keeping the changes keeps them.
  await click('Cancel');
  await click('Keep editing');
  expect(field('Goes to').value).toBe('https://partner.example/new');
  // Leaving the screen asks too, and stays until told to discard.
  await leave();
  let question = screen.getByRole('alertdialog', { name: 'Unsaved changes' });
  expect(where()).toBe('/editor/redirects');
  expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Keep editing' }));
  await act(async () => fireEvent.click(within(question).getByRole('button', { name: 'Keep editing' })));
  expect(screen.queryByRole('alertdialog')).toBeNull();
  expect(field('Goes to').value).toBe('https://partner.example/new');
  // The browser's Back asks the same.
  await act(() => router.navigate(-1));
  question = screen.getByRole('alertdialog', { name: 'Unsaved changes' });
  expect(where()).toBe('/editor/redirects');
  await act(async () => fireEvent.click(within(question).getByRole('button', { name: 'Discard changes' })));
  expect(where()).toBe('/editor');
  expect(screen.getByText('The page editor')).toBeTruthy();
  expect(saveRedirect).not.toHaveBeenCalled();
});

it('leaves at once when nothing is changed', async () => {
  await mount();
  await leave();
  expect(where()).toBe('/editor');
  expect(screen.queryByRole('alertdialog')).toBeNull();
});

it('sets the address the whole store has moved to, checked here and by the server', async () => {
  await mount();
  const address = screen.getByRole('textbox', { name: 'New address of the store' }) as HTMLInputElement;
  fireEvent.change(address, { target: { value: 'ftp://files.example' } });
  await click('Save address');
  expect(saveRedirectUrl).not.toHaveBeenCalled();
  expect(errorOf(address)).toBe('Must be an address starting with https:// or http://.');

  saveRedirectUrl.mockRejectedValueOnce(
    new StudioApiError(
      400,
      'REDIRECT_LOOP',
      'redirectURL: is this store’s own address; the store would send every shopper to itself',
      'redirectURL',
    ),
  );
  fireEvent.change(address, { target: { value: 'http://localhost:3000' } });
  await click('Save address');
  expect(errorOf(address)).toBe('Is this store’s own address; the store would send every shopper to itself.');

  fireEvent.change(screen.getByRole('textbox', { name: 'New address of the store' }), { target: { value: ' https://new-shop.example ' } });
  await click('Save address');
  expect(saveRedirectUrl).toHaveBeenLastCalledWith('https://new-shop.example');
  await waitFor(() => expect(store.getState().notice?.text).toBe('Shoppers now go to https://new-shop.example.'));
  // Saved: leaving asks nothing.
  await leave();
  expect(where()).toBe('/editor');
});

it('opens from the Store panel’s Redirects group at its own address', async () => {
  const controller = {
    redirects,
    getMaintenance: () => new Promise(() => {}),
    getMarketing: () => new Promise(() => {}),
  } as unknown as StudioController;
  renderAt(controller, '/editor', <StorePanel />);
  const opener = screen.getByRole('link', { name: 'Manage redirects' });
  expect(opener.getAttribute('href')).toBe('/editor/redirects');
  await act(async () => fireEvent.click(opener));
  expect(await screen.findByRole('table')).toBeTruthy();
  expect(where()).toBe('/editor/redirects');
  expect(redirects).toHaveBeenCalledTimes(1);
});
