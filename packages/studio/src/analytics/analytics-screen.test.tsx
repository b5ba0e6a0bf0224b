// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeStudioServer } from '../api/fake-server.fixture.ts';
import { signedInStudio, stubNativeDialog } from '../studio-app.fixture.tsx';

let server: ReturnType<typeof fakeStudioServer>;
beforeEach(() => {
  server = fakeStudioServer();
  stubNativeDialog();
  // jsdom draws no canvas: the charts are left out, as they are when uPlot cannot load.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The back office's screen, whose title is Analytics. */
const dialog = () => screen.getByRole('main', { name: 'Analytics' });
/** A headline figure's value and its change, as shown. */
const figure = (label: string) => {
  const card = within(dialog()).getByText(label, { selector: 'dt' }).parentElement!;
  const [value, change] = within(card).getAllByRole('definition');
  return [value!.textContent, change!.textContent];
};

/** Signs in, opens Analytics from the editor's top bar and waits for the report. */
async function openAnalytics() {
  await signedInStudio(server);
  fireEvent.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Analytics' }));
  await within(await screen.findByRole('main', { name: 'Analytics' })).findByRole('table', { name: 'Top pages' });
}

it('shows each headline figure with its change from the period before, a rate in points, and the breakdowns as tables', async () => {
  await openAnalytics();
  expect(figure('Visitors')).toEqual(['120', '▲ +20%, previous period 100']);
  expect(figure('Sessions')).toEqual(['150', 'no change, previous period 150']);
  expect(figure('Page views')).toEqual(['480', '▼ −4%, previous period 500']);
  expect(figure('Avg. visit duration')).toEqual(['1 min 35 s', 'no change, previous period 1 min 35 s']);
  expect(figure('Bounce rate')).toEqual(['40%', '▼ −5.0 pts, previous period 45%']);
  expect(figure('Orders')).toEqual(['6', '▲ new, previous period 0']);
  expect(figure('Revenue')).toEqual(['$345', '▲ new, previous period $0']);
  // A lower bounce rate is good news, fewer page views is not.
  const tone = (label: string) => within(dialog()).getByText(label, { selector: 'dt' }).parentElement!.querySelectorAll('dd')[1]!.className;
  expect(tone('Bounce rate')).toContain('emerald');
  expect(tone('Page views')).toContain('red');

  const pages = within(dialog()).getByRole('table', { name: 'Top pages' });
  expect(
    within(pages)
      .getAllByRole('row')
      .map((row) => row.textContent),
  ).toEqual(['PagesPage views', '/200', '/kitchen120']);
  expect(within(dialog()).getByRole('region', { name: 'Campaigns' }).textContent).toContain('No visits came with a utm_campaign.');
  expect(within(dialog()).getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed')).toBe('true');
});

it('says when the figures could not be loaded, and Try again asks again', async () => {
  server.failing.add('GetAnalytics');
  // Opened by its address, as a reload or a shared link does.
  await signedInStudio(server, { at: '/editor/analytics' });
  const alert = await within(await screen.findByRole('main', { name: 'Analytics' })).findByRole('alert');
  expect(alert.textContent).toContain('The figures could not be loaded');
  server.failing.delete('GetAnalytics');
  fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
  await within(dialog()).findByRole('table', { name: 'Top pages' });
  expect(within(dialog()).queryByRole('alert')).toBeNull();
});

it('asks for another period, and refuses a custom one that ends before it starts or is over 366 days', async () => {
  await openAnalytics();
  fireEvent.click(within(dialog()).getByRole('button', { name: 'Last 7 days' }));
  await waitFor(() => expect(within(dialog()).getByRole('status').textContent).toMatch(/^Showing/));
  const asked = server.calls.filter((call) => call.path === 'GetAnalytics');
  expect(asked).toHaveLength(2);

  fireEvent.click(within(dialog()).getByRole('button', { name: 'Custom…' }));
  const from = within(dialog()).getByLabelText('From');
  const to = within(dialog()).getByLabelText('To');
  fireEvent.change(from, { target: { value: '2026-03-10' } });
  fireEvent.change(to, { target: { value: '2026-03-01' } });
  fireEvent.click(within(dialog()).getByRole('button', { name: 'Show' }));
  expect(within(dialog()).getByRole('alert').textContent).toBe('The first day must not be after the last.');
  fireEvent.change(from, { target: { value: '2025-01-01' } });
  fireEvent.click(within(dialog()).getByRole('button', { name: 'Show' }));
  expect(within(dialog()).getByRole('alert').textContent).toBe('A period is at most 366 days.');
  expect(server.calls.filter((call) => call.path === 'GetAnalytics')).toHaveLength(2);

  fireEvent.change(from, { target: { value: '2026-02-20' } });
  fireEvent.click(within(dialog()).getByRole('button', { name: 'Show' }));
  await waitFor(() => expect(within(dialog()).getByRole('heading', { name: /^Feb 20, 2026 – Mar 1, 2026/ })).toBeTruthy());
});
