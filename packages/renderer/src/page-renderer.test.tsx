// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { PageRenderer, SectionHydrated, useFirstSection, useSectionData, type RenderRegistry, type SectionRenderProps } from './index.ts';

afterEach(cleanup);

function Title({ section }: SectionRenderProps) {
  const data = useSectionData<string | undefined>();
  return <h2>{`${section.id}:${data ?? 'none'}`}</h2>;
}
function Broken(): never {
  throw new Error('boom');
}
const registry: RenderRegistry = { 1: { name: 'title', Component: Title }, 2: { name: 'broken', Component: Broken } };
/** The sections' HTML without the marks of the Suspense boundary each live section is. */
const unmarked = (html: string) => html.replaceAll(/<!--\/?\$-->/g, '');

describe('PageRenderer', () => {
  it('renders sections in order with their loader data, skipping hidden ones for shoppers', () => {
    const html = renderToString(
      <PageRenderer
        registry={registry}
        sections={[
          { id: 'a', type: 1 },
          { id: 'b', type: 1, hidden: true },
          { id: 'c', type: 1 },
        ]}
        data={{ a: 'loaded' }}
      />,
    );
    expect(unmarked(html)).toBe('<h2>a:loaded</h2><h2>c:none</h2>');
  });

  it('draws each live section as a boundary of its own, hydrated on its own and told to SectionHydrated, and the preview’s as they are', async () => {
    const sections = [
      { id: 'a', type: 1 },
      { id: 'c', type: 1 },
    ];
    const page = <PageRenderer registry={registry} sections={sections} data={{ a: 'loaded' }} />;
    const html = renderToString(page);
    expect(html).toBe('<!--$--><h2>a:loaded</h2><!--/$--><!--$--><h2>c:none</h2><!--/$-->');
    expect(renderToString(<PageRenderer mode="preview" registry={registry} sections={sections} />)).toBe('<h2>a:none</h2><h2>c:none</h2>');
    const container = document.createElement('div');
    container.innerHTML = html;
    const drawn = container.querySelector('h2');
    const hydrated = vi.fn();
    await act(async () => {
      hydrateRoot(container, <SectionHydrated value={hydrated}>{page}</SectionHydrated>);
    });
    expect(hydrated).toHaveBeenCalledTimes(2);
    expect(container.querySelector('h2')).toBe(drawn);
  });

  it('tells a section whether it is the first the page draws (a hidden one is not drawn), and nothing else is', () => {
    function Place({ section }: SectionRenderProps) {
      return <p>{`${section.id}:${useFirstSection() ? 'first' : 'later'}`}</p>;
    }
    const places: RenderRegistry = { 1: { name: 'place', Component: Place } };
    const sections = [
      { id: 'a', type: 1, hidden: true },
      { id: 'b', type: 1 },
      { id: 'c', type: 1 },
    ];
    expect(unmarked(renderToString(<PageRenderer registry={places} sections={sections} />))).toBe('<p>b:first</p><p>c:later</p>');
    expect(renderToString(<PageRenderer mode="preview" registry={places} sections={sections} />)).toBe(
      '<p>a:first</p><p>b:later</p><p>c:later</p>',
    );
    expect(unmarked(renderToString(<PageRenderer registry={places} sections={sections} opensPage={false} />))).toBe(
      '<p>b:later</p><p>c:later</p>',
    );
    expect(renderToString(<Place section={{ id: 'alone', type: 1 }} data={undefined} />)).toBe('<p>alone:later</p>');
  });

  it('shows hidden sections in the preview', () => {
    const html = renderToString(<PageRenderer mode="preview" registry={registry} sections={[{ id: 'b', type: 1, hidden: true }]} />);
    expect(html).toContain('b:none');
  });

  it('hides a section that throws on the storefront and keeps the rest', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <PageRenderer
        registry={registry}
        sections={[
          { id: 'x', type: 2 },
          { id: 'y', type: 1 },
        ]}
      />,
    );
    expect(screen.getByRole('heading').textContent).toBe('y:none');
    expect(screen.queryByRole('alert')).toBeNull();
    error.mockRestore();
  });

  it('shows an error card for a failing or unknown section in the preview', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <PageRenderer
        mode="preview"
        registry={registry}
        sections={[
          { id: 'x', type: 2 },
          { id: 'z', type: 99 },
        ]}
      />,
    );
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts[0]).toContain('broken: boom');
    expect(alerts[1]).toContain('Unknown section type 99');
    error.mockRestore();
  });

  it('renders nothing for an unknown type on the storefront', () => {
    expect(renderToString(<PageRenderer registry={registry} sections={[{ id: 'z', type: 99 }]} />)).toBe('');
  });
});
