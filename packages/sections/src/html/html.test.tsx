import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { PageRenderer } from '@vitrine/renderer';
import { loadSectionData, OwnerHtmlContext, renderRegistry, sectionRegistry, type CatalogReader } from '../index.ts';
import { sanitizeOwnerHtml } from './owner-html.ts';

it('removes scripts, event attributes, javascript: links, frames and styles', () => {
  const dirty =
    '<p>Hi<script>alert(1)</script></p>' +
    '<img src="/media/1/a.webp" alt="A" onerror="alert(2)">' +
    '<a href="javascript:alert(3)">bad</a>' +
    '<a href="JaVaScRiPt:alert(4)">worse</a>' +
    '<iframe src="https://example.com/embed"></iframe>' +
    '<style>body{display:none}</style>' +
    '<div style="position:fixed" onclick="alert(5)">box</div>' +
    '<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="data">' +
    '<form action="/steal"><input name="card"></form>';
  const clean = sanitizeOwnerHtml(dirty);
  expect(clean).not.toMatch(/script|onerror|onclick|javascript|iframe|<style|position:fixed|data:|<form|<input/i);
  expect(clean).toContain('<p>Hi</p>');
  expect(clean).toContain('<img src="/media/1/a.webp" alt="A" />');
  expect(clean).toContain('<a rel="noopener noreferrer">bad</a>');
  expect(clean).toContain('<div>box</div>');
});

it('keeps ordinary markup: headings, lists, tables, and http, https and mailto links with rel noopener', () => {
  const html =
    '<h2>Care</h2><ul><li><strong>Hand</strong> wash</li></ul><ol start="2"><li>Dry</li></ol>' +
    '<table><caption>Sizes</caption><thead><tr><th scope="col">Size</th></tr></thead><tbody><tr><td colspan="2">S</td></tr></tbody></table>' +
    '<p><a href="https://example.com/guide" target="_blank">Guide</a> <a href="mailto:hi@example.com">Mail</a> <a href="/contact">Us</a></p>' +
    '<img src="https://cdn.example.com/a.webp" alt="A" width="200" height="100">';
  const clean = sanitizeOwnerHtml(html);
  expect(clean).toContain('<h2>Care</h2><ul><li><strong>Hand</strong> wash</li></ul><ol start="2"><li>Dry</li></ol>');
  expect(clean).toContain('<th scope="col">Size</th>');
  expect(clean).toContain('<td colspan="2">S</td>');
  expect(clean).toContain('<a href="https://example.com/guide" target="_blank" rel="noopener noreferrer">Guide</a>');
  expect(clean).toContain('<a href="mailto:hi@example.com" rel="noopener noreferrer">Mail</a>');
  expect(clean).toContain('<a href="/contact" rel="noopener noreferrer">Us</a>');
  expect(clean).toContain('<img src="https://cdn.example.com/a.webp" alt="A" width="200" height="100" />');
});

it('turns an owner’s h1 into an h2, since the page has its own h1', () => {
  expect(sanitizeOwnerHtml('<h1>Title</h1>')).toBe('<h2>Title</h2>');
});

const dirtySection = { ...sectionRegistry[22].create('h'), settings: { html: '<p onclick="x()">Size guide</p><script>steal()</script>' } };
const noCatalog = {} as CatalogReader;

it('draws the HTML its loader sanitized on the server, and nothing unsanitized without it', async () => {
  const data = await loadSectionData([dirtySection], { catalog: noCatalog, sanitizeOwnerHtml });
  expect(data).toEqual({ h: '<p>Size guide</p>' });
  const html = renderToString(<PageRenderer registry={renderRegistry} sections={[dirtySection]} data={data} />);
  expect(html).toContain('<div class="vt-richtext vt-richtext-narrow"><p>Size guide</p></div>');
  const unloaded = renderToString(<PageRenderer registry={renderRegistry} sections={[dirtySection]} />);
  expect(unloaded).toContain('<div class="vt-richtext vt-richtext-narrow"></div>');
});

it('sanitizes a draft itself where the preview provides the sanitizer', () => {
  const html = renderToString(
    <OwnerHtmlContext value={sanitizeOwnerHtml}>
      <PageRenderer registry={renderRegistry} sections={[dirtySection]} />
    </OwnerHtmlContext>,
  );
  expect(html).toContain('<div class="vt-richtext vt-richtext-narrow"><p>Size guide</p></div>');
});
