import type { CartItem } from '@vitrine/commerce';

/** A priced item of a code, as the server answers it. */
export function pricedItem(code: string, status = 'ok', price = 1000, addonPrice = 500): CartItem {
  const [productId, quantity, variantId, addons] = code.split('_') as [string, string, string, string];
  const addonIds = addons ? addons.split(',').map(Number) : [];
  return {
    cartItemID: '0',
    cartItemCode: code,
    quantity,
    price: String(price),
    status,
    statusMessage: status === 'ok' ? '' : status,
    product: {
      productID: Number(productId),
      variantID: Number(variantId),
      sku: `SKU-${productId}`,
      itemName: `Product ${productId}`,
      variantName: '',
      price,
      imageFile: null,
      thumbnailFile: `/media/${productId}.webp`,
      productURL: `/product-${productId}`,
    },
    addons: addonIds.map((addonID) => ({
      cartAddonID: '0',
      addonID,
      addonName: `Add-on ${addonID}`,
      quantity,
      price: addonPrice,
      totalPrice: addonPrice * Number(quantity),
    })),
    options: [],
  };
}
