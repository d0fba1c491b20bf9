import type { Context } from 'hono';
import { HttpError, notFound } from '../http-error.ts';
import type { Validator } from '../validate.ts';

/** Sends JSON text that was already serialised (see serialize.ts). */
export function jsonText(c: Context, text: string, status: 200 | 201 = 200): Response {
  return c.body(text, status, { 'Content-Type': 'application/json' });
}

/** The `{id}` path parameter; anything but a plain positive integer cannot name a report. */
export function reportId(c: Context): number {
  const raw = c.req.param('id') ?? '';
  if (!/^[1-9]\d{0,14}$/.test(raw)) throw notFound('report');
  return Number(raw);
}

/** `page` (1-based) and `per_page` (10, 25, 50 or 100) of a list request. */
export function pageParams(v: Validator): { page: number; perPage: number } {
  const perPage = Number(v.oneOf('per_page', ['10', '25', '50', '100'] as const, '10') ?? 10);
  return { page: v.page('page'), perPage };
}

/** The answer for a known path asked with a method it does not support. */
export function methodNotAllowed(allow: string) {
  return (c: Context): never => {
    throw new HttpError(405, `The ${c.req.method} method is not supported for this route.`, {
      Allow: allow,
    });
  };
}
