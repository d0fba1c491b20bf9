import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { hasHostPermission, originPatternFor, requestHostPermission } from '@/lib/permissions';
import { fakePermissions } from './support/permissions';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('originPatternFor', () => {
  it.each([
    ['https://api.example.com', 'https://api.example.com/*'],
    ['https://api.example.com/api/v1/', 'https://api.example.com/*'],
    ['https://example.com/audit', 'https://example.com/*'],
    ['http://127.0.0.1:8787', 'http://127.0.0.1/*'],
    ['http://localhost:3000/', 'http://localhost/*'],
    ['http://[::1]:8787', 'http://[::1]/*'],
    ['HTTPS://API.Example.com:8443', 'https://api.example.com/*'],
  ])('%s → %s (host only: match patterns have no port)', (input, pattern) => {
    expect(originPatternFor(input)).toBe(pattern);
  });

  it('is null for an address that is not valid', () => {
    expect(originPatternFor('api.example.com')).toBeNull();
    expect(originPatternFor('')).toBeNull();
  });
});

describe('host permission', () => {
  it('contains: false until granted, then true for that origin only', async () => {
    const fake = fakePermissions();
    expect(await hasHostPermission('https://api.example.com')).toBe(false);
    fake.origins.add('https://api.example.com/*');
    expect(await hasHostPermission('https://api.example.com/api/v1')).toBe(true);
    expect(await hasHostPermission('https://other.example.com')).toBe(false);
    expect(await hasHostPermission('http://api.example.com')).toBe(false);
    expect(fake.contains).toHaveBeenCalledWith({ origins: ['https://api.example.com/*'] });
  });

  it('request asks for exactly the one origin pattern, synchronously', async () => {
    const fake = fakePermissions();
    const pending = requestHostPermission('http://127.0.0.1:8787/api/v1');
    // Called before the first await in the caller: the user gesture is still active.
    expect(fake.request).toHaveBeenCalledTimes(1);
    expect(fake.request).toHaveBeenCalledWith({ origins: ['http://127.0.0.1/*'] });
    expect(await pending).toBe(true);
    expect(await hasHostPermission('http://127.0.0.1:8787')).toBe(true);
  });

  it('a denied request resolves false', async () => {
    fakePermissions([], { deny: true });
    expect(await requestHostPermission('https://api.example.com')).toBe(false);
    expect(await hasHostPermission('https://api.example.com')).toBe(false);
  });

  it('a browser that throws (no user gesture) resolves false, not a crash', async () => {
    vi.spyOn(fakeBrowser.permissions, 'request').mockImplementation(() => {
      throw new Error('permissions.request may only be called from a user input handler');
    });
    vi.spyOn(fakeBrowser.permissions, 'contains').mockRejectedValue(new Error('nope'));
    expect(await requestHostPermission('https://api.example.com')).toBe(false);
    expect(await hasHostPermission('https://api.example.com')).toBe(false);
  });

  it('an invalid address asks for nothing', async () => {
    const fake = fakePermissions();
    expect(await requestHostPermission('not a url')).toBe(false);
    expect(fake.request).not.toHaveBeenCalled();
  });
});
