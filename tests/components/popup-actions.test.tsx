/**
 * The result's actions in the popup against the REAL reference service: open the report, copy
 * its link, open it in the side panel (Chrome) or the sidebar (Firefox).
 */
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { sidepanelTarget } from '@/lib/storage';
import {
  auditButton,
  env,
  openPopupFor,
  page,
  reportsOf,
  result,
  serviceForFile,
} from './popup-support';

serviceForFile();

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
