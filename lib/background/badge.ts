/**
 * The toolbar button of one tab: the score as badge text (the number alone says it), coloured by
 * result, with the result in words in the tooltip; and a distinct state while an audit runs.
 */
import { browser } from 'wxt/browser';
import { i18n } from '#i18n';
import type { Report, ReportResult } from '@/lib/api/schemas';
import { resultWord } from '@/components/ResultBadge';

/** The theme's light-mode result colours: white text on them keeps at least 4.5:1. */
export const BADGE_COLORS: Record<ReportResult, string> = {
  good: '#116b2e',
  decent: '#8a4b00',
  bad: '#b3131b',
};
const RUNNING_COLOR = '#0b5cd5';
const TEXT_COLOR = '#ffffff';

/** The toolbar icon, as the manifest's `action.default_icon` has it (public/icon/). */
export const ICON = { 16: '/icon/16.png', 32: '/icon/32.png' };
/** The toolbar icon while an audit runs: the same with an amber dot (scripts/icons.ts). */
export const RUNNING_ICON = { 16: '/icon/running/16.png', 32: '/icon/running/32.png' };

/** Badge text of a score: a whole number 0–100 (fits the badge's four characters). */
export function badgeText(score: number): string {
  return String(Math.max(0, Math.min(100, Math.round(score))));
}

async function setColors(tabId: number, color: string): Promise<void> {
  await browser.action.setBadgeBackgroundColor({ tabId, color });
  // Not in every browser version: the default text colour is fine where it is missing.
  await browser.action.setBadgeTextColor?.({ tabId, color: TEXT_COLOR });
}

/** Per tab, like the badge. Firefox for Android has no `action.setIcon`: the badge says enough. */
async function setIcon(tabId: number, path: typeof ICON): Promise<void> {
  await browser.action.setIcon?.({ tabId, path });
}

/** After an audit, or when the popup found an existing report for the tab's page. */
export async function showReportBadge(tabId: number, report: Report): Promise<void> {
  const score = badgeText(report.score);
  await Promise.all([
    browser.action.setBadgeText({ tabId, text: score }),
    setColors(tabId, BADGE_COLORS[report.result]),
    browser.action.setTitle({
      tabId,
      title: i18n.t('popup.badge.done', [score, resultWord(report.result)]),
    }),
    setIcon(tabId, ICON),
  ]);
}

/** While the audit of the tab's page runs: an ellipsis on the button, the running icon, and a
 * tooltip saying so. */
export async function showRunningBadge(tabId: number): Promise<void> {
  await Promise.all([
    browser.action.setBadgeText({ tabId, text: '…' }),
    setColors(tabId, RUNNING_COLOR),
    browser.action.setTitle({ tabId, title: i18n.t('popup.badge.running') }),
    setIcon(tabId, RUNNING_ICON),
  ]);
}

/** Back to the button's defaults for the tab (after a failed audit). */
export async function clearBadge(tabId: number): Promise<void> {
  await Promise.all([
    browser.action.setBadgeText({ tabId, text: '' }),
    // The manifest's title, spelled out: Chrome and Firefox disagree on what `null` resets to.
    browser.action.setTitle({ tabId, title: defaultTitle() }),
    setIcon(tabId, ICON),
  ]);
}

/** The toolbar button's title as the manifest sets it (`__MSG_…__` resolved). */
export function defaultTitle(): string {
  let title = '';
  try {
    title = browser.runtime.getManifest().action?.default_title ?? '';
  } catch {
    // No manifest to read (tests): the name stands in.
  }
  const message = /^__MSG_(\w+)__$/.exec(title);
  const getMessage = browser.i18n.getMessage as (name: string) => string;
  if (message) return getMessage(message[1]!) || i18n.t('extName');
  return title || i18n.t('extName');
}
