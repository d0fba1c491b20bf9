import type { ReactNode } from 'react';
import { Field } from './Field';

interface PasswordFieldProps {
  label: ReactNode;
  hint?: ReactNode;
  errors?: readonly string[];
  value: string;
  onChange(value: string): void;
}

/**
 * A report page's password: typed to be set, never filled from what the service has (it never
 * sends one back), and not offered to the browser's password manager as a login.
 */
export function PasswordField({ label, hint, errors, value, onChange }: PasswordFieldProps) {
  return (
    <Field label={label} hint={hint} errors={errors}>
      <input
        type="password"
        autoComplete="new-password"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}
