import { useEffect, useRef } from 'react';
import { i18n } from '#i18n';
import { describeError } from '@/lib/api/describe-error';
import { usePopup, type PopupOptions } from '@/lib/popup/use-popup';
import { AuditForm, messagesNotPlaced } from './AuditForm';
import { ErrorNotice } from './ErrorNotice';
import { PageSection } from './PageSection';
import { ReportCard } from './ReportCard';
import { RunningNotice } from './RunningNotice';
import { SetupNotice } from './SetupNotice';

export function Popup(options: PopupOptions) {
  const p = usePopup(options);
  const auditButton = useRef<HTMLButtonElement>(null);
  const focused = useRef(false);

  // Focus starts on "Audit this page" (Enter then starts the audit).
  useEffect(() => {
    if (focused.current || !p.ready || p.busy) return;
    focused.current = true;
    auditButton.current?.focus();
  }, [p.ready, p.busy]);

  if (!p.context) {
    return (
      <main className="popup" aria-busy="true">
        <h1 className="popup-title">{i18n.t('popup.title')}</h1>
        <span className="skeleton" aria-label={i18n.t('popup.loading')} />
      </main>
    );
  }

  const { context, shown } = p;
  const setup = context.setupError;
  const failure = p.failure ? describeError(p.failure) : null;
  const fieldErrors = failure?.fieldErrors ?? {};
  const isValidation = p.failure?.kind === 'validation';
  const lookupError =
    p.lookup.status === 'failed' && !failure ? describeError(p.lookup.error) : null;
  const errorActions = {
    onRetry: p.retry,
    onRefresh: p.refresh,
    onOpenOptions: p.openOptions,
    onGrantPermission: p.grantPermission,
  };

  return (
    <main className="popup">
      <h1 className="popup-title">{i18n.t('popup.title')}</h1>
      <PageSection page={context.page} urlErrors={fieldErrors.url} />
      <SetupNotice setup={setup} {...errorActions} />

      {shown && (
        <ReportCard
          report={shown.report}
          heading={shown.fresh ? i18n.t('popup.result') : i18n.t('popup.existing')}
          link={shown.link}
          busy={p.busy}
          focusOnShow={shown.fresh}
          onOpen={() => p.openReport(shown.link)}
          onOpenInSidePanel={() => p.openInSidePanel(shown.report)}
          onRerun={() => p.rerun(shown.report)}
        />
      )}

      {p.running && p.state?.status === 'running' && (
        <RunningNotice action={p.state.action} elapsed={p.elapsed} />
      )}

      {failure && (
        <ErrorNotice
          description={failure}
          detail={
            isValidation ? messagesNotPlaced(fieldErrors, p.privacy).join(' ') || null : undefined
          }
          waitSeconds={p.waitSeconds}
          {...errorActions}
        />
      )}
      {lookupError && <ErrorNotice description={lookupError} {...errorActions} />}

      {setup?.kind !== 'not-configured' && (
        <AuditForm
          auditable={context.page.auditable}
          privacy={p.privacy}
          onPrivacyChange={p.setPrivacy}
          password={p.password}
          onPasswordChange={p.setPassword}
          fieldErrors={fieldErrors}
          canAudit={p.ready && !p.busy}
          auditAgain={shown !== null}
          onAudit={p.audit}
          auditButton={auditButton}
        />
      )}
    </main>
  );
}
