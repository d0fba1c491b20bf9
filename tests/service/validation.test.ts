import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorSchema, expectShape, ValidationSchema } from '../support/contract.ts';
import { call } from '../support/http.ts';
import { seedReports, startTestService, type TestEnv } from '../support/service.ts';

let env: TestEnv;
let id: number;
beforeAll(async () => {
  env = await startTestService();
  id = seedReports(env, 1)[0]!;
});
afterAll(() => env.close());

async function expect422(
  method: string,
  path: string,
  options: Parameters<typeof call>[3],
  field: string,
  message: RegExp,
) {
  const response = await call(env, method, path, options);
  expect(response.status, response.text).toBe(422);
  const body = expectShape(ValidationSchema, response.body);
  expect(body.errors[field]?.[0], JSON.stringify(body)).toMatch(message);
  return body;
}

describe('list parameters', () => {
  it.each([
    ['search_by', 'title', /The selected search by is invalid/],
    ['result', 'great', /The selected result is invalid/],
    ['sort_by', 'name', /The selected sort by is invalid/],
    ['sort', 'up', /The selected sort is invalid/],
    ['per_page', '20', /The selected per page is invalid/],
    ['per_page', '1e1', /The selected per page is invalid/],
    ['page', '0', /The page field must be at least 1/],
    ['page', '-1', /The page field must be an integer/],
    ['page', 'two', /The page field must be an integer/],
    ['page', '1.5', /The page field must be an integer/],
    ['page', '99999999999999999999', /The page field must be an integer/],
    ['search', 'x'.repeat(256), /must not be greater than 255 characters/],
  ])('reports: %s=%s is 422', async (name, value, message) => {
    await expect422('GET', '/reports', { query: { [name]: value } }, name, message);
  });

  it.each([
    ['search_by', 'url', /The selected search by is invalid/],
    ['sort_by', 'score', /The selected sort by is invalid/],
    ['sort', 'ASC', /The selected sort is invalid/],
    ['per_page', '0', /The selected per page is invalid/],
    ['page', 'last', /must be an integer/],
  ])('projects: %s=%s is 422', async (name, value, message) => {
    await expect422('GET', '/projects', { query: { [name]: value } }, name, message);
  });

  it('reports every bad field at once', async () => {
    const body = await expect422(
      'GET',
      '/reports',
      { query: { sort: 'x', sort_by: 'y', page: 'z' } },
      'sort',
      /invalid/,
    );
    expect(Object.keys(body.errors).sort()).toEqual(['page', 'sort', 'sort_by']);
    expect(body.message).toMatch(/\(and 2 more errors\)$/);
  });

  it('treats empty values as omitted, and ignores unknown parameters', async () => {
    const response = await call(env, 'GET', '/reports', {
      query: { sort: '', per_page: '', page: '', colour: 'blue' },
    });
    expect(response.status).toBe(200);
    expect(response.body.meta.per_page).toBe(10);
  });
});

describe('create and update fields', () => {
  it.each([
    [{}, 'url', /The url field is required/],
    [{ url: '' }, 'url', /The url field is required/],
    [{ url: 'not a url' }, 'url', /must be a valid URL/],
    [{ url: 'ftp://example.com/' }, 'url', /http:\/\/ or https:\/\//],
    [{ url: 'javascript:alert(1)' }, 'url', /must be a valid URL|http:\/\//],
    [{ url: `http://x.test/${'a'.repeat(2050)}` }, 'url', /not be greater than 2048/],
    [{ url: 'http://x.test/', privacy: 3 }, 'privacy', /The selected privacy is invalid/],
    [{ url: 'http://x.test/', privacy: 'public' }, 'privacy', /The selected privacy is invalid/],
    [{ url: 'http://x.test/', privacy: 2 }, 'password', /required when privacy is 2/],
    [
      { url: 'http://x.test/', privacy: 2, password: 'p'.repeat(256) },
      'password',
      /255 characters/,
    ],
  ])('create %j is 422', async (form, field, message) => {
    await expect422('POST', '/reports', { form: form as Record<string, string> }, field, message);
  });

  it('create: a JSON body with wrong types is 422, not 500', async () => {
    await expect422(
      'POST',
      '/reports',
      { json: { url: ['http://x.test/'] } },
      'url',
      /must be a string/,
    );
    await expect422(
      'POST',
      '/reports',
      { json: { url: 'http://x.test/', privacy: { a: 1 } } },
      'privacy',
      /string/,
    );
  });

  it.each([
    [{ privacy: 5 }, 'privacy', /The selected privacy is invalid/],
    [{ update: 2 }, 'update', /The selected update is invalid/],
    [{ update: 'yes' }, 'update', /The selected update is invalid/],
    [{ privacy: 2 }, 'password', /required when privacy is 2/],
  ])('update %j is 422', async (form, field, message) => {
    await expect422('PATCH', `/reports/${id}`, { form }, field, message);
  });

  it('update: privacy 2 needs no password when the report has one', async () => {
    expect(
      (await call(env, 'PATCH', `/reports/${id}`, { form: { privacy: 1, password: 'pw' } })).status,
    ).toBe(200);
    const response = await call(env, 'PUT', `/reports/${id}`, { form: { privacy: 2 } });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ privacy: 2, has_password: true });
  });
});

describe('routes', () => {
  it.each<[string, string, number]>([
    ['GET', '/api/v1/nothing-here', 404],
    ['GET', '/api/v2/reports', 404],
    ['GET', '/api/v1/reports/1/extra', 404],
    ['POST', '/api/v1/projects', 405],
    ['PUT', '/api/v1/reports', 405],
    ['POST', '/api/v1/reports/1', 405],
    ['GET', '/api/v1/projects/x', 405],
  ])('%s %s answers %i in JSON, before asking for a key', async (method, path, status) => {
    for (const headers of [{}, { authorization: `Bearer ${env.key}` }] as Record<
      string,
      string
    >[]) {
      const response = await fetch(`${env.service.url}${path}`, { method, headers });
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expectShape(ErrorSchema, await response.json());
      if (status === 405) expect(response.headers.get('allow')).toBeTruthy();
    }
  });
});
