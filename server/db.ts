import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { migrate } from './schema.ts';

/** The service's one SQLite connection, with its prepared statements cached by SQL text. */
export interface Db {
  readonly raw: DatabaseSync;
  /** A prepared statement for `sql`, compiled once and reused (list queries run thousands of times). */
  stmt(sql: string): StatementSync;
  /** Runs `fn` in one transaction: every write of a request lands together or not at all. */
  transaction<T>(fn: () => T): T;
  close(): void;
}

export function openDb(path: string): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const raw = new DatabaseSync(path, { enableForeignKeyConstraints: true, timeout: 5_000 });
  if (path !== ':memory:') {
    // WAL lets `key create` in another process write while the service reads.
    raw.exec('PRAGMA journal_mode = WAL');
    raw.exec('PRAGMA synchronous = NORMAL');
    // 64 MB of page cache (the default is 2 MB): at 100,000 reports the hot index pages fit.
    raw.exec('PRAGMA cache_size = -65536');
  }
  migrate(raw);
  const cache = new Map<string, StatementSync>();
  let depth = 0;
  return {
    raw,
    stmt(sql) {
      let statement = cache.get(sql);
      if (!statement) {
        statement = raw.prepare(sql);
        cache.set(sql, statement);
      }
      return statement;
    },
    transaction(fn) {
      // Nested calls join the outer transaction (seeding calls store functions that use one too).
      if (depth > 0) return fn();
      raw.exec('BEGIN IMMEDIATE');
      depth++;
      try {
        const value = fn();
        raw.exec('COMMIT');
        return value;
      } catch (error) {
        raw.exec('ROLLBACK');
        throw error;
      } finally {
        depth--;
      }
    },
    close() {
      cache.clear();
      if (raw.isOpen) raw.close();
    },
  };
}
