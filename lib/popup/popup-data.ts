/**
 * What the popup reads before it can show anything — the tab it is for, the settings, the
 * privacy last chosen, where audits stand — in one parallel read and without any HTTP request,
 * and the decision whether "Audit this page" can be offered at once. Shared by the boot script
 * (lib/popup/boot.ts, run before React loads) and the React popup (context.ts), which takes
 * over the boot's read instead of reading again.
 *
 * No polyfill and no WXT storage here (the boot script must stay tiny): `api` is the browser's
 * own promise-based `browser`/`chrome` object (MV3), or anything shaped like it. The storage
 * keys and fallbacks are those of lib/storage.ts (tests/lib/popup-boot.test.ts holds them to it).
 */
import { checkSettings, type SettingsCheck } from '@/lib/api/check-settings';
import { normalizeBaseUrlWith, quiet } from '@/lib/base-url-core';
import type { Privacy } from '@/lib/api/schemas';
import type { AuditMessage, AuditState } from '@/lib/messages';
import { DEFAULT_BASE_URL } from '@/lib/storage-defaults';
import { checkPage, type PageCheck } from './page-url';

export interface PopupApiTab {
  id?: number;
  windowId?: number;
  url?: string;
}

/** The part of the WebExtension API the popup's first read and the boot's audit use. */
export interface PopupApi {
  tabs: {
    get(tabId: number): Promise<PopupApiTab>;
    query(query: { active: boolean; currentWindow: boolean }): Promise<PopupApiTab[]>;
  };
  storage: {
    local: { get(keys: string[]): Promise<Record<string, unknown>> };
    session: { get(keys: string[]): Promise<Record<string, unknown>> };
  };
  permissions: { contains(permissions: { origins: string[] }): Promise<boolean> };
  runtime: { sendMessage(message: unknown): Promise<unknown> };
  i18n: { getMessage(name: string): string };
}

export interface PopupData {
  tab?: PopupApiTab;
  /** The stored base URL (stored normalised), for links and the permission request. */
  baseUrl: string;
  /** The stored API key (context.ts checks the settings again, with sentences). */
  apiKey: string;
  /** The settings checked, without sentences (`ok` is all the boot needs). */
  settings: SettingsCheck;
  /** The host permission for the base URL is granted. */
  permitted: boolean;
  privacy: Privacy;
  /** The background's audit states (lib/storage.ts `auditStates`), by URL. */
  states: Record<string, AuditState>;
}

/**
 * The tab the popup is for: the active tab of its window. `?tabId=N` in `search` names one
 * instead — how the e2e suite opens the popup in Firefox, where the real popup is out of reach
 * over WebDriver BiDi and the page runs in a tab of its own.
 */
export async function targetTab(api: PopupApi, search: string): Promise<PopupApiTab | undefined> {
  const named = Number(new URLSearchParams(search).get('tabId') ?? Number.NaN);
  if (Number.isInteger(named)) return api.tabs.get(named);
  const [active] = await api.tabs.query({ active: true, currentWindow: true });
  return active;
}

/** Everything the popup needs first, read in parallel (the permission once the URL is known). */
export async function readPopupData(api: PopupApi, search: string): Promise<PopupData> {
  const [tab, local, session] = await Promise.all([
    // No tab to read reads as an empty tab.
    targetTab(api, search).catch(() => undefined),
    api.storage.local.get(['apiKey', 'baseUrl', 'popupPrivacy']),
    api.storage.session.get(['auditStates']),
  ]);
  // The fallbacks of lib/storage.ts (STORAGE_DEFAULTS): the default base URL, no key.
  const baseUrl = (local.baseUrl as string | undefined) ?? DEFAULT_BASE_URL;
  const apiKey = (local.apiKey as string | undefined) ?? '';
  const settings = checkSettings(baseUrl, apiKey, (url) => normalizeBaseUrlWith(url, quiet));
  const permitted =
    settings.ok &&
    (await api.permissions.contains({ origins: [settings.pattern] }).catch(() => false));
  const privacy = local.popupPrivacy;
  return {
    tab,
    baseUrl,
    apiKey,
    settings,
    permitted,
    privacy: privacy === 1 || privacy === 2 ? privacy : 0,
    states: (session.auditStates as Record<string, AuditState> | undefined) ?? {},
  };
}

/** The message "Audit this page" sends (lib/messages.ts); the password only with privacy 2. */
export function auditMessage(
  url: string,
  privacy: Privacy,
  password: string,
  tabId: number | undefined,
): AuditMessage {
  return { type: 'audit', url, privacy, password: privacy === 2 ? password : undefined, tabId };
}

export type BootDecision =
  { page: PageCheck; ready: true; message: AuditMessage } | { page: PageCheck; ready: false };

/**
 * Whether the boot script can offer "Audit this page" before React loads: only when the React
 * popup would enable it at once with nothing to show first — an auditable page, usable
 * settings, a privacy that needs no password, and no audit of the page running or failed (a
 * report already made is fine: auditing again makes a new one). Anything else waits for React.
 */
export function decideBoot(data: PopupData): BootDecision {
  const page = checkPage(data.tab?.url);
  if (!page.auditable || !data.settings.ok || !data.permitted || data.privacy === 2) {
    return { page, ready: false };
  }
  const state = data.states[page.url];
  if (state !== undefined && state.status !== 'done') return { page, ready: false };
  return { page, ready: true, message: auditMessage(page.url, data.privacy, '', data.tab?.id) };
}
