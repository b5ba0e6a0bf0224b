import { Link, useLoaderData } from 'react-router-dom';
import type { Design } from '@vitrine/commerce';
import type { RouteMeta } from '../meta.ts';
import { PageShell } from './page-shell.tsx';

export interface DesignsData {
  designs: Design[];
  meta: RouteMeta;
}

/**
 * /designs: the looks this store has made public (§2.8), each with its colours, fonts and corners, and a live
 * preview — the whole store drawn in that design through `?wtid=` (the live one first).
 */
export function DesignsPage() {
  const { designs } = useLoaderData() as DesignsData;
  return (
    <PageShell heading="Designs" breadcrumbs={[{ label: 'Designs' }]}>
      {designs.length ? (
        <ul className="vt-designs">
          {designs.map((design) => (
            <li key={design.themeID} className="vt-design" style={{ background: design.colors.background, color: design.colors.text }}>
              <div
                className="vt-design-sample"
                style={{ background: design.colors.surface, borderRadius: design.corners === 'rounded' ? 14 : 0 }}
              >
                <p style={{ fontFamily: `"${design.fonts.heading}", serif`, color: design.colors.brand }} className="vt-design-heading">
                  {design.name}
                </p>
                <p style={{ fontFamily: `"${design.fonts.body}", sans-serif` }}>
                  {design.fonts.heading} and {design.fonts.body}
                </p>
                <span
                  className="vt-design-button"
                  style={{ background: design.colors.brand, borderRadius: design.corners === 'rounded' ? 999 : 0 }}
                  aria-hidden="true"
                />
              </div>
              <ul className="vt-design-swatches" aria-label={`Colours of ${design.name}`}>
                {(['brand', 'accent', 'background', 'text', 'surface'] as const).map((name) => (
                  <li key={name} title={`${name}: ${design.colors[name]}`}>
                    <span style={{ background: design.colors[name] }} aria-hidden="true" />
                    <span className="vt-visually-hidden">{`${name} ${design.colors[name]}`}</span>
                  </li>
                ))}
              </ul>
              <p className="vt-design-actions">
                {design.isLive ? <span className="vt-badge vt-badge-new">Live now</span> : null}
                {/* `wtid` is read when the store starts (§2.8): the preview loads the whole page anew. */}
                <Link reloadDocument to={`/?wtid=${encodeURIComponent(design.wtid)}`} className="vt-btn vt-btn-outline vt-btn-sm">
                  Preview {design.name}
                </Link>
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p>This store has not shared any designs yet.</p>
      )}
    </PageShell>
  );
}
