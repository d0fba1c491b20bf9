/**
 * The typed client for the Audit Reports API (spec + CONTRACT.md), on `ky.create`.
 *
 * No browser globals: it runs the same in the extension, in Node and in tests. What it promises:
 * - `Authorization: Bearer <key>` on every request, and only to the configured origin: paths are
 *   built from percent-encoded segments (an id like `//evil.example/` stays a segment), each
 *   request's origin is checked before the key is attached, and redirects are never followed
 *   (`redirect: 'manual'`), so a redirect to another origin cannot carry the key. A redirect is
 *   reported instead, with where it pointed when the runtime shows it (Node does; browsers hand
 *   back an opaque redirect), because the fix — use the final address as the base URL — is the
 *   person's to make.
 * - Reads send `Accept: application/json`; writes send form fields
 *   (`application/x-www-form-urlencoded`) and `Accept: application/json`; omitted optionals are
 *   not sent.
 * - Retries per CONTRACT.md: reads (GET) only, on network failure, 408, 429, 502, 503, 504, with
 *   exponential backoff and a bounded count; `Retry-After` is honoured up to a few seconds and a
 *   longer wait is surfaced as 'rate-limited' with its seconds instead of leaving a spinner up.
 *   Writes — above all `POST /reports`, which creates a report (and may cost credits) each
 *   time — are never retried.
 * - Timeouts: reads 15 s; creating a report and re-running an audit (`update=1`) 60 s.
 * - Every body is validated; anything unreadable becomes ApiError 'bad-response', never a crash.
 */
import ky, { isHTTPError, isNetworkError, isTimeoutError, type KyResponse } from 'ky';
import * as v from 'valibot';
import { normalizeBaseUrl } from '../base-url';
import { ApiError, networkReason, type BodyKind, type EndpointScope } from './errors';
import {
  DeleteAnswerSchema,
  ErrorBodySchema,
  ProjectListSchema,
  ReportEnvelopeSchema,
  ReportListSchema,
  type ListMeta,
  type Page,
  type PerPage,
  type Privacy,
  type Project,
  type ProjectSortBy,
  type Report,
  type ReportResult,
  type ReportSortBy,
  type SortDir,
  type UpdateFlag,
} from './schemas';

// ---------------------------------------------------------------------------------------------
// Parameters, with the spec's names (they go on the wire as they are).

export interface ReportListParams {
  search?: string;
  search_by?: 'url';
  project?: string;
  result?: ReportResult;
  sort_by?: ReportSortBy;
  sort?: SortDir;
  per_page?: PerPage;
  /** 1-based (CONTRACT.md). */
  page?: number;
}

export interface ProjectListParams {
  search?: string;
  search_by?: 'project';
  sort_by?: ProjectSortBy;
  sort?: SortDir;
  per_page?: PerPage;
  page?: number;
}

export interface CreateReportInput {
  url: string;
  privacy?: Privacy;
  /** Only has effect with privacy 2. */
  password?: string;
}

export interface UpdateReportInput {
  privacy?: Privacy;
  password?: string;
  /** 1 re-runs the audit: new score, result and generated_at, same id. */
  update?: UpdateFlag;
}

export type ReportId = number | string;

export interface RequestOptions {
  signal?: AbortSignal;
}

export interface DeleteResult {
  deleted: true;
  /** What the server said it deleted, when it said (a 204 says nothing). */
  id?: string | number;
  object?: string;
}

export interface Api {
  /** The normalised base URL (no trailing slash, no /api/v1). */
  readonly baseUrl: string;
  readonly origin: string;
  listReports(params?: ReportListParams, options?: RequestOptions): Promise<Page<Report>>;
  getReport(id: ReportId, options?: RequestOptions): Promise<Report>;
  createReport(input: CreateReportInput, options?: RequestOptions): Promise<Report>;
  updateReport(id: ReportId, input: UpdateReportInput, options?: RequestOptions): Promise<Report>;
  deleteReport(id: ReportId, options?: RequestOptions): Promise<DeleteResult>;
  listProjects(params?: ProjectListParams, options?: RequestOptions): Promise<Page<Project>>;
  deleteProject(name: string, options?: RequestOptions): Promise<DeleteResult>;
  /** The report's public page, `{base_url}/reports/{id}`. */
  reportPageUrl(id: ReportId): string;
}

export interface CreateApiOptions {
  /** As typed or stored; normalised here (an invalid one makes every call 'not-configured'). */
  baseUrl: string;
  /** Read before each request, so a changed key applies at once. */
  getKey: () => string | Promise<string>;
  /** Defaults to the global `fetch` at request time. */
  fetch?: typeof globalThis.fetch;
  /**
   * Runs before each request is sent (the extension checks configuration and the host
   * permission here); throw an ApiError to stop the request.
   */
  preflight?: () => void | Promise<void>;
  /** Milliseconds; overridable for tests. */
  timeouts?: Partial<Timeouts>;
  retry?: Partial<RetryPolicy>;
}

export interface Timeouts {
  /** Reads, deletes and updates without `update=1`. */
  read: number;
  /** Creating a report and `update=1`: the service audits the page before answering. */
  audit: number;
}

export interface RetryPolicy {
  /** Retries after the first attempt, for reads only. */
  limit: number;
  /** First backoff; doubles each retry, capped at `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs: number;
  /** A `Retry-After` longer than this is not waited for: the caller gets 'rate-limited'. */
  maxRetryAfterSeconds: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { read: 15_000, audit: 60_000 };
export const DEFAULT_RETRY: RetryPolicy = {
  limit: 2,
  backoffMs: 300,
  maxBackoffMs: 3_000,
  maxRetryAfterSeconds: 5,
};

/** CONTRACT.md: reads may retry on these (plus network failures). */
const RETRY_STATUSES = [408, 429, 502, 503, 504];
const RETRY_AFTER_STATUSES = [429, 503];

const API_PREFIX = '/api/v1';

// ---------------------------------------------------------------------------------------------

export function createApi(options: CreateApiOptions): Api {
  const normalized = normalizeBaseUrl(options.baseUrl);
  const baseUrl = normalized.ok ? normalized.baseUrl : '';
  const origin = normalized.ok ? normalized.origin : '';
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const retry = { ...DEFAULT_RETRY, ...options.retry };

  const client = ky.create({
    // Never follow a redirect: see the top of this file.
    redirect: 'manual',
    // Extensions never need cookies for this API; the key is the only credential.
    credentials: 'omit',
    cache: 'no-store',
    // Resolved at request time so a test can swap the global, and so `this` is right.
    fetch: (input, init) => (options.fetch ?? globalThis.fetch)(input, init),
    hooks: {
      beforeRequest: [
        async ({ request }) => {
          await options.preflight?.();
          // Defence in depth: the paths below cannot leave the origin, but the key is only ever
          // attached after checking.
          if (new URL(request.url).origin !== origin) {
            throw new ApiError('not-configured', {
              message: 'Refusing to send the API key to another origin',
              setup: 'other-origin',
            });
          }
          request.headers.set('Authorization', `Bearer ${await readKey(options.getKey)}`);
        },
      ],
    },
  });

  interface Call {
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
    segments: (string | number)[];
    scope: EndpointScope;
    searchParams?: URLSearchParams;
    form?: URLSearchParams;
    timeout: number;
    signal?: AbortSignal;
  }

  /** Sends one request and returns the body text; every failure comes out as an ApiError. */
  async function send(call: Call): Promise<{ text: string; response: KyResponse }> {
    try {
      if (!normalized.ok) {
        throw new ApiError('not-configured', {
          message: normalized.error,
          setup: 'invalid-base-url',
        });
      }
      const url = baseUrl + API_PREFIX + call.segments.map(encodeSegment).join('');
      const isRead = call.method === 'GET';
      const pending = client(url, {
        method: call.method,
        headers: { Accept: 'application/json' },
        searchParams: call.searchParams,
        body: call.form,
        timeout: call.timeout,
        signal: call.signal,
        retry: isRead
          ? {
              limit: retry.limit,
              methods: ['get'],
              statusCodes: RETRY_STATUSES,
              afterStatusCodes: RETRY_AFTER_STATUSES,
              delay: (attempt) => retry.backoffMs * 2 ** (attempt - 1),
              backoffLimit: retry.maxBackoffMs,
              shouldRetry: ({ error }) => {
                if (isHTTPError(error) && RETRY_AFTER_STATUSES.includes(error.response.status)) {
                  const wait = retryAfterSeconds(error.response.headers);
                  // Don't sit for ages: hand a long wait to the person instead.
                  if (wait !== undefined && wait > retry.maxRetryAfterSeconds) return false;
                }
                return undefined;
              },
            }
          : 0,
      });
      const text = await pending.text();
      const response = await pending;
      return { text, response };
    } catch (error) {
      throw toApiError(error, { scope: call.scope, origin, signal: call.signal });
    }
  }

  async function readRecord(call: Call): Promise<Report> {
    const { text, response } = await send(call);
    return parseBody(text, response, ReportEnvelopeSchema, call.scope, origin);
  }

  async function readDelete(call: Call): Promise<DeleteResult> {
    const { text, response } = await send(call);
    // CONTRACT: 200 {id, object, deleted: true}; also a 204 or any 2xx. Only a body that says
    // outright it did not delete is refused.
    if (text.trim() === '' || bodyKindOf(text, response) !== 'json') return { deleted: true };
    const answer = v.safeParse(DeleteAnswerSchema, safeJson(text));
    if (!answer.success) return { deleted: true };
    if (answer.output.deleted === false) {
      throw new ApiError('bad-response', {
        message: 'The server answered that nothing was deleted',
        status: response.status,
        body: 'json',
        scope: call.scope,
        origin,
      });
    }
    return { deleted: true, id: answer.output.id, object: answer.output.object };
  }

  const reportPageUrl = (id: ReportId) => `${baseUrl}/reports/${encodeURIComponent(String(id))}`;

  return {
    baseUrl,
    origin,
    reportPageUrl,

    async listReports(params = {}, { signal } = {}) {
      const { text, response } = await send({
        method: 'GET',
        segments: ['reports'],
        scope: 'collection',
        searchParams: queryOf(params),
        timeout: timeouts.read,
        signal,
      });
      const body = parseBody(text, response, ReportListSchema, 'collection', origin);
      return toPage(body, params);
    },

    getReport(id, { signal } = {}) {
      return readRecord({
        method: 'GET',
        segments: ['reports', id],
        scope: 'record',
        timeout: timeouts.read,
        signal,
      });
    },

    createReport(input, { signal } = {}) {
      return readRecord({
        method: 'POST',
        segments: ['reports'],
        scope: 'collection',
        form: formOf({ url: input.url, privacy: input.privacy, password: input.password }),
        timeout: timeouts.audit,
        signal,
      });
    },

    updateReport(id, input, { signal } = {}) {
      return readRecord({
        method: 'PATCH',
        segments: ['reports', id],
        scope: 'record',
        form: formOf({ privacy: input.privacy, password: input.password, update: input.update }),
        timeout: input.update === 1 ? timeouts.audit : timeouts.read,
        signal,
      });
    },

    deleteReport(id, { signal } = {}) {
      return readDelete({
        method: 'DELETE',
        segments: ['reports', id],
        scope: 'record',
        timeout: timeouts.read,
        signal,
      });
    },

    async listProjects(params = {}, { signal } = {}) {
      const { text, response } = await send({
        method: 'GET',
        segments: ['projects'],
        scope: 'collection',
        searchParams: queryOf(params),
        timeout: timeouts.read,
        signal,
      });
      const body = parseBody(text, response, ProjectListSchema, 'collection', origin);
      return toPage(body, params);
    },

    deleteProject(name, { signal } = {}) {
      return readDelete({
        method: 'DELETE',
        segments: ['projects', name],
        scope: 'record',
        timeout: timeouts.read,
        signal,
      });
    },
  };
}

/** `{base_url}/reports/{id}`, the report's public page (CONTRACT.md). */
export function reportPageUrl(baseUrl: string, id: ReportId): string {
  const normalized = normalizeBaseUrl(baseUrl);
  const base = normalized.ok ? normalized.baseUrl : baseUrl.replace(/\/+$/, '');
  return `${base}/reports/${encodeURIComponent(String(id))}`;
}

// ---------------------------------------------------------------------------------------------
// Requests.

async function readKey(getKey: CreateApiOptions['getKey']): Promise<string> {
  const key = (await getKey()).trim();
  if (key === '')
    throw new ApiError('not-configured', { message: 'No API key is set', setup: 'no-key' });
  // A header value must be visible ASCII; anything else could never be a valid key and would
  // make fetch throw a bare TypeError.
  if (!/^[\x21-\x7e]+$/.test(key)) {
    throw new ApiError('unauthorized', {
      message: 'The API key contains characters an API key cannot have (spaces or non-ASCII)',
      setup: 'key-characters',
    });
  }
  return key;
}

/**
 * One path segment, percent-encoded so that `/`, `?`, `#`, `\` or `//host` inside an id or a
 * project name can never change the path, let alone the origin. `.` and `..` are dot-segments
 * even when percent-encoded (URL parsing resolves `%2e`), so they are refused: no record can be
 * called that.
 */
function encodeSegment(segment: string | number): string {
  const text = String(segment);
  if (text === '' || /^(?:\.|%2e){1,2}$/i.test(text)) {
    throw new ApiError('not-found', {
      scope: 'record',
      message: `No record can be called “${text}”`,
    });
  }
  return `/${encodeURIComponent(text)}`;
}

/** Query string of a list call: only parameters that have a value (CONTRACT.md). */
function queryOf(params: object): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    query.set(name, String(value));
  }
  return query;
}

/** Form body of a write: omitted optionals are not sent, not even empty. */
function formOf(fields: Record<string, string | number | undefined>): URLSearchParams {
  return queryOf(fields);
}

// ---------------------------------------------------------------------------------------------
// Responses.

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function bodyKindOf(text: string, response?: Response): BodyKind {
  if (text.trim() === '') return 'empty';
  const type = response?.headers.get('content-type')?.toLowerCase() ?? '';
  if (type.includes('html') || /^\s*</.test(text)) return 'html';
  return safeJson(text) === undefined && text.trim() !== 'null' ? 'text' : 'json';
}

function parseBody<TSchema extends v.GenericSchema>(
  text: string,
  response: Response,
  schema: TSchema,
  scope: EndpointScope,
  origin: string,
): v.InferOutput<TSchema> {
  const body = bodyKindOf(text, response);
  if (body !== 'json') {
    throw new ApiError('bad-response', { status: response.status, body, scope, origin });
  }
  const result = v.safeParse(schema, JSON.parse(text));
  if (!result.success) {
    const issue = deepestIssue(result.issues);
    const path = v.getDotPath(issue) ?? '(root)';
    throw new ApiError('bad-response', {
      message: `The server answered in a shape this extension does not understand (${path}: ${issue.message})`,
      status: response.status,
      body,
      scope,
      origin,
      cause: result.issues,
    });
  }
  return result.output;
}

/**
 * A union (envelope or bare array; wrapped or bare record) reports "no option matched" at the
 * root; the sub-issue with the longest path says what actually did not fit.
 */
function deepestIssue(issues: readonly v.BaseIssue<unknown>[]): v.BaseIssue<unknown> {
  let best = issues[0] as v.BaseIssue<unknown>;
  const visit = (list: readonly v.BaseIssue<unknown>[]) => {
    for (const issue of list) {
      if ((issue.path?.length ?? 0) > (best.path?.length ?? 0)) best = issue;
      if (issue.issues) visit(issue.issues);
    }
  };
  visit(issues);
  return best;
}

/** Any list wire shape → one page. */
function toPage<T>(
  body: T[] | { data: T[]; meta?: ListMeta | null; links?: { next?: string | null } | null },
  requested: { page?: number; per_page?: number },
): Page<T> {
  const requestedPage = requested.page ?? 1;
  const requestedPerPage = requested.per_page ?? 10;
  const items = Array.isArray(body) ? body : body.data;
  const meta = Array.isArray(body) ? undefined : (body.meta ?? undefined);
  const links = Array.isArray(body) ? undefined : (body.links ?? undefined);

  const span = (page: number, perPage: number) => {
    const from = items.length > 0 ? (page - 1) * perPage + 1 : null;
    return { from, to: from === null ? null : from + items.length - 1 };
  };

  if (meta && (meta.current_page !== undefined || meta.total !== undefined)) {
    const page = meta.current_page ?? requestedPage;
    const perPage = meta.per_page ?? requestedPerPage;
    const total = meta.total ?? null;
    const lastPage =
      meta.last_page ?? (total === null ? null : Math.max(1, Math.ceil(total / perPage)));
    const fallback = span(page, perPage);
    return {
      items,
      page,
      perPage,
      total,
      lastPage,
      from: meta.from === undefined ? fallback.from : meta.from,
      to: meta.to === undefined ? fallback.to : meta.to,
      hasNext: lastPage === null ? items.length >= perPage : page < lastPage,
    };
  }

  // A bare array longer than a page: the server ignored paging and sent everything.
  if (Array.isArray(body) && items.length > requestedPerPage) {
    return {
      items,
      page: 1,
      perPage: requestedPerPage,
      total: items.length,
      lastPage: 1,
      from: 1,
      to: items.length,
      hasNext: false,
    };
  }

  // No meta: links.next says it when present; otherwise a full page means "there may be more".
  const hasNext = links && 'next' in links ? Boolean(links.next) : items.length >= requestedPerPage;
  return {
    items,
    page: requestedPage,
    perPage: requestedPerPage,
    total: null,
    lastPage: null,
    ...span(requestedPage, requestedPerPage),
    hasNext,
  };
}

// ---------------------------------------------------------------------------------------------
// Errors.

/** Seconds from `Retry-After` (delta-seconds or an HTTP date); undefined when absent/unreadable. */
export function retryAfterSeconds(headers: Headers): number | undefined {
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

interface ErrorContext {
  scope: EndpointScope;
  origin: string;
  signal?: AbortSignal;
}

function toApiError(error: unknown, context: ErrorContext): unknown {
  if (error instanceof ApiError) return error;
  const { scope, origin, signal } = context;
  // The caller cancelled: pass its reason through untouched (see errors.ts).
  if (signal?.aborted) return signal.reason ?? error;
  if (isTimeoutError(error)) return new ApiError('timeout', { scope, origin, cause: error });
  if (isNetworkError(error)) {
    return new ApiError('network', { reason: networkReason(error), scope, origin, cause: error });
  }
  if (isHTTPError(error)) return fromResponse(error.response, error.data, scope, origin, error);
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
  scope: EndpointScope,
  origin: string,
  cause: unknown,
): ApiError {
  const status = response.status;
  const common = { status, scope, origin, cause };

  if (response.type === 'opaqueredirect' || (status >= 300 && status < 400)) {
    const location = response.headers.get('location') ?? undefined;
    let resolved: string | undefined;
    try {
      resolved = location ? new URL(location, response.url || undefined).href : undefined;
    } catch {
      resolved = location;
    }
    return new ApiError('bad-response', {
      ...common,
      message: 'The server answered with a redirect',
      body: 'redirect',
      location: resolved,
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
