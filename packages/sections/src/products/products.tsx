import { useFirstSection } from '@vitrine/renderer';
import { ProductCard } from '../product-card.tsx';
import { SectionButton, SectionShell } from '../section-shell.tsx';
import { sectionComponent } from '../section-component.ts';
import { useListingOf } from '../listing-context.tsx';
import { ProductListing } from './product-listing.tsx';
import { products } from './products.schema.ts';

/**
 * Products (3): a grid of products from a category or brand, in one of the sort orders, loaded on the server. In a
 * listing template it is the products area: it shows the page's listing (a category, a brand, search results).
 */
export const Products = sectionComponent(products, function Products({ id, settings, style, data }) {
  const listing = useListingOf(id);
  // A grid further down the page (most loved on the home page, related products under a product) waits for the screen.
  const first = useFirstSection();
  if (listing)
    return (
      <SectionShell id={id} name="products" style={style} label={listing.scope.title}>
        <ProductListing listing={listing} columnsDesktop={settings.columns_desktop} columnsMobile={settings.columns_mobile} />
      </SectionShell>
    );
  const items = data ?? [];
  return (
    <SectionShell id={id} name="products" style={style} label={settings.heading || 'Products'}>
      {settings.heading ? <h2 className="vt-h2">{settings.heading}</h2> : null}
      {settings.subheading ? <p className="vt-subheading">{settings.subheading}</p> : null}
      {items.length ? (
        <div
          className={`vt-grid vt-cols-${settings.columns_mobile} vt-cols-desktop-${settings.columns_desktop}`}
          style={{ gap: 'var(--column-spacing)' }}
        >
          {items.map((product, index) => (
            <ProductCard key={product.productID} product={product} priority={first && index < 2} />
          ))}
        </div>
      ) : (
        <p className="vt-empty">No products to show yet.</p>
      )}
      {settings.button_label && settings.button_link ? (
        <div className="vt-actions vt-actions-below">
          <SectionButton style={style} href={settings.button_link}>
            {settings.button_label}
          </SectionButton>
        </div>
      ) : null}
    </SectionShell>
  );
});
