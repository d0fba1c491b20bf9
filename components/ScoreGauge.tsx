import { i18n } from '#i18n';
import type { Result } from './ResultBadge';

interface ScoreGaugeProps {
  score: number;
  result: Result;
  size?: number;
}

/** A ring filled to the score, with the number in the middle; exposed as a meter. */
export function ScoreGauge({ score, result, size = 72 }: ScoreGaugeProps) {
  const value = Math.max(0, Math.min(100, Math.round(score)));
  const radius = 15.5;
  const circumference = 2 * Math.PI * radius;
  return (
    <span
      className="gauge"
      role="meter"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-label={i18n.t('score.label')}
      style={{ width: size, height: size }}
    >
      <svg viewBox="0 0 36 36" width={size} height={size} aria-hidden="true">
        <circle className="gauge-track" cx="18" cy="18" r={radius} fill="none" strokeWidth="3" />
        <circle
          className={`gauge-${result}`}
          cx="18"
          cy="18"
          r={radius}
          fill="none"
          strokeWidth="3"
          strokeLinecap="round"
          strokeDasharray={`${(value / 100) * circumference} ${circumference}`}
          transform="rotate(-90 18 18)"
        />
      </svg>
      <span className="gauge-value" aria-hidden="true">
        {value}
      </span>
    </span>
  );
}
