import { useEffect, useId, useRef } from 'react';
import { i18n } from '#i18n';
import { Field } from '@/components/Field';
import { privacyName } from '@/components/PrivacyLabel';
import { describeError } from '@/lib/api/describe-error';
import { PRIVACIES, type Privacy } from '@/lib/api/schemas';
import type { NotAuditableReason } from '@/lib/popup/page-url';
import { usePopup, type PopupOptions } from '@/lib/popup/use-popup';
import { ErrorNotice } from './ErrorNotice';
import { ReportCard } from './ReportCard';

const notAuditable = {
  empty: () => i18n.t('popup.notAuditable.empty'),
  browser: () => i18n.t('popup.notAuditable.browser'),
  extension: () => i18n.t('popup.notAuditable.extension'),
  file: () => i18n.t('popup.notAuditable.file'),
  data: () => i18n.t('popup.notAuditable.data'),
  'view-source': () => i18n.t('popup.notAuditable.viewSource'),
  other: () => i18n.t('popup.notAuditable.other'),
} satisfies Record<NotAuditableReason, () => string>;

const privacyHints = {
  0: () => i18n.t('popup.privacyHint.public'),
  1: () => i18n.t('popup.privacyHint.private'),
  2: () => i18n.t('popup.privacyHint.password'),
} satisfies Record<Privacy, () => string>;

/** Fields a 422 can name that the popup shows its messages beside. */
const PLACED_FIELDS = ['url', 'privacy', 'password'];

export function Popup(options: PopupOptions) {
  const p = usePopup(options);
  const auditButton = useRef<HTMLButtonElement>(null);
  const ids = useId();
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

  const { context } = p;
  const setup = context.setupError;
  const failure = p.failure ? describeError(p.failure) : null;
  const fieldErrors = failure?.fieldErrors ?? {};
  const passwordShown = p.privacy === 2;
  const placed = PLACED_FIELDS.filter((f) => f !== 'password' || passwordShown);
  const unplaced = Object.entries(fieldErrors)
    .filter(([field]) => !placed.includes(field))
    .flatMap(([, messages]) => messages);
  const isValidation = p.failure?.kind === 'validation';
  const urlErrors = fieldErrors.url;
  const privacyErrors = fieldErrors.privacy;
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

      <section className="popup-page" aria-labelledby={`${ids}-page`}>
        <h2 id={`${ids}-page`} className="visually-hidden">
          {i18n.t('popup.page')}
        </h2>
        {context.page.auditable ? (
          <p
            className="popup-url"
            title={context.page.url}
            aria-invalid={urlErrors ? true : undefined}
            aria-describedby={urlErrors ? `${ids}-url-error` : undefined}
          >
            {context.page.url}
          </p>
        ) : (
          <p className="notice notice-info">{notAuditable[context.page.reason]()}</p>
        )}
        {urlErrors && (
          <div id={`${ids}-url-error`} className="field-error" role="alert">
            {urlErrors.join(' ')}
          </div>
        )}
      </section>

      {setup?.kind === 'not-configured' ? (
        <div className="notice notice-info popup-notice">
          <p>{i18n.t('popup.notConfigured')}</p>
          <button type="button" className="primary" onClick={p.openOptions} autoFocus>
            {i18n.t('popup.openOptions')}
          </button>
        </div>
      ) : (
        setup && <ErrorNotice description={describeError(setup)} {...errorActions} />
      )}

      {p.shown && (
        <ReportCard
          report={p.shown.report}
          heading={p.shown.fresh ? i18n.t('popup.result') : i18n.t('popup.existing')}
          link={p.shown.link}
          busy={p.busy}
          focusOnShow={p.shown.fresh}
          onOpen={() => p.openReport(p.shown!.link)}
          onOpenInSidePanel={() => p.openInSidePanel(p.shown!.report)}
          onRerun={() => p.rerun(p.shown!.report)}
        />
      )}

      {p.running && p.state?.status === 'running' && (
        <div className="notice notice-info popup-progress" role="status">
          <div className="notice-title">
            {p.state.action === 'rerun'
              ? i18n.t('popup.rerunning', [String(p.elapsed)])
              : i18n.t('popup.running', [String(p.elapsed)])}
          </div>
          <p className="muted">{i18n.t('popup.runningHint')}</p>
        </div>
      )}

      {failure && (
        <ErrorNotice
          description={failure}
          detail={isValidation ? unplaced.join(' ') || null : undefined}
          waitSeconds={p.waitSeconds}
          {...errorActions}
        />
      )}
      {lookupError && <ErrorNotice description={lookupError} {...errorActions} />}

      {setup?.kind !== 'not-configured' && (
        <form
          className="popup-form"
          onSubmit={(event) => {
            event.preventDefault();
            p.audit();
          }}
        >
          {context.page.auditable && (
            <fieldset
              aria-invalid={privacyErrors ? true : undefined}
              aria-describedby={privacyErrors ? `${ids}-privacy-error` : undefined}
            >
              <legend>{i18n.t('popup.privacyLegend')}</legend>
              {PRIVACIES.map((value) => (
                <div className="popup-radio" key={value}>
                  <input
                    type="radio"
                    id={`${ids}-privacy-${value}`}
                    name="privacy"
                    value={value}
                    checked={p.privacy === value}
                    onChange={() => p.setPrivacy(value)}
                    aria-describedby={`${ids}-privacy-${value}-hint`}
                  />
                  <label htmlFor={`${ids}-privacy-${value}`}>{privacyName(value)}</label>
                  <span id={`${ids}-privacy-${value}-hint`} className="muted">
                    {privacyHints[value]()}
                  </span>
                </div>
              ))}
              {privacyErrors && (
                <div id={`${ids}-privacy-error`} className="field-error" role="alert">
                  {privacyErrors.join(' ')}
                </div>
              )}
            </fieldset>
          )}
          {context.page.auditable && passwordShown && (
            <Field
              label={i18n.t('popup.password')}
              hint={i18n.t('popup.passwordHint')}
              errors={fieldErrors.password}
            >
              <input
                type="password"
                autoComplete="new-password"
                value={p.password}
                onChange={(event) => p.setPassword(event.target.value)}
              />
            </Field>
          )}
          <button
            ref={auditButton}
            type="submit"
            className="primary popup-audit"
            disabled={!p.ready || p.busy}
          >
            {i18n.t('popup.audit')}
          </button>
          {p.shown && <p className="muted popup-hint">{i18n.t('popup.auditAgain')}</p>}
        </form>
      )}
    </main>
  );
}
