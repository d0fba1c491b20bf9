/**
 * What the popup needs before it can show anything, read in parallel and without any HTTP
 * request: the active tab, whether its page can be audited, the settings, the privacy last
 * chosen, and where an audit of that page stands.
 */
import { browser } from 'wxt/browser';
import { readSettings } from '@/lib/api/read-settings';
import { ApiError } from '@/lib/api/errors';
import type { Privacy } from '@/lib/api/schemas';
import type { AuditState } from '@/lib/messages';
import { auditStates, baseUrl as baseUrlItem, popupPrivacy } from '@/lib/storage';
import { checkPage, type PageCheck } from './page-url';

export interface PopupTab {
  id?: number;
  windowId?: number;
}

export interface PopupContext {
  tab: PopupTab;
  page: PageCheck;
  /** The stored base URL (normalised), for links and the permission request. */
  baseUrl: string;
  /** Null when the settings are usable; else 'not-configured' or 'no-permission'. */
  setupError: ApiError | null;
  privacy: Privacy;
  /** The background's state for this page, if any. */
  state?: AuditState;
}

export async function loadPopupContext(): Promise<PopupContext> {
  const [tabs, settings, storedBaseUrl, privacy, states] = await Promise.all([
    // No tab to read (a popup opened as a page, say) reads as an empty tab.
    browser.tabs.query({ active: true, currentWindow: true }).catch(() => []),
    readSettings().then(
      () => null,
      (error: unknown) =>
        error instanceof ApiError ? error : new ApiError('not-configured', { cause: error }),
    ),
    baseUrlItem.getValue(),
    popupPrivacy.getValue(),
    auditStates.getValue(),
  ]);
  const tab = tabs[0];
  const page = checkPage(tab?.url);
  return {
    tab: { id: tab?.id, windowId: tab?.windowId },
    page,
    baseUrl: storedBaseUrl,
    setupError: settings,
    privacy: privacy === 1 || privacy === 2 ? privacy : 0,
    state: page.auditable ? states[page.url] : undefined,
  };
}
