import { z } from 'zod';
import {
  apiError,
  catalogueChoicesAnswer,
  deletePageAnswer,
  mediaListAnswer,
  publishDraftsAnswer,
  rollbackAnswer,
  saveDraftAnswer,
  studioMaintenanceAnswer,
  studioPageAnswer,
  studioPagesAnswer,
  studioSignInAnswer,
  studioThemeAnswer,
  updatePageAnswer,
  uploadMediaAnswer,
  versionsAnswer,
  type CreatePageRequest,
  type PageDocument,
  type PublishDraftsRequest,
  type SetMaintenanceRequest,
  type StudioSignInAnswer,
  type ThemeDocument,
} from '@vitrine/commerce';

/** A failed Studio call: the HTTP status and the error envelope's code, message and field (0 and NETWORK when offline). */
export class StudioApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'StudioApiError';
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

/** Page fields the owner sets when creating a custom page or changing a page's settings. */
export type PageFields = Required<CreatePageRequest>;

/** What the client needs around it: the session token, and where to report that the session has ended. */
export interface StudioApiOptions {
  token: () => string | null;
  onSessionOver?: (error: StudioApiError) => void;
  fetch?: typeof fetch;
  base?: string;
}

/** The owner's calls of `/api/Studio/*`, each answer checked against its schema. They act on the site of the current Host. */
export function createStudioApi({
  token,
  onSessionOver,
  fetch: fetchImpl = (...args) => fetch(...args),
  base = '/api/Studio',
}: StudioApiOptions) {
  async function call<T>(method: 'GET' | 'POST', path: string, answer: z.ZodType<T>, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    const bearer = token();
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetchImpl(`${base}/${path}`, { method, headers, body: body === undefined ? null : JSON.stringify(body) });
    } catch {
      throw new StudioApiError(0, 'NETWORK', 'The server could not be reached. Check your connection.');
    }
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const parsed = apiError.safeParse(json);
      const error = parsed.success
        ? new StudioApiError(response.status, parsed.data.error.code, parsed.data.error.message, parsed.data.error.field)
        : new StudioApiError(response.status, `HTTP_${response.status}`, `The server answered ${response.status}.`);
      if (error.isSessionOver) onSessionOver?.(error);
      throw error;
    }
    const parsed = answer.safeParse(json);
    if (!parsed.success)
      throw new StudioApiError(response.status, 'BAD_ANSWER', `The server's answer to ${path.split('?')[0]} was not understood.`);
    return parsed.data;
  }
  const ok = z.unknown();
  const q = (value: number) => encodeURIComponent(String(value));

  return {
    signIn: async (email: string, password: string): Promise<StudioSignInAnswer['data']> =>
      (await call('POST', 'SignIn', studioSignInAnswer, { email, password })).data,
    signOut: () => call('POST', 'SignOut', ok, {}),
    getPages: async () => (await call('GET', 'GetPages', studioPagesAnswer)).data.pages,
    getPage: async (pageId: number) => (await call('GET', `GetPage?PageID=${q(pageId)}`, studioPageAnswer)).data.page,
    savePage: async (pageId: number, draftRevision: number, document: PageDocument) =>
      (await call('POST', 'SavePage', saveDraftAnswer, { pageId, draftRevision, document })).data,
    getVersions: async (pageId: number) => (await call('GET', `GetVersions?PageID=${q(pageId)}`, versionsAnswer)).data.versions,
    rollback: async (pageId: number, version: number) => (await call('POST', 'Rollback', rollbackAnswer, { pageId, version })).data,
    createPage: async (fields: PageFields) => (await call('POST', 'CreatePage', studioPageAnswer, fields)).data.page,
    updatePage: async (pageId: number, fields: Partial<PageFields>) =>
      (await call('POST', 'UpdatePage', updatePageAnswer, { pageId, ...fields })).data.page,
    deletePage: (pageId: number) => call('POST', 'DeletePage', deletePageAnswer, { pageId }),
    getTheme: async () => (await call('GET', 'GetTheme', studioThemeAnswer)).data,
    saveTheme: async (draftRevision: number, document: ThemeDocument) =>
      (await call('POST', 'SaveTheme', saveDraftAnswer, { draftRevision, document })).data,
    publish: async (drafts: PublishDraftsRequest) => (await call('POST', 'Publish', publishDraftsAnswer, drafts)).data,
    getThemeVersions: async () => (await call('GET', 'GetThemeVersions', versionsAnswer)).data.versions,
    rollbackTheme: async (version: number) => (await call('POST', 'RollbackTheme', rollbackAnswer, { version })).data,
    uploadMedia: async (fileName: string, base64: string) =>
      (await call('POST', 'UploadMedia', uploadMediaAnswer, { fileName, base64 })).data,
    getMedia: async () => (await call('GET', 'GetMedia', mediaListAnswer)).data.media,
    getCatalogueChoices: async () => (await call('GET', 'GetCatalogueChoices', catalogueChoicesAnswer)).data,
    getMaintenance: async () => (await call('GET', 'GetMaintenance', studioMaintenanceAnswer)).data,
    setMaintenance: async (settings: SetMaintenanceRequest) =>
      (await call('POST', 'SetMaintenance', studioMaintenanceAnswer, settings)).data,
  };
}

/** The owner's Studio calls. */
export type StudioApi = ReturnType<typeof createStudioApi>;
