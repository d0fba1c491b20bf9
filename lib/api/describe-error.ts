/**
 * The one place that turns any error into words for a person, with a way forward (after
 * refined-github's getError). Popup, side panel and options page all show what this returns;
 * none of them writes its own error sentences. Strings live in `errorText` so they can go
 * through i18n later.
 */
import { ApiError, type FieldErrors } from './errors';

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

const host = (origin?: string) => (origin ? origin.replace(/^https?:\/\//, '') : 'the server');

export function formatWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export const errorText = {
  cancelled: { title: 'Cancelled', detail: 'The request was cancelled.' },
  unknown: {
    title: 'Something went wrong',
    detail: (message: string) => message || 'An unexpected error happened. Please try again.',
  },
  notConfigured: {
    title: 'Set up the extension first',
    detail: (why: string) =>
      `${why}. Enter the base URL of your Audit Reports service and your API key on the options page.`,
  },
  noPermission: {
    title: 'Permission needed',
    detail: (origin?: string) =>
      `The extension needs your permission to contact ${host(origin)}. Grant it to continue; nothing else is requested.`,
  },
  dns: {
    title: 'Server not found',
    detail: (origin?: string) =>
      `No server called ${host(origin)} could be found. Check the base URL for typos, and that you are online.`,
  },
  refused: {
    title: 'Connection refused',
    detail: (origin?: string) =>
      `Nothing is answering at ${host(origin)}. Is the service running, and is the port in the base URL right?`,
  },
  tls: {
    title: 'Secure connection failed',
    detail: (origin?: string) =>
      `The secure connection to ${host(origin)} failed: its certificate was not accepted, or it does not speak https. Check whether the base URL should start with http:// or https://.`,
  },
  network: {
    title: 'Could not reach the server',
    detail: (origin?: string) =>
      `The request to ${host(origin)} did not get through. You may be offline, the service may be down, or the base URL may be wrong.`,
  },
  timeout: {
    title: 'The server took too long',
    detail:
      'No answer came in time; the service may be busy. Nothing you typed is lost — try again.',
  },
  unauthorized: {
    title: 'API key refused',
    detail:
      'The service did not accept the API key: it may be mistyped, or revoked. Check it on the options page.',
  },
  forbidden: {
    title: 'Not allowed',
    detail:
      'The service refused this for your key — for example because of your plan or a suspended account.',
  },
  wrongPath: {
    title: 'The API is not at this address',
    detail:
      'This address answered “not found” where the Audit Reports API should be: it is not this service, or the path is wrong. The base URL is the service’s address without /api/v1.',
  },
  gone: {
    title: 'It no longer exists',
    detail:
      'It was deleted, perhaps in another window or together with its project. The list will refresh.',
  },
  validation: {
    title: 'Please check what you entered',
    detail: 'The service did not accept it.',
  },
  rateLimited: {
    title: 'Too many requests',
    detail: (seconds?: number) =>
      seconds === undefined
        ? 'The service asks to slow down. Try again in a moment.'
        : `The service asks to wait ${formatWait(seconds)} before trying again.`,
  },
  server: {
    title: 'The service had a problem',
    detail: (status?: number, html?: boolean) =>
      `${status ? `It answered with error ${status}` : 'It answered with an error'}${html ? ' (an error page from a proxy or gateway)' : ''}. Nothing you typed is lost — try again.`,
  },
  redirect: {
    title: 'The address redirects elsewhere',
    detail: (location?: string) =>
      location
        ? `It redirects to ${location}. The extension does not follow redirects with your key: put the final address in the base URL.`
        : 'The extension does not follow redirects with your key: put the final address in the base URL (for example https:// instead of http://).',
  },
  html: {
    title: 'This is a web page, not the API',
    detail:
      'This address answered with a web page, not the Audit Reports API — check the base URL.',
  },
  unexpectedStatus: {
    title: 'Unexpected answer',
    detail: (status: number) => `The service answered with status ${status}.`,
  },
  badShape: {
    title: 'Unexpected answer',
    detail:
      'The server answered in a shape this extension does not understand. Check that the base URL is an Audit Reports service.',
  },
};

export function describeError(error: unknown): ErrorDescription {
  if (!(error instanceof ApiError)) {
    if (error instanceof Error && error.name === 'AbortError') {
      return { ...errorText.cancelled, action: 'none' };
    }
    const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
    return {
      title: errorText.unknown.title,
      detail: errorText.unknown.detail(message),
      action: 'retry',
    };
  }

  const withServer = (detail: string) =>
    error.serverMessage && !detail.includes(error.serverMessage)
      ? `${detail} The service said: “${error.serverMessage}”`
      : detail;

  switch (error.kind) {
    case 'not-configured':
      return {
        title: errorText.notConfigured.title,
        detail: errorText.notConfigured.detail(error.message.replace(/\.$/, '')),
        action: 'open-options',
      };
    case 'no-permission':
      return {
        title: errorText.noPermission.title,
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
        title: text.title,
        detail: text.detail(error.origin),
        action: error.reason === 'dns' || error.reason === 'tls' ? 'open-options' : 'retry',
      };
    }
    case 'timeout':
      return { ...errorText.timeout, action: 'retry' };
    case 'unauthorized':
      return {
        title: errorText.unauthorized.title,
        // Refused before sending (a key no key can be): say why.
        detail: error.status === undefined ? `${error.message}.` : errorText.unauthorized.detail,
        action: 'open-options',
      };
    case 'forbidden':
      return {
        title: errorText.forbidden.title,
        detail: error.serverMessage ?? errorText.forbidden.detail,
        action: 'none',
      };
    case 'not-found':
      // A list's path not found, or a web page answering: the address is wrong. A record: gone.
      if (error.scope === 'collection' || error.body === 'html') {
        return { ...errorText.wrongPath, action: 'open-options' };
      }
      return { ...errorText.gone, action: 'refresh' };
    case 'validation': {
      const first = Object.values(error.fieldErrors)[0]?.[0];
      return {
        title: errorText.validation.title,
        detail: first ?? error.serverMessage ?? errorText.validation.detail,
        action: 'none',
        fieldErrors: error.fieldErrors,
      };
    }
    case 'rate-limited':
      return {
        title: errorText.rateLimited.title,
        detail: errorText.rateLimited.detail(error.retryAfter),
        action: 'retry-later',
        retryAfter: error.retryAfter,
      };
    case 'server':
      return {
        title: errorText.server.title,
        detail: withServer(errorText.server.detail(error.status, error.body === 'html')),
        action: 'retry',
      };
    case 'bad-response':
      if (error.body === 'redirect') {
        return {
          title: errorText.redirect.title,
          detail: errorText.redirect.detail(error.location),
          action: 'open-options',
        };
      }
      if (error.body === 'html') return { ...errorText.html, action: 'open-options' };
      if (error.status !== undefined && (error.status < 200 || error.status >= 300)) {
        return {
          title: errorText.unexpectedStatus.title,
          detail: withServer(errorText.unexpectedStatus.detail(error.status)),
          action: 'retry',
        };
      }
      return { ...errorText.badShape, action: 'open-options' };
  }
}
