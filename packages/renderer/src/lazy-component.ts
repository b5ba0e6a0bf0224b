import { createElement, use, type ComponentType, type FunctionComponent } from 'react';

/** A component whose code is fetched when first needed, and that can be fetched ahead with `preload()`. */
export interface LazyComponent<P extends object> extends FunctionComponent<P> {
  /** Fetches the code (once); resolves when the component draws without waiting. */
  preload(): Promise<void>;
}

/**
 * A component split into its own chunk. Unlike `React.lazy`, once its code is here it draws at once, so a page whose
 * chunks were preloaded hydrates and navigates without suspending; before that it suspends until the code arrives. A
 * failed fetch is forgotten, so the next render tries again.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>, name = 'Lazy'): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  const Lazy = (props: P) => {
    if (!loaded) use(preload());
    return createElement(loaded!, props);
  };
  Lazy.displayName = name;
  Lazy.preload = preload;
  return Lazy;
}
