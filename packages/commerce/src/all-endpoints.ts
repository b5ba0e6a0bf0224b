import { accountEndpoints, authEndpoints, orderEndpoints } from './customer-endpoints.ts';
import { reviewEndpoints } from './review-endpoints.ts';
import { catalogueEndpoints, pageEndpoints } from './catalogue-endpoints.ts';
import { cartEndpoints, maintenanceEndpoints, webEndpoints, wishlistEndpoints } from './endpoints.ts';
import { formEndpoints } from './form-endpoints.ts';
import {
  studioAnalyticsEndpoints,
  studioAttributeEndpoints,
  studioBrandEndpoints,
  studioCatalogueEndpoints,
  studioCategoryEndpoints,
  studioEndpoints,
  studioInventoryEndpoints,
  studioMediaEndpoints,
  studioOrderEndpoints,
  studioPageEndpoints,
  studioProductEndpoints,
  studioPublishEndpoints,
  studioRedirectEndpoints,
  studioThemeEndpoints,
} from './studio-endpoints.ts';
import { studioCatalogueCsvEndpoints } from './studio-catalogue-csv.ts';
import { trackingEndpoints } from './tracking-endpoints.ts';
import { marketingEndpoints } from './marketing-endpoints.ts';

/** The whole API, by group. */
export const endpoints = {
  web: webEndpoints,
  maintenance: maintenanceEndpoints,
  auth: authEndpoints,
  account: accountEndpoints,
  page: pageEndpoints,
  catalogue: catalogueEndpoints,
  reviews: reviewEndpoints,
  cart: cartEndpoints,
  orders: orderEndpoints,
  wishlist: wishlistEndpoints,
  forms: formEndpoints,
  studio: studioEndpoints,
  studioPages: studioPageEndpoints,
  studioTheme: studioThemeEndpoints,
  studioPublish: studioPublishEndpoints,
  studioMedia: studioMediaEndpoints,
  studioCatalogue: studioCatalogueEndpoints,
  studioProducts: studioProductEndpoints,
  studioCatalogueCsv: studioCatalogueCsvEndpoints,
  studioCategories: studioCategoryEndpoints,
  studioBrands: studioBrandEndpoints,
  studioAttributes: studioAttributeEndpoints,
  studioInventory: studioInventoryEndpoints,
  studioOrders: studioOrderEndpoints,
  marketing: marketingEndpoints,
  studioAnalytics: studioAnalyticsEndpoints,
  studioRedirects: studioRedirectEndpoints,
  tracking: trackingEndpoints,
} as const;
