import { createContext, use } from 'react';
import { ApiClient } from './client/api-client.ts';

/** What pages need beyond their loader data: the API client. */
export interface StorefrontApp {
  api: ApiClient;
}

// The server renders with this default; no call is made there, since calls start in handlers and effects.
export const AppContext = createContext<StorefrontApp>({ api: new ApiClient() });

/** The API client, for event handlers and effects. */
export function useApi(): ApiClient {
  return use(AppContext).api;
}
