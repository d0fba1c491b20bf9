/**
 * The toolbar button's icon with fakeBrowser: the running icon while an audit of the tab's page
 * runs, the normal icon back once it is done or failed, per tab; the icon files exist at the sizes
 * named. (fakeBrowser has no `action.setIcon`: a spy records the icon per tab.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Api } from '@/lib/api/create-api';
import { ApiError } from '@/lib/api/errors';
import type { Report } from '@/lib/api/schemas';
import { createAuditRunner } from '@/lib/background/audits';
import {
  clearBadge,
  ICON,
  RUNNING_ICON,
  showReportBadge,
  showRunningBadge,
} from '@/lib/background/badge';

type IconPath = Record<number, string>;
let icons: Map<number, IconPath>;

beforeEach(() => {
  icons = new Map();
  vi.spyOn(fakeBrowser.action, 'setIcon').mockImplementation(async (details) => {
    icons.set(details.tabId!, details.path as IconPath);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const report = (extra: Partial<Report> = {}): Report => ({
  id: 1,
  url: 'https://example.com/',
  result: 'good',
  score: 93,
  privacy: 0,
  ...extra,
});

/** An Api whose createReport waits until the test lets it finish. */
function heldApi() {
  let finish!: (outcome: Report | Error) => void;
  const outcome = new Promise<Report | Error>((resolve) => (finish = resolve));
  const api = {
    createReport: async () => {
      const value = await outcome;
      if (value instanceof Error) throw value;
      return value;
    },
    reportPageUrl: (id: number) => `https://audits.example/reports/${id}`,
  } as unknown as Api;
  return { api, finish };
}

describe('toolbar icon', () => {
  it('shows the running icon while running and the normal icon with the score', async () => {
    await showRunningBadge(5);
    expect(icons.get(5)).toEqual(RUNNING_ICON);
    await showReportBadge(5, report());
    expect(icons.get(5)).toEqual(ICON);
    expect(await fakeBrowser.action.getBadgeText({ tabId: 5 })).toBe('93');
  });

  it('restores the normal icon when the badge is cleared (failed audit)', async () => {
    await showRunningBadge(6);
    await clearBadge(6);
    expect(icons.get(6)).toEqual(ICON);
    expect(await fakeBrowser.action.getBadgeText({ tabId: 6 })).toBe('');
  });

  it('changes only the tab it is for', async () => {
    await showRunningBadge(7);
    expect(icons.has(8)).toBe(false);
    expect(fakeBrowser.action.setIcon).toHaveBeenCalledTimes(1);
  });

  it('the audit runner: running icon until the report arrives, then the normal one', async () => {
    const { api, finish } = heldApi();
    const runner = createAuditRunner({ api });
    const pending = runner.handle({
      type: 'audit',
      url: 'https://example.com/a',
      privacy: 0,
      tabId: 9,
    });
    await vi.waitFor(() => expect(icons.get(9)).toEqual(RUNNING_ICON));
    finish(report({ url: 'https://example.com/a' }));
    expect((await pending).status).toBe('done');
    expect(icons.get(9)).toEqual(ICON);
  });

  it('the audit runner: a failed audit leaves the normal icon', async () => {
    const { api, finish } = heldApi();
    const runner = createAuditRunner({ api });
    const pending = runner.handle({
      type: 'audit',
      url: 'https://example.com/b',
      privacy: 0,
      tabId: 10,
    });
    await vi.waitFor(() => expect(icons.get(10)).toEqual(RUNNING_ICON));
    finish(new ApiError('network', { message: 'offline' }));
    expect((await pending).status).toBe('failed');
    expect(icons.get(10)).toEqual(ICON);
  });

  it('without action.setIcon (Firefox for Android) the badge and title still change', async () => {
    vi.restoreAllMocks();
    const action = fakeBrowser.action as { setIcon?: unknown };
    const setIcon = action.setIcon;
    action.setIcon = undefined;
    try {
      await showRunningBadge(11);
      expect(await fakeBrowser.action.getBadgeText({ tabId: 11 })).toBe('…');
    } finally {
      action.setIcon = setIcon;
    }
  });
});

describe('icon files', () => {
  /** Width and height from a PNG's IHDR chunk. */
  function pngSize(path: string): [number, number] {
    const png = readFileSync(join('public', path));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    return [png.readUInt32BE(16), png.readUInt32BE(20)];
  }

  it.each([
    ['normal', ICON],
    ['running', RUNNING_ICON],
  ])('the %s icon exists at each size it names', (_, set: IconPath) => {
    for (const [size, path] of Object.entries(set)) {
      expect(pngSize(path)).toEqual([Number(size), Number(size)]);
    }
  });

  it('the extension icons exist at 16, 32, 48 and 128 px', () => {
    for (const size of [16, 32, 48, 128]) {
      expect(pngSize(`/icon/${size}.png`)).toEqual([size, size]);
    }
  });
});
