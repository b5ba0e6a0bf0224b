import { Image, Link } from '@vitrine/renderer';
import { SectionShell } from '../section-shell.tsx';
import { sectionComponent } from '../section-component.ts';
import { categories } from './categories.schema.ts';

/** Categories (4): tiles of the store's categories (top level, or the children of one), loaded on the server. */
export const Categories = sectionComponent(categories, function Categories({ id, settings, style, data }) {
  const items = data ?? [];
  return (
    <SectionShell id={id} name="categories" style={style} label={settings.heading || 'Categories'}>
      {settings.heading ? <h2 className="vt-h2">{settings.heading}</h2> : null}
      <ul
        className={`vt-grid vt-cols-2 vt-cols-tablet-3 vt-cols-desktop-${settings.columns_desktop} vt-tiles`}
        style={{ gap: 'var(--column-spacing)' }}
      >
        {items.map((category) => (
          <li key={category.categoryID}>
            <Link to={`/${category.slug}`} className="vt-tile">
              <Image
                className="vt-tile-image"
                src={category.imageFile}
                alt=""
                width={600}
                height={450}
                sizes="(min-width: 1024px) 25vw, 50vw"
              />
              <span className="vt-tile-name">{category.name}</span>
              {settings.show_count ? <span className="vt-tile-count">{category.productCount} products</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </SectionShell>
  );
});
