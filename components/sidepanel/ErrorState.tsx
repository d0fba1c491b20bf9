import { i18n } from '#i18n';
import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { describeError } from '@/lib/api/describe-error';
import { isApiError } from '@/lib/api/errors';
import { requestHostPermission } from '@/lib/permissions';

interface ErrorStateProps {
  error: unknown;
  /** Asks again (a refetch); every error the user can act on offers it. */
  onRetry: () => void;
}

/**
 * An error in words with the one thing to do about it: open the settings, allow access, try
 * again (after the wait the server asked for), or refresh. `describeError` chooses the words.
 */
export function ErrorState({ error, onRetry }: ErrorStateProps) {
  const described = describeError(error);
  return (
    <div className="notice notice-error" role="alert">
      <div className="notice-title">{described.title}</div>
      {described.detail && <p>{described.detail}</p>}
      <ErrorAction
        action={described.action}
        retryAfter={described.retryAfter}
        origin={isApiError(error) ? error.origin : undefined}
        onRetry={onRetry}
      />
    </div>
  );
}

function ErrorAction(props: {
  action: ReturnType<typeof describeError>['action'];
  retryAfter?: number;
  origin?: string;
  onRetry: () => void;
}) {
  const { action, retryAfter, origin, onRetry } = props;
  switch (action) {
    case 'open-options':
      return (
        <button
          type="button"
          className="primary"
          onClick={() => void browser.runtime.openOptionsPage()}
        >
          {i18n.t('panel.error.openOptions')}
        </button>
      );
    case 'grant-permission':
      return (
        <button
          type="button"
          className="primary"
          onClick={() => {
            // First thing in the click: the browser only asks during a user gesture.
            if (!origin) return void browser.runtime.openOptionsPage();
            void requestHostPermission(origin).then((granted) => granted && onRetry());
          }}
        >
          {i18n.t('panel.error.grantPermission')}
        </button>
      );
    case 'retry-later':
      return <RetryLater seconds={retryAfter ?? 0} onRetry={onRetry} />;
    case 'refresh':
      return (
        <button type="button" onClick={onRetry}>
          {i18n.t('panel.error.refresh')}
        </button>
      );
    default:
      return (
        <button type="button" onClick={onRetry}>
          {i18n.t('panel.error.retry')}
        </button>
      );
  }
}

/** "Try again in 12 s", counting down; the button works once the server's wait is over. */
function RetryLater({ seconds, onRetry }: { seconds: number; onRetry: () => void }) {
  const [left, setLeft] = useState(Math.ceil(seconds));
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return (
    <button type="button" onClick={onRetry} disabled={left > 0}>
      {left > 0 ? i18n.t('panel.error.retryIn', [left]) : i18n.t('panel.error.retry')}
    </button>
  );
}
