/**
 * What the popup needs before it can show anything, read in parallel and without any HTTP
 * request: the active tab, whether its page can be audited, the settings, the privacy last
 * chosen, and where an audit of that page stands.
 */
import { browser, type Browser } from 'wxt/browser';
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
  const [target, settings, storedBaseUrl, privacy, states] = await Promise.all([
    // No tab to read reads as an empty tab.
    targetTab().catch(() => undefined),
    readSettings().then(
      () => null,
      (error: unknown) =>
        error instanceof ApiError ? error : new ApiError('not-configured', { cause: error }),
    ),
    baseUrlItem.getValue(),
    popupPrivacy.getValue(),
    auditStates.getValue(),
  ]);
  const tab = target;
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

/**
 * The tab the popup is for: the active tab of its window. `popup.html?tabId=N` names one
 * instead — how the e2e suite opens the popup in Firefox, where the real popup is out of reach
 * over WebDriver BiDi and the page runs in a tab of its own.
 */
async function targetTab(): Promise<Browser.tabs.Tab | undefined> {
  const named = Number(new URLSearchParams(location.search).get('tabId') ?? Number.NaN);
  if (Number.isInteger(named)) return browser.tabs.get(named);
  const [active] = await browser.tabs.query({ active: true, currentWindow: true });
  return active;
}
