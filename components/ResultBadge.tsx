import { i18n } from '#i18n';

export type Result = 'good' | 'decent' | 'bad';

/** Each result has its own shape, so it reads without colour: a check, a dash, a cross. */
const shapes: Record<Result, string> = {
  good: 'M3 8.5l3.2 3.2L13 4.8',
  decent: 'M3.5 8h9',
  bad: 'M4 4l8 8M12 4l-8 8',
};

const words = {
  good: () => i18n.t('result.good'),
  decent: () => i18n.t('result.decent'),
  bad: () => i18n.t('result.bad'),
} satisfies Record<Result, () => string>;

export function resultWord(result: Result): string {
  return words[result]();
}

export function ResultBadge({ result }: { result: Result }) {
  return (
    <span className={`result result-${result}`}>
      <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path d={shapes[result]} fill="none" stroke="currentColor" strokeWidth="2.4" />
      </svg>
      {resultWord(result)}
    </span>
  );
}
