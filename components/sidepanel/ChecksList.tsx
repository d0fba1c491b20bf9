import { i18n } from '#i18n';
import type { Check } from '@/lib/api/schemas';

const PASS = 'M3 8.5l3.2 3.2L13 4.8';
const FAIL = 'M4 4l8 8M12 4l-8 8';

/** The audit's checks: each says passed or failed in words and with a shape, not colour alone. */
export function ChecksList({ checks }: { checks: readonly Check[] }) {
  if (checks.length === 0) return <p className="muted">{i18n.t('panel.detail.noChecks')}</p>;
  const failed = checks.filter((check) => check.passed === false).length;
  return (
    <section aria-labelledby="sp-checks-title">
      <h3 id="sp-checks-title">{i18n.t('panel.detail.checks')}</h3>
      <p className="muted">
        {i18n.t('panel.detail.checksSummary', [checks.length - failed, checks.length])}
      </p>
      <ul className="sp-checks">
        {checks.map((check) => {
          const state =
            check.passed === true ? 'pass' : check.passed === false ? 'fail' : 'unknown';
          return (
            <li key={String(check.id)} className={`sp-check sp-check-${state}`}>
              <span className="sp-check-state">
                {state !== 'unknown' && (
                  <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                    <path
                      d={state === 'pass' ? PASS : FAIL}
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2.4"
                    />
                  </svg>
                )}
                {state === 'pass'
                  ? i18n.t('panel.detail.checkPassed')
                  : state === 'fail'
                    ? i18n.t('panel.detail.checkFailed')
                    : i18n.t('panel.detail.checkUnknown')}
              </span>
              <span className="sp-check-title">{check.title ?? String(check.id)}</span>
              {check.detail && <span className="sp-check-detail muted">{check.detail}</span>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
