import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/http.ts';
import { startTestService, type TestEnv } from '../support/service.ts';

let env: TestEnv;
beforeAll(async () => {
  env = await startTestService();
});
afterAll(() => env.close());

const total = async (query: Record<string, string>) =>
  (await call(env, 'GET', '/reports', { query })).body.meta.total as number;

describe('list totals follow every write', () => {
  it('for searches, results and projects, through create, update, delete and project delete', async () => {
    const [a, b] = env.service.seed(env.key, [
      { url: 'https://alpha.test/needle', score: 90 },
      { url: 'https://beta.test/needle', score: 20 },
    ]);
    expect(await total({ search: 'needle' })).toBe(2);
    expect(await total({ search: 'needle', result: 'good' })).toBe(1);
    expect(await total({ result: 'bad' })).toBe(1);

    const created = await call(env, 'POST', '/reports', {
      form: { url: env.site.pageUrl('toggle', { query: 'needle' }) },
    });
    expect(created.body.data.result).toBe('good');
    expect(await total({ search: 'needle' })).toBe(3);
    expect(await total({ search: 'needle', result: 'good' })).toBe(2);

    // The toggle page answers bad the second time: the result filter's total moves with it.
    await call(env, 'PATCH', `/reports/${created.body.data.id}`, { form: { update: 1 } });
    expect(await total({ search: 'needle', result: 'good' })).toBe(1);
    expect(await total({ result: 'bad' })).toBe(2);

    await call(env, 'DELETE', `/reports/${a}`);
    expect(await total({ search: 'needle' })).toBe(2);
    expect(await total({ search: 'needle', result: 'good' })).toBe(0);

    await call(env, 'DELETE', '/projects/beta.test');
    expect(await total({ search: 'needle' })).toBe(1);
    expect(await total({ result: 'bad' })).toBe(1);
    expect((await call(env, 'GET', `/reports/${b}`)).status).toBe(404);
  });

  it("keeps one user's totals apart from another's", async () => {
    const other = env.service.createKey();
    env.service.seed(other, [{ url: 'https://gamma.test/needle' }]);
    expect(await total({ search: 'needle' })).toBe(1);
    const theirs = await call(env, 'GET', '/reports', { key: other, query: { search: 'needle' } });
    expect(theirs.body.meta.total).toBe(1);
  });
});
