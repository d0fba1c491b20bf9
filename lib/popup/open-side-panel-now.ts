import { browser } from 'wxt/browser';

interface SidePanelApis {
  sidePanel?: { open(options: { windowId?: number; tabId?: number }): Promise<void> };
  sidebarAction?: { open(): Promise<void> };
}

/** Chrome's side panel or Firefox's sidebar, called synchronously (no await before it). */
export function openSidePanelNow(windowId: number | undefined): Promise<void> {
  const apis = browser as unknown as SidePanelApis;
  try {
    if (apis.sidePanel?.open && windowId !== undefined) return apis.sidePanel.open({ windowId });
    if (apis.sidebarAction?.open) return apis.sidebarAction.open();
  } catch (error) {
    return Promise.reject(error);
  }
  return Promise.reject(new Error('No side panel in this browser'));
}
