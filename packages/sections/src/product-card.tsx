import { useState, type ReactNode } from 'react';
import { MAX_COMPARE, StockStatus, buildCartCode, roundRating, type ProductCard as ProductCardData } from '@vitrine/commerce';
import { Image, Link } from '@vitrine/renderer';
import { useShop, usePrice, useShopReader } from './shop-context.tsx';
import { WishlistHeart } from './wishlist-heart.tsx';

/**
 * A product in a grid: image, brand, name, rating, price with the compare-at price, sale or sold-out badges, its
 * heart, and the way to buy it (Add to cart, or Choose options on its page). `children` are further actions of the
 * page that lists it (the wishlist's Remove); a page where the heart would say the same leaves it out (`heart`).
 */
export function ProductCard({
  product,
  priority = false,
  heart = true,
  children,
}: {
  product: ProductCardData;
  priority?: boolean;
  heart?: boolean;
  children?: ReactNode;
}) {
  const price = usePrice();
  // The theme's product-card toggles (§3.8 productCard.showBrand, showRating).
  const showBrand = useShop((shop) => shop.productCard.showBrand);
  const showRating = useShop((shop) => shop.productCard.showRating);
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
        {showBrand && product.brandName ? <p className="vt-product-card-brand">{product.brandName}</p> : null}
        <h3 className="vt-product-card-name">{product.itemName}</h3>
      </Link>
      {showRating && product.ratingCount > 0 ? (
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
      <CardBuyAction product={product} soldOut={soldOut} />
      <div className="vt-product-card-more">
        <CompareToggle productId={product.productID} name={product.itemName} />
        {children}
      </div>
      {heart ? <WishlistHeart productId={product.productID} name={product.itemName} className="vt-product-card-heart" /> : null}
    </article>
  );
}

/**
 * Add to cart and Buy now (checkout with this one line) for a product that goes in as it is; one with variants or a
 * required option to choose links to its page instead. A sold-out product offers neither (its badge says why).
 */
export function CardBuyAction({ product, soldOut }: { product: ProductCardData; soldOut: boolean }) {
  const hasCart = useShop((shop) => shop.cart !== undefined);
  const readShop = useShopReader();
  if (!hasCart || soldOut) return null;
  if (product.needsChoice)
    return (
      <Link to={product.productURL} className="vt-btn vt-btn-outline vt-btn-sm vt-product-card-buy">
        Choose options <span className="vt-visually-hidden">for {product.itemName}</span>
      </Link>
    );
  return (
    <div className="vt-product-card-buy">
      <button
        type="button"
        className="vt-btn vt-btn-primary vt-btn-sm"
        aria-label={`Add to cart: ${product.itemName}`}
        onClick={() => readShop().cart?.add(product)}
      >
        Add to cart
      </button>
      <Link
        to={`/checkout/bn/${buildCartCode({ productId: product.productID, quantity: 1, variantId: 0, addonIds: [] })}`}
        className="vt-btn vt-btn-outline vt-btn-sm"
        aria-label={`Buy now: ${product.itemName}`}
      >
        Buy now
      </Link>
    </div>
  );
}

/**
 * Adds a product to the compare list or takes it away. A full list (MAX_COMPARE) takes no more until one goes: a
 * press then says so beside the button, with the way to the comparison, rather than doing nothing.
 */
export function CompareToggle({ productId, name }: { productId: number; name: string }) {
  // Whether this product is compared and whether the list is full, not the list: a press re-renders this toggle alone
  // (and every toggle when the list fills or has room again).
  const hasCompare = useShop((shop) => shop.compare !== undefined);
  const comparing = useShop((shop) => shop.compare?.ids.includes(productId) ?? false);
  const listFull = useShop((shop) => (shop.compare?.ids.length ?? 0) >= MAX_COMPARE);
  const readShop = useShopReader();
  const [refused, setRefused] = useState(false);
  if (!hasCompare) return null;
  const full = !comparing && listFull;
  return (
    <span className="vt-compare-toggle-wrap">
      <button
        type="button"
        className="vt-compare-toggle"
        aria-pressed={comparing}
        aria-disabled={full || undefined}
        onClick={() => {
          if (full) return setRefused(true);
          setRefused(false);
          readShop().compare?.toggle(productId);
        }}
      >
        <span aria-hidden="true">{comparing ? '✓ ' : '+ '}</span>
        Compare<span className="vt-visually-hidden"> {name}</span>
        {full ? <span className="vt-visually-hidden"> (the compare list is full)</span> : null}
      </button>
      {/* A live region from the moment the list is full, so the words are read when a press puts them in. */}
      {full ? (
        <span role="status" className="vt-compare-full">
          {refused ? (
            <>
              {`You can compare up to ${MAX_COMPARE} products. Remove one to add this one. `}
              <Link to="/compare">See the comparison</Link>
            </>
          ) : null}
        </span>
      ) : null}
    </span>
  );
}

/** "Compare (n)": the way to the comparison wherever products are, once the shopper has chosen one. */
export function CompareLink({ className = '' }: { className?: string }) {
  const count = useShop((shop) => shop.compare?.ids.length ?? 0);
  if (!count) return null;
  return (
    <Link to="/compare" className={`vt-compare-link ${className}`.trim()}>
      {`Compare (${count})`}
    </Link>
  );
}
