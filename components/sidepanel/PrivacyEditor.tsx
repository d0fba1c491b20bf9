import { i18n } from '#i18n';
import { useState } from 'react';
import { PasswordField } from '@/components/PasswordField';
import { PrivacyLabel } from '@/components/PrivacyLabel';
import { describeError } from '@/lib/api/describe-error';
import { PRIVACIES, type Privacy, type Report } from '@/lib/api/schemas';
import { useUpdateReport } from '@/lib/queries/report-mutations';

/**
 * Who may open the report page. The change shows at once (optimistic) and is undone with a
 * message when the server refuses it; what was chosen and typed stays for another try. A
 * password is required when switching to Password, sent once, and never shown back.
 */
export function PrivacyEditor({ report }: { report: Report }) {
  const mutation = useUpdateReport({ optimistic: true });
  const [base, setBase] = useState(report.privacy);
  const [choice, setChoice] = useState<Privacy>(report.privacy);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const [saved, setSaved] = useState(false);
  if (report.privacy !== base && !mutation.isPending && !mutation.isError) {
    // Changed elsewhere (or saved here): follow it unless the person is mid-edit.
    setBase(report.privacy);
    if (choice === base) setChoice(report.privacy);
  }

  // The reference service says whether a password is set (`has_password`); without that, one is
  // required whenever Password is newly chosen.
  const hasPassword = report.privacy === 2 || report.has_password === true;
  const needsPassword = choice === 2 && !hasPassword;
  const failure = mutation.error ? describeError(mutation.error) : null;
  const passwordErrors = [
    ...(missing ? [i18n.t('panel.privacyEditor.passwordRequired')] : []),
    ...(failure?.fieldErrors?.password ?? []),
  ];

  function save() {
    setSaved(false);
    if (needsPassword && password === '') return setMissing(true);
    setMissing(false);
    mutation.mutate(
      {
        id: report.id,
        privacy: choice,
        password: choice === 2 && password ? password : undefined,
      },
      {
        onSuccess: () => {
          setPassword('');
          setSaved(true);
          mutation.reset();
        },
      },
    );
  }

  return (
    <form
      className="sp-privacy stack"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <fieldset>
        <legend>{i18n.t('panel.privacyEditor.legend')}</legend>
        {PRIVACIES.map((value) => (
          <label key={value} className="radio">
            <input
              type="radio"
              name={`privacy-${report.id}`}
              value={value}
              checked={choice === value}
              onChange={() => {
                setChoice(value);
                setSaved(false);
                setMissing(false);
              }}
            />
            <PrivacyLabel privacy={value} />
          </label>
        ))}
        {failure?.fieldErrors?.privacy && (
          <div className="field-error" role="alert">
            {failure.fieldErrors.privacy.join(' ')}
          </div>
        )}
      </fieldset>
      {choice === 2 && (
        <PasswordField
          label={i18n.t('panel.privacyEditor.password')}
          hint={
            hasPassword
              ? i18n.t('panel.privacyEditor.passwordKeep')
              : i18n.t('panel.privacyEditor.passwordHint')
          }
          errors={passwordErrors}
          value={password}
          onChange={setPassword}
        />
      )}
      <div className="row">
        <button
          type="submit"
          disabled={mutation.isPending || (choice === report.privacy && password === '')}
        >
          {mutation.isPending
            ? i18n.t('panel.privacyEditor.saving')
            : i18n.t('panel.privacyEditor.save')}
        </button>
        <span role="status">{saved && i18n.t('panel.privacyEditor.saved')}</span>
      </div>
      {failure && (
        <div className="notice notice-error" role="alert">
          {i18n.t('panel.privacyEditor.rolledBack', [failure.title])}
          {failure.detail && <div>{failure.detail}</div>}
        </div>
      )}
    </form>
  );
}
