/**
 * WXT's fakeBrowser leaves `permissions` unimplemented; this gives it a small in-memory store of
 * granted origin patterns, so `contains` and `request` behave like the real API (request grants
 * unless the person "denies").
 */
import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

export function fakePermissions(granted: string[] = [], options: { deny?: boolean } = {}) {
  const origins = new Set(granted);
  const contains = vi
    .spyOn(fakeBrowser.permissions, 'contains')
    .mockImplementation(async (query) => (query.origins ?? []).every((o) => origins.has(o)));
  const request = vi.spyOn(fakeBrowser.permissions, 'request').mockImplementation(async (query) => {
    if (options.deny) return false;
    for (const origin of query.origins ?? []) origins.add(origin);
    return true;
  });
  return { origins, contains, request };
}
