import type { DatabaseSync } from 'node:sqlite';

/**
 * Schema migrations, applied in order at start; `PRAGMA user_version` records how many ran.
 * Append new steps, never edit old ones: a database created by an older version must upgrade.
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    created_at TEXT NOT NULL,
    -- Kept in step with the reports table so an unfiltered list never counts 50,000 rows.
    reports_count INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE api_keys (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    -- sha256 of the key: the key itself is never stored.
    hash BLOB NOT NULL UNIQUE,
    -- The first characters of the key, so \`key list\` can tell keys apart.
    prefix TEXT NOT NULL,
    created_at TEXT NOT NULL,
    revoked_at TEXT
  );
  CREATE TABLE projects (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    created_at TEXT NOT NULL,
    reports_count INTEGER NOT NULL DEFAULT 0,
    UNIQUE (user_id, name)
  );
  CREATE INDEX projects_by_created ON projects (user_id, created_at, id);
  -- AUTOINCREMENT: a deleted report's id is never handed out again.
  CREATE TABLE reports (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    project TEXT NOT NULL,
    url TEXT NOT NULL,
    result TEXT NOT NULL CHECK (result IN ('good', 'decent', 'bad')),
    score INTEGER NOT NULL CHECK (score BETWEEN 0 AND 100),
    privacy INTEGER NOT NULL CHECK (privacy IN (0, 1, 2)),
    password_hash TEXT,
    checks TEXT NOT NULL,
    generated_at TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    FOREIGN KEY (user_id, project) REFERENCES projects (user_id, name) ON DELETE CASCADE
  );
  -- One index per sort key, each ending in id: ORDER BY key, id walks it with no sort step.
  CREATE INDEX reports_by_id ON reports (user_id, id);
  CREATE INDEX reports_by_score ON reports (user_id, score, id);
  CREATE INDEX reports_by_generated ON reports (user_id, generated_at, id);
  CREATE INDEX reports_by_url ON reports (user_id, url, id);
  CREATE INDEX reports_by_project ON reports (user_id, project, id);
  CREATE INDEX reports_by_result ON reports (user_id, result, id);
  `,
  // 2: list queries at 100,000 reports. The checks move to their own table so report rows stay
  // small (a scan for a search or a filter reads 150-byte rows, not 1.5 KB ones). Every sort
  // index carries url, so a search walks the index in sort order without touching the table;
  // the result and project filters get an index per sort key, so no filter ever sorts rows.
  `
  CREATE TABLE report_checks (
    report_id INTEGER PRIMARY KEY REFERENCES reports(id) ON DELETE CASCADE,
    checks TEXT NOT NULL
  );
  INSERT INTO report_checks (report_id, checks) SELECT id, checks FROM reports;
  ALTER TABLE reports DROP COLUMN checks;
  DROP INDEX reports_by_id;
  DROP INDEX reports_by_score;
  DROP INDEX reports_by_generated;
  CREATE INDEX reports_by_id ON reports (user_id, id, url);
  CREATE INDEX reports_by_score ON reports (user_id, score, id, url);
  CREATE INDEX reports_by_generated ON reports (user_id, generated_at, id, url);
  CREATE INDEX reports_by_project_score ON reports (user_id, project, score, id);
  CREATE INDEX reports_by_project_generated ON reports (user_id, project, generated_at, id);
  CREATE INDEX reports_by_project_url ON reports (user_id, project, url, id);
  CREATE INDEX reports_by_result_score ON reports (user_id, result, score, id);
  CREATE INDEX reports_by_result_generated ON reports (user_id, result, generated_at, id);
  CREATE INDEX reports_by_result_url ON reports (user_id, result, url, id);
  `,
];

export function migrate(db: DatabaseSync): void {
  const { user_version: version } = db.prepare('PRAGMA user_version').get() as {
    user_version: number;
  };
  for (let step = version; step < MIGRATIONS.length; step++) {
    db.exec('BEGIN');
    try {
      db.exec(MIGRATIONS[step]!);
      db.exec(`PRAGMA user_version = ${step + 1}`);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
}
