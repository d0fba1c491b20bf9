/**
 * What the popup needs before it can show anything, read in parallel and without any HTTP
 * request (popup-data.ts, the same read the boot script makes): the active tab, whether its page
 * can be audited, the settings, the privacy last chosen, and where an audit of that page stands.
 */
import { browser } from 'wxt/browser';
import { checkSettings } from '@/lib/api/check-settings';
import { settingsError } from '@/lib/api/read-settings';
import { normalizeBaseUrl } from '@/lib/base-url';
import type { ApiError } from '@/lib/api/errors';
import type { Privacy } from '@/lib/api/schemas';
import type { AuditState } from '@/lib/messages';
import type { BootAudit } from './boot';
import { checkPage, type PageCheck } from './page-url';
import { readPopupData, type PopupApi, type PopupData } from './popup-data';

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

/** The context of what `readPopupData` read; running when the boot script started an audit. */
export function popupContext(data: PopupData, bootAudit?: BootAudit): PopupContext {
  const page = checkPage(data.tab?.url);
  const running: AuditState | undefined = bootAudit && {
    status: 'running',
    action: 'audit',
    since: bootAudit.since,
  };
  return {
    tab: { id: data.tab?.id, windowId: data.tab?.windowId },
    page,
    baseUrl: data.baseUrl,
    // Checked again with the sentences a wrong base URL is described with.
    setupError: settingsError(
      checkSettings(data.baseUrl, data.apiKey, normalizeBaseUrl),
      data.permitted,
    ),
    privacy: data.privacy,
    state: page.auditable ? (running ?? data.states[page.url]) : undefined,
  };
}

export async function loadPopupContext(): Promise<PopupContext> {
  return popupContext(await readPopupData(browser as unknown as PopupApi, location.search));
}
