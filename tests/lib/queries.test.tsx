/**
 * Query keys, query options, the ApiProvider and the mutations, in React (happy-dom DOM, Node's
 * fetch: see tests/lib/api/client-service.test.ts), against the real reference service.
 */
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApi, type Api } from '@/lib/api/create-api';
import { ApiError } from '@/lib/api/errors';
import { ApiProvider, useApi } from '@/lib/queries/api-provider';
import { createQueryClient, STALE_TIME_MS } from '@/lib/queries/create-query-client';
import { prefetchNextPage } from '@/lib/queries/prefetch-next-page';
import { useDeleteProject } from '@/lib/queries/project-mutations';
import { projectQueries } from '@/lib/queries/project-queries';
import { useCreateReport, useDeleteReport, useUpdateReport } from '@/lib/queries/report-mutations';
import { reportQueries } from '@/lib/queries/report-queries';
import { apiKey, baseUrl } from '@/lib/storage';
import { startService, type RunningService } from '@/server/start';
import { startPeer, send, type Peer } from './support/peer';

let service: RunningService;
let site: Peer;
let key: string;
let api: Api;
let requests: string[];

beforeAll(async () => {
  service = await startService({ port: 0, data: ':memory:', log: false });
  site = await startPeer((_q, res) =>
    send(
      res,
      200,
      '<!doctype html><html lang="en"><head><title>T</title></head><body><h1>T</h1></body></html>',
    ),
  );
});
afterAll(async () => {
  await site?.close();
  await service?.close();
});

/** A fresh user with `count` seeded reports over two projects, and an Api that counts requests. */
async function freshUser(count: number) {
  key = service.createKey();
  service.seed(
    key,
    Array.from({ length: count }, (_, i) => ({
      url: `https://${i % 2 ? 'odd' : 'even'}.test/${i}`,
      score: i,
    })),
  );
  requests = [];
  const counting: typeof fetch = (input, init) => {
    const request = input as Request;
    requests.push(
      `${request.method} ${new URL(request.url).pathname}${new URL(request.url).search}`,
    );
    return fetch(input, init);
  };
  api = createApi({ baseUrl: service.url, getKey: () => key, fetch: counting });
}

/** `'settings'`: the provider's own Api, built from (fake) storage. */
function wrapperFor(client: QueryClient, withApi: Api | 'settings' = api) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={client}>
        <ApiProvider api={withApi === 'settings' ? undefined : withApi}>{children}</ApiProvider>
      </QueryClientProvider>
    );
  };
}

let client: QueryClient;
afterEach(() => {
  // No vitest globals, so Testing Library cannot register its own cleanup: unmount here, or a
  // previous test's ApiProvider would still be watching storage.
  cleanup();
  client?.clear();
  vi.restoreAllMocks();
});

describe('key hierarchy', () => {
  it('reports: all → lists → list(params); all → details → detail(id)', async () => {
    await freshUser(0);
    expect(reportQueries.all()).toEqual(['reports']);
    expect(reportQueries.lists()).toEqual(['reports', 'list']);
    expect(reportQueries.list(api, { result: 'bad', page: 2 }).queryKey).toEqual([
      'reports',
      'list',
      { result: 'bad', page: 2 },
    ]);
    expect(reportQueries.details()).toEqual(['reports', 'detail']);
    expect(reportQueries.detail(api, 7).queryKey).toEqual(['reports', 'detail', '7']);
    expect(reportQueries.forUrl(api, 'https://a/').queryKey).toEqual([
      'reports',
      'for-url',
      'https://a/',
    ]);
    // Every key starts with its parent's.
    const list = reportQueries.list(api, {}).queryKey;
    expect(list.slice(0, 2)).toEqual(reportQueries.lists());
    expect(reportQueries.lists().slice(0, 1)).toEqual(reportQueries.all());
  });

  it('projects: all → lists → list(params)', async () => {
    await freshUser(0);
    expect(projectQueries.all()).toEqual(['projects']);
    expect(projectQueries.lists()).toEqual(['projects', 'list']);
    expect(projectQueries.list(api, { sort: 'asc' }).queryKey).toEqual([
      'projects',
      'list',
      { sort: 'asc' },
    ]);
  });

  it('empty parameters do not change the key', async () => {
    await freshUser(0);
    expect(reportQueries.list(api, { search: '', project: undefined, page: 1 }).queryKey).toEqual(
      reportQueries.list(api, { page: 1 }).queryKey,
    );
  });
});

describe('queries against the service', () => {
  it('a list loads; revisiting it within the stale time makes no request', async () => {
    await freshUser(12);
    client = createQueryClient();
    const { result, rerender } = renderHook(
      ({ page }: { page: number }) => useQuery(reportQueries.list(useApi(), { page })),
      { wrapper: wrapperFor(client), initialProps: { page: 1 } },
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toMatchObject({ total: 12, page: 1, hasNext: true });

    rerender({ page: 2 });
    // The previous page stays on screen while the next loads.
    expect(result.current.isPlaceholderData).toBe(true);
    expect(result.current.data?.page).toBe(1);
    await waitFor(() => expect(result.current.data?.page).toBe(2));

    rerender({ page: 1 });
    expect(result.current.data?.page).toBe(1);
    expect(result.current.isFetching).toBe(false);
    expect(requests).toEqual(['GET /api/v1/reports?page=1', 'GET /api/v1/reports?page=2']);
    expect(client.getDefaultOptions().queries?.staleTime).toBe(STALE_TIME_MS);
  });

  it('prefetchNextPage fetches the next page once, and nothing after the last', async () => {
    await freshUser(15);
    client = createQueryClient();
    const first = await client.fetchQuery(reportQueries.list(api, { page: 1 }));
    await prefetchNextPage(client, api, 'reports', { page: 1 }, first);
    expect(client.getQueryData(reportQueries.list(api, { page: 2 }).queryKey)).toMatchObject({
      page: 2,
      hasNext: false,
    });
    const second = client.getQueryData(reportQueries.list(api, { page: 2 }).queryKey);
    await prefetchNextPage(client, api, 'reports', { page: 2 }, second);
    const projects = await client.fetchQuery(projectQueries.list(api, {}));
    await prefetchNextPage(client, api, 'projects', {}, projects);
    expect(requests).toEqual([
      'GET /api/v1/reports?page=1',
      'GET /api/v1/reports?page=2',
      'GET /api/v1/projects',
    ]);
  });

  it('a failing query is not retried by TanStack (ky retries reads) and carries the ApiError', async () => {
    await freshUser(0);
    client = createQueryClient();
    const { result } = renderHook(() => useQuery(reportQueries.detail(useApi(), 999_999)), {
      wrapper: wrapperFor(client),
    });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect((result.current.error as ApiError).kind).toBe('not-found');
    expect(requests).toHaveLength(1);
  });

  it('forUrl finds the exact URL only', async () => {
    await freshUser(12);
    client = createQueryClient();
    expect(await client.fetchQuery(reportQueries.forUrl(api, 'https://even.test/1'))).toBeNull();
    const found = await client.fetchQuery(reportQueries.forUrl(api, 'https://odd.test/1'));
    expect(found?.url).toBe('https://odd.test/1');
  });
});

describe('mutations invalidate through the key factories', () => {
  it('create report: invalidates report lists and projects (reports_count changes)', async () => {
    await freshUser(1);
    client = createQueryClient();
    await client.fetchQuery(reportQueries.list(api, {}));
    await client.fetchQuery(projectQueries.list(api, {}));
    const { result } = renderHook(() => useCreateReport(), { wrapper: wrapperFor(client) });
    let created: Awaited<ReturnType<Api['createReport']>> | undefined;
    await act(async () => {
      created = await result.current.mutateAsync({ url: `${site.url}/new`, privacy: 1 });
    });
    expect(created?.privacy).toBe(1);
    expect(client.getQueryState(reportQueries.list(api, {}).queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(projectQueries.list(api, {}).queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryData(reportQueries.detail(api, created!.id).queryKey)).toEqual(created);
    expect(requests.filter((r) => r.startsWith('POST'))).toEqual(['POST /api/v1/reports']);
  });

  it('update privacy, optimistic: shows at once, confirmed by the server', async () => {
    await freshUser(3);
    client = createQueryClient();
    const list = await client.fetchQuery(reportQueries.list(api, {}));
    const target = list.items[0]!;
    await client.fetchQuery(reportQueries.detail(api, target.id));
    const { result } = renderHook(() => useUpdateReport({ optimistic: true }), {
      wrapper: wrapperFor(client),
    });
    act(() => result.current.mutate({ id: target.id, privacy: 2, password: 'pw' }));
    await waitFor(() =>
      expect(client.getQueryData(reportQueries.detail(api, target.id).queryKey)).toMatchObject({
        privacy: 2,
      }),
    );
    const optimisticList = client.getQueryData(reportQueries.list(api, {}).queryKey);
    expect(optimisticList?.items.find((r) => r.id === target.id)?.privacy).toBe(2);
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect((await api.getReport(target.id)).privacy).toBe(2);
    expect(
      JSON.stringify(
        client
          .getQueryCache()
          .getAll()
          .map((q) => q.state.data),
      ),
    ).not.toContain('pw');
  });

  it('update privacy, optimistic: rolled back when the server refuses', async () => {
    await freshUser(3);
    client = createQueryClient();
    const list = await client.fetchQuery(reportQueries.list(api, {}));
    const target = list.items[0]!;
    await client.fetchQuery(reportQueries.detail(api, target.id));
    const { result } = renderHook(() => useUpdateReport({ optimistic: true }), {
      wrapper: wrapperFor(client),
    });
    // Privacy 2 without any password: the service answers 422.
    act(() => result.current.mutate({ id: target.id, privacy: 2 }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect((result.current.error as ApiError).kind).toBe('validation');
    expect((result.current.error as ApiError).fieldErrors.password).toBeDefined();
    expect(client.getQueryData(reportQueries.detail(api, target.id).queryKey)?.privacy).toBe(0);
    const rolledBack = client.getQueryData(reportQueries.list(api, {}).queryKey);
    expect(rolledBack?.items.find((r) => r.id === target.id)?.privacy).toBe(0);
  });

  it('re-run (update=1) keeps the id and invalidates lists', async () => {
    await freshUser(0);
    client = createQueryClient();
    const report = await api.createReport({ url: `${site.url}/rerun` });
    await client.fetchQuery(reportQueries.list(api, {}));
    const { result } = renderHook(() => useUpdateReport(), { wrapper: wrapperFor(client) });
    await act(async () => {
      await result.current.mutateAsync({ id: report.id, update: 1 });
    });
    const updated = client.getQueryData(reportQueries.detail(api, report.id).queryKey);
    expect(updated?.id).toBe(report.id);
    expect(updated?.generated_at).not.toBe(report.generated_at);
    expect(client.getQueryState(reportQueries.list(api, {}).queryKey)?.isInvalidated).toBe(true);
  });

  it('delete report: drops the detail, invalidates lists and projects', async () => {
    await freshUser(2);
    client = createQueryClient();
    const list = await client.fetchQuery(reportQueries.list(api, {}));
    const target = list.items[0]!;
    await client.fetchQuery(reportQueries.detail(api, target.id));
    await client.fetchQuery(projectQueries.list(api, {}));
    const { result } = renderHook(() => useDeleteReport(), { wrapper: wrapperFor(client) });
    await act(async () => {
      await result.current.mutateAsync(target.id);
    });
    expect(client.getQueryState(reportQueries.detail(api, target.id).queryKey)).toBeUndefined();
    expect(client.getQueryState(reportQueries.list(api, {}).queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(projectQueries.list(api, {}).queryKey)?.isInvalidated).toBe(true);
  });

  it('delete project: invalidates projects and reports, drops its reports’ details', async () => {
    await freshUser(4);
    client = createQueryClient();
    const list = await client.fetchQuery(reportQueries.list(api, {}));
    const odd = list.items.find((r) => r.project === 'odd.test')!;
    const even = list.items.find((r) => r.project === 'even.test')!;
    await client.fetchQuery(reportQueries.detail(api, odd.id));
    await client.fetchQuery(reportQueries.detail(api, even.id));
    await client.fetchQuery(projectQueries.list(api, {}));
    const { result } = renderHook(() => useDeleteProject(), { wrapper: wrapperFor(client) });
    await act(async () => {
      await result.current.mutateAsync('odd.test');
    });
    expect(client.getQueryState(reportQueries.detail(api, odd.id).queryKey)).toBeUndefined();
    expect(client.getQueryState(reportQueries.detail(api, even.id).queryKey)).toBeDefined();
    expect(client.getQueryState(projectQueries.list(api, {}).queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(reportQueries.list(api, {}).queryKey)?.isInvalidated).toBe(true);
    expect((await api.listReports()).total).toBe(2);
  });

  it('a mutation is never retried', async () => {
    await freshUser(0);
    client = createQueryClient();
    const { result } = renderHook(() => useCreateReport(), { wrapper: wrapperFor(client) });
    await act(async () => {
      await result.current.mutateAsync({ url: 'not a url' }).catch(() => undefined);
    });
    await waitFor(() => expect(result.current.error).toBeInstanceOf(ApiError));
    expect(requests.filter((r) => r.startsWith('POST'))).toHaveLength(1);
  });
});

describe('ApiProvider', () => {
  it('useApi outside a provider says so', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useApi())).toThrow(/inside <ApiProvider>/);
  });

  it('empties the cache when the base URL or the key change', async () => {
    await freshUser(1);
    client = createQueryClient();
    renderHook(() => useApi(), { wrapper: wrapperFor(client) });
    await client.fetchQuery(reportQueries.list(api, {}));
    await client.fetchQuery(projectQueries.list(api, {}));
    expect(client.getQueryData(reportQueries.list(api, {}).queryKey)).toBeDefined();

    await apiKey.setValue('another-key');
    await waitFor(() =>
      expect(client.getQueryData(reportQueries.list(api, {}).queryKey)).toBeUndefined(),
    );
    expect(client.getQueryData(projectQueries.list(api, {}).queryKey)).toBeUndefined();

    await client.fetchQuery(reportQueries.list(api, {}));
    await baseUrl.setValue('https://elsewhere.example');
    await waitFor(() =>
      expect(client.getQueryData(reportQueries.list(api, {}).queryKey)).toBeUndefined(),
    );
  });

  it('by default uses the settings Api: not configured until a key is stored', async () => {
    client = createQueryClient();
    const { result } = renderHook(() => useQuery(projectQueries.list(useApi(), {})), {
      wrapper: wrapperFor(client, 'settings'),
    });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect((result.current.error as ApiError).kind).toBe('not-configured');
  });
});
