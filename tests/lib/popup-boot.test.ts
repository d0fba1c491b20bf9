/**
 * The popup's first read (lib/popup/popup-data.ts), shared by the boot script and React: the
 * storage keys and fallbacks of lib/storage.ts, and `decideBoot`, which enables "Audit this page"
 * before React loads only when the React popup would enable it at once.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { AuditState } from '@/lib/messages';
import { decideBoot, readPopupData, type PopupApi, type PopupData } from '@/lib/popup/popup-data';
import { apiKey, auditStates, baseUrl, DEFAULT_BASE_URL, popupPrivacy } from '@/lib/storage';
import { fakePermissions } from './support/permissions';

const api = fakeBrowser as unknown as PopupApi;
const PAGE = 'https://example.com/page';

afterEach(() => {
  vi.restoreAllMocks();
});

async function activeTab(url?: string) {
  const window_ = await fakeBrowser.windows.create({ focused: true });
  return fakeBrowser.tabs.create({ url, active: true, windowId: window_!.id });
}

function data(overrides: Partial<PopupData> = {}): PopupData {
  return {
    tab: { id: 7, windowId: 1, url: PAGE },
    baseUrl: 'https://audit.example.com',
    apiKey: 'k',
    settings: {
      ok: true,
      baseUrl: 'https://audit.example.com',
      origin: 'https://audit.example.com',
      key: 'k',
      pattern: 'https://audit.example.com/*',
    },
    permitted: true,
    privacy: 0,
    states: {},
    ...overrides,
  };
}

describe('readPopupData', () => {
  it('reads what lib/storage.ts stores, under the same keys', async () => {
    await baseUrl.setValue('https://audit.example.com');
    await apiKey.setValue(' key ');
    await popupPrivacy.setValue(1);
    const running: AuditState = { status: 'running', action: 'audit', since: 5 };
    await auditStates.setValue({ [PAGE]: running });
    fakePermissions(['https://audit.example.com/*']);
    const tab = await activeTab(`${PAGE}#top`);

    const read = await readPopupData(api, '');
    expect(read.tab?.id).toBe(tab.id);
    expect(read.baseUrl).toBe('https://audit.example.com');
    expect(read.settings).toMatchObject({ ok: true, key: 'key' });
    expect(read.permitted).toBe(true);
    expect(read.privacy).toBe(1);
    expect(read.states).toEqual({ [PAGE]: running });
  });

  it('falls back as lib/storage.ts does when nothing is stored', async () => {
    fakePermissions([]);
    const read = await readPopupData(api, '');
    expect(read.tab).toBeUndefined();
    expect(read.baseUrl).toBe(DEFAULT_BASE_URL);
    expect(read.settings).toMatchObject({ ok: false, setup: 'no-key' });
    expect(read.permitted).toBe(false);
    expect(read.privacy).toBe(0);
    expect(read.states).toEqual({});
  });

  it('reads the tab `?tabId=` names instead of the active one', async () => {
    fakePermissions([]);
    const named = await fakeBrowser.tabs.create({ url: 'https://named.example/' });
    await activeTab(PAGE);
    const read = await readPopupData(api, `?tabId=${named.id}`);
    expect(read.tab?.url).toBe('https://named.example/');
  });
});

describe('decideBoot', () => {
  it('offers the audit of the page with the privacy remembered, for the tab', () => {
    expect(decideBoot(data({ privacy: 1 }))).toEqual({
      page: { auditable: true, url: PAGE },
      ready: true,
      message: { type: 'audit', url: PAGE, privacy: 1, password: undefined, tabId: 7 },
    });
  });

  it('offers it again when the page already has a report', () => {
    const report = {} as Extract<AuditState, { status: 'done' }>['report'];
    const done: AuditState = { status: 'done', action: 'audit', at: 1, report, link: 'x' };
    expect(decideBoot(data({ states: { [PAGE]: done } })).ready).toBe(true);
  });

  it.each<[string, Partial<PopupData>]>([
    ['Password remembered (needs a password)', { privacy: 2 }],
    ['a page that cannot be audited', { tab: { id: 7, url: 'chrome://settings/' } }],
    ['no tab', { tab: undefined }],
    ['not configured', { settings: { ok: false, setup: 'no-key', message: '' } }],
    ['no host permission', { permitted: false }],
    [
      'an audit of the page running',
      { states: { [PAGE]: { status: 'running', action: 'audit', since: 1 } } },
    ],
    [
      'the last audit of the page failed',
      {
        states: {
          [PAGE]: {
            status: 'failed',
            action: 'audit',
            at: 1,
            error: { kind: 'network', message: '' },
          },
        },
      },
    ],
  ])('leaves the button to React: %s', (_, overrides) => {
    expect(decideBoot(data(overrides)).ready).toBe(false);
  });

  it('still names the page when React has to decide', () => {
    expect(decideBoot(data({ privacy: 2 })).page).toEqual({ auditable: true, url: PAGE });
  });
});
