import type { ProjectRow } from './store/projects.ts';
import type { ReportRow, ReportWithChecks } from './store/reports.ts';

/**
 * JSON text with every non-ASCII character escaped as \uXXXX. Stored checks are kept ASCII so
 * V8 holds them (and every response spliced from them) as one-byte strings: writing a one-byte
 * string to a socket is a copy, a two-byte one a transcode, about five times slower.
 */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** JSON text of a report as lists carry it: every field but the checks. */
export function reportJson(row: ReportRow): string {
  // A template, not JSON.stringify of an object: half the time, and lists build up to 100.
  // Every string still goes through JSON.stringify; numbers are integers from the database.
  const text = JSON.stringify;
  return (
    `{"id":${row.id},"url":${text(row.url)},"project":${text(row.project)},` +
    `"result":${text(row.result)},"score":${row.score},"privacy":${row.privacy},` +
    // Whether a password is set (privacy 2 needs one); the password itself is never sent.
    `"has_password":${row.password_hash !== null},"generated_at":${text(row.generated_at)},` +
    `"created_at":${text(row.created_at)},"updated_at":${text(row.updated_at)}}`
  );
}

/**
 * JSON text of a whole report record (show, create, update): with `checks`, spliced in as the
 * stored JSON text, never parsed and re-serialised. Lists leave the checks out: they are 90% of
 * a record's bytes and a list view does not show them.
 */
export function fullReportJson(row: ReportWithChecks): string {
  return `${reportJson(row).slice(0, -1)},"checks":${row.checks}}`;
}

export function projectJson(row: ProjectRow): string {
  return JSON.stringify({
    project: row.name,
    created_at: row.created_at,
    reports_count: row.reports_count,
  });
}

export interface PageRequest {
  /** The request URL: its path and query become `meta.path` and the `links`. */
  url: URL;
  page: number;
  perPage: number;
  total: number;
}

/** Laravel's paginated resource: `{data, links, meta}` (CONTRACT.md, Responses). */
export function listJson(
  items: readonly string[],
  { url, page, perPage, total }: PageRequest,
): string {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const path = `${url.origin}${url.pathname}`;
  // The request's own query (filters, sort, per_page) with `page` moved to the end.
  const query = new URLSearchParams(url.search);
  query.delete('page');
  const prefix = query.size > 0 ? `${path}?${query}&page=` : `${path}?page=`;
  const link = (n: number) => `${prefix}${n}`;
  const from = items.length > 0 ? (page - 1) * perPage + 1 : null;
  const tail = JSON.stringify({
    links: {
      first: link(1),
      last: link(lastPage),
      prev: page > 1 ? link(page - 1) : null,
      next: page < lastPage ? link(page + 1) : null,
    },
    meta: {
      current_page: page,
      from,
      last_page: lastPage,
      path,
      per_page: perPage,
      to: from === null ? null : from + items.length - 1,
      total,
    },
  });
  return `{"data":[${items.join(',')}],${tail.slice(1)}`;
}

export function oneJson(item: string): string {
  return `{"data":${item}}`;
}
