import {
  apiError,
  endpointRequest,
  marketingEndpoints,
  productChangedAnswer,
  readEndpointAnswer,
  studioAnalyticsEndpoints,
  studioAttributeEndpoints,
  studioBrandEndpoints,
  studioCatalogueEndpoints,
  studioCategoryEndpoints,
  studioInventoryEndpoints,
  studioEndpoints,
  studioMediaEndpoints,
  studioOrderEndpoints,
  studioPageEndpoints,
  studioProductEndpoints,
  studioPublishEndpoints,
  studioRedirectEndpoints,
  studioThemeEndpoints,
  type CreatePageRequest,
  type Endpoint,
  type EndpointAnswer,
  type EndpointArgs,
  type OrderStatus,
  type AnalyticsQuery,
  type BulkProductsRequest,
  type DeleteCategoryRequest,
  type MoveCategoryRequest,
  type ReorderCategoriesRequest,
  type SaveAttributeRequest,
  type SaveBrandRequest,
  type SaveCategoryRequest,
  type SetStockRequest,
  type StockMovementsQuery,
  type StudioInventoryQuery,
  type SaveProductRequest,
  type StudioProductsQuery,
  type OrderSummary,
  type PageDocument,
  type PublishDraftsRequest,
  type SaveMarketingRequest,
  type SaveRedirectRequest,
  type SetMaintenanceRequest,
  type ThemeDocument,
} from '@vitrine/commerce';

/** A failed Studio call: the HTTP status and the error envelope's code, message and field (0 and NETWORK when offline). */
export class StudioApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** The version stored now, when a 409 says the thing was saved since (PRODUCT_CHANGED). */
    readonly currentVersion?: number,
  ) {
    super(message);
    this.name = 'StudioApiError';
  }

  /** The server could not be reached (0 and NETWORK). */
  static offline(): StudioApiError {
    return new StudioApiError(0, 'NETWORK', 'The server could not be reached. Check your connection.');
  }

  /** A refused call from its status and answer: the error envelope's code, message and field, or the status alone. */
  static fromAnswer(status: number, json: unknown): StudioApiError {
    const parsed = apiError.safeParse(json);
    const changed = productChangedAnswer.safeParse(json);
    return parsed.success
      ? new StudioApiError(
          status,
          parsed.data.error.code,
          parsed.data.error.message,
          parsed.data.error.field,
          changed.success ? changed.data.error.version : undefined,
        )
      : new StudioApiError(status, `HTTP_${status}`, `The server answered ${status}.`);
  }

  /** The session is missing or over: the owner must sign in again (a wrong password at sign-in is not this). */
  get isSessionOver(): boolean {
    return this.status === 401 && this.code.startsWith('SESSION_');
  }

  /** Another tab or person saved the draft since this one was loaded. */
  get isConflict(): boolean {
    return this.status === 409;
  }
}

/** One order as the studio's list of orders shows it: its code, date, customer, item count, total and statuses. */
export type StudioOrderRow = EndpointAnswer<typeof studioOrderEndpoints.getOrders>['data']['orders'][number];

/** Which orders to list: a status (none for all), a search of code, email, phone or name, and the page (from 1). */
export interface StudioOrdersFilter {
  status?: OrderStatus | undefined;
  q?: string | undefined;
  page?: number | undefined;
}

/** A change to an order: moved on to a status, or marked paid, with the owner's note. */
export type OrderChange = ({ status: OrderStatus } | { paymentStatus: 'Paid' }) & { note?: string };

/** Page fields the owner sets when creating a custom page or changing a page's settings. */
export type PageFields = Required<CreatePageRequest>;

/** What the client needs around it: the session token, and where to report that the session has ended. */
export interface StudioApiOptions {
  token: () => string | null;
  onSessionOver?: (error: StudioApiError) => void;
  fetch?: typeof fetch;
  /** Where the server is, when not this page's own origin (e.g. `http://localhost:3000`). */
  base?: string;
}

/** The owner's calls of `/api/Studio/*`, each from commerce's endpoint table and its answer checked against the table's schema. */
export function createStudioApi({ token, onSessionOver, fetch: fetchImpl = (...args) => fetch(...args), base = '' }: StudioApiOptions) {
  async function call<E extends Endpoint>(endpoint: E, ...args: EndpointArgs<E>): Promise<EndpointAnswer<E>> {
    const request = endpointRequest(endpoint, ...args);
    const headers: Record<string, string> = { accept: 'application/json' };
    const bearer = token();
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetchImpl(`${base}${request.url}`, {
        method: request.method,
        headers,
        body: request.body === undefined ? null : JSON.stringify(request.body),
      });
    } catch {
      throw StudioApiError.offline();
    }
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const error = StudioApiError.fromAnswer(response.status, json);
      if (error.isSessionOver) onSessionOver?.(error);
      throw error;
    }
    try {
      return readEndpointAnswer(endpoint, json);
    } catch {
      throw new StudioApiError(response.status, 'BAD_ANSWER', `The server's answer to ${endpoint.path} was not understood.`);
    }
  }
  const pages = studioPageEndpoints;
  const theme = studioThemeEndpoints;
  const page = (pageId: number) => ({ query: { PageID: String(pageId) } });

  return {
    signIn: async (email: string, password: string) => (await call(studioEndpoints.signIn, { body: { email, password } })).data,
    signOut: () => call(studioEndpoints.signOut),
    getPages: async () => (await call(pages.getPages)).data.pages,
    getPage: async (pageId: number) => (await call(pages.getPage, page(pageId))).data.page,
    savePage: async (pageId: number, draftRevision: number, document: PageDocument) =>
      (await call(pages.savePage, { body: { pageId, draftRevision, document } })).data,
    getVersions: async (pageId: number) => (await call(pages.getVersions, page(pageId))).data.versions,
    rollback: async (pageId: number, version: number) => (await call(pages.rollback, { body: { pageId, version } })).data,
    createPage: async (fields: PageFields) => (await call(pages.createPage, { body: fields })).data.page,
    updatePage: async (pageId: number, fields: Partial<PageFields>) =>
      (await call(pages.updatePage, { body: { pageId, ...fields } })).data.page,
    deletePage: (pageId: number) => call(pages.deletePage, { body: { pageId } }),
    getTheme: async () => (await call(theme.getTheme)).data,
    saveTheme: async (draftRevision: number, document: ThemeDocument) =>
      (await call(theme.saveTheme, { body: { draftRevision, document } })).data,
    publish: async (drafts: PublishDraftsRequest) => (await call(studioPublishEndpoints.publish, { body: drafts })).data,
    getThemeVersions: async () => (await call(theme.getThemeVersions)).data.versions,
    rollbackTheme: async (version: number) => (await call(theme.rollbackTheme, { body: { version } })).data,
    uploadMedia: async (fileName: string, base64: string) =>
      (await call(studioMediaEndpoints.uploadMedia, { body: { fileName, base64 } })).data,
    getMedia: async () => (await call(studioMediaEndpoints.getMedia)).data.media,
    getCatalogueChoices: async () => (await call(studioCatalogueEndpoints.getCatalogueChoices)).data,
    findProducts: async (search: { q: string } | { ids: readonly number[] }) =>
      (
        await call(studioCatalogueEndpoints.findProducts, {
          query: 'ids' in search ? { ids: search.ids.join(',') } : { q: search.q },
        })
      ).data.products,
    getOrders: async ({ status, q, page }: StudioOrdersFilter) =>
      (await call(studioOrderEndpoints.getOrders, { query: { Status: status, Q: q?.trim() || undefined, Page: page ?? 1 } })).data,
    getOrder: async (orderCode: string): Promise<OrderSummary> =>
      (await call(studioOrderEndpoints.getOrder, { query: { OrderCode: orderCode } })).data.order,
    setOrderStatus: async (orderCode: string, change: OrderChange): Promise<OrderSummary> =>
      (await call(studioOrderEndpoints.setOrderStatus, { body: { orderCode, ...change } })).data.order,
    getProducts: async (query: StudioProductsQuery) => (await call(studioProductEndpoints.getProducts, { query })).data,
    getProduct: async (productId: number) => (await call(studioProductEndpoints.getProduct, { query: { productId } })).data.product,
    saveProduct: async (product: SaveProductRequest) => (await call(studioProductEndpoints.saveProduct, { body: product })).data.product,
    bulkProducts: async (change: BulkProductsRequest) => (await call(studioProductEndpoints.bulkProducts, { body: change })).data.changed,
    getCategories: async () => (await call(studioCategoryEndpoints.getCategories)).data.categories,
    saveCategory: async (category: SaveCategoryRequest) =>
      (await call(studioCategoryEndpoints.saveCategory, { body: category })).data.category,
    moveCategory: async (move: MoveCategoryRequest) => (await call(studioCategoryEndpoints.moveCategory, { body: move })).data.categories,
    reorderCategories: async (order: ReorderCategoriesRequest) =>
      (await call(studioCategoryEndpoints.reorderCategories, { body: order })).data.categories,
    deleteCategory: async (request: DeleteCategoryRequest) =>
      (await call(studioCategoryEndpoints.deleteCategory, { body: request })).data.categories,
    getBrands: async () => (await call(studioBrandEndpoints.getBrands)).data.brands,
    saveBrand: async (brand: SaveBrandRequest) => (await call(studioBrandEndpoints.saveBrand, { body: brand })).data.brand,
    deleteBrand: async (brandId: number) => (await call(studioBrandEndpoints.deleteBrand, { body: { brandId } })).data.brands,
    getAttributes: async () => (await call(studioAttributeEndpoints.getAttributes)).data.attributes,
    saveAttribute: async (attribute: SaveAttributeRequest) =>
      (await call(studioAttributeEndpoints.saveAttribute, { body: attribute })).data.attribute,
    deleteAttribute: async (attributeId: number) =>
      (await call(studioAttributeEndpoints.deleteAttribute, { body: { attributeId } })).data.attributes,
    getInventory: async (query: StudioInventoryQuery) => (await call(studioInventoryEndpoints.getInventory, { query })).data,
    setStock: async (request: SetStockRequest) => (await call(studioInventoryEndpoints.setStock, { body: request })).data.items,
    getStockMovements: async (query: StockMovementsQuery) => (await call(studioInventoryEndpoints.getStockMovements, { query })).data,
    getStockSettings: async () => (await call(studioInventoryEndpoints.getStockSettings)).data,
    saveStockSettings: async (lowStockThreshold: number) =>
      (await call(studioInventoryEndpoints.saveStockSettings, { body: { lowStockThreshold } })).data,
    getAnalytics: async (query: AnalyticsQuery) => (await call(studioAnalyticsEndpoints.getAnalytics, { query })).data,
    getMaintenance: async () => (await call(studioEndpoints.getMaintenance)).data,
    setMaintenance: async (settings: SetMaintenanceRequest) => (await call(studioEndpoints.setMaintenance, { body: settings })).data,
    getMarketing: async () => (await call(marketingEndpoints.getMarketing)).data,
    saveMarketing: async (settings: SaveMarketingRequest) => (await call(marketingEndpoints.saveMarketing, { body: settings })).data,
    getRedirects: async () => (await call(studioRedirectEndpoints.getRedirects)).data,
    saveRedirect: async (rule: SaveRedirectRequest) => (await call(studioRedirectEndpoints.saveRedirect, { body: rule })).data,
    deleteRedirect: async (ruleId: number) => (await call(studioRedirectEndpoints.deleteRedirect, { body: { ruleId } })).data,
    saveRedirectUrl: async (redirectURL: string) => (await call(studioRedirectEndpoints.saveRedirectUrl, { body: { redirectURL } })).data,
  };
}

/** The owner's Studio calls. */
export type StudioApi = ReturnType<typeof createStudioApi>;
