// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useStore } from 'zustand';
import { afterEach, expect, it } from 'vitest';
import { sectionSchemas } from '@vitrine/sections/schemas';
import { section } from '../state/editor.fixture.ts';
import { createEditorStore, type EditorStore } from '../state/editor-store.ts';
import { findSection } from '../state/section-ops.ts';
import { BlocksEditor } from './blocks-editor.tsx';

afterEach(cleanup);

/** A page with one Features section of three features, and its blocks editor wired to the store. */
function featuresEditor(openRequest: { blockId: string } | null = null) {
  const store = createEditorStore();
  const features = section('features', 12);
  features.blocks = ['Returns', 'Shipping', 'Support'].map((title, i) => ({
    id: `feature-${i}`,
    settings: { ...features.blocks![0]!.settings, title },
  }));
  store.getState().loadPage(
    { pageId: 1, pageTypeId: 1, publishedVersion: 0 },
    {
      schemaVersion: 1,
      pageTypeId: 1,
      slug: '',
      title: 'Home',
      seo: { title: '', description: '', keywords: '', image: '' },
      sections: [features],
    },
    1,
  );
  const view = render(<Harness store={store} openRequest={openRequest} />);
  const rerender = (request: { blockId: string } | null) => view.rerender(<Harness store={store} openRequest={request} />);
  const titles = () => store.getState().docs.page!.sections[0]!.blocks!.map((block) => block.settings['title']);
  return { store, titles, rerender };
}

function Harness({ store, openRequest }: { store: EditorStore; openRequest: { blockId: string } | null }) {
  const features = useStore(store, (s) => findSection(s.docs, 'features'))!;
  const state = store.getState();
  return (
    <BlocksEditor
      section={features}
      definition={sectionSchemas[12]}
      openRequest={openRequest}
      actions={{
        add: () => state.addBlock('features'),
        remove: (blockId) => state.removeBlock('features', blockId),
        move: (from, to) => state.moveBlock('features', from, to),
        set: (blockId, key, value) => state.setBlockSetting('features', blockId, key, value),
      }}
    />
  );
}

const focused = () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim();

it('a block moved to the end keeps the keyboard on its move button, which then does nothing', () => {
  const { titles } = featuresEditor();
  const [first, second, third] = titles() as string[];
  const down = screen.getByRole('button', { name: `Move ${first} down` });
  down.focus();
  fireEvent.click(down);
  fireEvent.click(down);
  expect(titles()).toEqual([second, third, first]);
  expect(focused()).toBe(`Move ${first} down`);
  expect(down.getAttribute('aria-disabled')).toBe('true');
  fireEvent.click(down);
  expect(titles()).toEqual([second, third, first]);
});

it('removing a block moves the keyboard to the next one, the previous at the end, then to Add', () => {
  const { titles } = featuresEditor();
  const [first, second, third] = titles() as string[];
  fireEvent.click(screen.getByRole('button', { name: `Remove ${first}` }));
  expect(focused()).toBe(second);
  fireEvent.click(screen.getByRole('button', { name: `Remove ${third}` }));
  expect(focused()).toBe(second);
  fireEvent.click(screen.getByRole('button', { name: `Remove ${second}` }));
  expect(titles()).toEqual([]);
  expect(focused()).toBe('Add feature');
});

it('a block made with Add opens, with the keyboard on it', () => {
  const { titles } = featuresEditor();
  fireEvent.click(screen.getByRole('button', { name: 'Add feature' }));
  expect(titles()).toHaveLength(4);
  const toggle = document.activeElement!;
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  expect(toggle.closest('li')).toBe(screen.getAllByRole('listitem').at(-1));
  expect(screen.getAllByRole('textbox', { name: 'Title' })).toHaveLength(1);
});

it('a block chosen in the outline opens in the settings, and opens again when chosen again after it was closed', () => {
  const { rerender } = featuresEditor();
  const toggle = (title: string) => screen.getByRole('button', { name: title });
  expect(screen.queryAllByRole('textbox', { name: 'Title' })).toHaveLength(0);
  rerender({ blockId: 'feature-1' });
  expect(toggle('Shipping').getAttribute('aria-expanded')).toBe('true');
  expect(toggle('Returns').getAttribute('aria-expanded')).toBe('false');
  expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('Shipping');
  fireEvent.click(toggle('Shipping'));
  expect(screen.queryAllByRole('textbox', { name: 'Title' })).toHaveLength(0);
  rerender({ blockId: 'feature-1' });
  expect(toggle('Shipping').getAttribute('aria-expanded')).toBe('true');
});
