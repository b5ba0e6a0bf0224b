import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import type { fakeStudioServer } from './api/fake-server.fixture.ts';
import { memoryStorage } from './state/editor.fixture.ts';
import type { Studio } from './context.tsx';
import { createStudio, StudioApp, type StudioRouter } from './studio-app.tsx';

/** The native dialog is not in jsdom; the studio's dialogs only need it to open and close. */
export function stubNativeDialog(): void {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
}

/**
 * The studio on the fake server at an address (`/editor` unless told), its history in memory, signed in through its
 * sign-in screen, once the editor shows the page's outline or a back-office address its navigation.
 */
export async function signedInStudio(
  server: ReturnType<typeof fakeStudioServer>,
  { autosaveDelay = 50, at = '/editor' }: { autosaveDelay?: number; at?: string } = {},
): Promise<Studio & { router: StudioRouter }> {
  const studio = createStudio('shop.test', { fetch: server.fetch as typeof fetch, storage: memoryStorage(), autosaveDelay });
  let router: StudioRouter | null = null;
  render(
    <StudioApp
      storeDomain="shop.test"
      studio={studio}
      router={(routes) => (router = createMemoryRouter(routes, { initialEntries: [at] }))}
    />,
  );
  fireEvent.input(await screen.findByLabelText('Email'), { target: { value: 'owner@shop.test' } });
  fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'right' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  // The first sign-in of a test file also loads the editor's code: more than the usual second on a busy machine.
  if (at === '/editor') await screen.findByRole('list', { name: 'Page sections' }, { timeout: 5000 });
  else await screen.findByRole('navigation', { name: 'Back office' }, { timeout: 5000 });
  return Object.assign(studio, { router: router! });
}
