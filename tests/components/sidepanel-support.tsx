/**
 * Renders the whole side panel against the REAL reference service (tests/support/service.ts):
 * settings in fakeBrowser storage, the host permission granted, the real client and query
 * client. The only wrapper is a fetch that records each request it passes on — it never answers
 * anything itself — so tests can count requests per filter change.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { SidePanel } from '@/components/sidepanel/SidePanel';
import { createApiFromSettings } from '@/lib/api/api-from-settings';
import { ApiProvider } from '@/lib/queries/api-provider';
import { createQueryClient } from '@/lib/queries/create-query-client';
import { apiKey, baseUrl } from '@/lib/storage';
import { fakePermissions } from '../lib/support/permissions';

export interface Recorded {
  method: string;
  url: URL;
}

/** A fetch that passes every request on unchanged and writes down what it was. */
export function recordingFetch() {
  const requests: Recorded[] = [];
  const fetcher: typeof fetch = (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push({ method: init?.method ?? request.method, url: new URL(request.url) });
    return fetch(input, init);
  };
  /** API reads of one collection since the last `clear()`. */
  const reads = (collection: 'reports' | 'projects') =>
    requests.filter((r) => r.method === 'GET' && r.url.pathname === `/api/v1/${collection}`);
  return { fetch: fetcher, requests, reads, clear: () => requests.splice(0) };
}

export async function configure(serviceUrl: string, key: string) {
  await baseUrl.setValue(serviceUrl);
  await apiKey.setValue(key);
  return fakePermissions(['http://127.0.0.1/*']);
}

export interface PanelOptions {
  queryClient?: QueryClient;
}

export function renderPanel(options: PanelOptions = {}) {
  const recorder = recordingFetch();
  const queryClient = options.queryClient ?? createQueryClient();
  const api = createApiFromSettings({ fetch: recorder.fetch });
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ApiProvider api={api}>
        <SidePanel />
      </ApiProvider>
    </QueryClientProvider>,
  );
  return { ...result, user, recorder, queryClient };
}

/** The report rows on screen, as their full URLs, in order. */
export function rowUrls(): string[] {
  const list = screen.queryByRole('list', { name: 'Reports' });
  if (!list) return [];
  return within(list)
    .queryAllByRole('button')
    .map((row) => row.getAttribute('title') ?? '');
}

/** Waits until the rows on screen are fresh (not the previous page kept while loading). */
export async function settled() {
  await waitFor(() => {
    const list = screen.getByRole('list', { name: 'Reports' });
    expect(list.getAttribute('aria-busy')).toBeNull();
  });
}

export function range(): string {
  return (
    screen.getByRole('navigation', { name: 'Reports pages' }).querySelector('.sp-pager-range')
      ?.textContent ?? ''
  );
}
