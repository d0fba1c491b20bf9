/**
 * ApiError across a message boundary. `runtime.sendMessage` and `storage.session` carry plain
 * JSON only, so the background sends an ApiError as this object and the popup turns it back into
 * an ApiError, which `describeError` then puts into words like any other.
 */
import {
  API_ERROR_FIELDS,
  API_ERROR_KINDS,
  ApiError,
  type ApiErrorField,
  type ApiErrorInit,
  type ApiErrorKind,
} from './errors';

export type SerializedApiError = { kind: ApiErrorKind; message: string } & Pick<
  ApiErrorInit,
  ApiErrorField
>;

/** One field from one record to another; generic so each field keeps its own type. */
function copyField<K extends ApiErrorField>(
  to: Pick<ApiErrorInit, K>,
  from: Pick<ApiErrorInit, K>,
  field: K,
): void {
  to[field] = from[field];
}

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
  for (const field of API_ERROR_FIELDS) {
    if (error[field] !== undefined) copyField(out, error, field);
  }
  // Always an object on an ApiError; only sent when it holds something.
  if (Object.keys(error.fieldErrors).length === 0) delete out.fieldErrors;
  return out;
}

/** Back to an ApiError; anything unreadable becomes a 'bad-response' rather than a crash. */
export function deserializeApiError(value: unknown): ApiError {
  if (value === null || typeof value !== 'object') return new ApiError('bad-response');
  const s = value as Partial<SerializedApiError>;
  const kind = (API_ERROR_KINDS as readonly unknown[]).includes(s.kind)
    ? (s.kind as ApiErrorKind)
    : 'bad-response';
  const init: ApiErrorInit = { message: typeof s.message === 'string' ? s.message : undefined };
  for (const field of API_ERROR_FIELDS) copyField(init, s, field);
  return new ApiError(kind, init);
}
