import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeKey } from '../../server/keys.ts';
import { ErrorSchema, expectShape } from '../support/contract.ts';
import { call } from '../support/http.ts';
import { seedReports, startTestService, type TestEnv } from '../support/service.ts';

let env: TestEnv;
let otherKey: string;
let otherReport: number;
beforeAll(async () => {
  env = await startTestService();
  otherKey = env.service.createKey();
  seedReports(env, 5);
  otherReport = seedReports(env, 3, { key: otherKey, projects: 4 })[0]!;
});
afterAll(() => env.close());

const ENDPOINTS: Array<[string, string]> = [
  ['GET', '/reports'],
  ['POST', '/reports'],
  ['GET', '/reports/1'],
  ['PUT', '/reports/1'],
  ['PATCH', '/reports/1'],
  ['DELETE', '/reports/1'],
  ['GET', '/projects'],
  ['DELETE', '/projects/127.0.0.1'],
];

describe('authentication', () => {
  it.each(ENDPOINTS)('%s %s answers 401 without a valid key', async (method, path) => {
    for (const key of [null, 'ar_not-a-real-key-at-all', '']) {
      const response = await call(env, method, path, {
        key,
        form: { url: env.site.pageUrl('good') },
      });
      expect(response.status).toBe(401);
      expect(expectShape(ErrorSchema, response.body)).toEqual({ message: 'Unauthenticated.' });
    }
    const basic = await call(env, method, path, {
      key: null,
      headers: { authorization: `Basic ${env.key}` },
    });
    expect(basic.status).toBe(401);
  });

  it('refuses a revoked key', async () => {
    const key = env.service.createKey();
    expect((await call(env, 'GET', '/reports', { key })).status).toBe(200);
    const row = env.service.db.raw.prepare('SELECT MAX(id) AS id FROM api_keys').get() as {
      id: number;
    };
    expect(revokeKey(env.service.db, row.id)).toBe(true);
    expect((await call(env, 'GET', '/reports', { key })).status).toBe(401);
  });

  it('accepts the scheme in any case', async () => {
    const response = await call(env, 'GET', '/reports', {
      key: null,
      headers: { authorization: `bearer ${env.key}` },
    });
    expect(response.status).toBe(200);
  });
});

describe('isolation between keys', () => {
  it('lists only your own reports and projects', async () => {
    const mine = await call(env, 'GET', '/reports', { query: { per_page: 100 } });
    expect(mine.body.meta.total).toBe(5);
    expect(mine.body.data.map((r: { id: number }) => r.id)).not.toContain(otherReport);
    const theirs = await call(env, 'GET', '/projects', { key: otherKey });
    expect(theirs.body.data.map((p: { project: string }) => p.project).sort()).toEqual([
      '127.0.0.1',
      '127.0.0.2',
      '127.0.0.3',
    ]);
  });

  it("answers 404 for another key's report on every endpoint, and changes nothing", async () => {
    const path = `/reports/${otherReport}`;
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE']) {
      const response = await call(env, method, path, { form: { privacy: 1, update: 1 } });
      expect(response.status, method).toBe(404);
      expectShape(ErrorSchema, response.body);
    }
    const still = await call(env, 'GET', path, { key: otherKey });
    expect(still.status).toBe(200);
    expect(still.body.data.privacy).toBe(0);
  });

  it("answers 404 for another key's project and keeps it", async () => {
    expect((await call(env, 'DELETE', '/projects/127.0.0.3', { key: otherKey })).status).toBe(200);
    // 127.0.0.3 exists for env.key too; the other user's delete must not touch it.
    expect((await call(env, 'GET', '/projects')).body.meta.total).toBe(3);
    const onlyTheirs = await call(env, 'DELETE', '/projects/127.0.0.3', { key: otherKey });
    expect(onlyTheirs.status).toBe(404);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After once the key has used its window', async () => {
    const limited = await startTestService({ rateLimit: { limit: 3, windowMs: 30_000 } });
    try {
      for (let i = 0; i < 3; i++) {
        const ok = await call(limited, 'GET', '/reports');
        expect(ok.status).toBe(200);
        expect(ok.headers.get('x-ratelimit-remaining')).toBe(String(2 - i));
      }
      const refused = await call(limited, 'GET', '/projects');
      expect(refused.status).toBe(429);
      expect(expectShape(ErrorSchema, refused.body).message).toMatch(/Too Many/);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(30);
      expect(refused.headers.get('access-control-allow-origin')).toBe('*');
      // Per key: another key still has its whole window.
      expect(
        (await call(limited, 'GET', '/reports', { key: limited.service.createKey() })).status,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('resets when the window ends', async () => {
    const limited = await startTestService({ rateLimit: { limit: 1, windowMs: 300 } });
    try {
      expect((await call(limited, 'GET', '/reports')).status).toBe(200);
      expect((await call(limited, 'GET', '/reports')).status).toBe(429);
      await new Promise((resolve) => setTimeout(resolve, 350));
      expect((await call(limited, 'GET', '/reports')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('CORS', () => {
  it('answers a preflight from any origin, allowing Authorization', async () => {
    const response = await fetch(`${env.api}/reports/1`, {
      method: 'OPTIONS',
      headers: {
        origin: 'chrome-extension://abcdefghijklmnop',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toMatch(/PATCH/);
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toMatch(
      /authorization/,
    );
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('marks answers and errors readable cross-origin and exposes Retry-After', async () => {
    for (const key of [env.key, null]) {
      const response = await call(env, 'GET', '/reports', {
        key,
        headers: { origin: 'moz-extension://x' },
      });
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-expose-headers')).toMatch(/Retry-After/);
    }
  });
});
