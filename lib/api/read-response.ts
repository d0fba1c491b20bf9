/**
 * Reading answers liberally: whatever the body is — JSON, an HTML page, other text, nothing —
 * it is named (BodyKind) and validated, and anything this extension cannot read becomes
 * ApiError 'bad-response', never a crash.
 */
import * as v from 'valibot';
import type { DeleteResult } from './api-types';
import { ApiError, type BodyKind, type EndpointScope } from './errors';
import { DeleteAnswerSchema } from './schemas';

/** Where an answer came from, for the errors it may turn into. */
export interface AnswerContext {
  scope: EndpointScope;
  origin: string;
}

export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function bodyKindOf(text: string, response?: Response): BodyKind {
  if (text.trim() === '') return 'empty';
  const type = response?.headers.get('content-type')?.toLowerCase() ?? '';
  if (type.includes('html') || /^\s*</.test(text)) return 'html';
  return safeJson(text) === undefined && text.trim() !== 'null' ? 'text' : 'json';
}

/** The body as the schema describes it, or 'bad-response' saying what did not fit. */
export function parseBody<TSchema extends v.GenericSchema>(
  text: string,
  response: Response,
  schema: TSchema,
  { scope, origin }: AnswerContext,
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

/**
 * CONTRACT: 200 {id, object, deleted: true}; also a 204 or any 2xx. Only a body that says
 * outright it did not delete is refused.
 */
export function deleteResultOf(
  text: string,
  response: Response,
  { scope, origin }: AnswerContext,
): DeleteResult {
  if (text.trim() === '' || bodyKindOf(text, response) !== 'json') return { deleted: true };
  const answer = v.safeParse(DeleteAnswerSchema, safeJson(text));
  if (!answer.success) return { deleted: true };
  if (answer.output.deleted === false) {
    throw new ApiError('bad-response', {
      message: 'The server answered that nothing was deleted',
      status: response.status,
      body: 'json',
      scope,
      origin,
    });
  }
  return { deleted: true, id: answer.output.id, object: answer.output.object };
}
