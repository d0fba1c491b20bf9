import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeletedSchema, expectShape, ProjectListSchema } from '../support/contract.ts';
import { call } from '../support/http.ts';
import { startTestService, type TestEnv } from '../support/service.ts';

let env: TestEnv;
const HOUR = 3_600_000;
const base = Date.parse('2026-02-01T00:00:00.000Z');

async function list(query: Record<string, string | number> = {}) {
  const response = await call(env, 'GET', '/projects', { query });
  expect(response.status, response.text).toBe(200);
  return expectShape(ProjectListSchema, response.body);
}

beforeAll(async () => {
  env = await startTestService();
  // Project k is created k hours after base; it holds k + 1 reports.
  env.service.seed(
    env.key,
    Array.from({ length: 23 }, (_, k) =>
      Array.from({ length: k + 1 }, (_, j) => ({
        url: `https://p${String(k).padStart(2, '0')}.example/page-${j}`,
        createdAt: new Date(base + k * HOUR + j * 1000).toISOString(),
      })),
    ).flat(),
  );
});
afterAll(() => env.close());

describe('list projects', () => {
  it('lists name, created_at (first report) and reports_count, newest first', async () => {
    const body = await list();
    expect(body.data[0]).toEqual({
      project: 'p22.example',
      created_at: new Date(base + 22 * HOUR).toISOString(),
      reports_count: 23,
    });
    expect(body.data.map((p) => p.project)).toEqual(
      Array.from({ length: 10 }, (_, i) => `p${String(22 - i).padStart(2, '0')}.example`),
    );
    expect(body.meta).toMatchObject({ total: 23, last_page: 3, per_page: 10, from: 1, to: 10 });
  });

  it('sorts by created_at and project both ways', async () => {
    const names = Array.from({ length: 23 }, (_, k) => `p${String(k).padStart(2, '0')}.example`);
    for (const sortBy of ['created_at', 'project']) {
      expect(
        (await list({ sort_by: sortBy, sort: 'asc', per_page: 25 })).data.map((p) => p.project),
      ).toEqual(names);
      expect(
        (await list({ sort_by: sortBy, sort: 'desc', per_page: 25 })).data.map((p) => p.project),
      ).toEqual([...names].reverse());
    }
  });

  it('searches names, with wildcards taken literally', async () => {
    const body = await list({ search: 'P1', search_by: 'project', per_page: 25 });
    expect(body.data.map((p) => p.project).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `p1${i}.example`),
    );
    expect((await list({ search: '%' })).meta.total).toBe(0);
    expect((await list({ search: "' OR ''='" })).meta.total).toBe(0);
  });

  it('pages to the end and beyond', async () => {
    const last = await list({ page: 3 });
    expect(last.data).toHaveLength(3);
    expect(last.meta).toMatchObject({ current_page: 3, from: 21, to: 23 });
    const beyond = await list({ page: 4 });
    expect(beyond.data).toEqual([]);
    expect(beyond.meta).toMatchObject({ current_page: 4, from: null, to: null, total: 23 });
  });
});

describe('delete project', () => {
  it('deletes the project and all its reports', async () => {
    const deleted = await call(env, 'DELETE', '/projects/p05.example');
    expect(deleted.status).toBe(200);
    expect(expectShape(DeletedSchema, deleted.body)).toEqual({
      id: 'p05.example',
      object: 'project',
      deleted: true,
    });
    expect(
      (await call(env, 'GET', '/reports', { query: { project: 'p05.example' } })).body.meta.total,
    ).toBe(0);
    expect((await list({ per_page: 100 })).data.map((p) => p.project)).not.toContain('p05.example');
    const total = (await call(env, 'GET', '/reports')).body.meta.total;
    expect(total).toBe((23 * 24) / 2 - 6);
    expect((await call(env, 'DELETE', '/projects/p05.example')).status).toBe(404);
  });

  it('takes the name percent-encoded as one path segment', async () => {
    env.service.seed(env.key, [{ url: 'http://[::1]:8080/good' }]);
    const name = '[::1]';
    expect((await list({ search: '::1' })).data[0]?.project).toBe(name);
    const deleted = await call(env, 'DELETE', `/projects/${encodeURIComponent(name)}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.id).toBe(name);
    expect((await call(env, 'DELETE', `/projects/${encodeURIComponent('a/b')}`)).status).toBe(404);
  });

  it('a project goes when its last report goes, and comes back with a new created_at', async () => {
    const first = await call(env, 'POST', '/reports', {
      form: { url: env.site.pageUrl('good', { host: '127.0.0.3' }) },
    });
    const listed = (await list({ search: '127.0.0.3' })).data[0]!;
    expect(listed).toMatchObject({
      project: '127.0.0.3',
      reports_count: 1,
      created_at: first.body.data.created_at,
    });
    await call(env, 'DELETE', `/reports/${first.body.data.id}`);
    expect((await list({ search: '127.0.0.3' })).data).toEqual([]);
    const again = await call(env, 'POST', '/reports', {
      form: { url: env.site.pageUrl('good', { host: '127.0.0.3' }) },
    });
    expect((await list({ search: '127.0.0.3' })).data[0]!.created_at).toBe(
      again.body.data.created_at,
    );
  });

  it('counts reports as they come and go', async () => {
    const a = await call(env, 'POST', '/reports', {
      form: { url: env.site.pageUrl('bad', { host: '127.0.0.2' }) },
    });
    await call(env, 'POST', '/reports', {
      form: { url: env.site.pageUrl('decent', { host: '127.0.0.2' }) },
    });
    expect((await list({ search: '127.0.0.2' })).data[0]!.reports_count).toBe(2);
    await call(env, 'DELETE', `/reports/${a.body.data.id}`);
    expect((await list({ search: '127.0.0.2' })).data[0]!.reports_count).toBe(1);
  });
});
