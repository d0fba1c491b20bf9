/**
 * The one place that turns any error into words for a person, with a way forward (after
 * refined-github's getError). Popup, side panel and options page all show what this returns;
 * none of them writes its own error sentences. The sentences are in `errorText`, in the browser's
 * UI language. `ApiError.message` is English, for logs, and not shown — except for a refused base
 * URL, whose message is normalizeBaseUrl's sentence (already in the browser's language).
 */
import { i18n } from '#i18n';
import { ApiError, type FieldErrors, type SetupProblem } from './errors';

export type ErrorAction =
  /** Wrong address, refused key, not set up: the fix is on the options page. */
  | 'open-options'
  /** The host permission is missing: ask for it (in a click handler). */
  | 'grant-permission'
  /** Worth trying again now. */
  | 'retry'
  /** Worth trying again after `retryAfter` seconds. */
  | 'retry-later'
  /** The thing is gone: refresh the list. */
  | 'refresh'
  | 'none';

export interface ErrorDescription {
  title: string;
  detail: string;
  action: ErrorAction;
  /** Seconds, with 'retry-later' when the server said. */
  retryAfter?: number;
  /** Per field, for validation errors: show each message beside its field. */
  fieldErrors?: FieldErrors;
}

const hostOf = (origin?: string) => (origin ? origin.replace(/^https?:\/\//, '') : undefined);

/** A wait in the browser's language: "42 seconds", "2 minutes" (rounded up). */
export function formatWait(seconds: number): string {
  if (seconds < 60) return i18n.t('errors.wait.seconds', seconds);
  return i18n.t('errors.wait.minutes', Math.ceil(seconds / 60));
}

/**
 * Every sentence, in the browser's language (locales/*.yml, group `errors`). Each key is written
 * out in full so tests/lib/i18n-coverage.test.ts can find it.
 */
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

export function describeError(error: unknown): ErrorDescription {
  if (!(error instanceof ApiError)) {
    if (error instanceof Error && error.name === 'AbortError') {
      return { ...errorText.cancelled(), action: 'none' };
    }
    const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
    return {
      title: errorText.unknown.title(),
      detail: errorText.unknown.detail(message),
      action: 'retry',
    };
  }

  const withServer = (detail: string) =>
    error.serverMessage && !detail.includes(error.serverMessage)
      ? errorText.serverSaid(detail, error.serverMessage)
      : detail;

  switch (error.kind) {
    case 'not-configured':
      return {
        title: errorText.notConfigured.title(),
        detail: errorText.notConfigured.detail(
          errorText.notConfigured.why(error.setup, error.message),
        ),
        action: 'open-options',
      };
    case 'no-permission':
      return {
        title: errorText.noPermission.title(),
        detail: errorText.noPermission.detail(error.origin),
        action: 'grant-permission',
      };
    case 'network': {
      const text =
        error.reason === 'dns'
          ? errorText.dns
          : error.reason === 'refused'
            ? errorText.refused
            : error.reason === 'tls'
              ? errorText.tls
              : errorText.network;
      return {
        title: text.title(),
        detail: text.detail(error.origin),
        action: error.reason === 'dns' || error.reason === 'tls' ? 'open-options' : 'retry',
      };
    }
    case 'timeout':
      return { ...errorText.timeout(), action: 'retry' };
    case 'unauthorized':
      return {
        title: errorText.unauthorized.title(),
        // Refused before sending (a key no key can be): say why.
        detail:
          error.setup === 'key-characters'
            ? errorText.unauthorized.keyCharacters()
            : errorText.unauthorized.detail(),
        action: 'open-options',
      };
    case 'forbidden':
      return {
        title: errorText.forbidden.title(),
        detail: error.serverMessage ?? errorText.forbidden.detail(),
        action: 'none',
      };
    case 'not-found':
      // A list's path not found, or a web page answering: the address is wrong. A record: gone.
      if (error.scope === 'collection' || error.body === 'html') {
        return { ...errorText.wrongPath(), action: 'open-options' };
      }
      return { ...errorText.gone(), action: 'refresh' };
    case 'validation': {
      const first = Object.values(error.fieldErrors)[0]?.[0];
      return {
        title: errorText.validation.title(),
        detail: first ?? error.serverMessage ?? errorText.validation.detail(),
        action: 'none',
        fieldErrors: error.fieldErrors,
      };
    }
    case 'rate-limited':
      return {
        title: errorText.rateLimited.title(),
        detail: errorText.rateLimited.detail(error.retryAfter),
        action: 'retry-later',
        retryAfter: error.retryAfter,
      };
    case 'server':
      return {
        title: errorText.server.title(),
        detail: withServer(errorText.server.detail(error.status, error.body === 'html')),
        action: 'retry',
      };
    case 'bad-response':
      if (error.body === 'redirect') {
        return {
          title: errorText.redirect.title(),
          detail: errorText.redirect.detail(error.location),
          action: 'open-options',
        };
      }
      if (error.body === 'html') return { ...errorText.html(), action: 'open-options' };
      if (error.status !== undefined && (error.status < 200 || error.status >= 300)) {
        return {
          title: errorText.unexpectedStatus.title(),
          detail: withServer(errorText.unexpectedStatus.detail(error.status)),
          action: 'retry',
        };
      }
      return { ...errorText.badShape(), action: 'open-options' };
  }
}
