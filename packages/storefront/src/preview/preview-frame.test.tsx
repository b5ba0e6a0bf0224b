// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SectionNode } from '@vitrine/commerce';
import type { FrameMessage, StudioMessage } from '@vitrine/frame-protocol';
import { PageCanvas } from './page-canvas.tsx';
import { createFrameStore, FrameStoreContext, type FrameStore } from './frame-store.ts';
import { handleStudioMessage } from './handle-message.ts';
import { startInlineEdit, textPath } from './inline-text.ts';
import { publishedLookup } from './published-data.ts';
import { STUDIO_THEME_STYLE_ID } from './theme-style.ts';

const renders: Record<string, number> = {};

// A registry whose one section type counts how often each section is drawn, so the test can see what re-renders.
vi.mock('@vitrine/sections', async () => {
  const { createElement, memo } = await import('react');
  const Counted = memo(function Counted({ section }: { section: { id: string; settings: Record<string, unknown> } }) {
    renders[section.id] = (renders[section.id] ?? 0) + 1;
    return createElement(
      'section',
      { 'data-section-id': section.id, className: 'vt-section vt-section-hero wxb-selected' },
      createElement('h2', null, String(section.settings.heading ?? '')),
    );
  });
  return {
    renderRegistry: { 6: { name: 'hero banner', Component: Counted } },
    sectionRegistry: { 6: { name: 'hero banner' } },
  };
});

const hero = (id: string, heading: string): SectionNode => ({ id, type: 6, version: 1, settings: { heading }, style: {} });

let store: FrameStore;
let sent: FrameMessage[];
const handle = (message: StudioMessage) => act(() => handleStudioMessage(message, { store, send: (m) => sent.push(m), doc: document }));

beforeEach(() => {
  store = createFrameStore();
  sent = [];
  for (const key of Object.keys(renders)) delete renders[key];
});
afterEach(cleanup);

function mount() {
  return render(
    <FrameStoreContext value={store}>
      <PageCanvas send={(m) => sent.push(m)} />
    </FrameStoreContext>,
  );
}

it('draws the page the studio sends, and a one-section update draws only that section', () => {
  handle({ type: 'SET_COMPONENT', payload: { page: { sections: [hero('a', 'First'), hero('b', 'Second'), hero('c', 'Third')] } } });
  mount();
  expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['First', 'Second', 'Third']);
  const before = { ...renders };

  handle({ type: 'SET_COMPONENT', payload: { section: hero('b', 'Second, edited') } });
  expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['First', 'Second, edited', 'Third']);
  expect(renders.b).toBe(before.b! + 1);
  expect(renders.a).toBe(before.a);
  expect(renders.c).toBe(before.c);
});

it('reorders on a new page order without drawing unchanged sections again', () => {
  handle({ type: 'SET_COMPONENT', payload: { page: { sections: [hero('a', 'A'), hero('b', 'B')] } } });
  mount();
  const before = { ...renders };
  handle({ type: 'SET_COMPONENT', payload: { page: { sections: [hero('b', 'B'), hero('a', 'A')] } } });
  expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['B', 'A']);
  expect(renders).toEqual(before);
});

it('SET_ORDER reorders the sections shown, drawing none of them again, and refuses an order of other ids', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  handle({ type: 'SET_COMPONENT', payload: { page: { sections: [hero('a', 'A'), hero('b', 'B'), hero('c', 'C')] } } });
  mount();
  const before = { ...renders };
  handle({ type: 'SET_ORDER', payload: { sectionIds: ['c', 'a', 'b'] } });
  expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['C', 'A', 'B']);
  expect(renders).toEqual(before);
  handle({ type: 'SET_ORDER', payload: { sectionIds: ['a', 'b', 'x'] } });
  handle({ type: 'SET_ORDER', payload: { sectionIds: ['a', 'a', 'b'] } });
  expect(store.getState().order).toEqual(['c', 'a', 'b']);
  expect(warn).toHaveBeenCalledTimes(2);
  warn.mockRestore();
});

it('HOVER_COMPONENT outlines the section hovered in the studio without telling the studio back', () => {
  handle({ type: 'SET_COMPONENT', payload: { page: { sections: [hero('a', 'A')] } } });
  handle({ type: 'HOVER_COMPONENT', payload: { sectionId: 'a' } });
  expect(store.getState().hoveredId).toBe('a');
  handle({ type: 'HOVER_COMPONENT', payload: { sectionId: null } });
  expect(store.getState().hoveredId).toBeNull();
  expect(sent).toEqual([]);
});

it('keeps the header and footer that ride along with the page', () => {
  const header = { ...hero('theme-header', 'Top'), type: 1 };
  handle({ type: 'SET_COMPONENT', payload: { page: { sections: [hero('a', 'A')], header, footer: null } } });
  expect(store.getState().headerId).toBe('theme-header');
  expect(store.getState().footerId).toBeNull();
  expect(store.getState().order).toEqual(['a']);
});

it('ignores an update for a section it has never been sent', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  handle({ type: 'SET_COMPONENT', payload: { page: { sections: [hero('a', 'A')] } } });
  handle({ type: 'SET_COMPONENT', payload: { section: hero('zzz', 'Stray') } });
  expect(Object.keys(store.getState().sections)).toEqual(['a']);
  expect(warn).toHaveBeenCalledOnce();
  warn.mockRestore();
});

it('swaps the theme stylesheet for the studio CSS and switches the published one off', () => {
  const published = document.createElement('style');
  published.id = 'vt-theme';
  published.textContent = '.old{}';
  document.head.append(published);
  handle({ type: 'SET_CREATOR_THEME_CSS', payload: { css: ':root{--color-brand:#123456}' } });
  handle({ type: 'SET_CREATOR_THEME_CSS', payload: { css: ':root{--color-brand:#654321}' } });
  const own = document.querySelectorAll(`#${STUDIO_THEME_STYLE_ID}`);
  expect(own).toHaveLength(1);
  expect(own[0]!.textContent).toBe(':root{--color-brand:#654321}');
  expect(published.media).toBe('not all');
  published.remove();
});

it('answers GET_SECTION_CLASSES without the editor’s wxb- classes', () => {
  handle({ type: 'SET_COMPONENT', payload: { page: { sections: [hero('a', 'A')] } } });
  mount();
  handle({ type: 'GET_SECTION_CLASSES', payload: { sectionId: 'a' } });
  handle({ type: 'GET_SECTION_CLASSES', payload: { sectionId: 'missing' } });
  expect(sent).toEqual([
    { type: 'SECTION_CLASSES', payload: { sectionId: 'a', classes: ['vt-section', 'vt-section-hero'] } },
    { type: 'SECTION_CLASSES', payload: { sectionId: 'missing', classes: [] } },
  ]);
});

it('focuses a section: selects it and scrolls it into view smoothly', () => {
  handle({ type: 'SET_COMPONENT', payload: { page: { sections: [hero('a', 'A'), hero('b', 'B')] } } });
  mount();
  const scroll = vi.fn();
  (document.querySelector('[data-section-id="b"]') as HTMLElement).scrollIntoView = scroll;
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((run) => (run(0), 0));
  handle({ type: 'FOCUS_COMPONENT', payload: { sectionId: 'b' } });
  expect(store.getState().selectedId).toBe('b');
  expect(scroll).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
});

it('SET_MODE view clears the selection and outlines', () => {
  handle({ type: 'SET_COMPONENT', payload: { page: { sections: [hero('a', 'A')] } } });
  handle({ type: 'FOCUS_COMPONENT', payload: { sectionId: 'a' } });
  handle({ type: 'SET_MODE', payload: { mode: 'view' } });
  expect(store.getState()).toMatchObject({ mode: 'view', selectedId: null, hoveredId: null });
});

it('finds the setting a heading shows, in the section or in a block', () => {
  const section: SectionNode = { ...hero('a', 'Welcome'), blocks: [{ id: 'b1', settings: { title: 'Fast shipping' } }] };
  expect(textPath(section, ' Welcome ')).toBe('heading');
  expect(textPath(section, 'Fast shipping')).toBe('blocks.b1.title');
  expect(textPath(section, 'Not a setting')).toBeNull();
});

it('edits a heading in place and reports TEXT_EDITED on Enter', () => {
  handle({ type: 'SET_COMPONENT', payload: { page: { sections: [hero('a', 'Old words')] } } });
  mount();
  const heading = screen.getByRole('heading');
  expect(startInlineEdit(heading, { store, send: (m) => sent.push(m) })).toBe(true);
  expect(heading.getAttribute('contenteditable')).not.toBeNull();
  heading.textContent = 'New words';
  act(() => void fireEvent.keyDown(heading, { key: 'Enter' }));
  expect(sent).toEqual([{ type: 'TEXT_EDITED', payload: { sectionId: 'a', path: 'heading', value: 'New words' } }]);
  expect(screen.getByRole('heading').textContent).toBe('New words');
  expect(screen.getByRole('heading').getAttribute('contenteditable')).toBeNull();
});

it('puts the old text back on Escape and reports nothing', () => {
  handle({ type: 'SET_COMPONENT', payload: { page: { sections: [hero('a', 'Keep me')] } } });
  mount();
  const heading = screen.getByRole('heading');
  startInlineEdit(heading, { store, send: (m) => sent.push(m) });
  heading.textContent = 'Throw away';
  act(() => void fireEvent.keyDown(heading, { key: 'Escape' }));
  expect(sent).toEqual([]);
  expect(screen.getByRole('heading').textContent).toBe('Keep me');
});

describe('data for data-bound sections', () => {
  const products = (settings: Record<string, unknown>): SectionNode => ({ id: 'grid', type: 3, version: 1, settings, style: {} });
  // Settings read as the section reads them: a missing key takes its default.
  const read = (section: SectionNode) => ({ brand_id: 0, ...section.settings });
  const lookup = publishedLookup([{ sections: [products({ heading: 'Best', limit: 4 })], data: { grid: ['mug', 'pan'] } }], read);

  it('borrows what the published page loaded while the section’s settings are as published', () => {
    expect(lookup(products({ limit: 4, heading: 'Best' }))).toEqual(['mug', 'pan']);
    expect(lookup(products({ limit: 4, heading: 'Best', brand_id: 0 }))).toEqual(['mug', 'pan']);
  });

  it('gives a changed, new or retyped section no data rather than data for other settings', () => {
    expect(lookup(products({ heading: 'Best', limit: 8 }))).toBeUndefined();
    expect(lookup({ ...products({ heading: 'Best', limit: 4 }), id: 'temp-abcdefghijkl' })).toBeUndefined();
    expect(lookup({ ...products({ heading: 'Best', limit: 4 }), type: 4 })).toBeUndefined();
  });
});
