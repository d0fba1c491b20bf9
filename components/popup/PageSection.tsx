import { useId } from 'react';
import { i18n } from '#i18n';
import type { NotAuditableReason, PageCheck } from '@/lib/popup/page-url';

const notAuditable = {
  empty: () => i18n.t('popup.notAuditable.empty'),
  browser: () => i18n.t('popup.notAuditable.browser'),
  extension: () => i18n.t('popup.notAuditable.extension'),
  file: () => i18n.t('popup.notAuditable.file'),
  data: () => i18n.t('popup.notAuditable.data'),
  'view-source': () => i18n.t('popup.notAuditable.viewSource'),
  other: () => i18n.t('popup.notAuditable.other'),
} satisfies Record<NotAuditableReason, () => string>;

interface PageSectionProps {
  page: PageCheck;
  /** A 422's messages for `url`: shown under the address, which is marked invalid. */
  urlErrors?: string[];
}

/** The page this popup is for: its address, or why it cannot be audited. */
export function PageSection({ page, urlErrors }: PageSectionProps) {
  const ids = useId();
  return (
    <section className="popup-page" aria-labelledby={`${ids}-page`}>
      <h2 id={`${ids}-page`} className="visually-hidden">
        {i18n.t('popup.page')}
      </h2>
      {page.auditable ? (
        <p
          className="popup-url"
          title={page.url}
          aria-invalid={urlErrors ? true : undefined}
          aria-describedby={urlErrors ? `${ids}-url-error` : undefined}
        >
          {page.url}
        </p>
      ) : (
        <p className="notice notice-info">{notAuditable[page.reason]()}</p>
      )}
      {urlErrors && (
        <div id={`${ids}-url-error`} className="field-error" role="alert">
          {urlErrors.join(' ')}
        </div>
      )}
    </section>
  );
}
