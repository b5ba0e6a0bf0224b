import { Image, Link } from '@vitrine/renderer';
import { SectionShell } from '../section-shell.tsx';
import { sectionComponent } from '../section-component.ts';
import { brands } from './brands.schema.ts';

/** Brands (5): the store's brands as a wall of logos, each opening the listing of that brand; loaded on the server. */
export const Brands = sectionComponent(brands, function Brands({ id, settings, style, data }) {
  const items = data ?? [];
  return (
    <SectionShell id={id} name="brands" style={style} label={settings.heading || 'Brands'}>
      {settings.heading ? <h2 className="vt-h2">{settings.heading}</h2> : null}
      {items.length ? (
        <ul
          className={`vt-grid vt-cols-2 vt-cols-tablet-4 vt-cols-desktop-${settings.columns_desktop} vt-logo-wall`}
          style={{ gap: 'var(--column-spacing)' }}
        >
          {items.map((brand) => (
            <li key={brand.brandID}>
              {/* `br` is the listing's brand key (§2.3). */}
              <Link to={`/?br=${brand.brandID}`} className="vt-logo-tile">
                {brand.logoFile ? (
                  // With the name shown beside it, the logo adds nothing to read aloud.
                  <Image
                    className="vt-logo-tile-image"
                    src={brand.logoFile}
                    alt={settings.show_names ? '' : brand.name}
                    width={240}
                    height={120}
                    sizes="(min-width: 1024px) 16vw, 50vw"
                  />
                ) : null}
                {settings.show_names || !brand.logoFile ? <span className="vt-logo-tile-name">{brand.name}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="vt-empty">No brands to show yet.</p>
      )}
    </SectionShell>
  );
});
