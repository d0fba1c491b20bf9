/**
 * popup.html's boot script (lib/popup/boot.ts) on the real popup.html markup, against the REAL
 * reference service with the background runner in the same process: it fills the words, shows
 * the URL and enables "Audit this page" before React loads; a click then sends exactly one audit
 * message, and React, taking the boot's read and audit over, shows it running and its result.
 */
import { readFileSync } from 'node:fs';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { Popup } from '@/components/popup/Popup';
import { popupBoot, startPopupBoot } from '@/lib/popup/boot';
import { popupContext } from '@/lib/popup/context';
import type { PopupApi } from '@/lib/popup/popup-data';
import { popupPrivacy } from '@/lib/storage';
import { startTestService, type TestEnv } from '../support/service';
import { result, setUp, waitForIdle, type Setup } from './popup-support';

const api = fakeBrowser as unknown as PopupApi;
const html = readFileSync('entrypoints/popup/index.html', 'utf8');
const rootMarkup = /<div id="root">[\s\S]*?<\/div>/.exec(html)![0];

let env: TestEnv;
let counter = 0;

beforeAll(async () => {
  env = await startTestService();
});
afterAll(() => env?.close());
afterEach(() => {
  cleanup();
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

function page(name: 'good' | 'slow', query = '') {
  counter += 1;
  return env.site.pageUrl(name, { query: `t=${counter}${query ? `&${query}` : ''}` });
}

function configured(tabUrl: string, extra: Partial<Setup> = {}) {
  return setUp({ serviceUrl: env.service.url, key: env.key, tabUrl, ...extra });
}

/** popup.html's body as parsed, then the boot script run on it. */
async function boot() {
  document.body.insertAdjacentHTML('beforeend', rootMarkup);
  const started = startPopupBoot(api, document, '');
  await started.data;
  await Promise.resolve();
  return started;
}

const bootButton = () => document.querySelector<HTMLButtonElement>('button.popup-audit')!;
const bootUrl = () => document.querySelector('.popup-url')!.textContent;

/** React taking over, as entrypoints/popup/main.tsx does. */
async function mountReact() {
  const b = popupBoot()!;
  const data = await b.data;
  const audit = b.takeOver();
  const container = document.getElementById('root')!;
  render(<Popup initial={popupContext(data, audit)} bootAudit={audit} />, { container });
}

describe('popup boot script', () => {
  it('shows the words, the URL and an enabled, focused button before React; no request', async () => {
    const url = page('good');
    const h = await configured(`${url}#part`);
    await boot();
    expect(document.querySelector('.popup-title')!.textContent).toBe('Audit Reports');
    expect(bootButton().textContent).toBe('Audit this page');
    expect(bootUrl()).toBe(url);
    expect(bootButton().disabled).toBe(false);
    expect(document.activeElement).toBe(bootButton());
    expect(document.querySelector('[aria-busy]')).toBeNull();
    expect(h.recorder.requests).toHaveLength(0);
  });

  it('a click before React sends exactly one audit message; React shows it run, then the result', async () => {
    const url = page('slow', 'ms=600');
    await popupPrivacy.setValue(1);
    const h = await configured(url);
    const send = vi.spyOn(fakeBrowser.runtime, 'sendMessage');
    await boot();
    bootButton().click();
    bootButton().click();
    bootButton().form!.requestSubmit();
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({
      type: 'audit',
      url,
      privacy: 1,
      password: undefined,
      tabId: h.tabId,
    });
    expect(bootButton().disabled).toBe(true);

    await mountReact();
    // React replaced the boot's markup and shows the boot's audit running: no second one offered.
    expect(document.querySelectorAll('main.popup')).toHaveLength(1);
    expect(screen.getByText(/^Audit in progress \(\d+ s\)$/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Audit this page' }).hasAttribute('disabled')).toBe(
      true,
    );
    const card = await result();
    expect(within(card).getByText('Good')).toBeTruthy();
    expect(within(card).getByText('Private')).toBeTruthy();
    await waitForIdle();
    expect(h.recorder.of('POST')).toHaveLength(1);
    // React's own existing-report lookup, and the boot's audit: nothing else.
    expect(h.recorder.requests.map((r) => r.method).sort()).toEqual(['GET', 'POST']);
    expect(
      send.mock.calls.filter(([m]) => (m as unknown as { type: string }).type === 'audit'),
    ).toHaveLength(1);
  });

  it('React takes the read over and the button: the boot no longer sends anything', async () => {
    const url = page('good');
    const h = await configured(url);
    const send = vi.spyOn(fakeBrowser.runtime, 'sendMessage');
    const tabs = vi.spyOn(fakeBrowser.tabs, 'query');
    const started = await boot();
    const stale = bootButton();
    await mountReact();
    expect(tabs).toHaveBeenCalledTimes(1);
    expect(started.takeOver()).toBeUndefined();
    stale.form?.requestSubmit();
    expect(
      send.mock.calls.filter(([m]) => (m as unknown as { type: string }).type === 'audit'),
    ).toHaveLength(0);
    expect(screen.getByText(url)).toBeTruthy();
    await waitFor(() => expect(h.recorder.requests).toHaveLength(1));
  });

  it.each<[string, () => Promise<unknown>]>([
    ['Password remembered', () => popupPrivacy.setValue(2).then(() => configured(page('good')))],
    ['not configured', () => setUp({ tabUrl: page('good') })],
    ['no host permission', () => configured(page('good'), { permission: false })],
  ])('%s: the URL shows, the button stays off for React', async (_, arrange) => {
    await arrange();
    const send = vi.spyOn(fakeBrowser.runtime, 'sendMessage');
    await boot();
    expect(bootUrl()).not.toBe('');
    expect(bootButton().disabled).toBe(true);
    bootButton().form!.requestSubmit();
    expect(send).not.toHaveBeenCalled();
  });

  it('a page that cannot be audited: no URL, the button stays off', async () => {
    await configured('chrome://settings/');
    await boot();
    expect(bootUrl()).toBe('');
    expect(bootButton().disabled).toBe(true);
  });
});
