// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { parseCustomScript, type SaveMarketingRequest, type StudioMarketingSettings } from '@vitrine/commerce';
import { StudioApiError } from '../api/client.ts';
import { StudioContext } from '../context.tsx';
import type { StudioController } from '../state/controller.ts';
import type { EditorStore } from '../state/editor-store.ts';
import { loadedStore } from '../state/editor.fixture.ts';
import { MarketingSettings } from './marketing-form.tsx';

let store: EditorStore;
const saved: StudioMarketingSettings = {
  scripts: { facebookPixelID: '1234567890123456', gA4ID: 'G-ABCDEF1234' },
  hasFacebookPixelToken: true,
  consentBanner: false,
};
const getMarketing = vi.fn(() => Promise.resolve(saved));
const saveMarketing = vi.fn((request: SaveMarketingRequest) =>
  Promise.resolve({
    scripts: request.scripts,
    hasFacebookPixelToken: request.facebookPixelToken !== '',
    consentBanner: request.consentBanner,
  } as StudioMarketingSettings),
);

beforeEach(() => {
  store = loadedStore();
  getMarketing.mockClear();
  saveMarketing.mockClear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function mount() {
  render(
    <StudioContext
      value={{ store, controller: { getMarketing, saveMarketing } as unknown as StudioController, frameRef: { current: null } }}
    >
      <MarketingSettings />
    </StudioContext>,
  );
  await screen.findByRole('form', { name: 'Marketing settings' });
}

const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save marketing settings' })));

it('shows the saved scripts in labelled fields, and the token only as set', async () => {
  await mount();
  expect(screen.getByRole('textbox', { name: 'Facebook pixel ID' }).closest('fieldset')?.querySelector('legend')?.textContent).toBe(
    'Meta (Facebook)',
  );
  expect((screen.getByLabelText('Google Analytics 4 measurement ID') as HTMLInputElement).value).toBe('G-ABCDEF1234');
  expect(screen.getByRole('radio', { name: 'Keep the current token' })).toHaveProperty('checked', true);
  expect(screen.queryByLabelText('Conversions API token')).toBeNull();
  expect(screen.getByRole('switch', { name: /Ask shoppers for consent/ })).toHaveProperty('checked', false);
});

it('saves every field, keeps the token unless told, turns the consent banner on, and says so', async () => {
  await mount();
  fireEvent.change(screen.getByLabelText('Tag Manager container ID'), { target: { value: 'GTM-ABC1234' } });
  fireEvent.click(screen.getByRole('switch', { name: /Ask shoppers for consent/ }));
  await save();
  expect(saveMarketing).toHaveBeenCalledTimes(1);
  const request = saveMarketing.mock.calls[0]![0];
  expect(request.facebookPixelToken).toBeNull();
  expect(request.consentBanner).toBe(true);
  expect(request.scripts).toMatchObject({
    facebookPixelID: '1234567890123456',
    gA4ID: 'G-ABCDEF1234',
    tagManagerID: 'GTM-ABC1234',
    customScript: '',
  });
  expect(store.getState().notice?.text).toMatch(/Marketing settings saved/);
});

it('replaces or removes the token', async () => {
  await mount();
  fireEvent.click(screen.getByRole('radio', { name: 'Replace the token' }));
  fireEvent.change(screen.getByLabelText('Conversions API token'), { target: { value: 'EAAB-new-token' } });
  await save();
  expect(saveMarketing.mock.calls[0]![0].facebookPixelToken).toBe('EAAB-new-token');
  fireEvent.click(screen.getByRole('radio', { name: 'Remove the token' }));
  await save();
  expect(saveMarketing.mock.calls[1]![0].facebookPixelToken).toBe('');
});

it('edits custom scripts as a list of entries, each an address or inline code, and saves them in the stored shape', async () => {
  getMarketing.mockResolvedValueOnce({
    ...saved,
    scripts: { ...saved.scripts, customScript: '{"src": "https://cdn.example.com/a.js", "defer": true, "id": "a-tag"}' },
  });
  await mount();
  expect(screen.queryByLabelText('Scripts (JSON)')).toBeNull();
  const first = screen.getByRole('group', { name: 'Script 1' });
  expect(within(first).getByLabelText('Address')).toHaveProperty('value', 'https://cdn.example.com/a.js');
  expect(within(first).getByRole('checkbox', { name: 'Run it after the page has loaded' })).toHaveProperty('checked', true);

  fireEvent.click(screen.getByRole('button', { name: 'Add inline code' }));
  const second = screen.getByRole('group', { name: 'Script 2' });
  expect(document.activeElement).toBe(within(second).getByLabelText('Code'));
  fireEvent.change(within(second).getByLabelText('Code'), { target: { value: 'window.vtCustom = true;' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add a script address' }));
  fireEvent.change(within(screen.getByRole('group', { name: 'Script 3' })).getByLabelText('Address'), {
    target: { value: 'https://cdn.example.com/c.js' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Remove script 3' }));
  expect(screen.queryByRole('group', { name: 'Script 3' })).toBeNull();
  await save();
  const sent = saveMarketing.mock.calls[0]![0].scripts.customScript!;
  expect(JSON.parse(sent)).toEqual([
    { src: 'https://cdn.example.com/a.js', defer: true, id: 'a-tag' },
    { content: 'window.vtCustom = true;' },
  ]);
  expect(parseCustomScript(sent)).toHaveLength(2);
});

it('shows a custom script that is not valid at its entry, in words naming it, and sends nothing', async () => {
  await mount();
  fireEvent.click(screen.getByRole('button', { name: 'Add a script address' }));
  fireEvent.change(within(screen.getByRole('group', { name: 'Script 1' })).getByLabelText('Address'), {
    target: { value: 'https://cdn.example.com/ok.js' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Add a script address' }));
  const address = within(screen.getByRole('group', { name: 'Script 2' })).getByLabelText('Address');
  fireEvent.change(address, { target: { value: 'http://insecure.example/x.js' } });
  await save();
  expect(saveMarketing).not.toHaveBeenCalled();
  expect(address.getAttribute('aria-invalid')).toBe('true');
  expect(document.getElementById(address.getAttribute('aria-describedby')!)?.textContent).toBe(
    'Script 2: the address must be an https address.',
  );
  expect(document.activeElement).toBe(address);
});

it('no longer offers the retired AddThis and Universal Analytics; stored ids load harmlessly and are dropped at the next save', async () => {
  getMarketing.mockResolvedValueOnce({
    ...saved,
    scripts: { ...saved.scripts, googleAnalyticsID: 'UA-12345678-1', addThisID: 'ra-1234567890abcdef' },
  });
  await mount();
  expect(screen.queryByLabelText(/AddThis/)).toBeNull();
  expect(screen.queryByLabelText(/older property|UA-/)).toBeNull();
  expect(
    screen.getByText(/Universal Analytics \(UA-12345678-1\) and AddThis \(ra-1234567890abcdef\): these services have shut down/),
  ).toBeTruthy();
  await save();
  const { scripts } = saveMarketing.mock.calls[0]![0];
  expect(scripts).not.toHaveProperty('googleAnalyticsID');
  expect(scripts).not.toHaveProperty('addThisID');
  expect(scripts.gA4ID).toBe('G-ABCDEF1234');
});

it('a GA4 id saved in the older Google field shows and saves as the GA4 measurement id', async () => {
  getMarketing.mockResolvedValueOnce({ ...saved, scripts: { googleAnalyticsID: 'G-OLDFIELD12' } });
  await mount();
  expect(screen.getByLabelText('Google Analytics 4 measurement ID')).toHaveProperty('value', 'G-OLDFIELD12');
  await save();
  expect(saveMarketing.mock.calls[0]![0].scripts.gA4ID).toBe('G-OLDFIELD12');
});

it('shows the server’s 400 at the field it names', async () => {
  saveMarketing.mockRejectedValueOnce(new StudioApiError(400, 'VALIDATION', 'Must look like G-ABCDEF1234', 'scripts.gA4ID'));
  await mount();
  await save();
  const field = screen.getByLabelText('Google Analytics 4 measurement ID');
  expect(field.getAttribute('aria-invalid')).toBe('true');
  expect(screen.getByText('Must look like G-ABCDEF1234').id).toBe(field.getAttribute('aria-describedby')?.split(' ').at(-1));
});
