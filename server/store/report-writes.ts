import type { Db } from '../db.ts';
import { reportsChanged } from './count-cache.ts';
import { COLUMNS, projectOf, type ReportRow, type ReportWithChecks } from './reports.ts';

export type NewReport = Omit<ReportWithChecks, 'id' | 'project' | 'updated_at'>;

export function insertReport(db: Db, userId: number, report: NewReport): ReportWithChecks {
  const project = projectOf(report.url);
  return db.transaction(() => {
    // The project exists while it has reports; its created_at is its first report's.
    db.stmt(
      `INSERT INTO projects (user_id, name, created_at, reports_count) VALUES (?, ?, ?, 1)
       ON CONFLICT (user_id, name) DO UPDATE SET reports_count = reports_count + 1,
         created_at = min(created_at, excluded.created_at)`,
    ).run(userId, project, report.created_at);
    db.stmt('UPDATE users SET reports_count = reports_count + 1 WHERE id = ?').run(userId);
    reportsChanged(db, userId);
    const row = db
      .stmt(
        `INSERT INTO reports (user_id, project, url, result, score, privacy, password_hash,
           generated_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
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
        report.generated_at,
        report.created_at,
        report.created_at,
      ) as unknown as ReportRow;
    db.stmt('INSERT INTO report_checks (report_id, checks) VALUES (?, ?)').run(
      row.id,
      report.checks,
    );
    return { ...row, checks: report.checks };
  });
}

export type ReportChanges = Partial<
  Pick<
    ReportWithChecks,
    'privacy' | 'password_hash' | 'result' | 'score' | 'checks' | 'generated_at'
  >
>;

/** Applies the changes; undefined when the user has no such report (any more). */
export function updateReport(
  db: Db,
  userId: number,
  id: number,
  { checks, ...changes }: ReportChanges,
): ReportWithChecks | undefined {
  const names = Object.keys(changes) as (keyof typeof changes)[];
  // Column names come from the ReportChanges keys the routes build, never from request text.
  const set = [...names.map((name) => `${name} = ?`), 'updated_at = ?'].join(', ');
  return db.transaction(() => {
    const row = db
      .stmt(`UPDATE reports SET ${set} WHERE id = ? AND user_id = ? RETURNING ${COLUMNS}`)
      .get(...names.map((name) => changes[name] ?? null), new Date().toISOString(), id, userId) as
      ReportRow | undefined;
    if (!row) return undefined;
    reportsChanged(db, userId);
    if (checks !== undefined) {
      db.stmt('UPDATE report_checks SET checks = ? WHERE report_id = ?').run(checks, id);
    }
    const stored = db.stmt('SELECT checks FROM report_checks WHERE report_id = ?').get(id) as {
      checks: string;
    };
    return { ...row, checks: stored.checks };
  });
}

export function deleteReport(db: Db, userId: number, id: number): boolean {
  return db.transaction(() => {
    const row = db
      .stmt('DELETE FROM reports WHERE id = ? AND user_id = ? RETURNING project')
      .get(id, userId) as { project: string } | undefined;
    if (!row) return false;
    reportsChanged(db, userId);
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
