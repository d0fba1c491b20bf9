import { resultFor } from './audit/audit.ts';
import { CHECKS, type CheckOutcome } from './audit/checks.ts';
import type { Db } from './db.ts';
import { hashPasswordSync } from './passwords.ts';
import { asciiJson } from './serialize.ts';
import { insertReport } from './store/report-writes.ts';

/** A report to insert without auditing; everything but the URL has a default. */
export interface SeedReport {
  url: string;
  /** 0–100; default: spread over the range by position. The result follows from it. */
  score?: number;
  privacy?: 0 | 1 | 2;
  password?: string;
  /** ISO 8601; default: one minute apart, oldest first, ending now. */
  createdAt?: string;
  generatedAt?: string;
}

/** Check outcomes roughly consistent with a score: the heaviest checks that fit pass. */
function checksFor(score: number): string {
  let left = score;
  const passed = new Set<string>();
  for (const check of [...CHECKS].sort((a, b) => b.weight - a.weight)) {
    if (check.weight <= left) {
      passed.add(check.id);
      left -= check.weight;
    }
  }
  const outcomes: CheckOutcome[] = CHECKS.map((check) => ({
    id: check.id,
    title: check.title,
    passed: passed.has(check.id),
    detail: 'Seeded without an audit.',
  }));
  return asciiJson(outcomes);
}

/**
 * Inserts reports for a user in one transaction, through the same store function as the API
 * (so project rows and counters stay right). Returns the new ids in order.
 */
export function seedReports(db: Db, userId: number, reports: readonly SeedReport[]): number[] {
  const hashes = new Map<string, string>();
  const checksByScore = new Map<number, string>();
  const start = Date.now() - reports.length * 60_000;
  return db.transaction(() =>
    reports.map((report, index) => {
      const score = Math.max(0, Math.min(100, Math.round(report.score ?? (index * 37 + 11) % 101)));
      let checks = checksByScore.get(score);
      if (!checks) checksByScore.set(score, (checks = checksFor(score)));
      let passwordHash: string | null = null;
      if (report.password !== undefined) {
        // scrypt is slow on purpose; one hash per distinct password keeps seeding fast.
        passwordHash = hashes.get(report.password) ?? hashPasswordSync(report.password);
        hashes.set(report.password, passwordHash);
      }
      const createdAt = report.createdAt ?? new Date(start + index * 60_000).toISOString();
      return insertReport(db, userId, {
        url: report.url,
        score,
        result: resultFor(score),
        privacy: report.privacy ?? 0,
        password_hash: passwordHash,
        checks,
        generated_at: report.generatedAt ?? createdAt,
        created_at: createdAt,
      }).id;
    }),
  );
}
