import { StockStatus, roundRating, type ProductCard as ProductCardData } from '@vitrine/commerce';
import { Image, Link } from '@vitrine/renderer';
import { usePrice } from './shop-context.tsx';

/** A product in a grid: image, brand, name, rating, price with the compare-at price, and sale or sold-out badges. */
export function ProductCard({ product, priority = false }: { product: ProductCardData; priority?: boolean }) {
  const price = usePrice();
  const soldOut = product.stockStatusID === StockStatus.OutOfStock;
  const onSale = product.compareAtPrice !== null && product.compareAtPrice > product.price;
  const rating = roundRating(product.rating);
  return (
    <article className="vt-product-card">
      <Link to={product.productURL} className="vt-product-card-link">
        <div className="vt-product-card-media">
          <Image
            className="vt-product-card-image"
            src={product.imageFile}
            alt={product.itemName}
            width={product.imageWidth || 600}
            height={product.imageHeight || 600}
            sizes="(min-width: 1024px) 25vw, 50vw"
            priority={priority}
          />
          {soldOut ? (
            <span className="vt-badge vt-badge-sold-out">Sold out</span>
          ) : onSale ? (
            <span className="vt-badge vt-badge-sale">Sale</span>
          ) : null}
        </div>
        {product.brandName ? <p className="vt-product-card-brand">{product.brandName}</p> : null}
        <h3 className="vt-product-card-name">{product.itemName}</h3>
      </Link>
      {product.ratingCount > 0 ? (
        // A paragraph may not carry a label (ARIA), so the words go in hidden text beside the stars.
        <p className="vt-product-card-rating">
          <span aria-hidden="true">
            {'★'.repeat(Math.round(rating))}
            {'☆'.repeat(5 - Math.round(rating))} <span className="vt-product-card-count">({product.ratingCount})</span>
          </span>
          <span className="vt-visually-hidden">{`Rated ${rating} out of 5 by ${product.ratingCount} reviewers`}</span>
        </p>
      ) : null}
      {product.isHidePrice ? null : (
        <p className="vt-product-card-price">
          <span className={onSale ? 'vt-price-sale' : undefined}>{price(product.price)}</span>
          {onSale && product.compareAtPrice !== null ? (
            <s className="vt-price-compare">
              <span className="vt-visually-hidden">Was </span>
              {price(product.compareAtPrice)}
            </s>
          ) : null}
        </p>
      )}
    </article>
  );
}
