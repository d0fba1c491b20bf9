import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/http.ts';
import { seedReports, startTestService, type TestEnv } from '../support/service.ts';

let env: TestEnv;
beforeAll(async () => {
  env = await startTestService();
  seedReports(env, 12);
});
afterAll(() => env.close());

const SQL = [
  "' OR 1=1 --",
  '"; DROP TABLE reports; --',
  "') UNION SELECT * FROM api_keys --",
  '1; DELETE FROM users',
];

describe('SQL-looking values are plain text', () => {
  it('in searches and filters: no matches, nothing changes', async () => {
    for (const value of SQL) {
      for (const [path, name] of [
        ['/reports', 'search'],
        ['/reports', 'project'],
        ['/projects', 'search'],
      ] as const) {
        const response = await call(env, 'GET', path, { query: { [name]: value } });
        expect(response.status, `${path} ${name}=${value}`).toBe(200);
        expect(response.body.meta.total).toBe(0);
      }
    }
    expect((await call(env, 'GET', '/reports')).body.meta.total).toBe(12);
  });

  it('in sort keys, directions and enumerations: 422', async () => {
    for (const [name, value] of [
      ['sort_by', 'score; DROP TABLE reports'],
      ['sort_by', 'id DESC, (SELECT 1)'],
      ['sort', 'asc, (SELECT 1)'],
      ['result', "good' OR 1=1 --"],
      ['per_page', '10 OR 1=1'],
      ['page', '1; DROP TABLE reports'],
    ]) {
      const response = await call(env, 'GET', '/reports', { query: { [name!]: value! } });
      expect(response.status, name).toBe(422);
    }
  });

  it('in paths and bodies: 404 or 422, and the data stays whole', async () => {
    for (const value of SQL) {
      const encoded = encodeURIComponent(value);
      expect((await call(env, 'GET', `/reports/${encoded}`)).status).toBe(404);
      expect((await call(env, 'DELETE', `/reports/${encoded}`)).status).toBe(404);
      expect((await call(env, 'DELETE', `/projects/${encoded}`)).status).toBe(404);
      const created = await call(env, 'POST', '/reports', { form: { url: value, privacy: value } });
      expect(created.status).toBe(422);
      const updated = await call(env, 'PATCH', '/reports/1', {
        form: { privacy: value, update: value },
      });
      expect(updated.status).toBe(422);
    }
    expect((await call(env, 'GET', '/reports')).body.meta.total).toBe(12);
    expect((await call(env, 'GET', '/projects')).body.meta.total).toBe(3);
  });
});
