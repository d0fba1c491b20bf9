/**
 * The options page's connection test against the real reference service and small real peers
 * (Node's fetch: see tests/lib/api/client-service.test.ts).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '@/server/start';
import { checkConnection, type CheckStatus } from '@/lib/check-connection';
import { describeError } from '@/lib/api/describe-error';
import { closedPort, json, send, startPeer, type Peer, type PeerHandler } from './support/peer';

let service: RunningService;
let key: string;
const peers: Peer[] = [];
const granted = async () => true;

beforeAll(async () => {
  service = await startService({ port: 0, data: ':memory:', log: false });
  key = service.createKey();
});
afterAll(async () => {
  await service?.close();
});
afterEach(async () => {
  await Promise.all(peers.splice(0).map((p) => p.close()));
});

async function peer(handler: PeerHandler): Promise<Peer> {
  const p = await startPeer(handler);
  peers.push(p);
  return p;
}

function statuses(result: Awaited<ReturnType<typeof checkConnection>>) {
  return Object.fromEntries(result.items.map((i) => [i.id, i.status])) as Record<
    'permission' | 'reachable' | 'key',
    CheckStatus
  >;
}

describe('checkConnection', () => {
  it('all pass against the reference service, in one request', async () => {
    const result = await checkConnection({
      baseUrl: `${service.url}/api/v1/`,
      key,
      hasPermission: granted,
    });
    expect(result.ok).toBe(true);
    expect(result.items.map((i) => [i.id, i.status])).toEqual([
      ['permission', 'pass'],
      ['reachable', 'pass'],
      ['key', 'pass'],
    ]);
    expect(result.items.map((i) => i.label)).toEqual([
      'Permission to contact the service',
      'Service reachable',
      'API key accepted',
    ]);
    expect(result.notes[0]).toMatch(/Removed \/api\/v1/);
    expect(result.warnings).toEqual([]);
    expect(result.error).toBeUndefined();
  });

  it('sends exactly one GET /reports?per_page=10 with the key', async () => {
    const p = await peer((_q, r) =>
      json(r, 200, { data: [], meta: { current_page: 1, total: 0 } }),
    );
    const result = await checkConnection({ baseUrl: p.url, key: ' k1 ', hasPermission: granted });
    expect(result.ok).toBe(true);
    expect(p.requests.map((r) => `${r.method} ${r.url} ${r.headers.authorization}`)).toEqual([
      'GET /api/v1/reports?per_page=10 Bearer k1',
    ]);
  });

  it('permission denied: nothing is sent, the rest is skipped', async () => {
    const p = await peer((_q, r) => json(r, 200, { data: [] }));
    const result = await checkConnection({ baseUrl: p.url, key, hasPermission: async () => false });
    expect(statuses(result)).toEqual({ permission: 'fail', reachable: 'skipped', key: 'skipped' });
    expect(result.items[0]?.detail).toMatch(/not granted.*Allow/);
    expect(describeError(result.error).action).toBe('grant-permission');
    expect(p.requests).toHaveLength(0);
  });

  it('an invalid base URL fails at "reachable" with the normaliser’s sentence', async () => {
    const result = await checkConnection({
      baseUrl: 'audit.example.com',
      key,
      hasPermission: granted,
    });
    expect(statuses(result)).toEqual({ permission: 'skipped', reachable: 'fail', key: 'skipped' });
    expect(result.items[1]?.detail).toMatch(/https:\/\/audit\.example\.com/);
  });

  it('no key: the key fails without a request', async () => {
    const result = await checkConnection({
      baseUrl: service.url,
      key: '  ',
      hasPermission: granted,
    });
    expect(statuses(result)).toEqual({ permission: 'pass', reachable: 'skipped', key: 'fail' });
  });

  it('401: reachable, key refused', async () => {
    const result = await checkConnection({
      baseUrl: service.url,
      key: 'wrong',
      hasPermission: granted,
    });
    expect(statuses(result)).toEqual({ permission: 'pass', reachable: 'pass', key: 'fail' });
    expect(result.items[2]?.detail).toMatch(/API key refused/);
  });

  it('403: reachable, key not allowed, with the server’s message', async () => {
    const p = await peer((_q, r) => json(r, 403, { message: 'Your account is suspended.' }));
    const result = await checkConnection({ baseUrl: p.url, key, hasPermission: granted });
    expect(statuses(result)).toEqual({ permission: 'pass', reachable: 'pass', key: 'fail' });
    expect(result.items[2]?.detail).toMatch(/Your account is suspended\./);
  });

  it('429: reachable, key untested, says when to try again', async () => {
    const limited = await startService({
      port: 0,
      data: ':memory:',
      log: false,
      rateLimit: { limit: 1, windowMs: 60_000 },
    });
    try {
      const limitedKey = limited.createKey();
      await checkConnection({ baseUrl: limited.url, key: limitedKey, hasPermission: granted });
      const result = await checkConnection({
        baseUrl: limited.url,
        key: limitedKey,
        hasPermission: granted,
      });
      expect(statuses(result)).toEqual({ permission: 'pass', reachable: 'pass', key: 'skipped' });
      expect(result.items[2]?.detail).toMatch(/wait \d+ (seconds|minutes?)/);
      expect(describeError(result.error).action).toBe('retry-later');
    } finally {
      await limited.close();
    }
  });

  const unreachable: [string, () => Promise<string>, RegExp][] = [
    [
      'connection refused',
      async () => `http://127.0.0.1:${await closedPort()}`,
      /Connection refused/,
    ],
    ['DNS', async () => 'http://no-such-host.invalid', /Server not found/],
    [
      'TLS',
      async () => (await peer((_q, r) => json(r, 200, {}))).url.replace('http:', 'https:'),
      /Secure connection failed/,
    ],
    ['timeout', async () => (await peer(() => undefined)).url, /took too long/],
    [
      '404: not this service or the wrong path',
      async () => `${service.url}/somewhere-else`,
      /not at this address/,
    ],
    [
      'HTML instead of the API',
      async () => (await peer((_q, r) => send(r, 200, '<!doctype html><h1>Welcome</h1>'))).url,
      /web page, not the Audit Reports API/,
    ],
    [
      'a redirect (e.g. to https)',
      async () =>
        (
          await peer((_q, r) => {
            r.writeHead(301, { location: 'https://audit.example.com/api/v1/reports' });
            r.end();
          })
        ).url,
      /redirects to https:\/\/audit\.example\.com/,
    ],
    [
      '5xx',
      async () => (await peer((_q, r) => send(r, 502, '<h1>Bad Gateway</h1>'))).url,
      /error 502/,
    ],
  ];

  it.each(unreachable)('%s: reachable fails and names the cause', async (_name, url, detail) => {
    const result = await checkConnection({
      baseUrl: await url(),
      key,
      hasPermission: granted,
      timeoutMs: 300,
    });
    expect(statuses(result)).toEqual({ permission: 'pass', reachable: 'fail', key: 'skipped' });
    expect(result.items[1]?.detail).toMatch(detail);
    expect(result.ok).toBe(false);
  });

  it('warns about plain http to a host that is not this machine', async () => {
    const result = await checkConnection({
      baseUrl: 'http://no-such-host.invalid',
      key,
      hasPermission: async () => false,
    });
    expect(result.warnings[0]).toMatch(/plain http/);
    const local = await checkConnection({ baseUrl: service.url, key, hasPermission: granted });
    expect(local.warnings).toEqual([]);
  });

  it('uses browser.permissions by default', async () => {
    const { fakePermissions } = await import('./support/permissions');
    const fake = fakePermissions([`http://127.0.0.1/*`]);
    const result = await checkConnection({ baseUrl: service.url, key });
    expect(result.ok).toBe(true);
    expect(fake.contains).toHaveBeenCalledWith({ origins: ['http://127.0.0.1/*'] });
    fake.contains.mockRestore();
    fake.request.mockRestore();
  });

  it('speaks the browser’s language', async () => {
    const { switchLocale } = await import('./support/locale');
    await switchLocale('de');
    const result = await checkConnection({ baseUrl: service.url, key: '', hasPermission: granted });
    expect(result.items.map((i) => [i.label, i.detail])).toEqual([
      [
        'Erlaubnis, den Dienst zu kontaktieren',
        `Die Erweiterung darf ${service.url} kontaktieren.`,
      ],
      ['Dienst erreichbar', 'Nicht geprüft: Beheben Sie zuerst den Schritt darüber.'],
      ['API-Schlüssel akzeptiert', expect.stringMatching(/^Geben Sie Ihren API-Schlüssel ein/)],
    ]);
  });
});
