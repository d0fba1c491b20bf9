/**
 * The popup against the REAL reference service, with the background runner in the same process
 * (fakeBrowser carries the runtime messages, session storage and the toolbar badge): new audit,
 * existing report, re-run, each privacy with and without a password, double clicks, closing and
 * reopening mid-audit, and the result's actions.
 */
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { Popup } from '@/components/popup/Popup';
import type { Report } from '@/lib/api/schemas';
import { loadPopupContext } from '@/lib/popup/context';
import { auditStates, popupPrivacy, sidepanelTarget } from '@/lib/storage';
import { EXPECTED } from '../support/fixture-pages';
import { call } from '../support/http';
import { startTestService, type TestEnv } from '../support/service';
import {
  auditButton,
  closePopup,
  openPopup,
  result,
  setUp,
  waitForIdle,
  type Setup,
} from './popup-support';

let env: TestEnv;
let counter = 0;

beforeAll(async () => {
  env = await startTestService();
});
afterAll(() => env?.close());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A page URL no other test used, so each test's reports are its own. */
function page(name: 'good' | 'decent' | 'bad' | 'toggle' | 'slow', query = '') {
  counter += 1;
  return env.site.pageUrl(name, { query: `t=${counter}${query ? `&${query}` : ''}` });
}

function configured(tabUrl: string, extra: Partial<Setup> = {}) {
  return setUp({ serviceUrl: env.service.url, key: env.key, tabUrl, ...extra });
}

async function reportsOf(url: string, key = env.key): Promise<Report[]> {
  const res = await call(env, 'GET', '/reports', { key, query: { search: url, per_page: 100 } });
  return (res.body.data as Report[]).filter((r) => r.url === url);
}

async function createReport(url: string, form: Record<string, string | number> = {}) {
  const res = await call(env, 'POST', '/reports', { form: { url, ...form } });
  expect(res.status).toBe(201);
  return res.body.data as Report;
}

const meter = () => screen.getByRole('meter', { name: 'Score out of 100' });
const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

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

describe('popup: new audit', () => {
  it('audits on Enter, shows score, result, project, time and privacy, badge and one POST', async () => {
    const url = page('decent');
    const h = await configured(url);
    const { user } = await openPopup();
    await waitFor(() => expect(document.activeElement).toBe(auditButton()));
    await waitFor(() => expect(h.recorder.requests).toHaveLength(1));
    await user.keyboard('{Enter}');

    const card = await result();
    // Focus moves to the result, so Tab reaches its actions next.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(card).getByRole('heading', { name: 'Result' })),
    );
    expect(meter().getAttribute('aria-valuenow')).toBe(String(EXPECTED.decent.score));
    expect(within(card).getByText(String(EXPECTED.decent.score))).toBeTruthy();
    expect(within(card).getByText('Decent')).toBeTruthy();
    expect(within(card).getByText('127.0.0.1')).toBeTruthy();
    expect(within(card).getByText('Public')).toBeTruthy();
    expect(card.querySelector('time')?.getAttribute('dateTime')).toBeTruthy();
    for (const name of ['Open report', 'Open in side panel', 'Copy link', 'Re-run']) {
      expect(within(card).getByRole('button', { name })).toBeTruthy();
    }

    // Exactly one POST, the form the contract asks for, and exactly one report.
    expect(h.recorder.of('POST')).toHaveLength(1);
    expect(new URLSearchParams(h.recorder.of('POST')[0]!.body).get('url')).toBe(url);
    const reports = await reportsOf(url);
    expect(reports).toHaveLength(1);
    expect(reports[0]!.privacy).toBe(0);

    // The badge carries the score; colour by result; the tooltip says it in words.
    expect(await fakeBrowser.action.getBadgeText({ tabId: h.tabId })).toBe(
      String(EXPECTED.decent.score),
    );
    expect(await fakeBrowser.action.getBadgeBackgroundColor({ tabId: h.tabId })).toEqual([
      0x8a, 0x4b, 0x00, 255,
    ]);
    expect(await fakeBrowser.action.getTitle({ tabId: h.tabId })).toBe(
      `Audit Reports — score ${EXPECTED.decent.score}, Decent`,
    );
    // The session keeps the outcome for the next popup.
    const state = (await auditStates.getValue())[url];
    expect(state).toMatchObject({ status: 'done', report: { id: reports[0]!.id } });
  });

  it.each([
    ['good', 'Good'],
    ['bad', 'Bad'],
  ] as const)('tells a %s page by number, word and meter', async (name, word) => {
    const url = page(name);
    const { user } = await openPopupFor(url);
    await user.click(auditButton());
    const card = await result();
    expect(meter().getAttribute('aria-valuenow')).toBe(String(EXPECTED[name].score));
    expect(within(card).getByText(word)).toBeTruthy();
  });

  it('makes exactly one report on a double click, or clicks and Enter while it runs', async () => {
    const url = page('slow', 'ms=400');
    const h = await configured(url);
    const { user } = await openPopup();
    await user.dblClick(auditButton());
    await user.click(auditButton());
    await user.keyboard('{Enter}');
    await result();
    await waitForIdle();
    expect(h.recorder.of('POST')).toHaveLength(1);
    expect(await reportsOf(url)).toHaveLength(1);
  });

  it('makes exactly one report when two popups ask at once', async () => {
    const url = page('good');
    const h = await configured(url);
    const first = await openPopup();
    const second = await openPopup();
    const [a, b] = screen.getAllByRole('button', { name: 'Audit this page' });
    await first.user.click(a!);
    await second.user.click(b!);
    await waitFor(() => expect(screen.getAllByRole('region', { name: 'Result' })).toHaveLength(2), {
      timeout: 10_000,
    });
    expect(h.recorder.of('POST')).toHaveLength(1);
    expect(await reportsOf(url)).toHaveLength(1);
  });

  it('shows the progress after closing and reopening mid-audit, then the result', async () => {
    const url = page('slow', 'ms=900');
    const h = await configured(url);
    const { user } = await openPopup();
    await user.click(auditButton());
    expect(await screen.findByRole('status', { name: '' }).catch(() => null)).toBeDefined();
    expect(screen.getByText(/^Audit in progress \(\d+ s\)$/)).toBeTruthy();
    closePopup();

    // Reopened while the background is still auditing: progress, no second audit offered.
    await openPopup();
    expect(screen.getByText(/^Audit in progress \(\d+ s\)$/)).toBeTruthy();
    expect(auditButton().hasAttribute('disabled')).toBe(true);
    const card = await result();
    expect(within(card).getByText('Good')).toBeTruthy();
    await waitForIdle();
    expect(h.recorder.of('POST')).toHaveLength(1);
    expect(await reportsOf(url)).toHaveLength(1);
  });

  it('shows the result in a popup reopened after the audit finished', async () => {
    const url = page('slow', 'ms=300');
    const h = await configured(url);
    const { user } = await openPopup();
    await user.click(auditButton());
    closePopup();
    await waitFor(async () => expect((await auditStates.getValue())[url]?.status).toBe('done'), {
      timeout: 10_000,
    });
    // Opened later: the report is there, as an existing one.
    await openPopup();
    const card = await screen.findByRole('region', { name: 'Already audited' });
    expect(within(card).getByText('Good')).toBeTruthy();
    expect(h.recorder.of('POST')).toHaveLength(1);
  });

  it('counts the seconds while the audit runs', async () => {
    const url = page('slow', 'ms=1300');
    await configured(url);
    const { user } = await openPopup();
    await user.click(auditButton());
    expect(screen.getByText('Audit in progress (0 s)')).toBeTruthy();
    expect(await screen.findByText('Audit in progress (1 s)', {}, { timeout: 3000 })).toBeTruthy();
    expect(await fakeBrowser.action.getBadgeText({ tabId: (await activeTabId())! })).toBe('…');
    await result();
  });
});

async function activeTabId() {
  const [tab] = await fakeBrowser.tabs.query({ active: true, currentWindow: true });
  return tab?.id;
}

async function openPopupFor(url: string, extra: Partial<Setup> = {}) {
  const h = await configured(url, extra);
  const view = await openPopup();
  return { ...view, h };
}

describe('popup: privacy', () => {
  it.each([
    ['Public', 0],
    ['Private', 1],
  ] as const)('%s: audits with privacy %i and never sends a password', async (name, privacy) => {
    const url = page('good');
    const { user, h } = await openPopupFor(url);
    // A password typed under Password, then another choice: it stays out of the request.
    await user.click(radio('Password'));
    await user.type(screen.getByLabelText('Password for the report page'), 'typed');
    await user.click(radio(name));
    expect(screen.queryByLabelText('Password for the report page')).toBeNull();
    await user.click(auditButton());
    await result();
    const form = new URLSearchParams(h.recorder.of('POST')[0]!.body);
    expect(form.get('privacy')).toBe(String(privacy));
    expect(form.has('password')).toBe(false);
    const [report] = await reportsOf(url);
    expect(report!.privacy).toBe(privacy);
    expect(await popupPrivacy.getValue()).toBe(privacy);
  });

  it('Password with a password: a protected report page', async () => {
    const url = page('good');
    const { user, h } = await openPopupFor(url);
    await user.click(radio('Password'));
    const field = screen.getByLabelText('Password for the report page');
    expect(field.getAttribute('type')).toBe('password');
    await user.type(field, 's3cret');
    await user.keyboard('{Enter}');
    const card = await result();
    expect(within(card).getByText('Password')).toBeTruthy();
    const form = new URLSearchParams(h.recorder.of('POST')[0]!.body);
    expect(form.get('privacy')).toBe('2');
    expect(form.get('password')).toBe('s3cret');
    const [report] = await reportsOf(url);
    expect(report!.privacy).toBe(2);
    // The report page asks for it.
    const pageRes = await fetch(`${env.service.url}/reports/${report!.id}`);
    expect(await pageRes.text()).not.toContain(String(report!.score) + '/100');
    expect(await popupPrivacy.getValue()).toBe(2);
  });

  it('Password without a password: the service’s message under the password field', async () => {
    const url = page('good');
    const { user } = await openPopupFor(url);
    await user.click(radio('Password'));
    await user.click(auditButton());
    const field = screen.getByLabelText('Password for the report page');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const errorId = field.getAttribute('aria-describedby')!.split(' ').at(-1)!;
    expect(document.getElementById(errorId)?.textContent).toBe(
      'The password field is required when privacy is 2.',
    );
    expect(screen.getByText('Please check what you entered')).toBeTruthy();
    expect(await reportsOf(url)).toHaveLength(0);
    // Typing one and trying again works, and the choice stayed.
    expect(radio('Password').checked).toBe(true);
    await user.type(field, 'now-set');
    await user.click(auditButton());
    await result();
    expect(await reportsOf(url)).toHaveLength(1);
  });
});

describe('popup: existing report', () => {
  it('shows the newest report of exactly this URL first, with its badge; auditing again adds one', async () => {
    const url = page('bad');
    // Same page, another query: contains the URL but is not it.
    await createReport(`${url}&other=1`);
    await createReport(url);
    const newest = await createReport(url, { privacy: 1 });
    const { user, h } = await openPopupFor(url);
    const card = await screen.findByRole('region', { name: 'Already audited' });
    expect(meter().getAttribute('aria-valuenow')).toBe(String(newest.score));
    expect(within(card).getByText('Bad')).toBeTruthy();
    expect(within(card).getByText('Private')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Re-run' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Open report' })).toBeTruthy();
    expect(screen.getByText('Creates a new report; the one above stays.')).toBeTruthy();
    await waitFor(async () =>
      expect(await fakeBrowser.action.getBadgeText({ tabId: h.tabId })).toBe(String(newest.score)),
    );
    expect(h.recorder.requests).toHaveLength(1);

    // "Audit this page" stays: a new report.
    await user.click(auditButton());
    await result();
    expect(await reportsOf(url)).toHaveLength(3);
  });

  it('finds a report another client stored in another spelling of the same URL', async () => {
    const url = page('good');
    // Upper-case scheme and a fragment: the same page.
    const spelled = `HTTP${url.slice(4)}#top`;
    const stored = await createReport(spelled);
    expect(stored.url).toBe(spelled);
    await configured(url);
    await openPopup();
    await screen.findByRole('region', { name: 'Already audited' });
    expect(meter().getAttribute('aria-valuenow')).toBe(String(stored.score));
  });

  it('re-runs it: one PATCH with update=1, same id, new time, no new report', async () => {
    const url = page('toggle');
    const before = await createReport(url);
    const { user, h } = await openPopupFor(url);
    const card = await screen.findByRole('region', { name: 'Already audited' });
    await user.click(within(card).getByRole('button', { name: 'Re-run' }));
    expect(screen.getByText(/^Re-run in progress \(\d+ s\)$/)).toBeTruthy();
    const after = await result();
    await waitForIdle();
    const patches = h.recorder.of('PATCH');
    expect(patches).toHaveLength(1);
    expect(patches[0]!.url.pathname).toBe(`/api/v1/reports/${before.id}`);
    expect(new URLSearchParams(patches[0]!.body).get('update')).toBe('1');
    expect(h.recorder.of('POST')).toHaveLength(0);
    const reports = await reportsOf(url);
    expect(reports).toHaveLength(1);
    expect(reports[0]!.id).toBe(before.id);
    expect(reports[0]!.generated_at).not.toBe(before.generated_at);
    expect(reports[0]!.score).not.toBe(before.score);
    expect(meter().getAttribute('aria-valuenow')).toBe(String(reports[0]!.score));
    expect(within(after).getByRole('button', { name: 'Re-run' })).toBeTruthy();
    expect(await fakeBrowser.action.getBadgeText({ tabId: h.tabId })).toBe(
      String(reports[0]!.score),
    );
  });
});

describe('popup: result actions', () => {
  async function audited() {
    const url = page('good');
    const view = await openPopupFor(url);
    await view.user.click(auditButton());
    const card = await result();
    const [report] = await reportsOf(url);
    return { ...view, card, report: report! };
  }

  it('"Open report" opens the report page of the contract in a new tab', async () => {
    const { user, card, report } = await audited();
    const created = vi.spyOn(fakeBrowser.tabs, 'create');
    await user.click(within(card).getByRole('button', { name: 'Open report' }));
    expect(created).toHaveBeenCalledWith(
      expect.objectContaining({ url: `${env.service.url}/reports/${report.id}` }),
    );
    await waitFor(() => expect(window.close).toHaveBeenCalled());
  });

  it('"Copy link" copies the report page and says so', async () => {
    const { user, card, report } = await audited();
    await user.click(within(card).getByRole('button', { name: 'Copy link' }));
    expect(await within(card).findByText('Link copied')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(`${env.service.url}/reports/${report.id}`);
  });

  it('"Open in side panel" opens Chrome’s side panel on that report', async () => {
    const { user, card, report, h } = await audited();
    const open = vi.spyOn(fakeBrowser.sidePanel, 'open').mockResolvedValue(undefined);
    await user.click(within(card).getByRole('button', { name: 'Open in side panel' }));
    expect(open).toHaveBeenCalledWith({ windowId: h.windowId });
    expect(await sidepanelTarget.getValue()).toMatchObject({ reportId: report.id });
    await waitFor(() => expect(window.close).toHaveBeenCalled());
  });

  it('"Open in side panel" opens Firefox’s sidebar on that report', async () => {
    const { user, card, report } = await audited();
    const fake = fakeBrowser as unknown as Record<string, unknown>;
    const sidePanel = fake.sidePanel;
    const open = vi.fn().mockResolvedValue(undefined);
    fake.sidePanel = undefined;
    fake.sidebarAction = { open };
    try {
      await user.click(within(card).getByRole('button', { name: 'Open in side panel' }));
      expect(open).toHaveBeenCalledTimes(1);
      expect(await sidepanelTarget.getValue()).toMatchObject({ reportId: report.id });
    } finally {
      fake.sidePanel = sidePanel;
      delete fake.sidebarAction;
    }
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
