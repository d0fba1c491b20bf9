/**
 * What the client puts on the wire and how it reads what comes back, against tiny real HTTP
 * peers (tests/lib/support/peer.ts) that answer the way a real deployment might but the
 * reference service never does: CONTRACT.md's "also accept" variants, proxies' HTML pages,
 * retryable failures, redirects to another origin, silence. Node's fetch, as explained in
 * client-service.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createApi, type CreateApiOptions } from '@/lib/api/create-api';
import { ApiError } from '@/lib/api/errors';
import {
  closedPort,
  json,
  send,
  startPeer,
  wireReport,
  type Peer,
  type PeerHandler,
} from '../support/peer';

const KEY = 'test-key-123';
const peers: Peer[] = [];

async function peer(handler: PeerHandler): Promise<Peer> {
  const started = await startPeer(handler);
  peers.push(started);
  return started;
}

afterEach(async () => {
  await Promise.all(peers.splice(0).map((p) => p.close()));
});

/** Fast retries and short timeouts so the suite stays quick; the policy is the same. */
function apiFor(url: string, extra: Partial<CreateApiOptions> = {}) {
  return createApi({
    baseUrl: url,
    getKey: () => KEY,
    retry: { backoffMs: 10, maxBackoffMs: 50 },
    ...extra,
  });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const envelope = (items: unknown[], meta: Record<string, unknown> = {}) => ({
  data: items,
  links: { first: null, last: null, prev: null, next: null },
  meta: {
    current_page: 1,
    from: 1,
    last_page: 1,
    path: '',
    per_page: 10,
    to: items.length,
    total: items.length,
    ...meta,
  },
});

describe('requests on the wire', () => {
  it('reads: GET with Accept json, the key, and only the parameters given', async () => {
    const p = await peer((_req, res) => json(res, 200, envelope([])));
    const api = apiFor(`${p.url}/`);
    await api.listReports({
      search: 'x y',
      project: undefined,
      result: 'bad',
      page: 2,
      per_page: 25,
    });
    await api.listReports({ search: '' });
    await api.listProjects({ search_by: 'project', sort_by: 'project', sort: 'asc' });
    const [first, second, third] = p.requests;
    expect(first?.method).toBe('GET');
    expect(first?.headers.accept).toBe('application/json');
    expect(first?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(first?.url).toBe('/api/v1/reports?search=x+y&result=bad&page=2&per_page=25');
    expect(second?.url).toBe('/api/v1/reports');
    expect(third?.url).toBe('/api/v1/projects?search_by=project&sort_by=project&sort=asc');
  });

  it('writes: form fields, Accept json, omitted optionals not sent', async () => {
    const p = await peer((req, res) => {
      if (req.method === 'POST') return json(res, 201, { data: wireReport(5) });
      json(res, 200, { data: wireReport(5) });
    });
    const api = apiFor(p.url);
    await api.createReport({ url: 'https://example.com/a?b=1&c=2' });
    await api.createReport({ url: 'https://example.com/', privacy: 2, password: 'p&ss word' });
    await api.createReport({ url: 'https://example.com/', privacy: 1, password: '' });
    await api.updateReport(5, { update: 1 });
    await api.updateReport(5, { privacy: 0 });
    const [create, withPassword, emptyPassword, rerun, privacy] = p.requests;
    expect(create?.method).toBe('POST');
    expect(create?.url).toBe('/api/v1/reports');
    expect(create?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(create?.headers.accept).toBe('application/json');
    expect(create?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(new URLSearchParams(create?.body)).toEqual(
      new URLSearchParams({ url: 'https://example.com/a?b=1&c=2' }),
    );
    expect(Object.fromEntries(new URLSearchParams(withPassword?.body))).toEqual({
      url: 'https://example.com/',
      privacy: '2',
      password: 'p&ss word',
    });
    expect(emptyPassword?.body).toBe('url=https%3A%2F%2Fexample.com%2F&privacy=1');
    expect(rerun?.method).toBe('PATCH');
    expect(rerun?.url).toBe('/api/v1/reports/5');
    expect(rerun?.body).toBe('update=1');
    expect(privacy?.body).toBe('privacy=0');
  });

  it('deletes: DELETE with the id or the project name as one encoded segment', async () => {
    const p = await peer((_req, res) => json(res, 200, { id: 1, object: 'report', deleted: true }));
    const api = apiFor(p.url);
    await api.deleteReport(42);
    await api.deleteProject('my project/ä?#');
    expect(p.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'DELETE /api/v1/reports/42',
      'DELETE /api/v1/projects/my%20project%2F%C3%A4%3F%23',
    ]);
  });

  it('a base URL with a path keeps it, and a pasted /api/v1 is not doubled', async () => {
    const p = await peer((_req, res) => json(res, 200, envelope([])));
    await apiFor(`${p.url}/audit/api/v1/`).listProjects();
    expect(p.requests[0]?.url).toBe('/audit/api/v1/projects');
  });
});

describe('the key goes to the configured origin only', () => {
  it('an id like //evil.example/ stays a path segment of the configured origin', async () => {
    const p = await peer((_req, res) => json(res, 404, { message: 'Not Found.' }));
    const api = apiFor(p.url);
    for (const id of [
      '//evil.example/',
      'https://evil.example/',
      '..%2F..%2Fx',
      '?a#b',
      '\\\\evil',
    ]) {
      expect((await failure(api.getReport(id))).kind).toBe('not-found');
    }
    expect(p.requests.map((r) => r.url)).toEqual([
      '/api/v1/reports/%2F%2Fevil.example%2F',
      '/api/v1/reports/https%3A%2F%2Fevil.example%2F',
      '/api/v1/reports/..%252F..%252Fx',
      '/api/v1/reports/%3Fa%23b',
      '/api/v1/reports/%5C%5Cevil',
    ]);
    expect(p.requests.every((r) => r.headers.host === new URL(p.url).host)).toBe(true);
  });

  it('dot segments are refused without a request', async () => {
    const p = await peer((_req, res) => json(res, 200, {}));
    const api = apiFor(p.url);
    for (const id of ['.', '..', '%2e%2E', '']) {
      expect((await failure(api.deleteReport(id))).kind).toBe('not-found');
    }
    expect((await failure(api.deleteProject('..'))).kind).toBe('not-found');
    expect(p.requests).toHaveLength(0);
  });

  it('a redirect to another origin is not followed: the other origin never sees the key', async () => {
    const elsewhere = await peer((_req, res) => json(res, 200, envelope([])));
    for (const status of [301, 302, 303, 307, 308]) {
      const redirecting = await peer((req, res) => {
        res.writeHead(status, { location: `${elsewhere.url}${req.url}` });
        res.end();
      });
      const api = apiFor(redirecting.url);
      const read = await failure(api.listReports());
      expect(read).toMatchObject({ kind: 'bad-response', body: 'redirect', status });
      expect(read.location).toBe(`${elsewhere.url}/api/v1/reports`);
      const write = await failure(api.createReport({ url: 'https://example.com/' }));
      expect(write.body).toBe('redirect');
      expect(redirecting.requests).toHaveLength(2);
    }
    expect(elsewhere.requests).toHaveLength(0);
  });

  it('a same-origin redirect (e.g. http → https upgrade) is reported, not followed', async () => {
    const p = await peer((req, res) => {
      if (req.url.startsWith('/new')) return json(res, 200, envelope([]));
      res.writeHead(301, { location: '/new/api/v1/reports' });
      res.end();
    });
    const error = await failure(apiFor(p.url).listReports());
    expect(error.location).toBe(`${p.url}/new/api/v1/reports`);
    expect(p.requests).toHaveLength(1);
  });
});

describe('retries (CONTRACT.md)', () => {
  it('a read is retried on 503 with backoff, then succeeds', async () => {
    const p = await peer((_req, res, n) =>
      n < 3
        ? send(res, 503, '<h1>Service Unavailable</h1>')
        : json(res, 200, envelope([wireReport(1)])),
    );
    const page = await apiFor(p.url).listReports();
    expect(page.items).toHaveLength(1);
    expect(p.requests).toHaveLength(3);
  });

  it.each([408, 429, 502, 504])('a read is retried on %i', async (status) => {
    const p = await peer((_req, res, n) =>
      n === 1 ? json(res, status, { message: 'again' }) : json(res, 200, { data: wireReport(2) }),
    );
    expect((await apiFor(p.url).getReport(2)).id).toBe(2);
    expect(p.requests).toHaveLength(2);
  });

  it('the retry count is bounded: 1 try + 2 retries, then the error', async () => {
    const p = await peer((_req, res) => send(res, 502, '<html><body>Bad gateway</body></html>'));
    const error = await failure(apiFor(p.url).listProjects());
    expect(error).toMatchObject({ kind: 'server', status: 502, body: 'html' });
    expect(p.requests).toHaveLength(3);
  });

  it('500, 4xx and validation errors are not retried', async () => {
    for (const status of [500, 400, 401, 403, 404, 422]) {
      const p = await peer((_req, res) => json(res, status, { message: 'no' }));
      await failure(apiFor(p.url).listReports());
      expect(p.requests).toHaveLength(1);
    }
  });

  it('a short Retry-After is honoured (waited for), a long one is surfaced at once', async () => {
    const short = await peer((_req, res, n) =>
      n === 1
        ? json(res, 429, { message: 'Too Many Attempts.' }, { 'retry-after': '1' })
        : json(res, 200, envelope([])),
    );
    const started = Date.now();
    await apiFor(short.url).listReports();
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(short.requests).toHaveLength(2);

    const long = await peer((_req, res) =>
      json(res, 429, { message: 'Too Many Attempts.' }, { 'retry-after': '120' }),
    );
    const error = await failure(apiFor(long.url).listReports());
    expect(error).toMatchObject({
      kind: 'rate-limited',
      retryAfter: 120,
      serverMessage: 'Too Many Attempts.',
    });
    expect(long.requests).toHaveLength(1);
  });

  it('Retry-After as an HTTP date is read as seconds', async () => {
    const when = new Date(Date.now() + 90_000).toUTCString();
    const p = await peer((_req, res) =>
      json(res, 429, { message: 'slow down' }, { 'retry-after': when }),
    );
    const error = await failure(apiFor(p.url).getReport(1));
    expect(error.retryAfter).toBeGreaterThanOrEqual(88);
    expect(error.retryAfter).toBeLessThanOrEqual(91);
  });

  it('POST /reports is never retried: not on 503, 502, 429 or a dropped connection', async () => {
    for (const answer of [503, 502, 429, 'drop'] as const) {
      const p = await peer((_req, res) => {
        if (answer === 'drop') return void res.socket?.destroy();
        json(res, answer, { message: 'busy' }, { 'retry-after': '0' });
      });
      await failure(apiFor(p.url).createReport({ url: 'https://example.com/' }));
      expect(p.requests).toHaveLength(1);
    }
  });

  it('updates and deletes are not retried either', async () => {
    const p = await peer((_req, res) => json(res, 503, { message: 'busy' }));
    const api = apiFor(p.url);
    await failure(api.updateReport(1, { privacy: 1 }));
    await failure(api.deleteReport(1));
    await failure(api.deleteProject('x'));
    expect(p.requests).toHaveLength(3);
  });

  it('a read is retried after a dropped connection', async () => {
    const p = await peer((_req, res, n) => {
      if (n === 1) return void res.socket?.destroy();
      json(res, 200, envelope([]));
    });
    await apiFor(p.url).listReports();
    expect(p.requests).toHaveLength(2);
  });
});

describe('failures told apart', () => {
  it('refused connection: network / refused, after the bounded retries', async () => {
    const port = await closedPort();
    const error = await failure(apiFor(`http://127.0.0.1:${port}`).listReports());
    expect(error).toMatchObject({ kind: 'network', reason: 'refused' });
    expect(error.status).toBeUndefined();
  });

  it('an unknown host: network / dns', async () => {
    const error = await failure(
      apiFor('http://no-such-host.invalid', { retry: { limit: 0 } }).listReports(),
    );
    expect(error).toMatchObject({ kind: 'network', reason: 'dns' });
  });

  it('TLS to a server that does not speak it: network / tls', async () => {
    const p = await peer((_req, res) => json(res, 200, {}));
    const error = await failure(
      apiFor(p.url.replace('http:', 'https:'), { retry: { limit: 0 } }).listReports(),
    );
    expect(error).toMatchObject({ kind: 'network', reason: 'tls' });
  });

  it('a server that does not answer in time: timeout (reads are not retried on timeout)', async () => {
    const p = await peer(() => undefined);
    const started = Date.now();
    const error = await failure(apiFor(p.url, { timeouts: { read: 200 } }).listReports());
    expect(error.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(p.requests).toHaveLength(1);
  });

  it('create waits for the audit timeout, not the read timeout', async () => {
    const p = await peer((_req, res) => {
      setTimeout(() => json(res, 201, { data: wireReport(3) }), 400);
    });
    const api = apiFor(p.url, { timeouts: { read: 100, audit: 2_000 } });
    expect((await api.createReport({ url: 'https://example.com/' })).id).toBe(3);
    expect((await api.updateReport(3, { update: 1 })).id).toBe(3);
    expect((await failure(api.updateReport(3, { privacy: 1 }))).kind).toBe('timeout');
  });

  it('an aborted request rejects with the caller’s reason, not an ApiError', async () => {
    const p = await peer(() => undefined);
    const controller = new AbortController();
    const pending = apiFor(p.url).listReports({}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('error statuses and bodies (CONTRACT.md)', () => {
  const cases: [string, PeerHandler, Partial<ApiError>][] = [
    [
      '401 json',
      (_q, r) => json(r, 401, { message: 'Unauthenticated.' }),
      { kind: 'unauthorized', status: 401, serverMessage: 'Unauthenticated.', body: 'json' },
    ],
    ['401 empty', (_q, r) => send(r, 401, ''), { kind: 'unauthorized', body: 'empty' }],
    [
      '403 with the server’s message',
      (_q, r) => json(r, 403, { message: 'Your plan does not allow this.' }),
      { kind: 'forbidden', serverMessage: 'Your plan does not allow this.' },
    ],
    [
      '403 with error instead of message',
      (_q, r) => json(r, 403, { error: 'Account suspended' }),
      { kind: 'forbidden', serverMessage: 'Account suspended' },
    ],
    [
      '403 with error as an object',
      (_q, r) => json(r, 403, { error: { message: 'Nope' } }),
      { kind: 'forbidden', serverMessage: 'Nope' },
    ],
    [
      '404 json',
      (_q, r) => json(r, 404, { message: 'Not Found.' }),
      { kind: 'not-found', status: 404, body: 'json' },
    ],
    [
      '404 html',
      (_q, r) => send(r, 404, '<!doctype html><title>404</title>'),
      { kind: 'not-found', body: 'html' },
    ],
    [
      '422 with a message and no errors',
      (_q, r) => json(r, 422, { message: 'Invalid.' }),
      { kind: 'validation', serverMessage: 'Invalid.', fieldErrors: {} },
    ],
    [
      '422 with a string per field',
      (_q, r) =>
        json(r, 422, { message: 'x', errors: { url: 'Bad URL', privacy: ['One', 'Two'] } }),
      { kind: 'validation', fieldErrors: { url: ['Bad URL'], privacy: ['One', 'Two'] } },
    ],
    [
      '429 without Retry-After',
      (_q, r) => json(r, 429, { message: 'Slow down' }),
      { kind: 'rate-limited', retryAfter: undefined },
    ],
    [
      '500 json',
      (_q, r) => json(r, 500, { message: 'Server Error.' }),
      { kind: 'server', status: 500, serverMessage: 'Server Error.' },
    ],
    ['500 empty', (_q, r) => send(r, 500, ''), { kind: 'server', body: 'empty' }],
    [
      '500 html',
      (_q, r) => send(r, 500, '<html><body><h1>Whoops</h1></body></html>'),
      { kind: 'server', body: 'html', serverMessage: undefined },
    ],
    [
      '500 short text',
      (_q, r) => send(r, 500, 'upstream connect error', 'text/plain'),
      { kind: 'server', body: 'text', serverMessage: 'upstream connect error' },
    ],
    [
      '500 json as text/plain',
      (_q, r) => send(r, 500, '{"message":"Boom"}', 'text/plain'),
      { kind: 'server', body: 'json', serverMessage: 'Boom' },
    ],
    [
      '418 something else',
      (_q, r) => json(r, 418, { message: 'teapot' }),
      { kind: 'bad-response', status: 418, serverMessage: 'teapot' },
    ],
    [
      '200 html (a web page, not the API)',
      (_q, r) => send(r, 200, '<!doctype html><h1>Welcome</h1>'),
      { kind: 'bad-response', body: 'html', status: 200 },
    ],
    ['200 empty', (_q, r) => send(r, 200, ''), { kind: 'bad-response', body: 'empty' }],
    [
      '200 not json',
      (_q, r) => send(r, 200, 'hello', 'text/plain'),
      { kind: 'bad-response', body: 'text' },
    ],
    [
      '200 json of the wrong shape',
      (_q, r) => json(r, 200, { data: { id: 'x' } }),
      { kind: 'bad-response', body: 'json' },
    ],
    [
      '200 json null',
      (_q, r) => send(r, 200, 'null', 'application/json'),
      { kind: 'bad-response', body: 'json' },
    ],
  ];

  it.each(cases)('%s', async (_name, handler, expected) => {
    const p = await peer(handler);
    const error = await failure(apiFor(p.url, { retry: { limit: 0 } }).getReport(1));
    expect(error).toMatchObject(expected);
    expect(error.scope).toBe('record');
  });

  it('a 404 from a list is told apart from a 404 for a record (scope)', async () => {
    const p = await peer((_q, r) => json(r, 404, { message: 'Not Found.' }));
    const api = apiFor(p.url);
    expect((await failure(api.listReports())).scope).toBe('collection');
    expect((await failure(api.createReport({ url: 'https://e.com/' }))).scope).toBe('collection');
    expect((await failure(api.getReport(1))).scope).toBe('record');
  });

  it('the wrong-shape message names what did not fit', async () => {
    const p = await peer((_q, r) =>
      json(r, 200, envelope([{ id: 1, url: 'u', result: 'great', score: 1, privacy: 0 }])),
    );
    const error = await failure(apiFor(p.url).listReports());
    expect(error.message).toMatch(/data\.0\.result/);
  });
});

describe('reading liberally (CONTRACT.md "also accept")', () => {
  it('a bare JSON array as a list: a full page may have a next one', async () => {
    const p = await peer((_q, r) =>
      json(
        r,
        200,
        Array.from({ length: 10 }, (_, i) => wireReport(i + 1)),
      ),
    );
    const page = await apiFor(p.url).listReports({ page: 3 });
    expect(page).toMatchObject({
      page: 3,
      perPage: 10,
      total: null,
      lastPage: null,
      from: 21,
      to: 30,
      hasNext: true,
    });
  });

  it('a bare array shorter than a page is the last page', async () => {
    const p = await peer((_q, r) => json(r, 200, [wireReport(1)]));
    const page = await apiFor(p.url).listReports({ per_page: 25 });
    expect(page).toMatchObject({ perPage: 25, total: null, from: 1, to: 1, hasNext: false });
  });

  it('a bare array longer than a page: the server sent everything', async () => {
    const p = await peer((_q, r) =>
      json(
        r,
        200,
        Array.from({ length: 12 }, (_, i) => ({ project: `p${i}.test` })),
      ),
    );
    const page = await apiFor(p.url).listProjects();
    expect(page).toMatchObject({
      page: 1,
      total: 12,
      lastPage: 1,
      from: 1,
      to: 12,
      hasNext: false,
    });
    expect(page.items[0]?.reports_count).toBeUndefined();
  });

  it('data without meta: a full page means "there may be a next page"', async () => {
    const full = await peer((_q, r) =>
      json(r, 200, { data: Array.from({ length: 10 }, (_, i) => wireReport(i + 1)) }),
    );
    expect((await apiFor(full.url).listReports()).hasNext).toBe(true);
    const partial = await peer((_q, r) => json(r, 200, { data: [wireReport(1)] }));
    expect(await apiFor(partial.url).listReports()).toMatchObject({
      hasNext: false,
      total: null,
      from: 1,
      to: 1,
    });
    const empty = await peer((_q, r) => json(r, 200, { data: [] }));
    expect(await apiFor(empty.url).listReports({ page: 4 })).toMatchObject({
      hasNext: false,
      from: null,
      to: null,
      page: 4,
    });
  });

  it('data with links but no meta: links.next decides', async () => {
    const p = await peer((_q, r) =>
      json(r, 200, { data: [wireReport(1)], links: { next: 'http://x/?page=2' } }),
    );
    expect((await apiFor(p.url).listReports()).hasNext).toBe(true);
  });

  it('meta with only total still gives lastPage', async () => {
    const p = await peer((_q, r) => json(r, 200, { data: [wireReport(1)], meta: { total: 31 } }));
    expect(await apiFor(p.url).listReports({ page: 2 })).toMatchObject({
      page: 2,
      lastPage: 4,
      total: 31,
      from: 11,
      to: 11,
      hasNext: true,
    });
  });

  it('a bare record for show/update, and 200 instead of 201 for create', async () => {
    const p = await peer((_q, r) => json(r, 200, wireReport(7)));
    const api = apiFor(p.url);
    expect((await api.getReport(7)).id).toBe(7);
    expect((await api.createReport({ url: 'https://example.com/' })).id).toBe(7);
    expect((await api.updateReport(7, { privacy: 1 })).id).toBe(7);
  });

  it('unknown fields are kept; numbers sent as strings are read as numbers', async () => {
    const p = await peer((_q, r) =>
      json(r, 200, {
        data: wireReport(8, {
          score: '87.50',
          privacy: '2',
          id: '8',
          result: 'Decent',
          thumbnail: 'x.png',
          checks: [{ id: 'title', title: 'Title', passed: true, detail: null, weight: 3 }],
        }),
        extra: true,
      }),
    );
    const report = await apiFor(p.url).getReport(8);
    expect(report).toMatchObject({
      id: 8,
      score: 87.5,
      privacy: 2,
      result: 'decent',
      thumbnail: 'x.png',
    });
    expect(report.checks?.[0]).toMatchObject({ id: 'title', passed: true, weight: 3 });
  });

  it('a report without the optional fields still reads', async () => {
    const p = await peer((_q, r) =>
      json(r, 200, { data: { id: 1, url: 'https://e.com/', result: 'bad', score: 3, privacy: 0 } }),
    );
    const report = await apiFor(p.url).getReport(1);
    expect(report.project).toBeUndefined();
    expect(report.generated_at).toBeUndefined();
  });

  it('delete: 204, an empty 200, any 2xx body; but not "deleted": false', async () => {
    const answers: PeerHandler[] = [
      (_q, r) => send(r, 204, ''),
      (_q, r) => send(r, 200, ''),
      (_q, r) => json(r, 202, { status: 'queued' }),
      (_q, r) => send(r, 200, 'OK', 'text/plain'),
      (_q, r) => json(r, 200, { id: 3, object: 'report', deleted: true }),
    ];
    for (const answer of answers) {
      const p = await peer(answer);
      expect((await apiFor(p.url).deleteReport(3)).deleted).toBe(true);
      expect((await apiFor(p.url).deleteProject('e.com')).deleted).toBe(true);
    }
    const refused = await peer((_q, r) => json(r, 200, { deleted: false }));
    expect((await failure(apiFor(refused.url).deleteReport(3))).kind).toBe('bad-response');
  });
});
