import { wrap } from 'comlink';
import type { CompiledTheme } from './compile.ts';
import { readThemeSettings } from './settings.ts';
import type { ThemeCompilerApi } from './worker.ts';

/**
 * `compileTheme` on the calling thread, loaded only when it is needed (no `Worker`, or the worker failed): the
 * compiler and the font tables stay out of the studio's first-paint code.
 */
const compileHere = (settings: unknown): Promise<CompiledTheme> => import('./theme.ts').then(({ compileTheme }) => compileTheme(settings));

/**
 * `compileTheme`'s input and result, asynchronously: settings are read on the calling thread and their CSS compiled
 * off it where it can.
 */
export interface ThemeCompiler {
  /** Compiles settings as `compileTheme` does; rejects once the compiler is disposed. */
  compile(settings: unknown): Promise<CompiledTheme>;
  /** Stops the worker; pending and later `compile` calls reject. */
  dispose(): void;
}

interface Waiting {
  settings: unknown;
  resolve(theme: CompiledTheme): void;
  reject(reason: unknown): void;
}

/**
 * Starts a theme compiler in a module Web Worker (the form Vite bundles), talking to it through comlink. Where there
 * is no `Worker` (the server, tests) it compiles on the calling thread, and it does so too if the worker fails, so a
 * blocked worker script leaves the studio slower, not stuck.
 */
export function createThemeCompiler(): ThemeCompiler {
  if (typeof Worker === 'undefined') return mainThreadCompiler();

  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
  const remote = wrap<ThemeCompilerApi>(worker);
  const waiting = new Set<Waiting>();
  let state: 'running' | 'failed' | 'disposed' = 'running';

  // comlink leaves calls pending forever when the worker dies, so settle them here.
  worker.addEventListener('error', () => {
    if (state !== 'running') return;
    state = 'failed';
    worker.terminate();
    for (const w of waiting) compileHere(w.settings).then(w.resolve, w.reject);
    waiting.clear();
  });

  return {
    compile(settings) {
      if (state === 'disposed') return Promise.reject(disposedError());
      if (state === 'failed') return compileHere(settings);
      return new Promise<CompiledTheme>((resolve, reject) => {
        const entry: Waiting = { settings, resolve, reject };
        waiting.add(entry);
        // Read here (a schema check, microseconds), compiled there (the CSS text).
        const { settings: read, problems } = readThemeSettings(settings);
        remote.compileSettings(read, problems).then(
          (theme) => waiting.delete(entry) && resolve(theme),
          (error: unknown) => waiting.delete(entry) && reject(error),
        );
      });
    },
    dispose() {
      if (state === 'running') worker.terminate();
      state = 'disposed';
      for (const w of waiting) w.reject(disposedError());
      waiting.clear();
    },
  };
}

function mainThreadCompiler(): ThemeCompiler {
  let disposed = false;
  return {
    compile: (settings) => (disposed ? Promise.reject(disposedError()) : compileHere(settings)),
    dispose: () => {
      disposed = true;
    },
  };
}

function disposedError(): Error {
  return new Error('The theme compiler has been disposed');
}
