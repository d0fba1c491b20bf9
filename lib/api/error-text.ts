/**
 * The sentences describeError() puts together, in the browser's language (locales/*.yml, group
 * `errors`).
 */
import { i18n } from '#i18n';
import type { SetupProblem } from './errors';

const hostOf = (origin?: string) => (origin ? origin.replace(/^https?:\/\//, '') : undefined);

/** A wait in the browser's language: "42 seconds", "2 minutes" (rounded up). */
export function formatWait(seconds: number): string {
  if (seconds < 60) return i18n.t('errors.wait.seconds', seconds);
  return i18n.t('errors.wait.minutes', Math.ceil(seconds / 60));
}

/** Each key is written out in full so tests/lib/i18n-coverage.test.ts can find it. */
export const errorText = {
  cancelled: () => ({
    title: i18n.t('errors.cancelled.title'),
    detail: i18n.t('errors.cancelled.detail'),
  }),
  unknown: {
    title: () => i18n.t('errors.unknown.title'),
    detail: (message: string) => message || i18n.t('errors.unknown.detail'),
  },
  notConfigured: {
    title: () => i18n.t('errors.notConfigured.title'),
    /** `why` is one sentence without its full stop. */
    detail: (why: string) => i18n.t('errors.notConfigured.detail', [why]),
    why: (setup: SetupProblem | undefined, message: string) => {
      switch (setup) {
        case 'no-base-url':
          return i18n.t('errors.notConfigured.noBaseUrl');
        case 'no-key':
          return i18n.t('errors.notConfigured.noKey');
        case 'other-origin':
          return i18n.t('errors.notConfigured.otherOrigin');
        case 'invalid-base-url':
          // normalizeBaseUrl's own sentence, already in the browser's language.
          return message.replace(/\.$/, '');
        default:
          return i18n.t('errors.notConfigured.missing');
      }
    },
  },
  noPermission: {
    title: () => i18n.t('errors.noPermission.title'),
    detail: (origin?: string) => {
      const host = hostOf(origin);
      return host
        ? i18n.t('errors.noPermission.detail', [host])
        : i18n.t('errors.noPermission.detailNoHost');
    },
  },
  dns: {
    title: () => i18n.t('errors.dns.title'),
    detail: (origin?: string) => {
      const host = hostOf(origin);
      return host ? i18n.t('errors.dns.detail', [host]) : i18n.t('errors.dns.detailNoHost');
    },
  },
  refused: {
    title: () => i18n.t('errors.refused.title'),
    detail: (origin?: string) => {
      const host = hostOf(origin);
      return host ? i18n.t('errors.refused.detail', [host]) : i18n.t('errors.refused.detailNoHost');
    },
  },
  tls: {
    title: () => i18n.t('errors.tls.title'),
    detail: (origin?: string) => {
      const host = hostOf(origin);
      return host ? i18n.t('errors.tls.detail', [host]) : i18n.t('errors.tls.detailNoHost');
    },
  },
  network: {
    title: () => i18n.t('errors.network.title'),
    detail: (origin?: string) => {
      const host = hostOf(origin);
      return host ? i18n.t('errors.network.detail', [host]) : i18n.t('errors.network.detailNoHost');
    },
  },
  timeout: () => ({
    title: i18n.t('errors.timeout.title'),
    detail: i18n.t('errors.timeout.detail'),
  }),
  unauthorized: {
    title: () => i18n.t('errors.unauthorized.title'),
    detail: () => i18n.t('errors.unauthorized.detail'),
    keyCharacters: () => i18n.t('errors.unauthorized.keyCharacters'),
  },
  forbidden: {
    title: () => i18n.t('errors.forbidden.title'),
    detail: () => i18n.t('errors.forbidden.detail'),
  },
  wrongPath: () => ({
    title: i18n.t('errors.wrongPath.title'),
    detail: i18n.t('errors.wrongPath.detail'),
  }),
  gone: () => ({ title: i18n.t('errors.gone.title'), detail: i18n.t('errors.gone.detail') }),
  validation: {
    title: () => i18n.t('errors.validation.title'),
    detail: () => i18n.t('errors.validation.detail'),
  },
  rateLimited: {
    title: () => i18n.t('errors.rateLimited.title'),
    detail: (seconds?: number) =>
      seconds === undefined
        ? i18n.t('errors.rateLimited.detail')
        : i18n.t('errors.rateLimited.detailWait', [formatWait(seconds)]),
  },
  server: {
    title: () => i18n.t('errors.server.title'),
    detail: (status?: number, html?: boolean) => {
      if (status) {
        return html
          ? i18n.t('errors.server.detailStatusHtml', [status])
          : i18n.t('errors.server.detailStatus', [status]);
      }
      return html ? i18n.t('errors.server.detailHtml') : i18n.t('errors.server.detail');
    },
  },
  /** A detail followed by what the service said, quoted. */
  serverSaid: (detail: string, said: string) => i18n.t('errors.serverSaid', [detail, said]),
  redirect: {
    title: () => i18n.t('errors.redirect.title'),
    detail: (location?: string) =>
      location
        ? i18n.t('errors.redirect.detail', [location])
        : i18n.t('errors.redirect.detailNoLocation'),
  },
  html: () => ({ title: i18n.t('errors.html.title'), detail: i18n.t('errors.html.detail') }),
  unexpectedStatus: {
    title: () => i18n.t('errors.unexpectedStatus.title'),
    detail: (status: number) => i18n.t('errors.unexpectedStatus.detail', [status]),
  },
  badShape: () => ({
    title: i18n.t('errors.badShape.title'),
    detail: i18n.t('errors.badShape.detail'),
  }),
};
