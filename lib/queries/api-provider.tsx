/**
 * The Api for React: `<ApiProvider>` (inside a QueryClientProvider) gives every component the
 * same Api through `useApi()`. By default it is the extension's Api, which reads base URL and key
 * from storage on each call and checks the host permission first (api-from-settings.ts).
 *
 * When the base URL or the key change (the options page writes storage; any page sees it), the
 * cache is emptied: nothing fetched with one account or from one service may be shown for
 * another. Queries on screen then refetch with the new settings.
 */
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { createApiFromSettings } from '../api/api-from-settings';
import type { Api } from '../api/create-api';
import { apiKey, baseUrl } from '../storage';

const ApiContext = createContext<Api | null>(null);

export interface ApiProviderProps {
  /** An Api to use instead of the one built from storage (tests, the e2e harness). */
  api?: Api;
  children?: ReactNode;
}

export function ApiProvider({ api, children }: ApiProviderProps) {
  const queryClient = useQueryClient();
  const [fromSettings] = useState(() => (api ? null : createApiFromSettings()));
  const value = api ?? fromSettings;

  useEffect(() => {
    const reset = () => {
      void queryClient.cancelQueries().then(() => {
        queryClient.getMutationCache().clear();
        // resetQueries drops all data (so no previous page can show as placeholder) and
        // refetches what is on screen; inactive queries just lose their data.
        return queryClient.resetQueries();
      });
    };
    const unwatchUrl = baseUrl.watch(reset);
    const unwatchKey = apiKey.watch(reset);
    return () => {
      unwatchUrl();
      unwatchKey();
    };
  }, [queryClient]);

  return <ApiContext.Provider value={value}>{children}</ApiContext.Provider>;
}

/** The Api of the nearest ApiProvider. */
export function useApi(): Api {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi() must be called inside <ApiProvider>');
  return api;
}
