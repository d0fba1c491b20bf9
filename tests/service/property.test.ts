import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DeletedSchema,
  ErrorSchema,
  expectShape,
  OneReportSchema,
  ProjectListSchema,
  ReportListSchema,
  ValidationSchema,
} from '../support/contract.ts';
import { seedReports, startTestService, type TestEnv } from '../support/service.ts';

let env: TestEnv;
let otherKey: string;
beforeAll(async () => {
  env = await startTestService();
  otherKey = env.service.createKey();
  // Fixture URLs only, so the occasional update=1 re-audit is a fast loopback fetch.
  seedReports(env, 200, { projects: 3 });
  seedReports(env, 30, { key: otherKey, projects: 2 });
});
afterAll(() => env.close());

const SQLISH = ["' OR 1=1 --", '"; DROP TABLE reports; --', '%', '_', '\\', '%00', '../..'];
const junk = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(...SQLISH),
  fc.integer().map(String),
);
// Mostly valid values (so most requests reach the database), sometimes anything at all.
const pick = <T>(valid: readonly T[]) =>
  fc.oneof({ weight: 25, arbitrary: fc.constantFrom(...valid) }, { weight: 1, arbitrary: junk });

const listQuery = fc.record(
  {
    search: pick(['good', '127.0.0', 'n=1']),
    search_by: pick(['url', 'project']),
    project: pick(['127.0.0.1', '127.0.0.2', '127.0.0.3']),
    result: pick(['good', 'decent', 'bad']),
    sort_by: pick(['id', 'generated_at', 'url', 'score', 'created_at', 'project']),
    sort: pick(['asc', 'desc']),
    per_page: pick(['10', '25', '50', '100']),
    page: pick(['1', '2', '3', '30', '0', '-1']),
  },
  { requiredKeys: [] },
);

const fields = fc.record(
  {
    url: fc.oneof(
      fc
        .constantFrom('good', 'bad', 'not-html', 'error-500', 'redirect')
        .map((p) => env.site.pageUrl(p)),
      fc.constantFrom('ftp://x.test/', 'not a url', ''),
      junk,
    ),
    privacy: pick(['0', '1', '2']),
    update: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('0', '2', 'x') },
      { weight: 1, arbitrary: fc.constant('1') },
    ),
    extra: junk,
  },
  { requiredKeys: [] },
);
// Passwords cost a scrypt hash each (~50 ms): rare, to keep the run short.
const withPassword = fc
  .tuple(fields, fc.option(fc.string({ maxLength: 8 }), { freq: 12 }))
  .map(([f, password]) => (password === null ? f : { ...f, password }));

const id = fc.oneof(
  { weight: 9, arbitrary: fc.integer({ min: 1, max: 240 }).map(String) },
  { weight: 1, arbitrary: junk.map(encodeURIComponent) },
);
const path = fc.oneof(
  { weight: 4, arbitrary: fc.constant('/reports') },
  { weight: 4, arbitrary: id.map((i) => `/reports/${i}`) },
  { weight: 2, arbitrary: fc.constant('/projects') },
  {
    weight: 1,
    arbitrary: pick(['127.0.0.1', '127.0.0.2']).map((p) => `/projects/${encodeURIComponent(p)}`),
  },
  { weight: 1, arbitrary: junk.map((p) => `/${encodeURIComponent(p)}`) },
);

const request = fc.record({
  method: fc.constantFrom(
    'GET',
    'GET',
    'GET',
    'GET',
    'POST',
    'PUT',
    'PATCH',
    'DELETE',
    'HEAD',
    'OPTIONS',
  ),
  path,
  query: listQuery,
  body: withPassword,
  encoding: fc.constantFrom('form', 'form', 'form', 'json', 'broken-json'),
  key: fc.oneof(
    { weight: 8, arbitrary: fc.constant('mine' as const) },
    { weight: 1, arbitrary: fc.constantFrom('other' as const, 'none' as const, 'junk' as const) },
  ),
});

function expectContract(method: string, route: string, status: number, body: unknown): void {
  if (status === 422) return void expectShape(ValidationSchema, body);
  if (status >= 400) return void expectShape(ErrorSchema, body);
  if (method === 'DELETE') return void expectShape(DeletedSchema, body);
  if (route === '/reports' && method === 'GET') return void expectShape(ReportListSchema, body);
  if (route === '/projects') return void expectShape(ProjectListSchema, body);
  expectShape(OneReportSchema, body);
}

describe('random requests', () => {
  it('never answer 5xx, and every body follows the contract', async () => {
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const url = new URL(`${env.api}${r.path}`);
        for (const [name, value] of Object.entries(r.query)) url.searchParams.set(name, value);
        const headers: Record<string, string> = { accept: 'application/json' };
        const key = { mine: env.key, other: otherKey, none: undefined, junk: 'ar_junk' }[r.key];
        if (key) headers.authorization = `Bearer ${key}`;
        let body: string | undefined;
        if (!['GET', 'HEAD', 'OPTIONS'].includes(r.method)) {
          headers['content-type'] =
            r.encoding === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
          body =
            r.encoding === 'form'
              ? new URLSearchParams(r.body as Record<string, string>).toString()
              : r.encoding === 'json'
                ? JSON.stringify(r.body)
                : `{${JSON.stringify(r.body)}`;
        }
        const response = await fetch(url, { method: r.method, headers, body });
        const text = await response.text();
        expect(response.status, `${r.method} ${url} → ${text}`).toBeLessThan(500);
        if (r.method === 'HEAD' || r.method === 'OPTIONS') return;
        expect(response.headers.get('content-type'), text).toMatch(/^application\/json/);
        const route = r.path.startsWith('/reports/')
          ? '/reports/:id'
          : r.path.replace(/^\/projects\/.*/, '/projects/:p');
        expectContract(r.method, route, response.status, JSON.parse(text));
      }),
      { numRuns: 1500, seed: Number(process.env.FC_SEED ?? Date.now() % 2 ** 31) },
    );
  });
});
