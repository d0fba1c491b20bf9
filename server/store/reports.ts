import type { Result } from '../audit/audit.ts';
import type { Db } from '../db.ts';
import { cachedTotal } from './count-cache.ts';

/** A report as stored, without its checks (lists do not carry them). */
export interface ReportRow {
  id: number;
  url: string;
  project: string;
  result: Result;
  score: number;
  privacy: 0 | 1 | 2;
  password_hash: string | null;
  generated_at: string;
  created_at: string;
  updated_at: string;
}

/** A report with its checks, as JSON text, so responses splice it in without parsing it. */
export interface ReportWithChecks extends ReportRow {
  checks: string;
}

export const REPORT_SORTS = ['id', 'generated_at', 'url', 'score'] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];
export type Direction = 'asc' | 'desc';

export interface ReportFilter {
  search?: string;
  project?: string;
  result?: Result;
}

/** Columns of the reports table (checks live in report_checks: only single records carry them). */
export const COLUMNS =
  'id, url, project, result, score, privacy, password_hash, generated_at, created_at, updated_at';

/** The project a URL belongs to: its host, lower-case, without a leading `www.` (CONTRACT.md). */
export function projectOf(url: string): string {
  return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
}

/** `%`, `_` and `\` in a search are literal characters, not LIKE wildcards. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function where(userId: number, filter: ReportFilter): { sql: string; params: (string | number)[] } {
  const clauses = ['user_id = ?'];
  const params: (string | number)[] = [userId];
  if (filter.project !== undefined) {
    clauses.push('project = ?');
    params.push(filter.project);
  }
  if (filter.result !== undefined) {
    clauses.push('result = ?');
    params.push(filter.result);
  }
  if (filter.search !== undefined) {
    clauses.push("url LIKE ? ESCAPE '\\'");
    params.push(likePattern(filter.search));
  }
  return { sql: clauses.join(' AND '), params };
}

export function listReports(
  db: Db,
  userId: number,
  filter: ReportFilter,
  order: { sortBy: ReportSort; sort: Direction },
  limit: number,
  offset: number,
): ReportRow[] {
  const { sql, params } = where(userId, filter);
  // Both names come from whitelists (REPORT_SORTS, Direction), never from the request text.
  const direction = order.sort === 'asc' ? 'ASC' : 'DESC';
  const orderBy =
    order.sortBy === 'id' ? `id ${direction}` : `${order.sortBy} ${direction}, id ${direction}`;
  const statement = db.stmt(
    `SELECT ${COLUMNS} FROM reports WHERE ${sql} ORDER BY ${orderBy} LIMIT ? OFFSET ?`,
  );
  // Rows as arrays, made into plain objects here: node:sqlite's row objects have a null
  // prototype and are built property by property, which costs half of a list query's time.
  // (This SQL text is used nowhere else, so the cached statement can keep the setting.)
  statement.setReturnArrays(true);
  return (statement.all(...params, limit, offset) as unknown as ReportArray[]).map(fromArray);
}

type ReportArray = [
  number,
  string,
  string,
  Result,
  number,
  0 | 1 | 2,
  string | null,
  string,
  string,
  string,
];

/** In the order of COLUMNS. */
function fromArray(a: ReportArray): ReportRow {
  return {
    id: a[0],
    url: a[1],
    project: a[2],
    result: a[3],
    score: a[4],
    privacy: a[5],
    password_hash: a[6],
    generated_at: a[7],
    created_at: a[8],
    updated_at: a[9],
  };
}

export function countReports(db: Db, userId: number, filter: ReportFilter): number {
  // The common cases read counters kept by every write instead of counting rows.
  if (filter.search === undefined && filter.result === undefined) {
    const row =
      filter.project === undefined
        ? db.stmt('SELECT reports_count AS n FROM users WHERE id = ?').get(userId)
        : db
            .stmt('SELECT reports_count AS n FROM projects WHERE user_id = ? AND name = ?')
            .get(userId, filter.project);
    return (row as { n: number } | undefined)?.n ?? 0;
  }
  const { sql, params } = where(userId, filter);
  return cachedTotal(db, userId, JSON.stringify(filter), () => {
    const row = db.stmt(`SELECT COUNT(*) AS n FROM reports WHERE ${sql}`).get(...params);
    return (row as { n: number }).n;
  });
}

const WITH_CHECKS = `SELECT ${COLUMNS}, c.checks FROM reports JOIN report_checks c ON c.report_id = reports.id`;

export function getReport(db: Db, userId: number, id: number): ReportWithChecks | undefined {
  return db.stmt(`${WITH_CHECKS} WHERE id = ? AND user_id = ?`).get(id, userId) as
    ReportWithChecks | undefined;
}

/** For the public report page, which has no key: ownership is checked by privacy instead. */
export function getReportById(
  db: Db,
  id: number,
): (ReportWithChecks & { user_id: number }) | undefined {
  return db.stmt(`${WITH_CHECKS.replace('SELECT', 'SELECT user_id,')} WHERE id = ?`).get(id) as
    (ReportWithChecks & { user_id: number }) | undefined;
}
