import { useMemo } from 'react';
import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import { defineSection } from '../define-section.ts';
import { SectionShell } from '../section-shell.tsx';

/**
 * What survives of an owner's HTML: text formatting, headings, lists, tables, links and images. Scripts, styles,
 * frames, forms, event attributes and `javascript:` addresses do not, because the HTML is served to every shopper
 * from the shop's own origin.
 */
const allowed: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code', 'strong', 'b', 'em', 'i', 'u', 's',
    'small', 'mark', 'sub', 'sup', 'abbr', 'q', 'cite', 'span', 'div', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img',
    'figure', 'figcaption', 'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'colgroup', 'col',
  ],
  allowedAttributes: {
    '*': ['class', 'title', 'lang', 'dir'],
    a: ['href', 'rel', { name: 'target', multiple: false, values: ['_blank'] }],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start', 'reversed'],
    abbr: ['title'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // The page's only h1 is its own title (the hero's); an owner's h1 becomes a section-level h2.
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }),
  },
  disallowedTagsMode: 'discard',
};

/** The owner's HTML with everything unsafe removed; the same string on the server and in the browser. */
export function sanitizeOwnerHtml(html: string): string {
  return sanitizeHtml(html, allowed);
}

/** HTML (22): the owner's own markup — a size chart, an embed-free announcement — sanitized when drawn. */
export const html = defineSection({
  type: 22,
  name: 'HTML',
  version: 1,
  settings: z.object({
    heading: z.string().max(160).default(''),
    html: z.string().max(50_000).default('<p>Write or paste your own <strong>HTML</strong> here.</p>'),
    width: z.enum(['narrow', 'full']).default('narrow'),
  }),
  fields: {
    heading: { label: 'Heading', control: 'text', help: 'Optional; shown above the HTML' },
    html: { label: 'HTML', control: 'textarea', help: 'Scripts, styles, frames and forms are removed; links must be http, https or mailto' },
    width: {
      label: 'Width',
      control: 'select',
      options: [
        { value: 'narrow', label: 'Comfortable to read' },
        { value: 'full', label: 'Full width of the section' },
      ],
    },
  },
  component: function Html({ id, settings, style }) {
    const clean = useMemo(() => sanitizeOwnerHtml(settings.html), [settings.html]);
    return (
      <SectionShell id={id} name="html" style={style} label={settings.heading || 'Custom content'}>
        {settings.heading ? <h2 className="vt-h2">{settings.heading}</h2> : null}
        <div className={`vt-richtext vt-richtext-${settings.width}`} dangerouslySetInnerHTML={{ __html: clean }} />
      </SectionShell>
    );
  },
});
