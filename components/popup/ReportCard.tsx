import { useEffect, useId, useRef, useState } from 'react';
import { i18n } from '#i18n';
import { PrivacyLabel } from '@/components/PrivacyLabel';
import { RelativeTime } from '@/components/RelativeTime';
import { ResultBadge } from '@/components/ResultBadge';
import { ScoreGauge } from '@/components/ScoreGauge';
import type { Report } from '@/lib/api/schemas';

interface ReportCardProps {
  report: Report;
  /** "Result" after an audit, "Already audited" for a report found on open. */
  heading: string;
  link: string;
  busy: boolean;
  /** Move focus to the heading when this report (or a new run of it) appears: a fresh result. */
  focusOnShow?: boolean;
  onOpen: () => void;
  onOpenInSidePanel: () => void;
  onRerun: () => void;
}

/** Score as a number and a gauge, result as word, colour and shape, and what to do next. */
export function ReportCard({
  report,
  heading,
  link,
  busy,
  focusOnShow = false,
  onOpen,
  onOpenInSidePanel,
  onRerun,
}: ReportCardProps) {
  const headingId = useId();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Keyboard users land on the result (then Tab reaches its actions); screen readers read it.
  useEffect(() => {
    if (focusOnShow) headingRef.current?.focus();
  }, [focusOnShow, report.id, report.generated_at]);

  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = setTimeout(() => setCopy('idle'), 2500);
    return () => clearTimeout(timer);
  }, [copy]);

  const copyLink = () => {
    navigator.clipboard.writeText(link).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );
  };

  return (
    <section className="popup-report" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        {heading}
      </h2>
      <div className="popup-report-summary">
        <ScoreGauge score={report.score} result={report.result} size={64} />
        <div className="popup-report-facts">
          <ResultBadge result={report.result} />
          <dl>
            {report.project && (
              <>
                <dt>{i18n.t('popup.project')}</dt>
                <dd>{report.project}</dd>
              </>
            )}
            {report.generated_at && (
              <>
                <dt>{i18n.t('popup.generated')}</dt>
                <dd>
                  <RelativeTime iso={report.generated_at} />
                </dd>
              </>
            )}
            <dt>{i18n.t('popup.reportPage')}</dt>
            <dd>
              <PrivacyLabel privacy={report.privacy} />
            </dd>
          </dl>
        </div>
      </div>
      <div className="popup-actions">
        <button type="button" onClick={onOpen}>
          {i18n.t('popup.openReport')}
        </button>
        <button type="button" onClick={onOpenInSidePanel}>
          {i18n.t('popup.openSidePanel')}
        </button>
        <button type="button" onClick={copyLink}>
          {i18n.t('popup.copyLink')}
        </button>
        <button type="button" onClick={onRerun} disabled={busy}>
          {i18n.t('popup.rerun')}
        </button>
      </div>
      <p className="popup-copy" role="status">
        {copy === 'copied' && i18n.t('popup.copied')}
        {copy === 'failed' && i18n.t('popup.copyFailed', [link])}
      </p>
    </section>
  );
}
