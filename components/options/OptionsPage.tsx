import { i18n } from '#i18n';
import { Field } from '@/components/Field';
import { useSettingsForm, type SettingsFormOptions } from '@/lib/options/use-settings-form';
import { ApiKeyInput } from './ApiKeyInput';
import { ConnectionChecklist } from './ConnectionChecklist';

export function OptionsPage(props: SettingsFormOptions) {
  const form = useSettingsForm(props);
  const { state } = form;
  const checking = state.status === 'checking';
  return (
    <main className="options stack">
      <h1>{i18n.t('options.title')}</h1>
      <p className="muted">{i18n.t('options.intro')}</p>
      <form className="stack" onSubmit={form.save} noValidate aria-busy={!form.loaded}>
        <Field
          label={i18n.t('options.baseUrl')}
          hint={i18n.t('options.baseUrlHint')}
          errors={form.baseUrlError ? [form.baseUrlError.message] : undefined}
        >
          <input
            type="url"
            value={form.baseUrl}
            onChange={(event) => form.setBaseUrl(event.target.value)}
            placeholder="https://audit.example.com"
            spellCheck={false}
            autoComplete="url"
          />
        </Field>
        {form.baseUrlError?.suggestion && (
          <button
            type="button"
            className="link"
            onClick={() => form.setBaseUrl(form.baseUrlError!.suggestion!)}
          >
            {i18n.t('options.useSuggestion', [form.baseUrlError.suggestion])}
          </button>
        )}
        {form.notes.map((note) => (
          <p key={note} className="notice notice-info" role="status">
            {note}
          </p>
        ))}
        <Field label={i18n.t('options.apiKey')} hint={i18n.t('options.apiKeyHint')}>
          <ApiKeyInput value={form.apiKey} onValueChange={form.setApiKey} />
        </Field>
        <div className="row">
          <button type="submit" className="primary" disabled={checking || !form.loaded}>
            {i18n.t('options.save')}
          </button>
          <button type="button" onClick={form.forgetKey} disabled={!form.loaded}>
            {i18n.t('options.forgetKey')}
          </button>
        </div>
      </form>
      <div aria-live="polite">
        {checking && <p role="status">{i18n.t('options.checking')}</p>}
        {state.status === 'forgotten' && <p role="status">{i18n.t('options.forgotten')}</p>}
        {state.status === 'checked' && <ConnectionChecklist check={state.check} />}
      </div>
    </main>
  );
}
