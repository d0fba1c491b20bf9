/**
 * The reference service for a side panel spec file, seeded with reports over 3 projects, and
 * every report as the service lists it, so a spec can work out what a page should show.
 */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { Report, ReportSortBy, SortDir } from '@/lib/api/schemas';
import { call } from '../support/http';
import { seedReports, startTestService, type TestEnv } from '../support/service';
import { configure } from './sidepanel-support';

export interface SeededReports {
  env: TestEnv;
  /** Every report, as GET /reports lists them (filled in before the file's first test). */
  all: Report[];
  /** `list` (all of them by default) in the service's order for that sort key and direction. */
  sorted(by: ReportSortBy, dir: SortDir, list?: Report[]): Report[];
}

/** Starts the service for this file (up to 200 reports: two pages of 100 are read back). */
export function seededReports(count: number): SeededReports {
  const seeded: SeededReports = {
    env: undefined as unknown as TestEnv,
    all: [],
    sorted(by, dir, list = seeded.all) {
      const sign = dir === 'asc' ? 1 : -1;
      return [...list].sort((a, b) => {
        const x = a[by] as string | number;
        const y = b[by] as string | number;
        if (x !== y) return (x < y ? -1 : 1) * sign;
        return (a.id - b.id) * sign;
      });
    },
  };
  beforeAll(async () => {
    seeded.env = await startTestService();
    seedReports(seeded.env, count, { projects: 3 });
    const pages = await Promise.all(
      [1, 2].map((page) => call(seeded.env, 'GET', '/reports', { query: { per_page: 100, page } })),
    );
    seeded.all = pages.flatMap((p) => p.body.data as Report[]);
    expect(seeded.all).toHaveLength(count);
  });
  afterAll(() => seeded.env?.close());
  beforeEach(() => configure(seeded.env.service.url, seeded.env.key));
  return seeded;
}
