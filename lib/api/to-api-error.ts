/**
 * Every way a request can fail — an HTTP status, a timeout, a network failure, a redirect we
 * refuse to follow — turned into one ApiError the UI can describe.
 */
import { isHTTPError, isNetworkError, isTimeoutError } from 'ky';
import * as v from 'valibot';
import { ApiError, networkReason, type BodyKind } from './errors';
import { bodyKindOf, safeJson, type AnswerContext } from './read-response';
import { retryAfterSeconds } from './retry-policy';
import { ErrorBodySchema } from './schemas';

export interface FailureContext extends AnswerContext {
  signal?: AbortSignal;
}

export function toApiError(error: unknown, context: FailureContext): unknown {
  if (error instanceof ApiError) return error;
  const { scope, origin, signal } = context;
  // The caller cancelled: pass its reason through untouched (see errors.ts).
  if (signal?.aborted) return signal.reason ?? error;
  if (isTimeoutError(error)) return new ApiError('timeout', { scope, origin, cause: error });
  if (isNetworkError(error)) {
    return new ApiError('network', { reason: networkReason(error), scope, origin, cause: error });
  }
  if (isHTTPError(error)) return fromResponse(error.response, error.data, { scope, origin }, error);
  // fetch rejects with a TypeError for network failures; a runtime ky does not recognise may
  // word it differently.
  if (error instanceof TypeError || (error instanceof Error && error.name === 'NetworkError')) {
    return new ApiError('network', { reason: networkReason(error), scope, origin, cause: error });
  }
  return new ApiError('bad-response', { scope, origin, cause: error });
}

function fromResponse(
  response: Response,
  data: unknown,
  { scope, origin }: AnswerContext,
  cause: unknown,
): ApiError {
  const status = response.status;
  const common = { status, scope, origin, cause };

  if (response.type === 'opaqueredirect' || (status >= 300 && status < 400)) {
    return new ApiError('bad-response', {
      ...common,
      message: 'The server answered with a redirect',
      body: 'redirect',
      location: redirectTarget(response),
    });
  }

  // ky parses JSON error bodies when the Content-Type says JSON, and hands other text as is.
  let json: unknown = typeof data === 'string' ? undefined : data;
  let body: BodyKind;
  if (data === undefined || data === null || data === '') {
    body = 'empty';
  } else if (typeof data === 'string') {
    body = bodyKindOf(data, response);
    if (body === 'json') json = safeJson(data);
  } else {
    body = 'json';
  }

  const parsed = json === undefined ? undefined : v.safeParse(ErrorBodySchema, json);
  const fields = parsed?.success ? parsed.output : undefined;
  let serverMessage = messageOf(fields?.message) ?? messageOf(fields?.error);
  if (serverMessage === undefined && body === 'text' && typeof data === 'string') {
    const line = data.trim();
    if (line.length <= 200) serverMessage = line;
  }
  const init = { ...common, body, serverMessage };

  if (status === 401) return new ApiError('unauthorized', init);
  if (status === 403) return new ApiError('forbidden', init);
  if (status === 404 || status === 410) return new ApiError('not-found', init);
  if (status === 408) return new ApiError('timeout', init);
  if (status === 429) {
    return new ApiError('rate-limited', {
      ...init,
      retryAfter: retryAfterSeconds(response.headers),
    });
  }
  const fieldErrors = fieldErrorsOf(fields?.errors);
  if (status === 422 || (status === 400 && fieldErrors)) {
    return new ApiError('validation', { ...init, fieldErrors: fieldErrors ?? {} });
  }
  if (status >= 500) return new ApiError('server', init);
  return new ApiError('bad-response', init);
}

/** Where a redirect pointed, absolute when it can be; browsers hide it (opaque redirect). */
function redirectTarget(response: Response): string | undefined {
  const location = response.headers.get('location') ?? undefined;
  try {
    return location ? new URL(location, response.url || undefined).href : undefined;
  } catch {
    return location;
  }
}

function messageOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (value && typeof value === 'object' && 'message' in value) return messageOf(value.message);
  return undefined;
}

/** `{field: ["…"]}`, liberally: a single string per field is accepted too. */
function fieldErrorsOf(value: unknown): Record<string, string[]> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const result: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(value)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter(
      (m): m is string => typeof m === 'string' && m.trim() !== '',
    );
    if (list.length > 0) result[field] = list;
  }
  return Object.keys(result).length > 0 ? result : undefined;
}
