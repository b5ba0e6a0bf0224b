// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { StudioContext } from '../context.tsx';
import type { StudioController } from '../state/controller.ts';
import type { EditorStore } from '../state/editor-store.ts';
import { ids, loadedStore } from '../state/editor.fixture.ts';
import { Palette } from './palette.tsx';

let store: EditorStore;
beforeEach(() => {
  store = loadedStore();
  render(
    <StudioContext value={{ store, controller: {} as StudioController, frameRef: { current: null } }}>
      <Palette />
    </StudioContext>,
  );
});
afterEach(cleanup);

const types = () => within(screen.getByRole('list', { name: 'Section types' })).getAllByRole('button');
const search = () => screen.getByRole('searchbox', { name: 'Search sections' });
const describedBy = (button: HTMLElement) => document.getElementById(button.getAttribute('aria-describedby')!)?.textContent;
const nameOf = (button: HTMLElement) => document.getElementById(button.getAttribute('aria-labelledby')!)?.textContent;

it('names each section type in words, never by its number, with an icon and a one-line description (issue 13)', () => {
  const buttons = types();
  expect(buttons).toHaveLength(22);
  expect(buttons.slice(0, 6).map(nameOf)).toEqual(['Header', 'Footer', 'Products', 'Categories', 'Brands', 'Hero banner']);
  const hero = within(screen.getByRole('list', { name: 'Section types' })).getByRole('button', { name: 'Hero banner' });
  expect(describedBy(hero)).toBe('A large opening image with a heading and buttons');
  expect(hero.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  expect(hero.querySelector('svg path')?.getAttribute('d')).toMatch(/^M/);
  for (const button of buttons) {
    expect(button.textContent).not.toMatch(/\d/);
    expect(describedBy(button)?.length).toBeGreaterThan(10);
  }
  // The theme already has a header and a footer: they stay listed, and say where to edit them.
  expect(within(screen.getByRole('list', { name: 'Section types' })).getByRole('button', { name: 'Header' })).toHaveProperty(
    'disabled',
    true,
  );
});

it('the search box filters by name and description as the owner types, and says when nothing matches', () => {
  fireEvent.input(search(), { target: { value: 'news' } });
  expect(types().map(nameOf)).toEqual(['Footer', 'Subscribe']);
  fireEvent.input(search(), { target: { value: 'HERO' } });
  expect(types()).toHaveLength(1);
  expect(screen.getByText('1 of 22 sections')).toBeTruthy();
  fireEvent.input(search(), { target: { value: 'zebra' } });
  expect(screen.queryByRole('list', { name: 'Section types' })).toBeNull();
  expect(screen.getByText(/^No section matches “zebra”/)).toBeTruthy();
  fireEvent.input(search(), { target: { value: '' } });
  expect(types()).toHaveLength(22);
});

it('a found type is added by a click, or by Enter in the search box, after the selected section', () => {
  store.getState().select('hero');
  fireEvent.input(search(), { target: { value: 'pricing' } });
  fireEvent.click(within(screen.getByRole('list', { name: 'Section types' })).getByRole('button', { name: 'Pricing' }));
  expect(store.getState().docs.page!.sections.map((s) => s.type)).toEqual([6, 16, 8, 9]);
  fireEvent.input(search(), { target: { value: 'newsletter sign' } });
  fireEvent.keyDown(search(), { key: 'Enter' });
  // Footer (taken) is passed over for the first type that can be added; it goes after the pricing just added.
  expect(store.getState().docs.page!.sections.map((s) => s.type)).toEqual([6, 16, 20, 8, 9]);
  expect(ids(store)).toHaveLength(5);
});
