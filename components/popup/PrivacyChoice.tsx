import { useId } from 'react';
import { i18n } from '#i18n';
import { privacyName } from '@/components/PrivacyLabel';
import { PRIVACIES, type Privacy } from '@/lib/api/schemas';

const privacyHints = {
  0: () => i18n.t('popup.privacyHint.public'),
  1: () => i18n.t('popup.privacyHint.private'),
  2: () => i18n.t('popup.privacyHint.password'),
} satisfies Record<Privacy, () => string>;

interface PrivacyChoiceProps {
  privacy: Privacy;
  onChange: (value: Privacy) => void;
  /** A 422's messages for `privacy`. */
  errors?: string[];
}

/** Who may see the report: one radio per privacy, each with what it means. */
export function PrivacyChoice({ privacy, onChange, errors }: PrivacyChoiceProps) {
  const ids = useId();
  return (
    <fieldset
      aria-invalid={errors ? true : undefined}
      aria-describedby={errors ? `${ids}-privacy-error` : undefined}
    >
      <legend>{i18n.t('popup.privacyLegend')}</legend>
      {PRIVACIES.map((value) => (
        <div className="popup-radio" key={value}>
          <input
            type="radio"
            id={`${ids}-privacy-${value}`}
            name="privacy"
            value={value}
            checked={privacy === value}
            onChange={() => onChange(value)}
            aria-describedby={`${ids}-privacy-${value}-hint`}
          />
          <label htmlFor={`${ids}-privacy-${value}`}>{privacyName(value)}</label>
          <span id={`${ids}-privacy-${value}-hint`} className="muted">
            {privacyHints[value]()}
          </span>
        </div>
      ))}
      {errors && (
        <div id={`${ids}-privacy-error`} className="field-error" role="alert">
          {errors.join(' ')}
        </div>
      )}
    </fieldset>
  );
}
