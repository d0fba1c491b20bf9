/**
 * The popup opening against the REAL reference service: what it shows first, pages that cannot
 * be audited, and setup (not configured, no host permission).
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { Popup } from '@/components/popup/Popup';
import { loadPopupContext } from '@/lib/popup/context';
import { popupPrivacy } from '@/lib/storage';
import {
  auditButton,
  configured,
  openPopup,
  page,
  radio,
  reportsOf,
  result,
  serviceForFile,
  setUp,
  waitForIdle,
} from './popup-support';

serviceForFile();

describe('popup: opening', () => {
  it('shows the page, Public chosen, and focuses "Audit this page"', async () => {
    const url = page('good');
    const h = await configured(url);
    await openPopup();
    expect(screen.getByText(url)).toBeTruthy();
    expect(radio('Public').checked).toBe(true);
    expect(radio('Private').checked).toBe(false);
    expect(screen.queryByLabelText('Password for the report page')).toBeNull();
    expect(auditButton().hasAttribute('disabled')).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(auditButton()));
    // At most one request on open: the existing-report lookup, and nothing else.
    await waitFor(() => expect(h.recorder.requests).toHaveLength(1));
    const [lookup] = h.recorder.requests;
    expect(lookup!.method).toBe('GET');
    expect(lookup!.url.pathname).toBe('/api/v1/reports');
    expect(lookup!.url.searchParams.get('search')).toBe(url);
    expect(lookup!.url.searchParams.get('per_page')).toBe('100');
  });

  it('drops the fragment: the same page is audited once whatever its #anchor', async () => {
    const url = page('good');
    await configured(`${url}#section-2`);
    await openPopup();
    expect(screen.getByText(url)).toBeTruthy();
  });

  it('renders complete at once with the context loaded before mounting (as main.tsx does)', async () => {
    const url = page('good');
    const h = await configured(url);
    const initial = await loadPopupContext();
    render(<Popup initial={initial} />);
    // No loading state in between: the first render has the URL and an enabled button.
    expect(screen.getByText(url)).toBeTruthy();
    expect(auditButton().hasAttribute('disabled')).toBe(false);
    await waitFor(() => expect(h.recorder.requests).toHaveLength(1));
  });

  it('offers the privacy chosen last time', async () => {
    await popupPrivacy.setValue(1);
    await configured(page('good'));
    await openPopup();
    expect(radio('Private').checked).toBe(true);
  });
});

describe('popup: pages that cannot be audited', () => {
  it.each([
    ['chrome://settings/', 'This is a page of the browser itself; it cannot be audited.'],
    ['about:config', 'This is a page of the browser itself; it cannot be audited.'],
    ['edge://flags', 'This is a page of the browser itself; it cannot be audited.'],
    ['about:blank', 'This tab has no web page to audit. Open a page first.'],
    ['chrome://newtab/', 'This tab has no web page to audit. Open a page first.'],
    ['about:newtab', 'This tab has no web page to audit. Open a page first.'],
    [undefined, 'This tab has no web page to audit. Open a page first.'],
    [
      'file:///home/me/page.html',
      'Files on this computer cannot be audited; the service can only reach pages on the web.',
    ],
    [
      'data:text/html,<p>hi</p>',
      'This page has no web address the service could visit, so it cannot be audited.',
    ],
    [
      'view-source:https://example.com/',
      'This is a source view. Open the page itself to audit it.',
    ],
    [
      'moz-extension://abc/options.html',
      'This page belongs to a browser extension; it cannot be audited.',
    ],
    [
      'chrome-extension://abc/popup.html',
      'This page belongs to a browser extension; it cannot be audited.',
    ],
    ['ftp://example.com/file', 'Only web pages (http or https addresses) can be audited.'],
  ])('%s says so and disables the button', async (tabUrl, sentence) => {
    const h = await configured(tabUrl as string);
    await openPopup();
    expect(screen.getByText(sentence)).toBeTruthy();
    expect(auditButton().hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('radio')).toBeNull();
    // Nothing to look up either.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(h.recorder.requests).toHaveLength(0);
  });

  it.each([
    'https://chromewebstore.google.com/detail/x',
    'https://addons.mozilla.org/en-US/firefox/',
  ])('store pages are web pages: %s can be audited', async (tabUrl) => {
    await configured(tabUrl);
    await openPopup();
    expect(auditButton().hasAttribute('disabled')).toBe(false);
  });
});

describe('popup: setup', () => {
  it('not configured: one sentence and a button to the options page', async () => {
    const h = await setUp({ tabUrl: page('good') });
    const open = vi.spyOn(fakeBrowser.runtime, 'openOptionsPage').mockResolvedValue(undefined);
    const { user } = await openPopup();
    expect(
      screen.getByText('To audit pages, enter your service address and API key in the settings.'),
    ).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Open settings' });
    expect(document.activeElement).toBe(button);
    expect(screen.queryByRole('button', { name: 'Audit this page' })).toBeNull();
    await user.click(button);
    expect(open).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(window.close).toHaveBeenCalled());
    expect(h.recorder.requests).toHaveLength(0);
  });

  it('no host permission: says so, asks for it on click, then works', async () => {
    const url = page('good');
    const h = await configured(url, { permission: false });
    const { user } = await openPopup();
    expect(screen.getByText('Permission needed')).toBeTruthy();
    expect(auditButton().hasAttribute('disabled')).toBe(true);
    expect(h.recorder.requests).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Allow access' }));
    expect(h.permissions.request).toHaveBeenCalledWith({ origins: ['http://127.0.0.1/*'] });
    await waitFor(() => expect(screen.queryByText('Permission needed')).toBeNull());
    await waitForIdle();
    await user.click(auditButton());
    await result();
    expect(await reportsOf(url)).toHaveLength(1);
  });
});
