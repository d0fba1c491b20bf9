import { i18n } from '#i18n';

export type Privacy = 0 | 1 | 2;

const icons: Record<Privacy, string> = {
  // A globe, a closed lock, a key.
  0: 'M8 1.5a6.5 6.5 0 100 13 6.5 6.5 0 000-13zM1.5 8h13M8 1.5c2 2 2 11 0 13M8 1.5c-2 2-2 11 0 13',
  1: 'M4 7V5a4 4 0 018 0v2M3 7h10v7H3z',
  2: 'M10 2.5a3.5 3.5 0 11-2.9 5.4L2 13v1.5h2.5V13H6v-1.5h1.5l1-1A3.5 3.5 0 0110 2.5z',
};

const names = {
  0: () => i18n.t('privacy.public'),
  1: () => i18n.t('privacy.private'),
  2: () => i18n.t('privacy.password'),
} satisfies Record<Privacy, () => string>;

export function privacyName(privacy: Privacy): string {
  return names[privacy]();
}

export function PrivacyLabel({ privacy }: { privacy: Privacy }) {
  return (
    <span className="privacy">
      <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path d={icons[privacy]} fill="none" stroke="currentColor" strokeWidth="1.4" />
      </svg>
      {privacyName(privacy)}
    </span>
  );
}
