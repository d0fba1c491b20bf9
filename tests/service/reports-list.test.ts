import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeedReport } from '../../server/seed.ts';
import {
  expectShape,
  ReportListSchema,
  type ReportSummary as Report,
} from '../support/contract.ts';
import { call } from '../support/http.ts';
import { startTestService, type TestEnv } from '../support/service.ts';

const COUNT = 137;
const HOSTS = ['alpha.test', 'beta.test', 'www.Gamma.test'];
const SCORES = [10, 55, 55, 90, 90, 90];

let env: TestEnv;
let all: Report[];

/** Many ties on every sort key, so only the id tie-break keeps pages stable. */
function seedData(): SeedReport[] {
  const base = Date.parse('2026-01-01T00:00:00.000Z');
  return Array.from({ length: COUNT }, (_, i) => ({
    url: `https://${HOSTS[i % 3]}/page-${i % 20}${i % 7 === 0 ? '?q=100%25_off' : ''}`,
    score: SCORES[i % SCORES.length],
    generatedAt: new Date(base + (i % 10) * 60_000).toISOString(),
  }));
}

async function list(query: Record<string, string | number>) {
  const response = await call(env, 'GET', '/reports', { query });
  expect(response.status, response.text).toBe(200);
  return expectShape(ReportListSchema, response.body);
}

/** Every page of a listing, walked with `page` until `next` is null. */
async function walk(query: Record<string, string | number>): Promise<Report[]> {
  const rows: Report[] = [];
  for (let page = 1; ; page++) {
    const body = await list({ ...query, page });
    rows.push(...body.data);
    if (body.links.next === null) return rows;
  }
}

beforeAll(async () => {
  env = await startTestService();
  env.service.seed(env.key, seedData());
  all = (await walk({ per_page: 100, sort: 'asc' })) as Report[];
});
afterAll(() => env.close());

describe('list reports', () => {
  it('defaults to 10 per page, newest id first, with links and meta', async () => {
    const body = await list({});
    expect(body.data.map((r) => r.id)).toEqual(
      all
        .map((r) => r.id)
        .reverse()
        .slice(0, 10),
    );
    expect(body.meta).toEqual({
      current_page: 1,
      from: 1,
      last_page: 14,
      path: `${env.api}/reports`,
      per_page: 10,
      to: 10,
      total: COUNT,
    });
    expect(body.links).toEqual({
      first: `${env.api}/reports?page=1`,
      last: `${env.api}/reports?page=14`,
      prev: null,
      next: `${env.api}/reports?page=2`,
    });
  });

  it.each(['id', 'generated_at', 'url', 'score'] as const)(
    'sorts by %s both ways, ties by id',
    async (key) => {
      for (const sort of ['asc', 'desc'] as const) {
        const sign = sort === 'asc' ? 1 : -1;
        const expected = [...all].sort((a, b) => {
          const x = a[key];
          const y = b[key];
          return sign * (x < y ? -1 : x > y ? 1 : a.id - b.id);
        });
        const rows = await walk({ sort_by: key, sort, per_page: 25 });
        expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
      }
    },
  );

  it('pages never repeat or skip a row, down to the last page and beyond it', async () => {
    const rows = await walk({ sort_by: 'score', per_page: 10 });
    expect(new Set(rows.map((r) => r.id)).size).toBe(COUNT);
    const last = await list({ sort_by: 'score', page: 14 });
    expect(last.data).toHaveLength(7);
    expect(last.meta).toMatchObject({ current_page: 14, from: 131, to: 137, last_page: 14 });
    expect(last.links.next).toBeNull();
    const beyond = await list({ page: 99 });
    expect(beyond.data).toEqual([]);
    expect(beyond.meta).toMatchObject({
      current_page: 99,
      from: null,
      to: null,
      total: COUNT,
      last_page: 14,
    });
    expect(beyond.links.prev).toBe(`${env.api}/reports?page=98`);
  });

  it.each([10, 25, 50, 100])('per_page=%i', async (perPage) => {
    const body = await list({ per_page: perPage });
    expect(body.data).toHaveLength(perPage);
    expect(body.meta).toMatchObject({ per_page: perPage, last_page: Math.ceil(COUNT / perPage) });
    expect(body.links.next).toContain(`per_page=${perPage}`);
  });

  it('searches url substrings, case-insensitively, with % and _ taken literally', async () => {
    const expectSearch = async (search: string, match: (r: Report) => boolean) => {
      const rows = await walk({ search, per_page: 100 });
      expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(
        all.filter(match).map((r) => r.id),
      );
    };
    await expectSearch('PAGE-1', (r) => r.url.includes('page-1'));
    await expectSearch('gamma', (r) => r.url.includes('Gamma'));
    // '%' is literal: '100%_off' is not a pattern matching the stored '100%25_off'.
    await expectSearch('100%_off', () => false);
    await expectSearch('100%25_off', (r) => r.url.includes('100%25_off'));
    await expectSearch('%', (r) => r.url.includes('%'));
    await expectSearch('_', (r) => r.url.includes('_'));
    await expectSearch('nothing-like-this', () => false);
    const explicit = await list({ search: 'alpha', search_by: 'url' });
    expect(explicit.meta.total).toBe(all.filter((r) => r.url.includes('alpha')).length);
  });

  it('filters by project and result, alone and combined with search and sort', async () => {
    const byProject = await walk({ project: 'gamma.test', per_page: 100 });
    expect(byProject).toHaveLength(all.filter((r) => r.project === 'gamma.test').length);
    expect(byProject.every((r) => r.project === 'gamma.test')).toBe(true);
    for (const result of ['good', 'decent', 'bad'] as const) {
      const rows = await walk({ result, per_page: 100 });
      expect(rows).toHaveLength(all.filter((r) => r.result === result).length);
    }
    const match = (r: Report) =>
      r.project === 'beta.test' && r.result === 'decent' && r.url.includes('page-1');
    const combined = await walk({
      project: 'beta.test',
      result: 'decent',
      search: 'page-1',
      sort_by: 'url',
      sort: 'asc',
    });
    expect(combined.map((r) => r.id)).toEqual(
      all
        .filter(match)
        .sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : a.id - b.id))
        .map((r) => r.id),
    );
    const first = await list({ project: 'beta.test', result: 'decent' });
    expect(first.meta.total).toBe(
      all.filter((r) => r.project === 'beta.test' && r.result === 'decent').length,
    );
    expect((await list({ project: 'no-such.test' })).meta).toMatchObject({
      total: 0,
      last_page: 1,
      from: null,
    });
  });

  it('keeps the filters in the links', async () => {
    const body = await list({ project: 'alpha.test', sort_by: 'score', sort: 'asc', page: 2 });
    const next = new URL(body.links.prev!);
    expect(Object.fromEntries(next.searchParams)).toEqual({
      project: 'alpha.test',
      sort_by: 'score',
      sort: 'asc',
      page: '1',
    });
  });
});
