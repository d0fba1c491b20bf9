import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeletedSchema, expectShape, OneReportSchema } from '../support/contract.ts';
import { EXPECTED } from '../support/fixture-pages.ts';
import { call } from '../support/http.ts';
import { startTestService, type TestEnv } from '../support/service.ts';

let env: TestEnv;
beforeAll(async () => {
  env = await startTestService();
});
afterAll(() => env.close());

async function create(form: Record<string, string | number>) {
  const response = await call(env, 'POST', '/reports', { form });
  expect(response.status, response.text).toBe(201);
  return expectShape(OneReportSchema, response.body).data;
}

describe('create', () => {
  it.each(['good', 'decent', 'bad'] as const)('audits the %s page for real', async (page) => {
    const report = await create({ url: env.site.pageUrl(page) });
    expect(report).toMatchObject({ ...EXPECTED[page], url: env.site.pageUrl(page), privacy: 0 });
    expect(report.checks.length).toBeGreaterThanOrEqual(12);
    expect(report.checks.filter((c) => c.passed).length).toBeGreaterThan(0);
    expect(report.generated_at).toBe(report.created_at);
  });

  it('follows a redirect to the good page', async () => {
    const report = await create({ url: env.site.pageUrl('redirect') });
    expect(report.result).toBe('good');
    expect(report.url).toBe(env.site.pageUrl('redirect'));
  });

  it('names the project after the host: lower-case, without www.', async () => {
    const port = new URL(env.site.url).port;
    // WWW.127.0.0.1 does not resolve; a seed shows the naming without a fetch.
    const [id] = env.service.seed(env.key, [{ url: `http://WWW.Example.COM:${port}/x` }]);
    const shown = await call(env, 'GET', `/reports/${id}`);
    expect(shown.body.data.project).toBe('example.com');
    const audited = await create({ url: env.site.pageUrl('good', { host: '127.0.0.2' }) });
    expect(audited.project).toBe('127.0.0.2');
  });

  it('keeps privacy and a password, and never returns the password', async () => {
    const report = await create({ url: env.site.pageUrl('good'), privacy: 2, password: 'hunter2' });
    expect(report).toMatchObject({ privacy: 2, has_password: true });
    const shown = await call(env, 'GET', `/reports/${report.id}`);
    expect(shown.text).not.toContain('hunter2');
    expect(
      env.service.db.raw.prepare('SELECT password_hash FROM reports WHERE id = ?').get(report.id),
    ).toMatchObject({ password_hash: expect.stringMatching(/^scrypt\$/) });
  });

  it('accepts a JSON body and ignores unknown fields', async () => {
    const response = await call(env, 'POST', '/reports', {
      json: { url: env.site.pageUrl('decent'), privacy: 1, project: 'ignored', score: 1 },
    });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({ privacy: 1, project: '127.0.0.1', score: 72 });
  });

  it.each([
    ['not-html', /not HTML \(application\/json\)/],
    ['image', /not HTML \(image\/png\)/],
    ['slow', /did not answer within 1\.5 s/],
    ['redirect-loop', /redirected more than 5 times/],
    ['redirect-chain', /redirected more than 5 times/],
    ['error-500', /HTTP 500/],
    ['not-found', /HTTP 404/],
  ] as const)('refuses %s with 422 and creates nothing', async (page, reason) => {
    const before = await call(env, 'GET', '/reports');
    const response = await call(env, 'POST', '/reports', { form: { url: env.site.pageUrl(page) } });
    expect(response.status).toBe(422);
    expect(response.body.errors.url[0]).toMatch(reason);
    expect(response.body.message).toMatch(reason);
    const after = await call(env, 'GET', '/reports');
    expect(after.body.meta.total).toBe(before.body.meta.total);
  });

  it('refuses a closed port as "refused", and a port browsers block', async () => {
    const server = createServer().listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const refused = await call(env, 'POST', '/reports', {
      form: { url: `http://127.0.0.1:${port}/` },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.url[0]).toMatch(/refused the connection/);
    const blocked = await call(env, 'POST', '/reports', { form: { url: 'http://127.0.0.1:25/' } });
    expect(blocked.body.errors.url[0]).toMatch(/never fetch pages from that port/);
  });
});

describe('show', () => {
  it('answers the record, and 404 for ids that do not exist', async () => {
    const report = await create({ url: env.site.pageUrl('good') });
    const shown = await call(env, 'GET', `/reports/${report.id}`);
    expect(shown.status).toBe(200);
    expect(expectShape(OneReportSchema, shown.body).data).toEqual(report);
    for (const id of ['999999', '0', 'abc', '1.5', '-1', '99999999999999999999']) {
      const missing = await call(env, 'GET', `/reports/${id}`);
      expect(missing.status, id).toBe(404);
      expect(missing.body).toEqual({ message: expect.any(String) });
    }
  });
});

describe('update', () => {
  it.each(['PUT', 'PATCH'])('%s changes privacy and password', async (method) => {
    const report = await create({ url: env.site.pageUrl('good') });
    const updated = await call(env, method, `/reports/${report.id}`, {
      form: { privacy: 2, password: 'open sesame' },
    });
    expect(updated.status).toBe(200);
    const data = expectShape(OneReportSchema, updated.body).data;
    expect(data).toMatchObject({
      id: report.id,
      privacy: 2,
      has_password: true,
      score: report.score,
    });
    expect(data.generated_at).toBe(report.generated_at);
    const back = await call(env, method, `/reports/${report.id}`, { form: { privacy: 1 } });
    expect(back.body.data).toMatchObject({ privacy: 1, has_password: true });
  });

  it('update=1 re-runs the audit: new score, result and generated_at, same id', async () => {
    const url = env.site.pageUrl('toggle', { query: 'rerun' });
    const report = await create({ url });
    expect(report.result).toBe('good');
    const updated = await call(env, 'PATCH', `/reports/${report.id}`, { form: { update: 1 } });
    expect(updated.status).toBe(200);
    const data = expectShape(OneReportSchema, updated.body).data;
    expect(data).toMatchObject({ id: report.id, url, result: 'bad', score: EXPECTED.bad.score });
    expect(Date.parse(data.generated_at)).toBeGreaterThan(Date.parse(report.generated_at));
    expect(data.created_at).toBe(report.created_at);
    const none = await call(env, 'PUT', `/reports/${report.id}`, { form: { update: 0 } });
    expect(none.body.data.generated_at).toBe(data.generated_at);
  });

  it('update=1 on a page that went away answers 422 and keeps the report', async () => {
    const [id] = env.service.seed(env.key, [{ url: env.site.pageUrl('error-500'), score: 90 }]);
    const response = await call(env, 'PATCH', `/reports/${id}`, { form: { update: 1 } });
    expect(response.status).toBe(422);
    expect(response.body.errors.url[0]).toMatch(/HTTP 500/);
    expect((await call(env, 'GET', `/reports/${id}`)).body.data.score).toBe(90);
  });

  it('answers 404 for a report that does not exist', async () => {
    const response = await call(env, 'PATCH', '/reports/999999', { form: { privacy: 1 } });
    expect(response.status).toBe(404);
  });
});

describe('delete', () => {
  it('deletes once, then answers 404', async () => {
    const report = await create({ url: env.site.pageUrl('good') });
    const deleted = await call(env, 'DELETE', `/reports/${report.id}`);
    expect(deleted.status).toBe(200);
    expect(expectShape(DeletedSchema, deleted.body)).toEqual({
      id: report.id,
      object: 'report',
      deleted: true,
    });
    expect((await call(env, 'GET', `/reports/${report.id}`)).status).toBe(404);
    expect((await call(env, 'DELETE', `/reports/${report.id}`)).status).toBe(404);
  });
});
