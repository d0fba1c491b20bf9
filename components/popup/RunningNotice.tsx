import { i18n } from '#i18n';
import type { AuditState } from '@/lib/messages';

interface RunningNoticeProps {
  action: AuditState['action'];
  /** Whole seconds since the audit started. */
  elapsed: number;
}

/** An audit in progress, counting up, and that closing the popup does not stop it. */
export function RunningNotice({ action, elapsed }: RunningNoticeProps) {
  return (
    <div className="notice notice-info popup-progress" role="status">
      <div className="notice-title">
        {action === 'rerun'
          ? i18n.t('popup.rerunning', [String(elapsed)])
          : i18n.t('popup.running', [String(elapsed)])}
      </div>
      <p className="muted">{i18n.t('popup.runningHint')}</p>
    </div>
  );
}
