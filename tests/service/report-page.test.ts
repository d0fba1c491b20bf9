import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestEnv } from '../support/service.ts';

let env: TestEnv;
let ids: { open: number; closed: number; locked: number; nasty: number };
beforeAll(async () => {
  env = await startTestService();
  const [open, closed, locked, nasty] = env.service.seed(env.key, [
    { url: 'https://open.example/', score: 91 },
    { url: 'https://closed.example/', privacy: 1 },
    { url: 'https://locked.example/', privacy: 2, password: 'correct horse' },
    { url: 'https://nasty.example/"><script>alert(1)</script>', score: 12 },
  ]);
  ids = { open: open!, closed: closed!, locked: locked!, nasty: nasty! };
});
afterAll(() => env.close());

const page = (id: number | string, init: RequestInit = {}) =>
  fetch(`${env.service.url}/reports/${id}`, init);
const submit = (id: number, password: string) =>
  page(id, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ password }).toString(),
  });

describe('report page', () => {
  it('shows a public report to anyone, as HTML', async () => {
    const response = await page(ids.open);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const html = await response.text();
    expect(html).toContain('https://open.example/');
    expect(html).toContain('91 / 100');
    expect(html).toContain('Title present');
  });

  it('never shows a private report without the key', async () => {
    const response = await page(ids.closed);
    expect(response.status).toBe(403);
    const html = await response.text();
    expect(html).not.toContain('closed.example');
    expect(html).toMatch(/private/i);
    const wrongKey = await page(ids.closed, {
      headers: { authorization: `Bearer ${env.service.createKey()}` },
    });
    expect(wrongKey.status).toBe(403);
    const posted = await submit(ids.closed, 'anything');
    expect(await posted.text()).not.toContain('closed.example');
  });

  it("shows a private report to its owner's key", async () => {
    const response = await page(ids.closed, { headers: { authorization: `Bearer ${env.key}` } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('closed.example');
  });

  it('asks for the password, refuses a wrong one, shows the report for the right one', async () => {
    const asked = await page(ids.locked);
    expect(asked.status).toBe(200);
    const form = await asked.text();
    expect(form).toMatch(/<form method="post" action="\/reports\/\d+">/);
    expect(form).toContain('type="password"');
    expect(form).not.toContain('locked.example');
    const wrong = await submit(ids.locked, 'wrong');
    expect(wrong.status).toBe(403);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toMatch(/not right/);
    expect(wrongHtml).not.toContain('locked.example');
    const right = await submit(ids.locked, 'correct horse');
    expect(right.status).toBe(200);
    expect(await right.text()).toContain('locked.example');
  });

  it('limits password guesses', async () => {
    const [id] = env.service.seed(env.key, [
      { url: 'https://guess.example/', privacy: 2, password: 'x' },
    ]);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await submit(id!, `guess-${i}`)).status);
    expect(statuses.slice(0, 10).every((s) => s === 403)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('escapes everything it renders', async () => {
    const html = await (await page(ids.nasty)).text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&quot;&gt;');
  });

  it('answers 404 for reports that do not exist', async () => {
    for (const id of ['999999', 'abc', '0']) {
      const response = await page(id);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
    }
  });

  it('sends headers that keep the page to itself', async () => {
    const response = await page(ids.open);
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });
});
