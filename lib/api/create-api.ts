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
 *   person's to make. (api-paths.ts, origin-locked-client.ts, to-api-error.ts)
 * - Reads send `Accept: application/json`; writes send form fields
 *   (`application/x-www-form-urlencoded`) and `Accept: application/json`; omitted optionals are
 *   not sent.
 * - Retries per CONTRACT.md: reads (GET) only, on network failure, 408, 429, 502, 503, 504, with
 *   exponential backoff and a bounded count; `Retry-After` is honoured up to a few seconds and a
 *   longer wait is surfaced as 'rate-limited' with its seconds instead of leaving a spinner up.
 *   Writes — above all `POST /reports`, which creates a report (and may cost credits) each
 *   time — are never retried. (retry-policy.ts)
 * - Timeouts: reads 15 s; creating a report and re-running an audit (`update=1`) 60 s.
 * - Every body is validated; anything unreadable becomes ApiError 'bad-response', never a crash.
 *   (read-response.ts, to-page.ts)
 */
import type { KyResponse } from 'ky';
import type * as v from 'valibot';
import { normalizeBaseUrl } from '../base-url';
import { apiUrl, formOf, queryOf, reportPageUnder } from './api-paths';
import type { Api, DeleteResult, ProjectListParams, ReportId, ReportListParams } from './api-types';
import { DEFAULT_TIMEOUTS, type CreateApiOptions } from './create-api-options';
import { ApiError, type EndpointScope } from './errors';
import { createOriginLockedClient } from './origin-locked-client';
import { deleteResultOf, parseBody } from './read-response';
import { DEFAULT_RETRY, readRetryOptions } from './retry-policy';
import {
  ProjectListSchema,
  ReportEnvelopeSchema,
  ReportListSchema,
  type Page,
  type Project,
  type Report,
} from './schemas';
import { toApiError } from './to-api-error';
import { toPage, type ListBody } from './to-page';

// Importers reach the whole client through this module.
export type {
  Api,
  CreateReportInput,
  DeleteResult,
  ProjectListParams,
  ReportId,
  ReportListParams,
  RequestOptions,
  UpdateReportInput,
} from './api-types';
export { reportPageUrl } from './api-paths';
export { DEFAULT_TIMEOUTS, type CreateApiOptions, type Timeouts } from './create-api-options';
export { DEFAULT_RETRY, retryAfterSeconds, type RetryPolicy } from './retry-policy';

/** One request, as the endpoint methods describe it. */
interface Call {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  segments: (string | number)[];
  scope: EndpointScope;
  searchParams?: URLSearchParams;
  form?: URLSearchParams;
  timeout: number;
  signal?: AbortSignal;
}

export function createApi(options: CreateApiOptions): Api {
  const normalized = normalizeBaseUrl(options.baseUrl);
  const baseUrl = normalized.ok ? normalized.baseUrl : '';
  const origin = normalized.ok ? normalized.origin : '';
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const retry = { ...DEFAULT_RETRY, ...options.retry };
  const client = createOriginLockedClient(origin, options);

  /** Sends one request and returns the body text; every failure comes out as an ApiError. */
  async function send(call: Call): Promise<{ text: string; response: KyResponse }> {
    try {
      if (!normalized.ok) {
        throw new ApiError('not-configured', {
          message: normalized.error,
          setup: 'invalid-base-url',
        });
      }
      const pending = client(apiUrl(baseUrl, call.segments), {
        method: call.method,
        headers: { Accept: 'application/json' },
        searchParams: call.searchParams,
        body: call.form,
        timeout: call.timeout,
        signal: call.signal,
        retry: call.method === 'GET' ? readRetryOptions(retry) : 0,
      });
      const text = await pending.text();
      const response = await pending;
      return { text, response };
    } catch (error) {
      throw toApiError(error, { scope: call.scope, origin, signal: call.signal });
    }
  }

  async function readPage<T>(
    segments: Call['segments'],
    schema: v.GenericSchema<unknown, ListBody<T>>,
    params: ReportListParams | ProjectListParams,
    signal?: AbortSignal,
  ): Promise<Page<T>> {
    const { text, response } = await send({
      method: 'GET',
      segments,
      scope: 'collection',
      searchParams: queryOf(params),
      timeout: timeouts.read,
      signal,
    });
    return toPage(parseBody(text, response, schema, { scope: 'collection', origin }), params);
  }

  async function readRecord(call: Call): Promise<Report> {
    const { text, response } = await send(call);
    return parseBody(text, response, ReportEnvelopeSchema, { scope: call.scope, origin });
  }

  async function readDelete(call: Call): Promise<DeleteResult> {
    const { text, response } = await send(call);
    return deleteResultOf(text, response, { scope: call.scope, origin });
  }

  return {
    baseUrl,
    origin,
    reportPageUrl: (id: ReportId) => reportPageUnder(baseUrl, id),

    listReports(params = {}, { signal } = {}) {
      return readPage<Report>(['reports'], ReportListSchema, params, signal);
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

    listProjects(params = {}, { signal } = {}) {
      return readPage<Project>(['projects'], ProjectListSchema, params, signal);
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
