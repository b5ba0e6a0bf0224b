import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatPrice } from './money.ts';
import { missingOption, productSeoFieldsOf, productStructuredData, type ProductDetail, type ProductPage } from './product.ts';

/** schema.org's shapes as search engines read them for product rich results: what must be there, and of what kind. */
const url = z.url();
const offer = z.object({
  '@type': z.literal('Offer'),
  url,
  price: z.string().regex(/^\d+\.\d{2}$/),
  priceCurrency: z.string().regex(/^[A-Z]{3}$/),
  availability: z.enum(['https://schema.org/InStock', 'https://schema.org/OutOfStock']),
});
const aggregateRating = z.object({
  '@type': z.literal('AggregateRating'),
  ratingValue: z.number().min(1).max(5),
  reviewCount: z.number().int().positive(),
  bestRating: z.literal(5),
  worstRating: z.literal(1),
});
const productBase = {
  '@context': z.literal('https://schema.org'),
  name: z.string().min(1),
  description: z.string(),
  url,
  image: z.array(url).min(1),
  sku: z.string().min(1),
  brand: z.object({ '@type': z.literal('Brand'), name: z.string().min(1) }).optional(),
  aggregateRating: aggregateRating.optional(),
};
const productGroup = z.strictObject({
  ...productBase,
  '@type': z.literal('ProductGroup'),
  productGroupID: z.string().min(1),
  variesBy: z.array(z.string()).min(1),
  hasVariant: z
    .array(z.strictObject({ '@type': z.literal('Product'), name: z.string(), sku: z.string(), url, image: url, offers: offer }))
    .min(1),
});
const breadcrumbList = z.strictObject({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('BreadcrumbList'),
  itemListElement: z
    .array(z.strictObject({ '@type': z.literal('ListItem'), position: z.number().int().positive(), name: z.string(), item: url }))
    .min(1),
});

const skilletPage: ProductPage = {
  productID: 6,
  itemName: 'Cast Iron Skillet',
  productURL: '/cast-iron-skillet',
  description: 'Heavy and good.',
  sku: 'HAR-1005',
  price: 11798,
  compareAtPrice: null,
  isHidePrice: false,
  stockStatusID: 1,
  brand: { name: 'Saltmarsh', url: '/brand/saltmarsh' },
  category: { name: 'Cookware', url: '/kitchen/cookware' },
  breadcrumbs: [
    { name: 'Home', url: '/' },
    { name: 'Kitchen', url: '/kitchen' },
    { name: 'Cookware', url: '/kitchen/cookware' },
    { name: 'Cast Iron Skillet', url: '/cast-iron-skillet' },
  ],
  images: [{ file: 'media://products/skillet-1.webp', width: 800, height: 800, alt: 'Skillet' }],
  attributes: [
    { attributeID: 1, name: 'Size', displayType: 'dropdown', values: [{ valueID: 1, name: 'Small', color: null }] },
    { attributeID: 2, name: 'Colour', displayType: 'color', values: [{ valueID: 4, name: 'Moss', color: '#5a6e4b' }] },
  ],
  variants: [
    { variantID: 11, sku: 'HAR-1005-1', name: 'Small / Moss', price: 11798, stockStatusID: 1, valueIds: [1, 4], imageFile: null },
    { variantID: 12, sku: 'HAR-1005-2', name: 'Medium / Moss', price: 11998, stockStatusID: 2, valueIds: [2, 4], imageFile: null },
  ],
  specifications: [{ name: 'Material', value: 'Iron' }],
  options: [],
  addons: [],
  reviews: { average: 4.2, count: 5, distribution: [] },
};
const skillet: ProductDetail = {
  ...skilletPage,
  ...productSeoFieldsOf(skilletPage, { title: 'Cast Iron Skillet', description: 'Heavy and good.' }),
};
const context = {
  origin: 'https://harbor.example',
  currency: { currencyAbbreviation: 'USD', currencySymbol: '$', currencyRate: 1 },
  imageUrl: (file: string) => `https://harbor.example/media/${file.replace(/^media:\/\//, '')}`,
};

describe('a product’s structured data (§3.12)', () => {
  it('is a ProductGroup of variant Products with Offers, a brand, a rating and a BreadcrumbList, as schema.org shapes them', () => {
    const [group, trail] = productStructuredData(skillet, context);
    const parsedGroup = productGroup.parse(group);
    expect(parsedGroup.variesBy).toEqual(['https://schema.org/size', 'https://schema.org/color']);
    expect(parsedGroup.hasVariant.map((v) => [v.offers.price, v.offers.availability])).toEqual([
      ['117.98', 'https://schema.org/InStock'],
      ['119.98', 'https://schema.org/OutOfStock'],
    ]);
    expect(parsedGroup.hasVariant[1]!.url).toBe('https://harbor.example/cast-iron-skillet?variant=12');
    expect(breadcrumbList.parse(trail).itemListElement.map((i) => i.item)).toEqual([
      'https://harbor.example/',
      'https://harbor.example/kitchen',
      'https://harbor.example/kitchen/cookware',
      'https://harbor.example/cast-iron-skillet',
    ]);
  });

  it('leaves out the rating of a product nobody has reviewed, and the offers of one whose price is hidden', () => {
    const [group] = productStructuredData(
      { ...skillet, reviews: { average: 0, count: 0, distribution: [] }, isHidePrice: true },
      context,
    ) as [Record<string, unknown> & { hasVariant: Record<string, unknown>[] }];
    expect(group).not.toHaveProperty('aggregateRating');
    expect(group.hasVariant[0]).not.toHaveProperty('offers');
    // A shape check that would catch it: the group without offers is not a valid rich result.
    expect(productGroup.safeParse(group).success).toBe(false);
  });

  it('makes a product without variants a Product with one Offer', () => {
    const [product] = productStructuredData({ ...skillet, variants: [], attributes: [] }, context) as [Record<string, unknown>];
    expect(product['@type']).toBe('Product');
    expect(offer.parse(product['offers'])).toMatchObject({ price: '117.98', priceCurrency: 'USD' });
  });

  it('prices its offers as the page shows them, through the one money path, in any currency', () => {
    const shown = (currency: { currencyAbbreviation: string; currencySymbol: string; currencyRate: number }) => {
      const [product] = productStructuredData({ ...skillet, variants: [], attributes: [] }, { ...context, currency }) as [
        Record<string, unknown>,
      ];
      return [(product['offers'] as { price: string }).price, formatPrice(skillet.price, currency)];
    };
    // 11798 cents at 0.92 is 10854.16 cents: the page says €108.54 and so must the offer (it said 117.98).
    expect(shown({ currencyAbbreviation: 'EUR', currencySymbol: '€', currencyRate: 0.92 })).toEqual(['108.54', '€108.54']);
    // A currency without decimals is not divided by a hundred it does not have.
    expect(shown({ currencyAbbreviation: 'JPY', currencySymbol: '¥', currencyRate: 155 })).toEqual(['18287', '¥18,287']);
  });
});

it('names the first mandatory option left empty, as §5 words it', () => {
  const options = [
    { optionID: 1, name: 'Engraving', inputTypeID: 1, isMandatory: false, values: [] },
    { optionID: 2, name: 'Finish', inputTypeID: 3, isMandatory: true, values: [{ valueID: 9, name: 'Matte', price: 0 }] },
    { optionID: 3, name: 'Extras', inputTypeID: 5, isMandatory: true, values: [{ valueID: 8, name: 'Box', price: 100 }] },
  ];
  expect(missingOption(options, {})).toEqual({ optionID: 2, message: 'Finish is required' });
  expect(missingOption(options, { 2: '9', 3: [] })).toEqual({ optionID: 3, message: 'Extras is required' });
  expect(missingOption(options, { 2: '9', 3: ['8'] })).toBeNull();
});

describe('§3.12 product SEO fields', () => {
  it('names the product, its pictures, price, stock, rating, SKU, vendor and meta as the specification does', () => {
    expect(productSeoFieldsOf(skilletPage, { title: 'Skillet for life', description: 'Cast iron, pre-seasoned.' })).toEqual({
      productName: 'Cast Iron Skillet',
      productDesc: 'Heavy and good.',
      productImages: [{ imageFile: 'media://products/skillet-1.webp' }],
      productPrice: { price: 11798, isHidePrice: false },
      productStock: { stockStatusID: 1 },
      productRating: { rating: 4.2, ratingCount: 5 },
      productFields: { sku: 'HAR-1005', vendorName: 'Saltmarsh' },
      productMeta: { title: 'Skillet for life', description: 'Cast iron, pre-seasoned.' },
    });
  });

  it('is out of stock (2) when every variant is, whatever the product row says; without a brand the vendor is null', () => {
    const soldOut = { ...skilletPage, variants: skilletPage.variants.map((variant) => ({ ...variant, stockStatusID: 2 })) };
    expect(productSeoFieldsOf(soldOut, skillet.productMeta).productStock).toEqual({ stockStatusID: 2 });
    const plain = { ...skilletPage, variants: [], stockStatusID: 2, brand: null, isHidePrice: true };
    expect(productSeoFieldsOf(plain, skillet.productMeta)).toMatchObject({
      productStock: { stockStatusID: 2 },
      productFields: { sku: 'HAR-1005', vendorName: null },
      productPrice: { price: 11798, isHidePrice: true },
    });
  });
});
