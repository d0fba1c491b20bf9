import type { Result } from '../audit/audit.ts';
import type { Db } from '../db.ts';

/** A report as stored; `checks` stays JSON text so lists can splice it into responses as is. */
export interface ReportRow {
  id: number;
  url: string;
  project: string;
  result: Result;
  score: number;
  privacy: 0 | 1 | 2;
  password_hash: string | null;
  checks: string;
  generated_at: string;
  created_at: string;
  updated_at: string;
}

export const REPORT_SORTS = ['id', 'generated_at', 'url', 'score'] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];
export type Direction = 'asc' | 'desc';

export interface ReportFilter {
  search?: string;
  project?: string;
  result?: Result;
}

const COLUMNS =
  'id, url, project, result, score, privacy, password_hash, checks, generated_at, created_at, updated_at';

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
  return db
    .stmt(`SELECT ${COLUMNS} FROM reports WHERE ${sql} ORDER BY ${orderBy} LIMIT ? OFFSET ?`)
    .all(...params, limit, offset) as unknown as ReportRow[];
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
  return (db.stmt(`SELECT COUNT(*) AS n FROM reports WHERE ${sql}`).get(...params) as { n: number })
    .n;
}

export function getReport(db: Db, userId: number, id: number): ReportRow | undefined {
  return db.stmt(`SELECT ${COLUMNS} FROM reports WHERE id = ? AND user_id = ?`).get(id, userId) as
    ReportRow | undefined;
}

/** For the public report page, which has no key: ownership is checked by privacy instead. */
export function getReportById(db: Db, id: number): (ReportRow & { user_id: number }) | undefined {
  return db.stmt(`SELECT user_id, ${COLUMNS} FROM reports WHERE id = ?`).get(id) as
    (ReportRow & { user_id: number }) | undefined;
}

export type NewReport = Omit<ReportRow, 'id' | 'project' | 'updated_at'>;

export function insertReport(db: Db, userId: number, report: NewReport): ReportRow {
  const project = projectOf(report.url);
  return db.transaction(() => {
    // The project exists while it has reports; its created_at is its first report's.
    db.stmt(
      `INSERT INTO projects (user_id, name, created_at, reports_count) VALUES (?, ?, ?, 1)
       ON CONFLICT (user_id, name) DO UPDATE SET reports_count = reports_count + 1,
         created_at = min(created_at, excluded.created_at)`,
    ).run(userId, project, report.created_at);
    db.stmt('UPDATE users SET reports_count = reports_count + 1 WHERE id = ?').run(userId);
    return db
      .stmt(
        `INSERT INTO reports (user_id, project, url, result, score, privacy, password_hash, checks,
           generated_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         RETURNING ${COLUMNS}`,
      )
      .get(
        userId,
        project,
        report.url,
        report.result,
        report.score,
        report.privacy,
        report.password_hash,
        report.checks,
        report.generated_at,
        report.created_at,
        report.created_at,
      ) as unknown as ReportRow;
  });
}

export type ReportChanges = Partial<
  Pick<ReportRow, 'privacy' | 'password_hash' | 'result' | 'score' | 'checks' | 'generated_at'>
>;

export function updateReport(
  db: Db,
  userId: number,
  id: number,
  changes: ReportChanges,
): ReportRow | undefined {
  const names = Object.keys(changes) as (keyof ReportChanges)[];
  // Column names come from the ReportChanges keys the routes build, never from request text.
  const set = [...names.map((name) => `${name} = ?`), 'updated_at = ?'].join(', ');
  return db
    .stmt(`UPDATE reports SET ${set} WHERE id = ? AND user_id = ? RETURNING ${COLUMNS}`)
    .get(...names.map((name) => changes[name] ?? null), new Date().toISOString(), id, userId) as
    ReportRow | undefined;
}

export function deleteReport(db: Db, userId: number, id: number): boolean {
  return db.transaction(() => {
    const row = db
      .stmt('DELETE FROM reports WHERE id = ? AND user_id = ? RETURNING project')
      .get(id, userId) as { project: string } | undefined;
    if (!row) return false;
    db.stmt('UPDATE users SET reports_count = reports_count - 1 WHERE id = ?').run(userId);
    db.stmt(
      'UPDATE projects SET reports_count = reports_count - 1 WHERE user_id = ? AND name = ?',
    ).run(userId, row.project);
    // A project is a group of reports: it goes when its last report goes.
    db.stmt('DELETE FROM projects WHERE user_id = ? AND name = ? AND reports_count <= 0').run(
      userId,
      row.project,
    );
    return true;
  });
}
