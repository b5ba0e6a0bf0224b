import { z } from 'zod';
import { setMaintenanceRequest, studioMaintenanceAnswer, studioSignInAnswer, studioSignInRequest } from './account.ts';
import { orderAnswer, orderCodeQuery, setOrderStatusRequest, studioOrdersAnswer, studioOrdersQuery } from './orders.ts';
import { analyticsAnswer, analyticsQuery } from './analytics.ts';
import {
  STUDIO_PAGE_BODY_BYTES,
  MAX_UPLOAD_BYTES,
  catalogueChoicesAnswer,
  createPageRequest,
  findProductsAnswer,
  findProductsQuery,
  deletePageAnswer,
  deletePageRequest,
  mediaListAnswer,
  publishAnswer,
  publishDraftsAnswer,
  publishDraftsRequest,
  publishPageRequest,
  publishThemeRequest,
  rollbackAnswer,
  rollbackPageRequest,
  rollbackThemeRequest,
  saveDraftAnswer,
  savePageRequest,
  saveThemeRequest,
  studioPageAnswer,
  studioPageQuery,
  studioPagesAnswer,
  studioThemeAnswer,
  updatePageAnswer,
  updatePageRequest,
  uploadMediaAnswer,
  uploadMediaRequest,
  versionsAnswer,
} from './studio.ts';
import { endpoint } from './endpoint.ts';
import {
  bulkProductsAnswer,
  bulkProductsRequest,
  saveProductRequest,
  studioProductAnswer,
  studioProductQuery,
  studioProductsAnswer,
  studioProductsQuery,
} from './studio-products.ts';
import {
  deleteCategoryRequest,
  moveCategoryRequest,
  reorderCategoriesRequest,
  saveCategoryRequest,
  studioCategoriesAnswer,
  studioCategoryAnswer,
} from './studio-categories.ts';
import { deleteAttributeRequest, saveAttributeRequest, studioAttributeAnswer, studioAttributesAnswer } from './studio-attributes.ts';
import { deleteBrandRequest, saveBrandRequest, studioBrandAnswer, studioBrandsAnswer } from './studio-brands.ts';
import { deleteRedirectRequest, redirectsAnswer, saveRedirectRequest, saveRedirectUrlRequest } from './redirects.ts';
import {
  saveStockSettingsRequest,
  setStockAnswer,
  setStockRequest,
  stockMovementsAnswer,
  stockMovementsQuery,
  stockSettingsAnswer,
  studioInventoryAnswer,
  studioInventoryQuery,
} from './studio-inventory.ts';

/** A theme document's largest body. */
const THEME_BODY_BYTES = 2 * 1024 * 1024;

/** A product's largest body: a long description and 250 variants fit well inside it. */
const PRODUCT_BODY_BYTES = 2 * 1024 * 1024;

/** A file an upload's body can carry: the image as base64 (4 characters for every 3 bytes) and a little JSON around it. */
const UPLOAD_BODY_BYTES = Math.ceil(MAX_UPLOAD_BYTES / 3) * 4 + 64 * 1024;

/** The owner's studio session and the store's maintenance switch (product.md). */
export const studioEndpoints = {
  signIn: endpoint({
    method: 'POST',
    path: '/api/Studio/SignIn',
    caller: 'visitor',
    body: studioSignInRequest,
    answer: studioSignInAnswer,
  }),
  signOut: endpoint({
    method: 'POST',
    path: '/api/Studio/SignOut',
    caller: 'studio-session',
    answer: z.object({ data: z.object({ signedOut: z.literal(true) }) }),
  }),
  getMaintenance: endpoint({ method: 'GET', path: '/api/Studio/GetMaintenance', caller: 'owner', answer: studioMaintenanceAnswer }),
  setMaintenance: endpoint({
    method: 'POST',
    path: '/api/Studio/SetMaintenance',
    caller: 'owner',
    body: setMaintenanceRequest,
    answer: z.object({
      data: studioMaintenanceAnswer.shape.data.extend({ realtimeDatabase: z.string().optional() }),
    }),
  }),
};

/** The studio's pages: list, open, save a draft, publish, versions, create, change, delete. */
export const studioPageEndpoints = {
  getPages: endpoint({ method: 'GET', path: '/api/Studio/GetPages', caller: 'owner', answer: studioPagesAnswer }),
  getPage: endpoint({ method: 'GET', path: '/api/Studio/GetPage', caller: 'owner', query: studioPageQuery, answer: studioPageAnswer }),
  savePage: endpoint({
    method: 'POST',
    path: '/api/Studio/SavePage',
    caller: 'owner',
    body: savePageRequest,
    answer: saveDraftAnswer,
    bodyLimit: STUDIO_PAGE_BODY_BYTES,
  }),
  publishPage: endpoint({
    method: 'POST',
    path: '/api/Studio/PublishPage',
    caller: 'owner',
    body: publishPageRequest,
    answer: publishAnswer,
  }),
  getVersions: endpoint({
    method: 'GET',
    path: '/api/Studio/GetVersions',
    caller: 'owner',
    query: studioPageQuery,
    answer: versionsAnswer,
  }),
  rollback: endpoint({ method: 'POST', path: '/api/Studio/Rollback', caller: 'owner', body: rollbackPageRequest, answer: rollbackAnswer }),
  createPage: endpoint({
    method: 'POST',
    path: '/api/Studio/CreatePage',
    caller: 'owner',
    body: createPageRequest,
    answer: studioPageAnswer,
    status: 201,
  }),
  updatePage: endpoint({
    method: 'POST',
    path: '/api/Studio/UpdatePage',
    caller: 'owner',
    body: updatePageRequest,
    answer: updatePageAnswer,
  }),
  deletePage: endpoint({
    method: 'POST',
    path: '/api/Studio/DeletePage',
    caller: 'owner',
    body: deletePageRequest,
    answer: deletePageAnswer,
  }),
};

/** The studio's theme: open, save a draft, publish, versions. */
export const studioThemeEndpoints = {
  getTheme: endpoint({ method: 'GET', path: '/api/Studio/GetTheme', caller: 'owner', answer: studioThemeAnswer }),
  saveTheme: endpoint({
    method: 'POST',
    path: '/api/Studio/SaveTheme',
    caller: 'owner',
    body: saveThemeRequest,
    answer: saveDraftAnswer,
    bodyLimit: THEME_BODY_BYTES,
  }),
  publishTheme: endpoint({
    method: 'POST',
    path: '/api/Studio/PublishTheme',
    caller: 'owner',
    body: publishThemeRequest,
    answer: publishAnswer,
  }),
  getThemeVersions: endpoint({
    method: 'GET',
    path: '/api/Studio/GetThemeVersions',
    caller: 'owner',
    answer: versionsAnswer,
  }),
  rollbackTheme: endpoint({
    method: 'POST',
    path: '/api/Studio/RollbackTheme',
    caller: 'owner',
    body: rollbackThemeRequest,
    answer: rollbackAnswer,
  }),
};

/** Publishing a page and the theme together, or neither. */
export const studioPublishEndpoints = {
  publish: endpoint({
    method: 'POST',
    path: '/api/Studio/Publish',
    caller: 'owner',
    body: publishDraftsRequest,
    answer: publishDraftsAnswer,
  }),
};

/** The store's media library. */
export const studioMediaEndpoints = {
  uploadMedia: endpoint({
    method: 'POST',
    path: '/api/Studio/UploadMedia',
    caller: 'owner',
    body: uploadMediaRequest,
    answer: uploadMediaAnswer,
    bodyLimit: UPLOAD_BODY_BYTES,
  }),
  getMedia: endpoint({ method: 'GET', path: '/api/Studio/GetMedia', caller: 'owner', answer: mediaListAnswer }),
};

/** What the studio's product, category and brand settings offer. */
export const studioCatalogueEndpoints = {
  getCatalogueChoices: endpoint({
    method: 'GET',
    path: '/api/Studio/GetCatalogueChoices',
    caller: 'owner',
    answer: catalogueChoicesAnswer,
  }),
  findProducts: endpoint({
    method: 'GET',
    path: '/api/Studio/FindProducts',
    caller: 'owner',
    query: findProductsQuery,
    answer: findProductsAnswer,
  }),
};

/** The back office's products (issue 34): the list, one product for the editor, its save, and bulk changes. */
export const studioProductEndpoints = {
  getProducts: endpoint({
    method: 'GET',
    path: '/api/Studio/GetProducts',
    caller: 'owner',
    query: studioProductsQuery,
    answer: studioProductsAnswer,
  }),
  getProduct: endpoint({
    method: 'GET',
    path: '/api/Studio/GetProduct',
    caller: 'owner',
    query: studioProductQuery,
    answer: studioProductAnswer,
  }),
  saveProduct: endpoint({
    method: 'POST',
    path: '/api/Studio/SaveProduct',
    caller: 'owner',
    body: saveProductRequest,
    answer: studioProductAnswer,
    bodyLimit: PRODUCT_BODY_BYTES,
  }),
  bulkProducts: endpoint({
    method: 'POST',
    path: '/api/Studio/BulkProducts',
    caller: 'owner',
    body: bulkProductsRequest,
    answer: bulkProductsAnswer,
  }),
};

/** The back office's categories (issue 34): the tree, a category's save, its move, the siblings' order, its delete. */
export const studioCategoryEndpoints = {
  getCategories: endpoint({
    method: 'GET',
    path: '/api/Studio/GetCategories',
    caller: 'owner',
    answer: studioCategoriesAnswer,
  }),
  saveCategory: endpoint({
    method: 'POST',
    path: '/api/Studio/SaveCategory',
    caller: 'owner',
    body: saveCategoryRequest,
    answer: studioCategoryAnswer,
    bodyLimit: PRODUCT_BODY_BYTES,
  }),
  moveCategory: endpoint({
    method: 'POST',
    path: '/api/Studio/MoveCategory',
    caller: 'owner',
    body: moveCategoryRequest,
    answer: studioCategoriesAnswer,
  }),
  reorderCategories: endpoint({
    method: 'POST',
    path: '/api/Studio/ReorderCategories',
    caller: 'owner',
    body: reorderCategoriesRequest,
    answer: studioCategoriesAnswer,
  }),
  deleteCategory: endpoint({
    method: 'POST',
    path: '/api/Studio/DeleteCategory',
    caller: 'owner',
    body: deleteCategoryRequest,
    answer: studioCategoriesAnswer,
  }),
};

/** The back office's brands (issue 34): the list, a brand's save, its delete. */
export const studioBrandEndpoints = {
  getBrands: endpoint({ method: 'GET', path: '/api/Studio/GetBrands', caller: 'owner', answer: studioBrandsAnswer }),
  saveBrand: endpoint({
    method: 'POST',
    path: '/api/Studio/SaveBrand',
    caller: 'owner',
    body: saveBrandRequest,
    answer: studioBrandAnswer,
    bodyLimit: PRODUCT_BODY_BYTES,
  }),
  deleteBrand: endpoint({
    method: 'POST',
    path: '/api/Studio/DeleteBrand',
    caller: 'owner',
    body: deleteBrandRequest,
    answer: studioBrandsAnswer,
  }),
};

/** The back office's attributes and their values (issue 34): the list, an attribute's save, its delete. */
export const studioAttributeEndpoints = {
  getAttributes: endpoint({ method: 'GET', path: '/api/Studio/GetAttributes', caller: 'owner', answer: studioAttributesAnswer }),
  saveAttribute: endpoint({
    method: 'POST',
    path: '/api/Studio/SaveAttribute',
    caller: 'owner',
    body: saveAttributeRequest,
    answer: studioAttributeAnswer,
  }),
  deleteAttribute: endpoint({
    method: 'POST',
    path: '/api/Studio/DeleteAttribute',
    caller: 'owner',
    body: deleteAttributeRequest,
    answer: studioAttributesAnswer,
  }),
};

/** The store's orders in the studio: listed, read, moved on through their statuses, marked paid, cancelled. */
export const studioOrderEndpoints = {
  getOrders: endpoint({
    method: 'GET',
    path: '/api/Studio/GetOrders',
    caller: 'owner',
    query: studioOrdersQuery,
    answer: studioOrdersAnswer,
  }),
  getOrder: endpoint({ method: 'GET', path: '/api/Studio/GetOrder', caller: 'owner', query: orderCodeQuery, answer: orderAnswer }),
  setOrderStatus: endpoint({
    method: 'POST',
    path: '/api/Studio/SetOrderStatus',
    caller: 'owner',
    body: setOrderStatusRequest,
    answer: orderAnswer,
  }),
};

/** The owner's analytics, from the store's own tracking and orders. */
export const studioAnalyticsEndpoints = {
  getAnalytics: endpoint({
    method: 'GET',
    path: '/api/Studio/GetAnalytics',
    caller: 'owner',
    query: analyticsQuery,
    answer: analyticsAnswer,
  }),
};

/** The store's redirect rules (§2.1) and where the whole store has moved (`redirectURL`, §3.2); each answers them all. */
export const studioRedirectEndpoints = {
  getRedirects: endpoint({ method: 'GET', path: '/api/Studio/GetRedirects', caller: 'owner', answer: redirectsAnswer }),
  saveRedirect: endpoint({
    method: 'POST',
    path: '/api/Studio/SaveRedirect',
    caller: 'owner',
    body: saveRedirectRequest,
    answer: redirectsAnswer,
  }),
  deleteRedirect: endpoint({
    method: 'POST',
    path: '/api/Studio/DeleteRedirect',
    caller: 'owner',
    body: deleteRedirectRequest,
    answer: redirectsAnswer,
  }),
  saveRedirectUrl: endpoint({
    method: 'POST',
    path: '/api/Studio/SaveRedirectURL',
    caller: 'owner',
    body: saveRedirectUrlRequest,
    answer: redirectsAnswer,
  }),
};

/** The back office's stock (issue 34): every count, counts set in place, the ledger, and the low-stock threshold. */
export const studioInventoryEndpoints = {
  getInventory: endpoint({
    method: 'GET',
    path: '/api/Studio/GetInventory',
    caller: 'owner',
    query: studioInventoryQuery,
    answer: studioInventoryAnswer,
  }),
  setStock: endpoint({
    method: 'POST',
    path: '/api/Studio/SetStock',
    caller: 'owner',
    body: setStockRequest,
    answer: setStockAnswer,
  }),
  getStockMovements: endpoint({
    method: 'GET',
    path: '/api/Studio/GetStockMovements',
    caller: 'owner',
    query: stockMovementsQuery,
    answer: stockMovementsAnswer,
  }),
  getStockSettings: endpoint({
    method: 'GET',
    path: '/api/Studio/GetStockSettings',
    caller: 'owner',
    answer: stockSettingsAnswer,
  }),
  saveStockSettings: endpoint({
    method: 'POST',
    path: '/api/Studio/SaveStockSettings',
    caller: 'owner',
    body: saveStockSettingsRequest,
    answer: stockSettingsAnswer,
  }),
};
