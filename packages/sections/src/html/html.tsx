import { createContext, use, useMemo } from 'react';
import { SectionShell } from '../section-shell.tsx';
import { sectionComponent } from '../section-component.ts';
import { html } from './html.schema.ts';

/**
 * Where the HTML section finds a sanitizer in the browser: the studio's preview provides `sanitizeOwnerHtml`, so a
 * draft shows as it is typed. Elsewhere there is none, and the section draws what its loader sanitized on the server.
 */
export const OwnerHtmlContext = createContext<((html: string) => string) | null>(null);

/** HTML (22): the owner's own markup — a size chart, an embed-free announcement — sanitized on the server. */
export const Html = sectionComponent(html, function Html({ id, settings, style, data }) {
  const sanitize = use(OwnerHtmlContext);
  const clean = useMemo(() => (sanitize ? sanitize(settings.html) : (data ?? '')), [sanitize, settings.html, data]);
  return (
    <SectionShell id={id} name="html" style={style} label={settings.heading || 'Custom content'}>
      {settings.heading ? <h2 className="vt-h2">{settings.heading}</h2> : null}
      <div className={`vt-richtext vt-richtext-${settings.width}`} dangerouslySetInnerHTML={{ __html: clean }} />
    </SectionShell>
  );
});
