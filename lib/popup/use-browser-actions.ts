/**
 * What the popup asks of the browser: the options page, the host permission, the report in a
 * tab or in the side panel. Each that leaves the popup closes it.
 */
import { useCallback } from 'react';
import { browser } from 'wxt/browser';
import type { Report } from '@/lib/api/schemas';
import { requestHostPermission } from '@/lib/permissions';
import { sidepanelTarget } from '@/lib/storage';
import type { PopupContext } from './context';
import { openSidePanelNow } from './open-side-panel-now';

export function useBrowserActions(context: PopupContext | null, reload: () => void) {
  const openOptions = useCallback(() => {
    void browser.runtime.openOptionsPage().then(() => window.close());
  }, []);

  /** Must stay the first thing in its click handler: the browser asks only during the click. */
  const grantPermission = useCallback(() => {
    if (!context) return;
    void requestHostPermission(context.baseUrl).then((granted) => {
      if (granted) reload();
    });
  }, [context, reload]);

  const openReport = useCallback(
    (link: string) => {
      void browser.tabs
        .create({ url: link, windowId: context?.tab.windowId })
        .then(() => window.close());
    },
    [context],
  );

  const openInSidePanel = useCallback(
    (report: Report) => {
      // Not awaited: the panel must be opened inside the click (user gesture), before any await.
      void sidepanelTarget.setValue({ reportId: report.id, at: Date.now() });
      const opened = openSidePanelNow(context?.tab.windowId);
      void opened.then(
        () => window.close(),
        () => undefined,
      );
    },
    [context],
  );

  return { openOptions, grantPermission, openReport, openInSidePanel };
}
