import { i18n } from '#i18n';
import type { ErrorDescription } from '@/lib/api/describe-error';

export interface ErrorActions {
  onRetry: () => void;
  onRefresh: () => void;
  onOpenOptions: () => void;
  onGrantPermission: () => void;
}

interface ErrorNoticeProps extends ErrorActions {
  description: ErrorDescription;
  /** Replaces the detail, e.g. when every message of a 422 already stands beside its field. */
  detail?: string | null;
  /** Seconds before 'retry-later' may try again (counts down); 0 when it may. */
  waitSeconds?: number;
}

/** describeError's sentence and its one way forward, as a button. */
export function ErrorNotice({
  description,
  detail,
  waitSeconds = 0,
  onRetry,
  onRefresh,
  onOpenOptions,
  onGrantPermission,
}: ErrorNoticeProps) {
  const text = detail === undefined ? description.detail : detail;
  return (
    <div className="notice notice-error popup-notice" role="alert">
      <div className="notice-title">{description.title}</div>
      {text && <p>{text}</p>}
      <ActionButton
        description={description}
        waitSeconds={waitSeconds}
        onRetry={onRetry}
        onRefresh={onRefresh}
        onOpenOptions={onOpenOptions}
        onGrantPermission={onGrantPermission}
      />
    </div>
  );
}

function ActionButton({
  description,
  waitSeconds,
  onRetry,
  onRefresh,
  onOpenOptions,
  onGrantPermission,
}: ErrorActions & { description: ErrorDescription; waitSeconds: number }) {
  switch (description.action) {
    case 'open-options':
      return (
        <button type="button" onClick={onOpenOptions}>
          {i18n.t('popup.action.openOptions')}
        </button>
      );
    case 'grant-permission':
      return (
        <button type="button" onClick={onGrantPermission}>
          {i18n.t('popup.action.grantPermission')}
        </button>
      );
    case 'retry':
      return (
        <button type="button" onClick={onRetry}>
          {i18n.t('popup.action.retry')}
        </button>
      );
    case 'retry-later':
      return (
        <button type="button" onClick={onRetry} disabled={waitSeconds > 0}>
          {waitSeconds > 0
            ? i18n.t('popup.action.retryIn', [String(waitSeconds)])
            : i18n.t('popup.action.retry')}
        </button>
      );
    case 'refresh':
      return (
        <button type="button" onClick={onRefresh}>
          {i18n.t('popup.action.refresh')}
        </button>
      );
    default:
      return null;
  }
}
