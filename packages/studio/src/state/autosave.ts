import { StudioApiError } from '../api/client.ts';
import type { EditorState, EditorStore, Scope } from './editor-store.ts';

/** What the autosaver needs to know about one draft: where it sits in the store and how the server saves it. */
export interface DraftTarget<D> {
  scope: Scope;
  document(state: EditorState): D | null;
  /** Saves the draft on top of `revision`; answers the new revision, or throws a 409 when the server has a newer one. */
  save(document: D, revision: number): Promise<{ draftRevision: number }>;
  /** Where this draft's unsaved copy is kept in the browser, so a reload or a crash loses nothing. */
  backupKey(state: EditorState): string | null;
}

/** The copy of an unsaved draft kept in browser storage, with the revision it was based on. */
export interface DraftBackup<D> {
  revision: number;
  document: D;
  at: number;
}

export interface AutosaveOptions {
  /** Quiet time after the last change before saving. */
  delay?: number;
  /** Waits between failed attempts, growing; the last is repeated. */
  retryDelays?: readonly number[];
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /**
   * Quiet time before the browser copy is written (at most 2 s after the first unsaved change): serialising a big
   * page on every keystroke would cost the owner latency. It is also written at once when the page is hidden or
   * closed (`lifecycle`).
   */
  backupDelay?: number;
  /** Where `pagehide` and `visibilitychange` are heard; the browser window by default. */
  lifecycle?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
}

/** One draft's autosaver. */
export interface Autosaver<D> {
  /** Declares `document` as what the server holds (just loaded or restored), so it is not saved back. */
  adopt(document: D | null): void;
  /** Saves now if anything is unsaved, and resolves once everything is; rejects on a conflict or error. */
  flush(): Promise<void>;
  /** Saves again at once after an error (the top bar's Retry). */
  retryNow(): void;
  /** Keeps this tab's draft after a conflict: saves it on top of the server's newest revision. */
  overwrite(latestRevision: number): Promise<void>;
  /** Another call (a publish) found a newer draft on the server: shows the same conflict a refused save does. */
  conflict(): void;
  readBackup(key: string): DraftBackup<D> | null;
  dispose(): void;
}

/** The longest an unsaved change waits for its browser copy while the owner keeps typing. */
const BACKUP_MAX_WAIT = 2000;

const conflictMessage = {
  page: 'This page was saved in another tab or by someone else after you opened it. Load their version, or keep yours and overwrite theirs.',
  theme:
    'The theme was saved in another tab or by someone else after you opened it. Load their version, or keep yours and overwrite theirs.',
};

/**
 * Saves a draft by itself: a quiet moment after each change, one save at a time, the server's revision sent with
 * each (two tabs cannot silently overwrite each other: the later one gets a conflict and says so), failed saves
 * retried with growing waits, and every unsaved change copied to browser storage (a moment after typing, at once when the page is hidden or
 * closed) until the server has it.
 */
export function createAutosaver<D>(store: EditorStore, target: DraftTarget<D>, options: AutosaveOptions = {}): Autosaver<D> {
  const { delay = 800, retryDelays = [1000, 2000, 5000, 10_000, 30_000], backupDelay = 200 } = options;
  const storage = options.storage === undefined ? (typeof localStorage === 'undefined' ? null : localStorage) : options.storage;
  const lifecycle = options.lifecycle === undefined ? (typeof window === 'undefined' ? null : window) : options.lifecycle;
  const { scope } = target;
  let saved: D | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let backupTimer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> | null = null;
  let attempts = 0;
  let disposed = false;

  const status = () => store.getState().save[scope].status;
  const current = () => target.document(store.getState());
  const setSave = store.getState().setSave;

  const writeBackup = () => {
    clearTimeout(backupTimer);
    backupTimer = undefined;
    const document = current();
    if (document === null || document === saved) return;
    const key = target.backupKey(store.getState());
    if (!key || !storage) return;
    try {
      storage.setItem(
        key,
        JSON.stringify({ revision: store.getState().save[scope].revision, document, at: Date.now() } satisfies DraftBackup<D>),
      );
    } catch {
      // Storage full or blocked: the server copy is still coming, and the save state says whether it arrived.
    }
  };
  // Written once typing pauses, and at least every few seconds while it does not, so a crash loses little.
  let backupDue = 0;
  const scheduleBackup = () => {
    if (!storage) return;
    const now = Date.now();
    if (backupTimer === undefined) backupDue = now + BACKUP_MAX_WAIT;
    clearTimeout(backupTimer);
    backupTimer = setTimeout(writeBackup, Math.max(0, Math.min(backupDelay, backupDue - now)));
  };
  const flushBackup = () => {
    if (backupTimer !== undefined) writeBackup();
  };
  const onHidden = () => {
    if (typeof document === 'undefined' || document.visibilityState === 'hidden') flushBackup();
  };
  lifecycle?.addEventListener('pagehide', flushBackup);
  lifecycle?.addEventListener('visibilitychange', onHidden);
  const clearBackup = () => {
    clearTimeout(backupTimer);
    backupTimer = undefined;
    const key = target.backupKey(store.getState());
    if (key) storage?.removeItem(key);
  };

  const schedule = (wait: number) => {
    clearTimeout(timer);
    if (!disposed) timer = setTimeout(() => void run().catch(() => {}), wait);
  };

  async function run(): Promise<void> {
    clearTimeout(timer);
    if (inFlight) return inFlight;
    const document = current();
    if (document === null || document === saved || status() === 'conflict') return;
    setSave(scope, { status: 'saving' });
    inFlight = (async () => {
      try {
        const { draftRevision } = await target.save(document, store.getState().save[scope].revision);
        saved = document;
        attempts = 0;
        const settled = current() === document;
        setSave(scope, { revision: draftRevision, savedAt: Date.now(), message: null, status: settled ? 'saved' : 'unsaved' });
        if (settled) clearBackup();
        else schedule(delay);
      } catch (error) {
        if (error instanceof StudioApiError && error.isConflict) {
          setSave(scope, { status: 'conflict', message: conflictMessage[scope] });
        } else if (error instanceof StudioApiError && error.isSessionOver) {
          setSave(scope, {
            status: 'error',
            message: 'Your session has ended. Sign in again to save; your changes are kept in this browser.',
          });
        } else if (
          error instanceof StudioApiError &&
          error.status >= 400 &&
          error.status < 500 &&
          error.status !== 408 &&
          error.status !== 429
        ) {
          // Sending the same draft again would be refused again: the owner has to change it (undo, or fix the value).
          const where = error.field ? ` (${error.field})` : '';
          setSave(scope, {
            status: 'error',
            message: `The server refused this draft: ${error.message}${where}. Undo the last change or correct it.`,
          });
        } else {
          const wait = retryDelays[Math.min(attempts, retryDelays.length - 1)]!;
          attempts += 1;
          const reason = error instanceof Error ? error.message : 'The save failed.';
          setSave(scope, { status: 'error', message: `Not saved: ${reason} Trying again in ${Math.round(wait / 1000)} s.` });
          schedule(wait);
        }
        throw error;
      } finally {
        inFlight = null;
      }
    })();
    return inFlight;
  }

  const unsubscribe = store.subscribe((state, previous) => {
    const document = target.document(state);
    if (document === target.document(previous) || document === null || document === saved) return;
    scheduleBackup();
    if (status() === 'conflict') return;
    if (status() !== 'saving') setSave(scope, { status: 'unsaved', message: null });
    // While a save is out, its end schedules the next one.
    if (!inFlight) schedule(delay);
  });

  return {
    adopt(document) {
      clearTimeout(timer);
      saved = document;
      attempts = 0;
      // Adopting what the store already shows (fields the server changed itself) leaves nothing to save.
      if (document !== null && current() === document && status() === 'unsaved') {
        setSave(scope, { status: 'saved', message: null });
        clearBackup();
      }
    },
    async flush() {
      for (let guard = 0; guard < 5; guard++) {
        if (inFlight) await inFlight;
        if (status() === 'conflict') throw new StudioApiError(409, 'DRAFT_CONFLICT', conflictMessage[scope]);
        if (current() === null || current() === saved) return;
        await run();
      }
    },
    retryNow() {
      attempts = 0;
      void run().catch(() => {});
    },
    async overwrite(latestRevision) {
      setSave(scope, { revision: latestRevision, status: 'unsaved', message: null });
      await run();
    },
    conflict() {
      clearTimeout(timer);
      // The server no longer holds this tab's draft, so "keep mine" must send it again even though it was saved.
      saved = null;
      setSave(scope, { status: 'conflict', message: conflictMessage[scope] });
    },
    readBackup(key) {
      try {
        const raw = storage?.getItem(key);
        return raw ? (JSON.parse(raw) as DraftBackup<D>) : null;
      } catch {
        return null;
      }
    },
    dispose() {
      disposed = true;
      clearTimeout(timer);
      flushBackup();
      lifecycle?.removeEventListener('pagehide', flushBackup);
      lifecycle?.removeEventListener('visibilitychange', onHidden);
      unsubscribe();
    },
  };
}
