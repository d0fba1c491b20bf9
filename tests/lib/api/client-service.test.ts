/**
 * The client against the REAL reference service (server/start.ts) on a random loopback port:
 * every endpoint and every parameter. No fetch mocking.
 *
 * Which fetch: the extension project's environment (tests/environment/extension-page.ts) is
 * happy-dom for the DOM but keeps Node's own fetch family as the globals. happy-dom's fetch would
 * act like a web page at http://localhost:3000 and apply CORS; the extension fetches with host
 * permission, where CORS does not apply, so Node's fetch (undici, a WHATWG fetch) is the closer
 * stand-in — and `createApi` picks it up as the default global `fetch`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '@/server/start';
import { createApi, reportPageUrl, type Api } from '@/lib/api/create-api';
import { ApiError } from '@/lib/api/errors';
import type { Report, ReportSortBy } from '@/lib/api/schemas';
import { startPeer, send, type Peer } from '../support/peer';

let service: RunningService;
let site: Peer;
let key: string;
let api: Api;

const page = (title: string, body = '<p>Hello</p>') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><meta name="description" content="A page to audit."></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

beforeAll(async () => {
  service = await startService({ port: 0, data: ':memory:', log: false });
  // The pages the service audits: a loopback site of our own.
  site = await startPeer((request, res) => {
    if (request.url.startsWith('/missing')) return send(res, 404, 'gone');
    send(res, 200, page(`Page ${request.url}`));
  });
  key = service.createKey();
  api = createApi({ baseUrl: service.url, getKey: () => key });
});

afterAll(async () => {
  await site?.close();
  await service?.close();
});

async function expectApiError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('reports: create, show, update, delete', () => {
  let created: Report;

  it('creates a report (POST /reports) with the default privacy', async () => {
    created = await api.createReport({ url: `${site.url}/a` });
    expect(created.id).toBeGreaterThan(0);
    expect(created.url).toBe(`${site.url}/a`);
    expect(created.project).toBe('127.0.0.1');
    expect(['good', 'decent', 'bad']).toContain(created.result);
    expect(created.score).toBeGreaterThanOrEqual(0);
    expect(created.score).toBeLessThanOrEqual(100);
    expect(created.privacy).toBe(0);
    expect(created).not.toHaveProperty('password');
  });

  it('creates with each privacy, and a password with privacy 2', async () => {
    const priv = await api.createReport({ url: `${site.url}/p1`, privacy: 1 });
    expect(priv.privacy).toBe(1);
    const pw = await api.createReport({ url: `${site.url}/p2`, privacy: 2, password: 's3cret' });
    expect(pw.privacy).toBe(2);
    expect(JSON.stringify(pw)).not.toContain('s3cret');
  });

  it('maps a 422 to validation with the field messages', async () => {
    const noPassword = await expectApiError(api.createReport({ url: `${site.url}/x`, privacy: 2 }));
    expect(noPassword.kind).toBe('validation');
    expect(noPassword.status).toBe(422);
    expect(noPassword.fieldErrors.password?.[0]).toMatch(/password/i);

    const badUrl = await expectApiError(api.createReport({ url: 'not a url' }));
    expect(badUrl.kind).toBe('validation');
    expect(Object.keys(badUrl.fieldErrors)).toEqual(['url']);
  });

  it('shows a report (GET /reports/{id}) with its checks', async () => {
    const shown = await api.getReport(created.id);
    expect(shown.id).toBe(created.id);
    expect(shown.url).toBe(created.url);
    expect(Array.isArray(shown.checks)).toBe(true);
  });

  it('updates privacy and password (PATCH), then re-runs the audit with update=1', async () => {
    const updated = await api.updateReport(created.id, { privacy: 2, password: 'pw' });
    expect(updated.privacy).toBe(2);
    const back = await api.updateReport(created.id, { privacy: 1 });
    expect(back.privacy).toBe(1);

    const rerun = await api.updateReport(created.id, { update: 1 });
    expect(rerun.id).toBe(created.id);
    expect(Date.parse(rerun.generated_at ?? '')).toBeGreaterThan(
      Date.parse(created.generated_at ?? ''),
    );
  });

  it('update=0 changes nothing but answers the record', async () => {
    const same = await api.updateReport(created.id, { update: 0 });
    expect(same.generated_at).toBeDefined();
    expect(same.id).toBe(created.id);
  });

  it('a page the service cannot fetch is a validation error on url', async () => {
    const error = await expectApiError(api.createReport({ url: `${site.url}/missing` }));
    expect(error.kind).toBe('validation');
    expect(error.fieldErrors.url).toBeDefined();
  });

  it('deletes a report, after which it is not found (record scope)', async () => {
    const answer = await api.deleteReport(created.id);
    expect(answer).toMatchObject({ deleted: true, object: 'report' });
    const error = await expectApiError(api.getReport(created.id));
    expect(error.kind).toBe('not-found');
    expect(error.status).toBe(404);
    expect(error.scope).toBe('record');
    expect((await expectApiError(api.deleteReport(created.id))).kind).toBe('not-found');
    expect((await expectApiError(api.updateReport(created.id, { privacy: 0 }))).kind).toBe(
      'not-found',
    );
  });

  it('an unknown id is 404, and another key’s report is 404 too', async () => {
    expect((await expectApiError(api.getReport(987654))).kind).toBe('not-found');
    const other = createApi({ baseUrl: service.url, getKey: () => service.createKey() });
    const mine = await api.createReport({ url: `${site.url}/mine` });
    expect((await expectApiError(other.getReport(mine.id))).kind).toBe('not-found');
  });

  it('reportPageUrl is {base_url}/reports/{id}', () => {
    expect(api.reportPageUrl(12)).toBe(`${service.url}/reports/12`);
    expect(reportPageUrl(`${service.url}/api/v1/`, 7)).toBe(`${service.url}/reports/7`);
  });
});

describe('lists: every parameter of GET /reports and GET /projects', () => {
  let listKey: string;
  let lists: Api;
  const hosts = ['alpha.test', 'beta.test', 'gamma.test'];

  beforeAll(() => {
    listKey = service.createKey();
    lists = createApi({ baseUrl: `${service.url}/api/v1/`, getKey: () => listKey });
    // 45 reports over 3 projects, scores 0..88 in steps of 2, one minute apart.
    service.seed(
      listKey,
      Array.from({ length: 45 }, (_, i) => ({
        url: `https://${hosts[i % 3]}/page/${String(i).padStart(2, '0')}`,
        score: i * 2,
      })),
    );
  });

  it('defaults: 10 per page, newest first, with meta', async () => {
    const page1 = await lists.listReports();
    expect(page1.items).toHaveLength(10);
    expect(page1).toMatchObject({ page: 1, perPage: 10, total: 45, lastPage: 5, from: 1, to: 10 });
    expect(page1.hasNext).toBe(true);
    const ids = page1.items.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('page and per_page, last page, and an out-of-range page', async () => {
    const p2 = await lists.listReports({ per_page: 25, page: 2 });
    expect(p2).toMatchObject({ page: 2, perPage: 25, total: 45, lastPage: 2, from: 26, to: 45 });
    expect(p2.items).toHaveLength(20);
    expect(p2.hasNext).toBe(false);
    for (const perPage of [50, 100] as const) {
      const all = await lists.listReports({ per_page: perPage });
      expect(all.items).toHaveLength(45);
      expect(all.perPage).toBe(perPage);
    }
    const beyond = await lists.listReports({ page: 99 });
    expect(beyond.items).toEqual([]);
    expect(beyond).toMatchObject({ total: 45, from: null, to: null, hasNext: false });
  });

  const sortFields: [ReportSortBy, (r: Report) => string | number][] = [
    ['id', (r) => r.id],
    ['score', (r) => r.score],
    ['url', (r) => r.url],
    ['generated_at', (r) => r.generated_at ?? ''],
  ];
  it.each(sortFields)('sort_by %s, both directions', async (sortBy, field) => {
    for (const sort of ['asc', 'desc'] as const) {
      const { items } = await lists.listReports({ sort_by: sortBy, sort, per_page: 100 });
      const values = items.map(field);
      const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      expect(values).toEqual(sort === 'asc' ? sorted : sorted.reverse());
    }
  });

  it('filters by result, project, search (search_by=url), and combined', async () => {
    for (const result of ['good', 'decent', 'bad'] as const) {
      const { items, total } = await lists.listReports({ result, per_page: 100 });
      expect(total).toBeGreaterThan(0);
      expect(items.every((r) => r.result === result)).toBe(true);
    }
    const beta = await lists.listReports({ project: 'beta.test', per_page: 100 });
    expect(beta.total).toBe(15);
    expect(beta.items.every((r) => r.project === 'beta.test')).toBe(true);

    const search = await lists.listReports({ search: 'page/1', search_by: 'url', per_page: 100 });
    expect(search.items.map((r) => r.url).sort()).toEqual(
      search.items
        .map((r) => r.url)
        .filter((u) => u.includes('page/1'))
        .sort(),
    );
    expect(search.total).toBe(10);

    const combined = await lists.listReports({
      project: 'gamma.test',
      search: 'page/2',
      sort_by: 'score',
      sort: 'asc',
      per_page: 10,
    });
    expect(
      combined.items.every((r) => r.project === 'gamma.test' && r.url.includes('page/2')),
    ).toBe(true);
    // i % 3 === 2 among 20..29: 20, 23, 26, 29.
    expect(combined.total).toBe(4);
    const scores = combined.items.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => a - b));
  });

  it('an invalid parameter value is a validation error naming the parameter', async () => {
    const error = await expectApiError(
      lists.listReports({ per_page: 7 as unknown as 10, sort_by: 'nope' as unknown as 'id' }),
    );
    expect(error.kind).toBe('validation');
    expect(Object.keys(error.fieldErrors).sort()).toEqual(['per_page', 'sort_by']);
  });

  it('lists projects with reports_count, search, sort both ways, per_page and page', async () => {
    const all = await lists.listProjects();
    expect(all.total).toBe(3);
    expect(all.items.map((p) => p.reports_count)).toEqual([15, 15, 15]);

    const byName = await lists.listProjects({ sort_by: 'project', sort: 'asc' });
    expect(byName.items.map((p) => p.project)).toEqual(hosts);
    const byNameDesc = await lists.listProjects({ sort_by: 'project', sort: 'desc' });
    expect(byNameDesc.items.map((p) => p.project)).toEqual([...hosts].reverse());

    const created = await lists.listProjects({ sort_by: 'created_at', sort: 'asc' });
    const createdDesc = await lists.listProjects({ sort_by: 'created_at', sort: 'desc' });
    expect(createdDesc.items.map((p) => p.project)).toEqual(
      created.items.map((p) => p.project).reverse(),
    );

    const search = await lists.listProjects({ search: 'amm', search_by: 'project' });
    expect(search.items.map((p) => p.project)).toEqual(['gamma.test']);

    for (const perPage of [10, 25, 50, 100] as const) {
      expect(await lists.listProjects({ per_page: perPage })).toMatchObject({
        perPage,
        total: 3,
        hasNext: false,
      });
    }
    const paged = await lists.listProjects({ per_page: 10, page: 2 });
    expect(paged).toMatchObject({ items: [], page: 2, total: 3, hasNext: false });
  });

  it('deleting a project deletes its reports (cascade); an unknown project is 404', async () => {
    const answer = await lists.deleteProject('beta.test');
    expect(answer.deleted).toBe(true);
    expect((await lists.listReports({ project: 'beta.test' })).total).toBe(0);
    expect((await lists.listReports()).total).toBe(30);
    expect((await lists.listProjects()).items.map((p) => p.project)).not.toContain('beta.test');
    const error = await expectApiError(lists.deleteProject('beta.test'));
    expect(error).toMatchObject({ kind: 'not-found', scope: 'record' });
    // A name with a slash is one encoded segment, not a path.
    expect((await expectApiError(lists.deleteProject('a/b'))).kind).toBe('not-found');
  });
});

describe('authentication', () => {
  it('a refused key is unauthorized (401); no key at all never leaves', async () => {
    const wrong = createApi({ baseUrl: service.url, getKey: () => 'not-a-real-key' });
    const error = await expectApiError(wrong.listReports());
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401, body: 'json' });
    expect(error.serverMessage).toBeTruthy();

    const none = createApi({ baseUrl: service.url, getKey: () => '  ' });
    expect((await expectApiError(none.listReports())).kind).toBe('not-configured');
  });

  it('a key with characters no key can have is refused before sending', async () => {
    const odd = createApi({ baseUrl: service.url, getKey: () => 'schlüssel' });
    expect((await expectApiError(odd.listReports())).kind).toBe('unauthorized');
  });

  it('an invalid base URL makes every call not-configured', async () => {
    const bad = createApi({ baseUrl: 'localhost:8787', getKey: () => key });
    const error = await expectApiError(bad.getReport(1));
    expect(error.kind).toBe('not-configured');
    expect(error.message).toMatch(/http:\/\/localhost:8787/);
  });
});

describe('rate limit', () => {
  it('a long Retry-After is surfaced as rate-limited with its seconds, not waited for', async () => {
    const limited = await startService({
      port: 0,
      data: ':memory:',
      log: false,
      rateLimit: { limit: 1, windowMs: 60_000 },
    });
    try {
      const limitedKey = limited.createKey();
      const client = createApi({ baseUrl: limited.url, getKey: () => limitedKey });
      await client.listReports();
      const started = Date.now();
      const error = await expectApiError(client.listReports());
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(error.kind).toBe('rate-limited');
      expect(error.status).toBe(429);
      expect(error.retryAfter).toBeGreaterThan(5);
    } finally {
      await limited.close();
    }
  });
});
