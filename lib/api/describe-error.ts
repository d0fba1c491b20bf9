/**
 * The one place that turns any error into words for a person, with a way forward (after
 * refined-github's getError). Popup, side panel and options page all show what this returns;
 * none of them writes its own error sentences. The sentences are in `errorText` (error-text.ts),
 * in the browser's UI language. `ApiError.message` is English, for logs, and not shown — except
 * for a refused base URL, whose message is normalizeBaseUrl's sentence (already in the browser's
 * language).
 */
import { ApiError, type FieldErrors } from './errors';
import { errorText } from './error-text';

export { errorText, formatWait } from './error-text';

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
