import type { DatabaseSync } from 'node:sqlite';

/**
 * Schema migrations, applied in order at start; `PRAGMA user_version` records how many ran.
 * Append new steps, never edit old ones: a database created by an older version must upgrade.
 */
const MIGRATIONS: readonly string[] = [
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
