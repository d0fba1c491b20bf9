import { i18n } from '#i18n';
import type { CheckStatus, ConnectionCheck } from '@/lib/check-connection';

const marks: Record<CheckStatus, { symbol: string; word: () => string }> = {
  pass: { symbol: '✓', word: () => i18n.t('options.check.pass') },
  fail: { symbol: '✕', word: () => i18n.t('options.check.fail') },
  skipped: { symbol: '–', word: () => i18n.t('options.check.skipped') },
};

/** Permission, reachability and key, each with a mark, a word and the reason. */
export function ConnectionChecklist({ check }: { check: ConnectionCheck }) {
  return (
    <section aria-labelledby="checklist-title" className="stack">
      <h2 id="checklist-title">
        {check.ok ? i18n.t('options.check.allPassed') : i18n.t('options.check.someFailed')}
      </h2>
      <ul className="checklist" aria-label={i18n.t('options.check.listName')}>
        {check.items.map((item) => {
          const mark = marks[item.status];
          return (
            <li key={item.id} className={`check check-${item.status}`}>
              <span className="check-mark" aria-hidden="true">
                {mark.symbol}
              </span>
              <span>
                <strong>{item.label}</strong>
                <span className="visually-hidden">: {mark.word()}. </span>
                <span className="check-detail">{item.detail}</span>
              </span>
            </li>
          );
        })}
      </ul>
      {check.warnings.map((warning) => (
        <p key={warning} className="notice notice-warning" role="note">
          {warning}
        </p>
      ))}
    </section>
  );
}
