/**
 * A new audit in the popup against the REAL reference service, with the background runner in
 * the same process: result, badge, double clicks, two popups, closing and reopening mid-audit.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { auditStates } from '@/lib/storage';
import { EXPECTED } from '../support/fixture-pages';
import {
  auditButton,
  closePopup,
  configured,
  meter,
  openPopup,
  openPopupFor,
  page,
  reportsOf,
  result,
  serviceForFile,
  waitForIdle,
} from './popup-support';

serviceForFile();

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
