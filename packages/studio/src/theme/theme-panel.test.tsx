// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { fakeStudioServer } from '../api/fake-server.fixture.ts';
import { signedInStudio, stubNativeDialog } from '../studio-app.fixture.tsx';

let server: ReturnType<typeof fakeStudioServer>;
beforeEach(() => {
  server = fakeStudioServer();
  stubNativeDialog();
});
afterEach(cleanup);

it('offers show_currency (§9) in the theme panel: off, and a switch that turns it on in the theme draft', async () => {
  const studio = await signedInStudio(server);
  fireEvent.click(screen.getByRole('tab', { name: 'Theme' }));
  const toggle = (await screen.findByRole(
    'switch',
    { name: 'Show the currency code beside prices' },
    { timeout: 5000 },
  )) as HTMLInputElement;
  expect(toggle.closest('details')!.querySelector('summary')!.textContent).toBe('Prices');
  expect(toggle.checked).toBe(false);
  fireEvent.click(toggle);
  expect((studio.store.getState().docs.theme?.settings as Record<string, unknown>)['show_currency']).toBe(true);
  expect(toggle.checked).toBe(true);
});
