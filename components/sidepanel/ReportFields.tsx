import { i18n } from '#i18n';
import type { ReactNode } from 'react';
import { PrivacyLabel } from '@/components/PrivacyLabel';
import { RelativeTime } from '@/components/RelativeTime';
import { ResultBadge } from '@/components/ResultBadge';
import { REPORT_FIELDS, type Report, type ReportField } from '@/lib/api/schemas';
import { formatScore } from './ReportRows';

/** Shown elsewhere (the checks list), or never (a password must never be shown back). */
const HIDDEN = new Set(['checks', 'password']);

/** The contract fields have their own presentation; any other field is listed after them. */
const labels: Record<ReportField, () => string> = {
  id: () => i18n.t('panel.detail.id'),
  url: () => i18n.t('panel.detail.url'),
  project: () => i18n.t('panel.detail.project'),
  result: () => i18n.t('panel.detail.result'),
  score: () => i18n.t('panel.detail.score'),
  privacy: () => i18n.t('panel.detail.privacy'),
  generated_at: () => i18n.t('panel.detail.generatedAt'),
  created_at: () => i18n.t('panel.detail.createdAt'),
  updated_at: () => i18n.t('panel.detail.updatedAt'),
};

function knownValue(report: Report, field: ReportField): ReactNode {
  switch (field) {
    case 'url':
      return <span className="sp-break">{report.url}</span>;
    case 'result':
      return <ResultBadge result={report.result} />;
    case 'score':
      return formatScore(report.score);
    case 'privacy':
      return <PrivacyLabel privacy={report.privacy} />;
    case 'generated_at':
    case 'created_at':
    case 'updated_at': {
      const iso = report[field];
      return iso ? <RelativeTime iso={iso} /> : null;
    }
    default:
      return report[field] == null ? null : String(report[field]);
  }
}

function otherValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (value === true) return i18n.t('panel.detail.yes');
  if (value === false) return i18n.t('panel.detail.no');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** `has_password` → "Has password": a field we know nothing about still reads as words. */
function fieldName(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Every field of the report the service returned, known ones first, extra ones as they came. */
export function ReportFields({ report }: { report: Report }) {
  const extra = Object.entries(report).filter(
    ([key]) => !(REPORT_FIELDS as readonly string[]).includes(key) && !HIDDEN.has(key),
  );
  return (
    <>
      <dl className="sp-fields" aria-label={i18n.t('panel.detail.fields')}>
        {REPORT_FIELDS.filter((field) => report[field] != null).map((field) => (
          <div key={field}>
            <dt>{labels[field]()}</dt>
            <dd>{knownValue(report, field)}</dd>
          </div>
        ))}
      </dl>
      {extra.length > 0 && (
        <dl className="sp-fields" aria-label={i18n.t('panel.detail.extraFields')}>
          {extra.map(([key, value]) => (
            <div key={key}>
              <dt title={key}>{fieldName(key)}</dt>
              <dd className="sp-break">{otherValue(value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </>
  );
}
