/**
 * How popup.html's boot script (lib/popup/boot.ts, bundled on its own as /popup-boot.js) hands
 * over to the React popup (entrypoints/popup/): one global, no imports, so reading it pulls
 * nothing into the popup's entry module.
 */
import type { AuditMessage, AuditState } from '@/lib/messages';
import type { PopupData } from './popup-data';

/** An audit the boot's button started: React follows its reply as if it had sent it. */
export interface BootAudit {
  message: AuditMessage;
  since: number;
  reply: Promise<AuditState>;
}

export interface PopupBoot {
  /** The boot's read, for React to take over. */
  data: Promise<PopupData>;
  /** Settles once the first screen shows what the read allows (or the read failed). */
  shown: Promise<void>;
  /** Ends the boot (its button no longer starts anything); the audit it started, if any. */
  takeOver(): BootAudit | undefined;
}

const GLOBAL = '__auditReportsPopupBoot';
type WithBoot = { [GLOBAL]?: PopupBoot };

/** The boot that ran in this page, if it did. */
export function popupBoot(): PopupBoot | undefined {
  return (globalThis as WithBoot)[GLOBAL];
}

export function publishBoot(boot: PopupBoot): void {
  (globalThis as WithBoot)[GLOBAL] = boot;
}
