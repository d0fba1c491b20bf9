import { mkdtempSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../../server/db.ts';
import { MIGRATIONS } from '../../server/schema.ts';
import { getReport, REPORT_SORTS, type ReportFilter } from '../../server/store/reports.ts';

const dir = mkdtempSync(join(tmpdir(), 'audit-service-schema-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('schema', () => {
  it('upgrades a database made by the first version and keeps its reports', () => {
    const path = join(dir, 'v1.db');
    const old = new DatabaseSync(path);
    old.exec(MIGRATIONS[0]!);
    old.exec(`PRAGMA user_version = 1;
      INSERT INTO users (id, created_at, reports_count) VALUES (1, '2026-01-01T00:00:00.000Z', 1);
      INSERT INTO projects (user_id, name, created_at, reports_count) VALUES (1, 'a.test', '2026-01-01T00:00:00.000Z', 1);
      INSERT INTO reports (user_id, project, url, result, score, privacy, checks, generated_at, created_at, updated_at)
        VALUES (1, 'a.test', 'https://a.test/', 'good', 90, 0, '[]', '2026-01-01T00:00:00.000Z',
                '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z');`);
    old.close();
    const db = openDb(path);
    try {
      expect(db.raw.prepare('PRAGMA user_version').get()).toEqual({
        user_version: MIGRATIONS.length,
      });
      expect(getReport(db, 1, 1)).toMatchObject({
        url: 'https://a.test/',
        score: 90,
        checks: '[]',
      });
      expect(db.raw.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    } finally {
      db.close();
    }
  });

  it('answers every list query from an index, sorting rows only for project and result together', () => {
    const db = openDb(':memory:');
    try {
      const filters: ReportFilter[] = [
        {},
        { project: 'p' },
        { result: 'good' },
        { search: 'x' },
        { project: 'p', search: 'x' },
        { result: 'bad', search: 'x' },
        { project: 'p', result: 'good' },
      ];
      for (const filter of filters) {
        for (const sortBy of REPORT_SORTS) {
          for (const direction of ['ASC', 'DESC']) {
            const clauses = ['user_id = 1'];
            if (filter.project) clauses.push("project = 'p'");
            if (filter.result) clauses.push(`result = '${filter.result}'`);
            if (filter.search) clauses.push("url LIKE '%x%' ESCAPE '\\'");
            const sql = `SELECT id FROM reports WHERE ${clauses.join(' AND ')}
              ORDER BY ${sortBy} ${direction}, id ${direction} LIMIT 10`;
            const plan = (db.raw.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[])
              .map((row) => row.detail)
              .join(' | ');
            const label = `${JSON.stringify(filter)} ${sortBy} ${direction}: ${plan}`;
            expect(plan, label).toMatch(/USING (COVERING )?INDEX/);
            expect(plan, label).not.toMatch(/SCAN reports(?! USING)/);
            if (!(filter.project && filter.result)) expect(plan, label).not.toMatch(/TEMP B-TREE/);
          }
        }
      }
    } finally {
      db.close();
    }
  });
});
