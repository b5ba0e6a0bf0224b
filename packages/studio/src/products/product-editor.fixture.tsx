import { fireEvent, screen } from '@testing-library/react';
import type { fakeStudioServer } from '../api/fake-server.fixture.ts';
import { signedInStudio } from '../studio-app.fixture.tsx';

/** Opens the product editor at an address on the fake server and waits for its form. */
export async function openEditor(server: ReturnType<typeof fakeStudioServer>, at: string) {
  const studio = await signedInStudio(server, { at });
  await screen.findByRole('button', { name: 'Save' }, { timeout: 5000 });
  return studio;
}

/** The input a label names, and typing into it. */
export const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
export const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });

/** The bodies the editor sent to `Studio/SaveProduct`, in order. */
export const savesOf = (server: ReturnType<typeof fakeStudioServer>) =>
  server.calls.filter((c) => c.path === 'SaveProduct').map((c) => c.body as Record<string, unknown>);
