/** Enumerations of the specification (§3.15), each as a const map so that ids and names stay in one place. */

/** How many products the compare page sets side by side. */
export const MAX_COMPARE = 4;

/** Stock status ids: 1 in stock, 2 out of stock. */
export const StockStatus = { InStock: 1, OutOfStock: 2 } as const;

/** How an attribute's values are shown on the product page. */
export const attributeDisplayTypes = ['dropdown', 'namelist', 'color'] as const;
export type AttributeDisplayType = (typeof attributeDisplayTypes)[number];

/** Product option input types 1–6. */
export const OptionInputType = { Text: 1, Textarea: 2, Dropdown: 3, Radio: 4, Checkbox: 5, File: 6 } as const;
/** The option input types whose values are chosen from a list. */
export const choiceOptionInputTypes: readonly number[] = [3, 4, 5];

/**
 * Social networks 1–10: a large social network first, a messaging service last.
 * The specification leaves the order of the middle ones open; this order is ours and is now fixed.
 */
export const socialNetworks = {
  1: 'Facebook',
  2: 'X',
  3: 'Google',
  4: 'LinkedIn',
  5: 'Pinterest',
  6: 'Tumblr',
  7: 'Instagram',
  8: 'Threads',
  9: 'YouTube',
  10: 'WhatsApp',
} as const satisfies Record<number, string>;
export type SocialNetworkId = keyof typeof socialNetworks;

/** Customer types 1–3. */
export const customerTypes = { 1: 'Individual', 2: 'Corporate', 3: 'Reseller' } as const;
export type CustomerTypeId = keyof typeof customerTypes;

/** Customer statuses 1–5; only Active (3) may sign in. */
export const customerStatuses = {
  1: 'Prospective Customer',
  2: 'Approval Pending',
  3: 'Active',
  4: 'Rejected',
  5: 'Deactivated',
} as const;
export type CustomerStatusId = keyof typeof customerStatuses;
export const ACTIVE_CUSTOMER: CustomerStatusId = 3;

/** Which of email and phone a sign-up or checkout needs (modes 1–6). */
export const contactRequirementModes = {
  1: 'both required',
  2: 'email required, phone optional',
  3: 'phone required, email optional',
  4: 'either email or phone',
  5: 'email only',
  6: 'phone only',
} as const;
export type ContactRequirementMode = keyof typeof contactRequirementModes;

/** Account modes for checkout: 1 required, 2 optional, 3 disabled. */
export const AccountMode = { Required: 1, Optional: 2, Disabled: 3 } as const;

/** Page section types 1–22, by id. */
export const sectionTypes = {
  1: 'header',
  2: 'footer',
  3: 'products',
  4: 'categories',
  5: 'brands',
  6: 'hero banner',
  7: 'banners',
  8: 'content',
  9: 'CTA',
  10: 'about',
  11: 'services',
  12: 'features',
  13: 'clients',
  14: 'testimonials',
  15: 'promotion',
  16: 'pricing',
  17: 'team',
  18: 'contact',
  19: 'social media',
  20: 'subscribe',
  21: 'forms',
  22: 'HTML',
} as const;
export type SectionTypeId = keyof typeof sectionTypes;

/** Page types 1–4. */
export const PageType = { Home: 1, Custom: 2, Product: 3, Listing: 4 } as const;
export type PageTypeId = (typeof PageType)[keyof typeof PageType];

/** Page item types 1–4. */
export const PageItemType = { ProductCategory: 1, ProductGroup: 2, ProductDetail: 3, CustomPage: 4 } as const;

/** Listing sort options 1–8. */
export const sortOptions = {
  1: 'popularity',
  2: 'price low-high',
  3: 'price high-low',
  4: 'A-Z',
  5: 'Z-A',
  6: 'highest rated',
  7: 'recently added',
  8: 'relevance',
} as const;
export type SortOptionId = keyof typeof sortOptions;

/** Review ratings, shown highest first. */
export const reviewRatings = [
  { value: 5, label: 'Excellent' },
  { value: 4, label: 'Good' },
  { value: 3, label: 'Average' },
  { value: 2, label: 'Fair' },
  { value: 1, label: 'Poor' },
] as const;

/** Review sort: 1 Most Helpful, 2 Most Recent. */
export const reviewSorts = { 1: 'Most Helpful', 2: 'Most Recent' } as const;
