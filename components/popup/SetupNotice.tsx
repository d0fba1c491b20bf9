import { i18n } from '#i18n';
import { describeError } from '@/lib/api/describe-error';
import type { ApiError } from '@/lib/api/errors';
import { ErrorNotice, type ErrorActions } from './ErrorNotice';

interface SetupNoticeProps extends ErrorActions {
  /** Why the settings cannot be used, or null when they can. */
  setup: ApiError | null;
}

/** Nothing set up yet: one way forward, the options page. Any other setup problem: its notice. */
export function SetupNotice({ setup, ...errorActions }: SetupNoticeProps) {
  if (setup?.kind === 'not-configured') {
    return (
      <div className="notice notice-info popup-notice">
        <p>{i18n.t('popup.notConfigured')}</p>
        <button type="button" className="primary" onClick={errorActions.onOpenOptions} autoFocus>
          {i18n.t('popup.openOptions')}
        </button>
      </div>
    );
  }
  return setup && <ErrorNotice description={describeError(setup)} {...errorActions} />;
}
