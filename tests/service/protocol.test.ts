import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/http.ts';
import { seedReports, startTestService, type TestEnv } from '../support/service.ts';

let env: TestEnv;
beforeAll(async () => {
  env = await startTestService();
  seedReports(env, 3);
});
afterAll(() => env.close());

/** Sends raw bytes and returns the raw answer: for requests no HTTP client would send. */
function raw(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(env.service.port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('HTTP edges', () => {
  it('treats a trailing slash like none', async () => {
    const response = await call(env, 'GET', '/reports/');
    expect(response.status).toBe(200);
    expect(response.body.meta.total).toBe(3);
  });

  it('answers HEAD like GET, without a body', async () => {
    const response = await call(env, 'HEAD', '/reports');
    expect(response.status).toBe(200);
    expect(response.text).toBe('');
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('answers a request the HTTP parser refuses with a JSON message', async () => {
    const answer = await raw('THIS IS NOT HTTP\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer.split('\r\n\r\n')[1]).toBe('{"message":"Bad request."}');
  });

  it('answers oversized headers with 431 and a JSON message', async () => {
    const answer = await raw(
      `GET /api/v1/reports HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toEqual({
      message: 'Request headers too large.',
    });
  });

  it('answers the root with a pointer to the API', async () => {
    const response = await fetch(env.service.url);
    expect(response.status).toBe(200);
    expect((await response.json()).message).toMatch(/\/api\/v1/);
  });
});
