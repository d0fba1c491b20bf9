import type { Ref } from 'react';
import { i18n } from '#i18n';
import { PasswordField } from '@/components/PasswordField';
import type { FieldErrors } from '@/lib/api/errors';
import type { Privacy } from '@/lib/api/schemas';
import { PrivacyChoice } from './PrivacyChoice';

/** Fields a 422 can name that the popup shows its messages beside. */
const PLACED_FIELDS = ['url', 'privacy', 'password'];

/** A 422's messages for fields the popup does not show (the password only with privacy 2). */
export function messagesNotPlaced(fieldErrors: FieldErrors, privacy: Privacy): string[] {
  const placed = PLACED_FIELDS.filter((f) => f !== 'password' || privacy === 2);
  return Object.entries(fieldErrors)
    .filter(([field]) => !placed.includes(field))
    .flatMap(([, messages]) => messages);
}

interface AuditFormProps {
  /** The page can be audited: the privacy choice (and password) apply. */
  auditable: boolean;
  privacy: Privacy;
  onPrivacyChange: (value: Privacy) => void;
  password: string;
  onPasswordChange: (value: string) => void;
  fieldErrors: FieldErrors;
  /** The audit button is enabled. */
  canAudit: boolean;
  /** A report shows above: say that auditing makes a new one. */
  auditAgain: boolean;
  onAudit: () => void;
  auditButton: Ref<HTMLButtonElement>;
}

/** The privacy choice, the password for privacy 2, and "Audit this page". */
export function AuditForm({
  auditable,
  privacy,
  onPrivacyChange,
  password,
  onPasswordChange,
  fieldErrors,
  canAudit,
  auditAgain,
  onAudit,
  auditButton,
}: AuditFormProps) {
  return (
    <form
      className="popup-form"
      onSubmit={(event) => {
        event.preventDefault();
        onAudit();
      }}
    >
      {auditable && (
        <PrivacyChoice privacy={privacy} onChange={onPrivacyChange} errors={fieldErrors.privacy} />
      )}
      {auditable && privacy === 2 && (
        <PasswordField
          label={i18n.t('popup.password')}
          hint={i18n.t('popup.passwordHint')}
          errors={fieldErrors.password}
          value={password}
          onChange={onPasswordChange}
        />
      )}
      <button ref={auditButton} type="submit" className="primary popup-audit" disabled={!canAudit}>
        {i18n.t('popup.audit')}
      </button>
      {auditAgain && <p className="muted popup-hint">{i18n.t('popup.auditAgain')}</p>}
    </form>
  );
}
