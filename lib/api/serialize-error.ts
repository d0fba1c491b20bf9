/**
 * ApiError across a message boundary. `runtime.sendMessage` and `storage.session` carry plain
 * JSON only, so the background sends an ApiError as this object and the popup turns it back into
 * an ApiError, which `describeError` then puts into words like any other.
 */
import {
  ApiError,
  type ApiErrorKind,
  type BodyKind,
  type EndpointScope,
  type FieldErrors,
  type NetworkReason,
  type SetupProblem,
} from './errors';

export interface SerializedApiError {
  kind: ApiErrorKind;
  message: string;
  status?: number;
  serverMessage?: string;
  body?: BodyKind;
  reason?: NetworkReason;
  fieldErrors?: FieldErrors;
  retryAfter?: number;
  scope?: EndpointScope;
  location?: string;
  origin?: string;
  setup?: SetupProblem;
}

const kinds: readonly ApiErrorKind[] = [
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
];

/**
 * Any thrown value as plain JSON. Something that is not an ApiError (a bug, a browser API that
 * threw) travels as 'bad-response' with its message, so the popup still says something.
 */
export function serializeApiError(error: unknown): SerializedApiError {
  if (!(error instanceof ApiError)) {
    const message = error instanceof Error ? error.message : String(error);
    return { kind: 'bad-response', message };
  }
  const out: SerializedApiError = { kind: error.kind, message: error.message };
  if (error.status !== undefined) out.status = error.status;
  if (error.serverMessage !== undefined) out.serverMessage = error.serverMessage;
  if (error.body !== undefined) out.body = error.body;
  if (error.reason !== undefined) out.reason = error.reason;
  if (Object.keys(error.fieldErrors).length > 0) out.fieldErrors = error.fieldErrors;
  if (error.retryAfter !== undefined) out.retryAfter = error.retryAfter;
  if (error.scope !== undefined) out.scope = error.scope;
  if (error.location !== undefined) out.location = error.location;
  if (error.origin !== undefined) out.origin = error.origin;
  if (error.setup !== undefined) out.setup = error.setup;
  return out;
}

/** Back to an ApiError; anything unreadable becomes a 'bad-response' rather than a crash. */
export function deserializeApiError(value: unknown): ApiError {
  if (value === null || typeof value !== 'object') return new ApiError('bad-response');
  const s = value as Partial<SerializedApiError>;
  const kind = kinds.includes(s.kind as ApiErrorKind) ? (s.kind as ApiErrorKind) : 'bad-response';
  return new ApiError(kind, {
    message: typeof s.message === 'string' ? s.message : undefined,
    status: s.status,
    serverMessage: s.serverMessage,
    body: s.body,
    reason: s.reason,
    fieldErrors: s.fieldErrors,
    retryAfter: s.retryAfter,
    scope: s.scope,
    location: s.location,
    origin: s.origin,
    setup: s.setup,
  });
}
