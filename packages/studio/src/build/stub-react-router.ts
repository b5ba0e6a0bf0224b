import { createContext } from 'react';

/**
 * Stands in for `react-router-dom` in the studio's build (see vite.config.ts): the renderer's Link reads the router's
 * navigation context, which the studio, drawing no sections, never provides. Only that context is needed.
 */
export const UNSAFE_NavigationContext = createContext<{ navigator: { push(path: string): void } } | null>(null);
