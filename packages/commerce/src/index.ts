export {
  StockStatus,
  attributeDisplayTypes,
  OptionInputType,
  choiceOptionInputTypes,
  socialNetworks,
  customerTypes,
  customerStatuses,
  ACTIVE_CUSTOMER,
  contactRequirementModes,
  AccountMode,
  sectionTypes,
  PageType,
  PageItemType,
  sortOptions,
  reviewRatings,
  reviewSorts,
} from './enums.ts';
export type {
  AttributeDisplayType,
  SocialNetworkId,
  CustomerTypeId,
  CustomerStatusId,
  ContactRequirementMode,
  SectionTypeId,
  PageTypeId,
  SortOptionId,
} from './enums.ts';
export { formatPrice, cartTotal } from './money.ts';
export type { Currency } from './money.ts';
export { buildCartCode, parseCartCode } from './cart-code.ts';
export type { CartCodeParts } from './cart-code.ts';
export { roundRating, BEST_RATING, WORST_RATING } from './rating.ts';
export { statusColour } from './status-colour.ts';
export type { StatusColour } from './status-colour.ts';
export { tempId, isTempId } from './temp-id.ts';
export {
  apiError,
  SiteConfigError,
  domainName,
  getWebInfoQuery,
  tokenPair,
  refreshBody,
  accessTokenPayload,
  siteScripts,
  realtimeDatabaseSettings,
  currency,
  webConfig,
  getWebInfoAnswer,
  productCard,
  categorySummary,
  brandSummary,
  productQuery,
} from './api.ts';
export type {
  ApiError,
  TokenPair,
  AccessTokenPayload,
  WebConfig,
  ProductCard,
  CategorySummary,
  BrandSummary,
  ProductQuery,
} from './api.ts';
export {
  PAGE_DOCUMENT_VERSION,
  THEME_DOCUMENT_VERSION,
  sectionBlock,
  sectionNode,
  pageSeo,
  pageDocument,
  publishedPage,
  themeDocument,
} from './page.ts';
export type { SectionBlock, SectionNode, PageDocument, PublishedPage, ThemeDocument } from './page.ts';
export { IMAGE_ROUTE, imageUrl, mediaUrl } from './media.ts';
export type { ImageRequest } from './media.ts';
