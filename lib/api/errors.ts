/**
 * The one error type the API layer rejects with. Every failure — not configured, no permission,
 * the network, a timeout, any HTTP status, a body we cannot read — becomes an `ApiError` whose
 * `kind` says what happened, so the UI can switch on it and `describeError` can turn it into
 * words. (One exception, by design: a request the caller aborted through its own `AbortSignal`
 * rejects with that signal's reason, as `fetch` does, so TanStack Query sees a cancellation and
 * not a failure.)
 */

export const API_ERROR_KINDS = [
  'not-configured',
  'no-permission',
  'network',
  'timeout',
  'unauthorized',
  'forbidden',
  'not-found',
  'validation',
  'rate-limited',
  'server',
  'bad-response',
] as const;
export type ApiErrorKind = (typeof API_ERROR_KINDS)[number];

/** What a network failure looked like, as far as the runtime tells (browsers say nothing). */
export type NetworkReason = 'dns' | 'refused' | 'tls' | 'unknown';

/**
 * What the response body was: JSON, an HTML page (a proxy, a login page, the wrong site), other
 * text, nothing at all, or no body because the server redirected (we never follow redirects:
 * see create-api.ts).
 */
export type BodyKind = 'json' | 'html' | 'text' | 'empty' | 'redirect';

/**
 * Which kind of endpoint failed. A 404 from a list (a collection) means the address is not this
 * service or the path is wrong; a 404 from a single record means the record is gone.
 */
export type EndpointScope = 'collection' | 'record';

export type FieldErrors = Record<string, string[]>;

/**
 * What is wrong with the settings when a request never left: for kind 'not-configured', and for
 * 'unauthorized' without a status (a key no key can be). `describeError` puts it into words in
 * the browser's language; `message` stays English, for logs.
 */
export type SetupProblem =
  'no-base-url' | 'invalid-base-url' | 'no-key' | 'key-characters' | 'other-origin';

export interface ApiErrorInit {
  message?: string;
  status?: number;
  serverMessage?: string;
  body?: BodyKind;
  reason?: NetworkReason;
  fieldErrors?: FieldErrors;
  retryAfter?: number;
  scope?: EndpointScope;
  /** Where a redirect pointed, when the runtime lets us see it. */
  location?: string;
  /** The origin the request went to (never a key, never a query string). */
  origin?: string;
  setup?: SetupProblem;
  cause?: unknown;
}

/**
 * What an ApiError carries besides its kind and message, in one list: serialize-error.ts sends
 * exactly these across a message boundary, so a field added to ApiErrorInit and to this list
 * survives the trip from the background to the popup.
 */
export const API_ERROR_FIELDS = [
  'status',
  'serverMessage',
  'body',
  'reason',
  'fieldErrors',
  'retryAfter',
  'scope',
  'location',
  'origin',
  'setup',
] as const satisfies readonly Exclude<keyof ApiErrorInit, 'message' | 'cause'>[];
export type ApiErrorField = (typeof API_ERROR_FIELDS)[number];

// Compiles only while every field of ApiErrorInit (but message and cause) is in the list.
type Unlisted = Exclude<keyof ApiErrorInit, 'message' | 'cause' | ApiErrorField>;
const everyFieldListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyFieldListed;

const defaultMessages: Record<ApiErrorKind, string> = {
  'not-configured': 'The extension has no base URL or API key yet',
  'no-permission': 'The extension may not contact this address yet',
  network: 'The request did not reach the server',
  timeout: 'The server took too long to answer',
  unauthorized: 'The API key was refused',
  forbidden: 'The API key is not allowed to do this',
  'not-found': 'Not found',
  validation: 'The server did not accept the input',
  'rate-limited': 'Too many requests',
  server: 'The server failed',
  'bad-response': 'The server answered in a shape this extension does not understand',
};

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status?: number;
  readonly serverMessage?: string;
  readonly body?: BodyKind;
  /** Only for kind 'network'. */
  readonly reason?: NetworkReason;
  /** Only meaningful for kind 'validation'; always an object so callers can index it. */
  readonly fieldErrors: FieldErrors;
  /** Seconds to wait, for kind 'rate-limited' when the server said. */
  readonly retryAfter?: number;
  readonly scope?: EndpointScope;
  readonly location?: string;
  readonly origin?: string;
  readonly setup?: SetupProblem;

  constructor(kind: ApiErrorKind, init: ApiErrorInit = {}) {
    super(init.message ?? init.serverMessage ?? defaultMessages[kind], { cause: init.cause });
    this.kind = kind;
    this.status = init.status;
    this.serverMessage = init.serverMessage;
    this.body = init.body;
    this.reason = init.reason;
    this.fieldErrors = init.fieldErrors ?? {};
    this.retryAfter = init.retryAfter;
    this.scope = init.scope;
    this.location = init.location;
    this.origin = init.origin;
    this.setup = init.setup;
  }
}

/** Type guard, optionally narrowed to one or more kinds. */
export function isApiError(error: unknown, ...kinds: ApiErrorKind[]): error is ApiError {
  return error instanceof ApiError && (kinds.length === 0 || kinds.includes(error.kind));
}

/**
 * Node's fetch (undici) puts the socket error's `code` on `cause` (sometimes one level deeper, or
 * on each member of an AggregateError when several addresses were tried). Browsers give no
 * detail at all, so there the reason stays 'unknown'.
 */
export function networkReason(error: unknown): NetworkReason {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === null || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      const reason = reasonForCode(code);
      if (reason !== 'unknown') return reason;
    }
    queue.push((current as { cause?: unknown }).cause);
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors)) queue.push(...errors);
  }
  return 'unknown';
}

function reasonForCode(code: string): NetworkReason {
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') return 'dns';
  if (code === 'ECONNREFUSED') return 'refused';
  if (
    code.startsWith('ERR_TLS_') ||
    code.startsWith('ERR_SSL_') ||
    code.startsWith('CERT_') ||
    code.includes('CERT') ||
    code === 'EPROTO' ||
    code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' ||
    code === 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY'
  ) {
    return 'tls';
  }
  return 'unknown';
}
