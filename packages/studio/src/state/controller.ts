import { castDraft } from 'immer';
import {
  MAX_UPLOAD_BYTES,
  themeDocument,
  type CatalogueChoices,
  type ProductChoice,
  type PageDocument,
  type AnalyticsQuery,
  type AnalyticsReport,
  type BulkProductsRequest,
  type OrderSummary,
  type SaveProductRequest,
  type StudioProduct,
  type StudioProductsAnswer,
  type StudioProductsQuery,
  type PublishedVersionSummary,
  type SaveMarketingRequest,
  type SaveRedirectRequest,
  type SetMaintenanceRequest,
  type StudioMaintenanceSettings,
  type StudioMarketingSettings,
  type StoreRedirectSettings,
  type StudioPage,
  type StudioTheme,
  type ThemeDocument,
} from '@vitrine/commerce';
import { readThemeSettings } from '@vitrine/theme-engine';
import {
  StudioApiError,
  type OrderChange,
  type PageFields,
  type StudioApi,
  type StudioOrderRow,
  type StudioOrdersFilter,
} from '../api/client.ts';
import { fileToBase64, type MediaFile } from './media.ts';
import { createAutosaver, type Autosaver } from './autosave.ts';
import type { EditorStore, Scope, StudioSession } from './editor-store.ts';

/**
 * The back office's calls for categories, brands, attributes and stock, passed through as the endpoint table's client
 * makes them.
 */
export type CatalogueCalls = Pick<
  StudioApi,
  | 'getCategories'
  | 'saveCategory'
  | 'moveCategory'
  | 'reorderCategories'
  | 'deleteCategory'
  | 'getBrands'
  | 'saveBrand'
  | 'deleteBrand'
  | 'getAttributes'
  | 'saveAttribute'
  | 'deleteAttribute'
  | 'getInventory'
  | 'setStock'
  | 'getStockMovements'
  | 'getStockSettings'
  | 'saveStockSettings'
>;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The studio's work with the server: loading, saving (through the autosavers), publishing, versions and pages. */
export interface StudioController {
  signIn(email: string, password: string): Promise<StudioSession>;
  signOut(): Promise<void>;
  /** Loads the pages and the theme, and opens the page last edited here (or home). */
  start(): Promise<void>;
  openPage(pageId: number): Promise<void>;
  /** After a conflict: drops this tab's draft and loads the server's. */
  loadTheirs(scope: Scope): Promise<void>;
  /** After a conflict: saves this tab's draft over the server's. */
  keepMine(scope: Scope): Promise<void>;
  retrySave(scope: Scope): void;
  /** Saves whatever is unsaved now. */
  saveNow(): Promise<void>;
  /** Saves, then makes the page and the theme live for shoppers. */
  publish(): Promise<void>;
  versions(scope: Scope): Promise<PublishedVersionSummary[]>;
  restoreVersion(scope: Scope, version: number): Promise<void>;
  createPage(fields: PageFields): Promise<void>;
  updatePage(fields: PageFields): Promise<void>;
  deletePage(pageId: number): Promise<void>;
  uploadMedia(file: File): Promise<MediaFile>;
  /** The store's visits and orders over a period and the one before it (the analytics dashboard). */
  analytics(query: AnalyticsQuery): Promise<AnalyticsReport>;
  getMaintenance(): Promise<StudioMaintenanceSettings>;
  setMaintenance(settings: SetMaintenanceRequest): Promise<StudioMaintenanceSettings>;
  getMarketing(): Promise<StudioMarketingSettings>;
  saveMarketing(settings: SaveMarketingRequest): Promise<StudioMarketingSettings>;
  /** The store's redirect rules and where the whole store has moved; each change answers them all. */
  redirects(): Promise<StoreRedirectSettings>;
  saveRedirect(rule: SaveRedirectRequest): Promise<StoreRedirectSettings>;
  deleteRedirect(ruleId: number): Promise<StoreRedirectSettings>;
  saveRedirectUrl(redirectURL: string): Promise<StoreRedirectSettings>;
  listMedia(): Promise<MediaFile[]>;
  /** The store's categories and brands, for the section settings' pickers. */
  catalogueChoices(): Promise<CatalogueChoices>;
  /** The store's products matching a search, or those named, for the product picker. */
  findProducts(search: { q: string } | { ids: readonly number[] }): Promise<ProductChoice[]>;
  /** A page of the store's products of every status, searched, filtered and sorted, and how many match (to 10,000). */
  products(query: StudioProductsQuery): Promise<StudioProductsAnswer['data']>;
  /** One product as the editor opens it, with the version a save must carry. */
  product(productId: number): Promise<StudioProduct>;
  /** Creates or replaces a product; a stale version is refused (409 PRODUCT_CHANGED, with the version stored now). */
  saveProduct(product: SaveProductRequest): Promise<StudioProduct>;
  /** Publishes, drafts, archives, moves or deletes products, all or none; answers how many changed. */
  bulkProducts(change: BulkProductsRequest): Promise<number>;
  /** The category tree, brands, attributes and stock: each change answers what the screen shows next. */
  catalogue: CatalogueCalls;
  /** A page of the store's orders, newest first, and how many match in all. */
  orders(filter: StudioOrdersFilter): Promise<{ orders: StudioOrderRow[]; total: number }>;
  /** One order whole: lines, addresses, totals and its history. */
  order(orderCode: string): Promise<OrderSummary>;
  /** Moves an order on or marks it paid; the server refuses (409) a move its status does not allow. */
  changeOrder(orderCode: string, change: OrderChange): Promise<OrderSummary>;
  dispose(): void;
}

/** Which draft a refused publish names as saved elsewhere since (`Studio/Publish` says so in the error's field). */
function conflictScope(error: unknown): Scope | null {
  if (!(error instanceof StudioApiError) || error.code !== 'DRAFT_CONFLICT') return null;
  return error.field === 'page.draftRevision' ? 'page' : error.field === 'theme.draftRevision' ? 'theme' : null;
}

/** Says in words what went wrong with a call. */
export function problemText(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong.';
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Creates the controller over a store and the Studio API; `host` keeps one store's keys apart from another's. */
export function createStudioController({
  store,
  api,
  host,
  storage = typeof localStorage === 'undefined' ? null : localStorage,
  autosaveDelay,
}: {
  store: EditorStore;
  api: StudioApi;
  host: string;
  storage?: KeyValueStorage | null;
  autosaveDelay?: number;
}): StudioController {
  const key = (name: string) => `vitrine.studio.${host}.${name}`;
  const savers: { page: Autosaver<PageDocument>; theme: Autosaver<ThemeDocument> } = {
    page: createAutosaver<PageDocument>(
      store,
      {
        scope: 'page',
        document: (state) => state.docs.page,
        save: (document, revision) => api.savePage(store.getState().pageInfo!.pageId, revision, document),
        backupKey: (state) => (state.pageInfo ? key(`page.${state.pageInfo.pageId}`) : null),
      },
      { storage, ...(autosaveDelay === undefined ? {} : { delay: autosaveDelay }) },
    ),
    theme: createAutosaver<ThemeDocument>(
      store,
      {
        scope: 'theme',
        document: (state) => state.docs.theme,
        save: (document, revision) => api.saveTheme(revision, document),
        backupKey: (state) => (state.themeInfo ? key(`theme.${state.themeInfo.themeId}`) : null),
      },
      { storage, ...(autosaveDelay === undefined ? {} : { delay: autosaveDelay }) },
    ),
  };
  let themeUnpublished = false;
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.save.theme.revision !== previous.save.theme.revision && state.save.theme.status !== 'conflict') themeUnpublished = true;
  });

  /**
   * Shows a draft from the server, then puts back what this browser had not yet saved: quietly when it was based on
   * the same revision, as a conflict (keep mine / load theirs) when the server moved on in the meantime.
   */
  function adoptWithBackup<S extends Scope>(scope: S, document: S extends 'page' ? PageDocument : ThemeDocument, revision: number) {
    const saver = savers[scope] as Autosaver<typeof document>;
    const backupKey =
      scope === 'page' ? key(`page.${store.getState().pageInfo?.pageId}`) : key(`theme.${store.getState().themeInfo?.themeId}`);
    const backup = saver.readBackup(backupKey);
    if (!backup || sameJson(backup.document, document)) {
      if (backup) storage?.removeItem(backupKey);
      return;
    }
    if (backup.revision !== revision) {
      store.getState().setSave(scope, {
        status: 'conflict',
        message: `This browser kept changes to the ${scope} that were never saved, but the ${scope} was saved elsewhere since. Keep yours (overwriting the newer version) or load the newer version.`,
      });
    }
    store.getState().edit((docs) => {
      if (scope === 'page') docs.page = castDraft(backup.document as PageDocument);
      else docs.theme = castDraft(backup.document as ThemeDocument);
    });
    if (backup.revision === revision) store.getState().notify(`Restored changes to the ${scope} that had not been saved yet.`, 'info');
  }

  function showPage(page: StudioPage) {
    savers.page.adopt(page.draft);
    store
      .getState()
      .loadPage(
        { pageId: page.pageId, pageTypeId: page.pageTypeId, publishedVersion: page.publishedVersion },
        page.draft,
        page.draftRevision,
      );
    storage?.setItem(key('lastPage'), String(page.pageId));
    adoptWithBackup('page', page.draft, page.draftRevision);
  }

  // Settings are completed with their defaults once, so every edit writes into a whole, valid theme.
  function readThemeDraft(theme: StudioTheme): ThemeDocument {
    const parsed = themeDocument.parse(theme.draft);
    return { ...parsed, settings: readThemeSettings(parsed.settings).settings as Record<string, unknown> };
  }

  function showTheme(theme: StudioTheme) {
    const document = readThemeDraft(theme);
    savers.theme.adopt(document);
    store
      .getState()
      .loadTheme({ themeId: theme.themeId, name: theme.name, publishedVersion: theme.publishedVersion }, document, theme.draftRevision);
    themeUnpublished = theme.hasUnpublishedChanges;
    adoptWithBackup('theme', document, theme.draftRevision);
  }

  /** Puts the server's draft in place of this tab's as one step undo takes back; this browser's backup of it goes. */
  function replacePage(page: StudioPage) {
    savers.page.adopt(page.draft);
    storage?.removeItem(key(`page.${page.pageId}`));
    store.getState().restoreFromServer('page', page.draft, page.draftRevision);
  }

  function replaceTheme(theme: StudioTheme) {
    const document = readThemeDraft(theme);
    savers.theme.adopt(document);
    storage?.removeItem(key(`theme.${theme.themeId}`));
    store.getState().restoreFromServer('theme', document, theme.draftRevision);
  }

  async function refreshPages() {
    store.getState().setPages(await api.getPages());
  }

  async function flushAll() {
    await Promise.all([savers.page.flush(), savers.theme.flush()]);
  }

  return {
    async signIn(email, password) {
      const session = await api.signIn(email, password);
      storage?.setItem('vitrine.studio.session', JSON.stringify(session));
      store.getState().setSession(session);
      // "Your session has ended" is answered now; it must not linger over the editor.
      store.getState().dismissNotice();
      return session;
    },
    async signOut() {
      await flushAll().catch(() => {});
      await api.signOut().catch(() => {});
      storage?.removeItem('vitrine.studio.session');
      store.getState().setSession(null);
    },
    async start() {
      // The page opened last is fetched alongside the list, rather than after it; a page gone since is not waited for.
      const last = Number(storage?.getItem(key('lastPage')));
      const lastPage = last > 0 ? api.getPage(last).catch(() => null) : Promise.resolve(null);
      const [pages, theme] = await Promise.all([api.getPages(), api.getTheme()]);
      store.getState().setPages(pages);
      showTheme(theme);
      const first = pages.find((p) => p.pageId === last) ?? pages.find((p) => p.pageTypeId === 1) ?? pages[0];
      if (!first) return;
      const early = first.pageId === last ? await lastPage : null;
      showPage(early ?? (await api.getPage(first.pageId)));
    },
    async openPage(pageId) {
      if (store.getState().pageInfo?.pageId === pageId) return;
      await savers.page.flush();
      showPage(await api.getPage(pageId));
    },
    async loadTheirs(scope) {
      // One replacement, like restoring a version: undo brings this tab's version back, and autosave then saves it.
      if (scope === 'page') {
        const pageId = store.getState().pageInfo?.pageId;
        if (pageId === undefined) return;
        replacePage(await api.getPage(pageId));
      } else {
        const theme = await api.getTheme();
        replaceTheme(theme);
        themeUnpublished = theme.hasUnpublishedChanges;
      }
      store.getState().notify(`Loaded the latest saved ${scope}. Undo brings yours back.`, 'info');
    },
    async keepMine(scope) {
      const revision =
        scope === 'page' ? (await api.getPage(store.getState().pageInfo!.pageId)).draftRevision : (await api.getTheme()).draftRevision;
      await savers[scope].overwrite(revision);
      store.getState().notify(`Your version of the ${scope} is saved.`, 'success');
    },
    retrySave(scope) {
      savers[scope].retryNow();
    },
    async saveNow() {
      await flushAll();
    },
    async publish() {
      await flushAll();
      const state = store.getState();
      const info = state.pageInfo;
      if (!info) return;
      const themeRevision = state.save.theme.revision;
      // An unchanged theme is left out, so publishing a page does not add a theme version identical to the last.
      const withTheme = themeUnpublished && state.themeInfo !== null;
      const { page, theme } = await api
        .publish({
          page: { pageId: info.pageId, draftRevision: state.save.page.revision },
          ...(withTheme && { theme: { draftRevision: themeRevision } }),
        })
        .catch((error: unknown) => {
          // Saved elsewhere since this tab's last save: nothing went live, and the owner chooses whose draft stays.
          const scope = conflictScope(error);
          if (scope) savers[scope].conflict();
          throw error;
        });
      if (!page)
        throw new StudioApiError(200, 'BAD_ANSWER', "The server's answer to Publish did not say which version of the page is live.");
      // A theme saved again while the publish was out still has changes shoppers do not see.
      if (theme && store.getState().save.theme.revision === themeRevision) themeUnpublished = false;
      store.setState((s) => {
        if (s.pageInfo?.pageId === info.pageId) s.pageInfo.publishedVersion = page.publishedVersion;
        if (s.themeInfo && theme) s.themeInfo.publishedVersion = theme.publishedVersion;
      });
      store.getState().notify(`Published. Shoppers now see version ${page.publishedVersion}.`, 'success');
      await refreshPages().catch(() => {});
    },
    async versions(scope) {
      const list = scope === 'page' ? await api.getVersions(store.getState().pageInfo!.pageId) : await api.getThemeVersions();
      return [...list].sort((a, b) => b.version - a.version);
    },
    async restoreVersion(scope, version) {
      // Unsaved edits are saved first, so the restored draft replaces a known state and nothing half-saved is lost.
      await savers[scope].flush().catch(() => {});
      if (scope === 'page') {
        const pageId = store.getState().pageInfo!.pageId;
        await api.rollback(pageId, version);
        replacePage(await api.getPage(pageId));
      } else {
        await api.rollbackTheme(version);
        replaceTheme(await api.getTheme());
        themeUnpublished = true;
      }
      store.getState().notify(`Version ${version} is back in the draft. Publish to make it live.`, 'success');
      await refreshPages().catch(() => {});
    },
    async createPage(fields) {
      await savers.page.flush();
      const page = await api.createPage(fields);
      await refreshPages();
      showPage(page);
      store.getState().notify(`Created “${fields.title}”.`, 'success');
    },
    async updatePage(fields) {
      const info = store.getState().pageInfo;
      if (!info) return;
      await savers.page.flush();
      const summary = await api.updatePage(info.pageId, fields);
      // The page's fields live in its draft too (the server changed both); take them without an undo entry.
      store.setState((s) => {
        if (!s.docs.page) return;
        s.docs.page.title = summary.title;
        s.docs.page.slug = summary.slug;
        s.docs.page.seo = summary.seo;
        s.save.page.revision = summary.draftRevision;
      });
      savers.page.adopt(store.getState().docs.page);
      await refreshPages();
      store.getState().notify('Page settings saved.', 'success');
    },
    async deletePage(pageId) {
      await api.deletePage(pageId);
      storage?.removeItem(key(`page.${pageId}`));
      const wasOpen = store.getState().pageInfo?.pageId === pageId;
      await refreshPages();
      if (wasOpen) {
        const home = store.getState().pages.find((p) => p.pageTypeId === 1) ?? store.getState().pages[0];
        if (home) showPage(await api.getPage(home.pageId));
      }
      store.getState().notify('Page deleted.', 'success');
    },
    async uploadMedia(file) {
      if (file.size > MAX_UPLOAD_BYTES)
        throw new StudioApiError(413, 'FILE_TOO_LARGE', `Images may be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);
      return api.uploadMedia(file.name, await fileToBase64(file));
    },
    listMedia: () => api.getMedia(),
    catalogueChoices: () => api.getCatalogueChoices(),
    findProducts: (search) => api.findProducts(search),
    analytics: (query) => api.getAnalytics(query),
    getMaintenance: () => api.getMaintenance(),
    setMaintenance: (settings) => api.setMaintenance(settings),
    getMarketing: () => api.getMarketing(),
    saveMarketing: (settings) => api.saveMarketing(settings),
    redirects: () => api.getRedirects(),
    saveRedirect: (rule) => api.saveRedirect(rule),
    deleteRedirect: (ruleId) => api.deleteRedirect(ruleId),
    saveRedirectUrl: (redirectURL) => api.saveRedirectUrl(redirectURL),
    products: (query) => api.getProducts(query),
    product: (productId) => api.getProduct(productId),
    saveProduct: (product) => api.saveProduct(product),
    bulkProducts: (change) => api.bulkProducts(change),
    catalogue: {
      getCategories: api.getCategories,
      saveCategory: api.saveCategory,
      moveCategory: api.moveCategory,
      reorderCategories: api.reorderCategories,
      deleteCategory: api.deleteCategory,
      getBrands: api.getBrands,
      saveBrand: api.saveBrand,
      deleteBrand: api.deleteBrand,
      getAttributes: api.getAttributes,
      saveAttribute: api.saveAttribute,
      deleteAttribute: api.deleteAttribute,
      getInventory: api.getInventory,
      setStock: api.setStock,
      getStockMovements: api.getStockMovements,
      getStockSettings: api.getStockSettings,
      saveStockSettings: api.saveStockSettings,
    },
    orders: (filter) => api.getOrders(filter),
    order: (orderCode) => api.getOrder(orderCode),
    changeOrder: (orderCode, change) => api.setOrderStatus(orderCode, change),
    dispose() {
      unsubscribe();
      savers.page.dispose();
      savers.theme.dispose();
    },
  };
}

/** The owner's session kept in this browser, if it is still readable. */
export function storedSession(
  storage: KeyValueStorage | null = typeof localStorage === 'undefined' ? null : localStorage,
): StudioSession | null {
  try {
    const raw = storage?.getItem('vitrine.studio.session');
    const session = raw ? (JSON.parse(raw) as StudioSession) : null;
    return session && typeof session.sessionToken === 'string' ? session : null;
  } catch {
    return null;
  }
}
