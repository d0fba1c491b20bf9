/**
 * The QueryClient of the popup and the side panel.
 * - staleTime 30 s: a filter revisited within it is served from cache with no request.
 * - retry: false for queries and mutations: the client already retries reads per CONTRACT.md
 *   (network, 408, 429, 502–504, with backoff), so a query-level retry would multiply requests
 *   and retry 4xx answers that will not change.
 * - networkMode 'always': the service is often on loopback, reachable while the browser thinks
 *   it is offline; and when it is not reachable, the ApiError says why, rather than a query
 *   paused forever.
 */
import { QueryClient } from '@tanstack/react-query';

export const STALE_TIME_MS = 30_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        retry: false,
        networkMode: 'always',
      },
      mutations: {
        retry: false,
        networkMode: 'always',
      },
    },
  });
}
