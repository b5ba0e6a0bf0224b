import { z } from 'zod';
import type { BrandSummary } from '@vitrine/commerce';
import { Image, Link } from '@vitrine/renderer';
import { defineSection } from '../define-section.ts';
import { SectionShell } from '../section-shell.tsx';

const brandsSettings = z.object({
  heading: z.string().max(160).default('Shop by brand'),
  limit: z.number().int().min(1).max(24).default(12),
  columns_desktop: z.number().int().min(2).max(8).default(6),
  show_names: z.boolean().default(false),
});

/** Brands (5): the store's brands as a wall of logos, each opening the listing of that brand; loaded on the server. */
export const brands = defineSection({
  type: 5,
  name: 'brands',
  description: 'Logos of the brands you sell, each opening its products',
  icon: 'M12 3l2.6 5.6 6.1.7-4.5 4.2 1.2 6L12 16.6 6.6 19.5l1.2-6-4.5-4.2 6.1-.7z',
  version: 1,
  settings: brandsSettings,
  fields: {
    heading: { label: 'Heading', control: 'text' },
    limit: { label: 'How many', control: 'range', min: 1, max: 24, step: 1 },
    columns_desktop: { label: 'Columns on large screens', control: 'range', min: 2, max: 8, step: 1 },
    show_names: { label: 'Show brand names under logos', control: 'toggle' },
  },
  loader: (settings, { catalog }): Promise<BrandSummary[]> => catalog.getBrands({ limit: settings.limit }),
  component: function Brands({ id, settings, style, data }) {
    const items = data ?? [];
    return (
      <SectionShell id={id} name="brands" style={style} label={settings.heading || 'Brands'}>
        {settings.heading ? <h2 className="vt-h2">{settings.heading}</h2> : null}
        {items.length ? (
          <ul className={`vt-grid vt-cols-2 vt-cols-tablet-4 vt-cols-desktop-${settings.columns_desktop} vt-logo-wall`} style={{ gap: 'var(--column-spacing)' }}>
            {items.map((brand) => (
              <li key={brand.brandID}>
                {/* `br` is the listing's brand key (§2.3). */}
                <Link to={`/?br=${brand.brandID}`} className="vt-logo-tile">
                  {brand.logoFile ? (
                    // With the name shown beside it, the logo adds nothing to read aloud.
                    <Image className="vt-logo-tile-image" src={brand.logoFile} alt={settings.show_names ? '' : brand.name} width={240} height={120} sizes="(min-width: 1024px) 16vw, 50vw" />
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
  },
});
