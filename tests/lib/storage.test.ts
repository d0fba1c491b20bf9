import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  apiKey,
  baseUrl,
  popupPrivacy,
  projectFilters,
  reportFilters,
  STORAGE_DEFAULTS,
} from '@/lib/storage';

describe('storage items', () => {
  it('start with the documented defaults', async () => {
    expect(await apiKey.getValue()).toBe('');
    expect(await baseUrl.getValue()).toBe('http://127.0.0.1:8787');
    expect(await popupPrivacy.getValue()).toBe(0);
    expect(await reportFilters.getValue()).toEqual({
      search: '',
      project: null,
      result: null,
      sortBy: 'id',
      sort: 'desc',
      perPage: 10,
      page: 1,
    });
    expect(await projectFilters.getValue()).toEqual({
      search: '',
      sortBy: 'created_at',
      sort: 'desc',
      perPage: 10,
      page: 1,
    });
    expect(STORAGE_DEFAULTS.baseUrl).toBe(await baseUrl.getValue());
  });

  it('round-trip, in storage.local under their plain names', async () => {
    await apiKey.setValue('k-123');
    await baseUrl.setValue('https://audit.example.com');
    await popupPrivacy.setValue(2);
    const filters = {
      ...STORAGE_DEFAULTS.reportFilters,
      project: 'example.com',
      result: 'bad' as const,
      page: 3,
    };
    await reportFilters.setValue(filters);
    await projectFilters.setValue({
      ...STORAGE_DEFAULTS.projectFilters,
      sortBy: 'project',
      sort: 'asc',
    });

    expect(await apiKey.getValue()).toBe('k-123');
    expect(await baseUrl.getValue()).toBe('https://audit.example.com');
    expect(await popupPrivacy.getValue()).toBe(2);
    expect(await reportFilters.getValue()).toEqual(filters);
    expect((await projectFilters.getValue()).sortBy).toBe('project');

    const raw = await fakeBrowser.storage.local.get(null);
    expect(raw).toMatchObject({
      apiKey: 'k-123',
      baseUrl: 'https://audit.example.com',
      popupPrivacy: 2,
      reportFilters: filters,
    });
    // Never in sync storage: the key stays on this device.
    expect(await fakeBrowser.storage.sync.get(null)).toEqual({});
  });

  it('removing a value falls back to the default, and watchers see changes', async () => {
    const seen: string[] = [];
    const unwatch = apiKey.watch((value) => seen.push(value));
    await apiKey.setValue('a');
    await apiKey.removeValue();
    unwatch();
    expect(await apiKey.getValue()).toBe('');
    expect(seen).toEqual(['a', '']);
  });

  it('defaults cannot be mutated through what a reader got back', async () => {
    const value = await reportFilters.getValue();
    expect(() => {
      value.page = 99;
    }).toThrow(TypeError);
    expect((await reportFilters.getValue()).page).toBe(1);
  });
});
