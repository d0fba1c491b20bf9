import { useId, type ReactElement, type ReactNode } from 'react';
import { cloneElement } from 'react';

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  /** Messages for this field, e.g. a 422's `errors[field]`: shown beside it, announced with it. */
  errors?: readonly string[];
  children: ReactElement<Record<string, unknown>>;
}

/** A labelled control with its hint and errors wired to it for assistive technology. */
export function Field({ label, hint, errors, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const invalid = errors != null && errors.length > 0;
  const describedBy = [hint ? hintId : null, invalid ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, {
        id,
        'aria-invalid': invalid || undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint && (
        <div id={hintId} className="field-hint">
          {hint}
        </div>
      )}
      {invalid && (
        <div id={errorId} className="field-error" role="alert">
          {errors.join(' ')}
        </div>
      )}
    </div>
  );
}
