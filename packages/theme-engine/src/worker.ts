import { expose, type Endpoint } from 'comlink';
import { compileSettings } from './compile.ts';

/**
 * What the theme worker offers over comlink: compiling settings already read on the calling thread, so the worker
 * carries no schema library. Exported so it can be exposed on any endpoint, such as a test's port.
 */
export const themeCompilerApi = { compileSettings };
/** The worker's API, for `wrap<ThemeCompilerApi>(worker)`. */
export type ThemeCompilerApi = typeof themeCompilerApi;

/** Answers `compileSettings` calls arriving on `endpoint`: the worker's own scope, or a `MessagePort`. */
export function exposeThemeCompiler(endpoint: Endpoint): void {
  expose(themeCompilerApi, endpoint);
}

// Expose on the worker's own scope only when running as a worker: imported in a page, on the server or in a test,
// this module only defines the API. The DOM typings call `self` a Window; in a worker it is the worker's scope,
// whose `postMessage(message, transfer)` is the endpoint comlink wants.
const workerScope = (globalThis as { WorkerGlobalScope?: abstract new () => unknown }).WorkerGlobalScope;
if (workerScope !== undefined && self instanceof workerScope) exposeThemeCompiler(self as unknown as Endpoint);
