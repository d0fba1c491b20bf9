/**
 * An existing report in the popup against the REAL reference service, and re-running it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  auditButton,
  configured,
  createReport,
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
