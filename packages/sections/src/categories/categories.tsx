import { z } from 'zod';
import type { CategorySummary } from '@vitrine/commerce';
import { Image, Link } from '@vitrine/renderer';
import { defineSection } from '../define-section.ts';
import { SectionShell } from '../section-shell.tsx';

const categoriesSettings = z.object({
  heading: z.string().max(160).default('Shop by category'),
  parent_id: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(24).default(6),
  columns_desktop: z.number().int().min(1).max(6).default(4),
  show_count: z.boolean().default(true),
});

/** Categories (4): tiles of the store's categories (top level, or the children of one), loaded on the server. */
export const categories = defineSection({
  type: 4,
  name: 'categories',
  description: 'Tiles that lead shoppers into your categories',
  icon: 'M3 6h6v6H3zM3 15h6v3H3zM12 7h9M12 11h6M12 16h9M12 20h6',
  version: 1,
  settings: categoriesSettings,
  fields: {
    heading: { label: 'Heading', control: 'text' },
    parent_id: { label: 'Show the sub-categories of', control: 'category', help: 'Leave empty for the top level' },
    limit: { label: 'How many', control: 'range', min: 1, max: 24, step: 1 },
    columns_desktop: { label: 'Columns on large screens', control: 'range', min: 1, max: 6, step: 1 },
    show_count: { label: 'Show product counts', control: 'toggle' },
  },
  loader: (settings, { catalog }): Promise<CategorySummary[]> =>
    catalog.getCategories({ parentId: settings.parent_id || null, limit: settings.limit }),
  component: function Categories({ id, settings, style, data }) {
    const items = data ?? [];
    return (
      <SectionShell id={id} name="categories" style={style} label={settings.heading || 'Categories'}>
        {settings.heading ? <h2 className="vt-h2">{settings.heading}</h2> : null}
        <ul className={`vt-grid vt-cols-2 vt-cols-tablet-3 vt-cols-desktop-${settings.columns_desktop} vt-tiles`} style={{ gap: 'var(--column-spacing)' }}>
          {items.map((category) => (
            <li key={category.categoryID}>
              <Link to={`/${category.slug}`} className="vt-tile">
                <Image className="vt-tile-image" src={category.imageFile} alt="" width={600} height={450} sizes="(min-width: 1024px) 25vw, 50vw" />
                <span className="vt-tile-name">{category.name}</span>
                {settings.show_count ? <span className="vt-tile-count">{category.productCount} products</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      </SectionShell>
    );
  },
});
