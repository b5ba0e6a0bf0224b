// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeStudioServer } from './api/fake-server.fixture.ts';
import { signedInStudio, stubNativeDialog } from './studio-app.fixture.tsx';

let server: ReturnType<typeof fakeStudioServer>;
beforeEach(() => {
  server = fakeStudioServer();
  stubNativeDialog();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  delete (window as { matchMedia?: unknown }).matchMedia;
});

/** A window `width` pixels wide, as the studio's media queries see it (only `min-width` queries are asked). */
function windowWidth(width: number) {
  window.matchMedia = ((query: string) => ({
    matches: Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? 0) <= width,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
}

const bar = () => screen.getByRole('banner');

it('at 1280 px the store name keeps its letters and the save state one short word; the less used tools are behind “More tools”', async () => {
  windowWidth(1280);
  await signedInStudio(server);
  const name = within(bar()).getByRole('heading', { level: 1 });
  expect(name.className).toMatch(/\bmin-w-24\b/);
  // The save state is one word on one line, the whole words for a screen reader.
  const status = bar().querySelector<HTMLElement>('[data-save-status]')!;
  expect(status.className).toMatch(/\bwhitespace-nowrap\b/);
  expect(status.querySelector('[aria-hidden="true"]:not(.rounded-full)')?.textContent).toBe('Saved');
  expect(within(status).getByText('All changes saved').className).toContain('sr-only');
  // Nothing in the bar but the name (and the page picker) may be squeezed.
  for (const item of [...bar().children].slice(1)) if (!item.matches('.flex-1')) expect(item.className).toMatch(/\bshrink-0\b/);

  expect(within(bar()).queryByRole('button', { name: 'Published versions' })).toBeNull();
  const more = within(bar()).getByRole('button', { name: 'More tools' });
  expect(more.getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(more);
  expect(more.getAttribute('aria-expanded')).toBe('true');
  const tools = document.getElementById(more.getAttribute('aria-controls')!)!;
  expect(
    within(tools)
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual(['Published versions', 'Preview without outlines', 'Keyboard shortcuts (?)']);
  fireEvent.keyDown(within(tools).getByRole('button', { name: 'Published versions' }), { key: 'Escape' });
  expect(more.getAttribute('aria-expanded')).toBe('false');
  expect(document.activeElement).toBe(more);
  fireEvent.click(more);
  fireEvent.click(
    within(tools.isConnected ? tools : document.getElementById('more-tools')!).getByRole('button', { name: 'Keyboard shortcuts (?)' }),
  );
  expect(await screen.findByRole('heading', { name: 'Keyboard shortcuts' }, { timeout: 5000 })).toBeTruthy();
});

it('at 1600 px every tool is on the bar itself', async () => {
  windowWidth(1600);
  await signedInStudio(server);
  expect(within(bar()).getByRole('button', { name: 'Published versions' })).toBeTruthy();
  expect(within(bar()).queryByRole('button', { name: 'More tools' })).toBeNull();
});

it('at 375 px the page editor says it needs a wider screen; Orders and Analytics open from the top bar, the back office’s menu between them', async () => {
  windowWidth(375);
  // jsdom draws no canvas: the analytics charts are left out, as they are when uPlot cannot load.
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  await signedInStudio(server);
  expect(screen.getByRole('heading', { name: 'The page editor needs a wider screen' })).toBeTruthy();
  expect(within(bar()).queryByRole('combobox', { name: 'Page' })).toBeNull();
  expect(within(bar()).queryByRole('radiogroup', { name: 'Preview width' })).toBeNull();
  expect(
    within(bar())
      .queryAllByRole('button')
      .filter((b) => !b.closest('details')),
  ).toEqual([]);
  expect(
    within(bar())
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]),
  ).toEqual([
    ['Orders', '/editor/orders'],
    ['Analytics', '/editor/analytics'],
  ]);

  fireEvent.click(within(bar()).getByRole('link', { name: 'Orders' }));
  const orders = await screen.findByRole('main', { name: 'Orders' }, { timeout: 5000 });
  // The list scrolls (sideways too) above the chosen order.
  await waitFor(() => expect(within(orders).getByRole('region', { name: 'Order list' })).toBeTruthy());
  expect(within(orders).getByRole('region', { name: 'Order list' }).querySelector('.overflow-auto')).not.toBeNull();
  // On a phone the navigation is a menu: closed, then its links, the current one marked; a choice closes it.
  const nav = screen.getByRole('navigation', { name: 'Back office' });
  const menu = within(nav).getByRole('button', { name: 'Menu' });
  expect(menu.getAttribute('aria-expanded')).toBe('false');
  expect(within(nav).queryAllByRole('link')).toEqual([]);
  fireEvent.click(menu);
  expect(menu.getAttribute('aria-expanded')).toBe('true');
  expect(within(nav).getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBe('page');
  // Escape closes it and gives the keyboard back to Menu.
  within(nav).getByRole('link', { name: 'Orders' }).focus();
  fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
  expect(menu.getAttribute('aria-expanded')).toBe('false');
  expect(document.activeElement).toBe(menu);
  // From Menu itself too.
  fireEvent.click(menu);
  fireEvent.keyDown(menu, { key: 'Escape' });
  expect(menu.getAttribute('aria-expanded')).toBe('false');
  // A press elsewhere closes it too.
  fireEvent.click(menu);
  fireEvent.pointerDown(orders);
  expect(menu.getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(menu);
  fireEvent.click(within(nav).getByRole('link', { name: 'Analytics' }));
  expect(await screen.findByRole('main', { name: 'Analytics' }, { timeout: 5000 })).toBeTruthy();
  await waitFor(() => expect(menu.getAttribute('aria-expanded')).toBe('false'));

  // Pages & design leads back to the editor, which still says why it is not here.
  fireEvent.click(menu);
  fireEvent.click(within(nav).getByRole('link', { name: 'Pages & design' }));
  await waitFor(() => expect(screen.getByRole('heading', { name: 'The page editor needs a wider screen' })).toBeTruthy());
  fireEvent.click(screen.getByRole('link', { name: 'Open analytics' }));
  expect(await screen.findByRole('main', { name: 'Analytics' })).toBeTruthy();
});
