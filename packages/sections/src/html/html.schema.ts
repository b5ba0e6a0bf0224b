import { defineSectionSchema } from '../define-section.ts';
import { z } from 'zod';

/** HTML (22): the owner's own markup — a size chart, an embed-free announcement — sanitized on the server. */
export const html = defineSectionSchema({
  type: 22,
  name: 'HTML',
  description: 'Your own HTML, cleaned of scripts before it is shown',
  icon: 'M8 8l-4 4 4 4M16 8l4 4-4 4M13.5 5l-3 14',
  version: 1,
  settings: z.object({
    heading: z.string().max(160).default('').meta({ label: 'Heading', control: 'text', help: 'Optional; shown above the HTML' }),
    html: z.string().max(50_000).default('<p>Write or paste your own <strong>HTML</strong> here.</p>').meta({
      label: 'HTML',
      control: 'textarea',
      help: 'Scripts, styles, frames and forms are removed; links must be http, https or mailto',
    }),
    width: z
      .enum(['narrow', 'full'])
      .default('narrow')
      .meta({ label: 'Width', control: 'select', optionLabels: { narrow: 'Comfortable to read', full: 'Full width of the section' } }),
  }),
  // The server gives the sanitizer; the preview has its own (see OwnerHtmlContext), so the studio never loads it.
  loader: async (settings, { sanitizeOwnerHtml }) => sanitizeOwnerHtml(settings.html),
});
