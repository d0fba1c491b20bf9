/**
 * The extension's Api: settings from (fake) browser storage, the permission checked with
 * (fake) `permissions.contains` before anything is sent, requests to the real service.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startService, type RunningService } from '@/server/start';
import { createApiFromSettings, readSettings } from '@/lib/api/api-from-settings';
import { ApiError } from '@/lib/api/errors';
import { apiKey, baseUrl } from '@/lib/storage';
import { json, startPeer, type Peer } from '../support/peer';
import { fakePermissions } from '../support/permissions';

let service: RunningService;
let peer: Peer;

beforeAll(async () => {
  service = await startService({ port: 0, data: ':memory:', log: false });
  peer = await startPeer((_q, r) => json(r, 200, { data: [] }));
});
afterAll(async () => {
  await peer?.close();
  await service?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
  peer.requests.length = 0;
});

async function kindOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return (error as ApiError).kind;
}

describe('createApiFromSettings', () => {
  it('not configured: no key, or no/invalid base URL — and nothing is sent', async () => {
    fakePermissions(['http://127.0.0.1/*']);
    const api = createApiFromSettings();
    await baseUrl.setValue(peer.url);
    expect(await kindOf(api.listReports())).toBe('not-configured');
    await apiKey.setValue('k');
    await baseUrl.setValue('');
    expect(await kindOf(api.getReport(1))).toBe('not-configured');
    await baseUrl.setValue('127.0.0.1:1234');
    expect(await kindOf(api.listProjects())).toBe('not-configured');
    expect(peer.requests).toHaveLength(0);
  });

  it('no permission for the origin: no-permission, with the origin, and nothing is sent', async () => {
    const fake = fakePermissions(['https://other.example/*']);
    await baseUrl.setValue(`${peer.url}/api/v1`);
    await apiKey.setValue('k');
    const error = await createApiFromSettings()
      .createReport({ url: 'https://example.com/' })
      .catch((e: unknown) => e as ApiError);
    expect(error).toMatchObject({ kind: 'no-permission', origin: peer.url });
    expect(fake.contains).toHaveBeenCalledWith({ origins: ['http://127.0.0.1/*'] });
    expect(peer.requests).toHaveLength(0);
  });

  it('configured and granted: talks to the service; a new key applies to the next call', async () => {
    fakePermissions(['http://127.0.0.1/*']);
    const key = service.createKey();
    await baseUrl.setValue(service.url);
    await apiKey.setValue(`  ${key}\n`);
    const api = createApiFromSettings();
    expect((await api.listReports()).total).toBe(0);
    expect(api.baseUrl).toBe(service.url);
    expect(api.reportPageUrl(3)).toBe(`${service.url}/reports/3`);

    await apiKey.setValue('revoked');
    expect(await kindOf(api.listReports())).toBe('unauthorized');

    await baseUrl.setValue(peer.url);
    await api.listProjects({ per_page: 25 });
    expect(peer.requests.map((r) => [r.url, r.headers.authorization])).toEqual([
      ['/api/v1/projects?per_page=25', 'Bearer revoked'],
    ]);
    expect(api.baseUrl).toBe(peer.url);
  });

  it('a permission revoked later is noticed before the next request', async () => {
    const fake = fakePermissions(['http://127.0.0.1/*']);
    await baseUrl.setValue(peer.url);
    await apiKey.setValue('k');
    const api = createApiFromSettings();
    await api.listReports();
    fake.origins.clear();
    expect(await kindOf(api.listReports())).toBe('no-permission');
    expect(peer.requests).toHaveLength(1);
  });

  it('readSettings returns the normalised settings', async () => {
    fakePermissions(['https://audit.example.com/*']);
    await baseUrl.setValue('https://audit.example.com/api/v1/');
    await apiKey.setValue(' k ');
    expect(await readSettings()).toEqual({
      baseUrl: 'https://audit.example.com',
      origin: 'https://audit.example.com',
      key: 'k',
    });
  });
});
