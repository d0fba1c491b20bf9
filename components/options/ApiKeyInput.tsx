import { useState, type InputHTMLAttributes } from 'react';
import { i18n } from '#i18n';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> & {
  value: string;
  onValueChange(value: string): void;
};

/** The API key, masked unless the person asks to see it. `id` and aria props come from Field. */
export function ApiKeyInput({ value, onValueChange, ...inputProps }: Props) {
  const [shown, setShown] = useState(false);
  return (
    <div className="row key-input">
      <input
        {...inputProps}
        type={shown ? 'text' : 'password'}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        autoComplete="off"
        spellCheck={false}
      />
      <button type="button" aria-pressed={shown} onClick={() => setShown(!shown)}>
        {shown ? i18n.t('options.hideKey') : i18n.t('options.showKey')}
      </button>
    </div>
  );
}
