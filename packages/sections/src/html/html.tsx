import { createContext, use, useMemo } from 'react';
import { z } from 'zod';
import { defineSection } from '../define-section.ts';
import { SectionShell } from '../section-shell.tsx';

/**
 * Where the HTML section finds a sanitizer in the browser: the studio's preview provides `sanitizeOwnerHtml`, so a
 * draft shows as it is typed. Elsewhere there is none, and the section draws what its loader sanitized on the server.
 */
export const OwnerHtmlContext = createContext<((html: string) => string) | null>(null);

/** HTML (22): the owner's own markup — a size chart, an embed-free announcement — sanitized on the server. */
export const html = defineSection({
  type: 22,
  name: 'HTML',
  description: 'Your own HTML, cleaned of scripts before it is shown',
  icon: 'M8 8l-4 4 4 4M16 8l4 4-4 4M13.5 5l-3 14',
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
  // The sanitizer loads only where it runs: on the server, and in the preview (see OwnerHtmlContext).
  loader: async (settings) => (await import('./owner-html.ts')).sanitizeOwnerHtml(settings.html),
  component: function Html({ id, settings, style, data }) {
    const sanitize = use(OwnerHtmlContext);
    const clean = useMemo(() => (sanitize ? sanitize(settings.html) : (data ?? '')), [sanitize, settings.html, data]);
    return (
      <SectionShell id={id} name="html" style={style} label={settings.heading || 'Custom content'}>
        {settings.heading ? <h2 className="vt-h2">{settings.heading}</h2> : null}
        <div className={`vt-richtext vt-richtext-${settings.width}`} dangerouslySetInnerHTML={{ __html: clean }} />
      </SectionShell>
    );
  },
});
