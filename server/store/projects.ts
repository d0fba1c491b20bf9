import type { Db } from '../db.ts';
import { reportsChanged } from './count-cache.ts';
import type { Direction } from './reports.ts';

export interface ProjectRow {
  name: string;
  created_at: string;
  reports_count: number;
}

export const PROJECT_SORTS = ['created_at', 'project'] as const;
export type ProjectSort = (typeof PROJECT_SORTS)[number];

function where(
  userId: number,
  search: string | undefined,
): { sql: string; params: (string | number)[] } {
  if (search === undefined) return { sql: 'user_id = ?', params: [userId] };
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return { sql: "user_id = ? AND name LIKE ? ESCAPE '\\'", params: [userId, pattern] };
}

export function listProjects(
  db: Db,
  userId: number,
  search: string | undefined,
  order: { sortBy: ProjectSort; sort: Direction },
  limit: number,
  offset: number,
): ProjectRow[] {
  const { sql, params } = where(userId, search);
  const direction = order.sort === 'asc' ? 'ASC' : 'DESC';
  const column = order.sortBy === 'project' ? 'name' : 'created_at';
  return db
    .stmt(
      `SELECT name, created_at, reports_count FROM projects WHERE ${sql}
       ORDER BY ${column} ${direction}, id ${direction} LIMIT ? OFFSET ?`,
    )
    .all(...params, limit, offset) as unknown as ProjectRow[];
}

export function countProjects(db: Db, userId: number, search: string | undefined): number {
  const { sql, params } = where(userId, search);
  return (
    db.stmt(`SELECT COUNT(*) AS n FROM projects WHERE ${sql}`).get(...params) as { n: number }
  ).n;
}

/** Deletes a project and, through the foreign key's cascade, all its reports. */
export function deleteProject(db: Db, userId: number, name: string): boolean {
  return db.transaction(() => {
    const row = db
      .stmt('DELETE FROM projects WHERE user_id = ? AND name = ? RETURNING reports_count')
      .get(userId, name) as { reports_count: number } | undefined;
    if (!row) return false;
    reportsChanged(db, userId);
    db.stmt('UPDATE users SET reports_count = reports_count - ? WHERE id = ?').run(
      row.reports_count,
      userId,
    );
    return true;
  });
}
