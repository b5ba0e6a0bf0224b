// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { SaveMarketingRequest, StudioMarketingSettings } from '@vitrine/commerce';
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

it('shows a field that does not parse at the field, and sends nothing', async () => {
  await mount();
  const custom = screen.getByLabelText('Scripts (JSON)');
  fireEvent.change(custom, { target: { value: '{"src": "http://insecure.example/x.js"' } });
  await save();
  expect(saveMarketing).not.toHaveBeenCalled();
  expect(custom.getAttribute('aria-invalid')).toBe('true');
  expect(document.getElementById(custom.getAttribute('aria-describedby')!.split(' ')[1]!)?.textContent).toMatch(/^Must be JSON/);
  expect(document.activeElement).toBe(custom);
});

it('shows the server’s 400 at the field it names', async () => {
  saveMarketing.mockRejectedValueOnce(new StudioApiError(400, 'VALIDATION', 'Must look like G-ABCDEF1234', 'scripts.gA4ID'));
  await mount();
  await save();
  const field = screen.getByLabelText('Google Analytics 4 measurement ID');
  expect(field.getAttribute('aria-invalid')).toBe('true');
  expect(screen.getByText('Must look like G-ABCDEF1234').id).toBe(field.getAttribute('aria-describedby')?.split(' ').at(-1));
});
